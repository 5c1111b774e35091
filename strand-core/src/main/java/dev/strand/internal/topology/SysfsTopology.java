package dev.strand.internal.topology;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the machine's topology from Linux's {@code /sys/devices/system}: for each CPU
 * {@code cpu/cpuN/topology/thread_siblings_list} (the SMT core) and {@code physical_package_id}
 * (the socket), {@code cpu/cpuN/cache/index*} ({@code level}, {@code type},
 * {@code shared_cpu_list}: the last-level cache is the highest level that is not an instruction
 * cache), and {@code node/nodeN/cpulist} (the NUMA node). Only CPUs that are online and in this
 * process's affinity mask ({@code Cpus_allowed_list} in {@code /proc/self/status}) are places.
 * Where a file is missing, its level is left out; where {@code /sys} is not there at all (another
 * operating system), the topology is flat over the available processors.
 */
public final class SysfsTopology {
    private SysfsTopology() { }

    private static final Pattern CPU_DIR = Pattern.compile("cpu\\d+");
    private static final Pattern NODE_DIR = Pattern.compile("node\\d+");
    private static final Pattern INDEX_DIR = Pattern.compile("index\\d+");

    /** The machine's topology, read at first use. */
    private static final class Machine {
        static final Topology TOPOLOGY = readMachine();
    }

    /** @return this machine's topology (read once per JVM, at first use) */
    public static Topology machine() {
        return Machine.TOPOLOGY;
    }

    private static Topology readMachine() {
        int available = Runtime.getRuntime().availableProcessors();
        try {
            Topology t = read(Path.of("/sys/devices/system"),
                    allowedFromStatus(text(Path.of("/proc/self/status"))));
            return t != null ? t : Topology.flat(available);
        } catch (RuntimeException e) {            // unreadable or malformed: no grouping known
            return Topology.flat(available);
        }
    }

    /**
     * @param status the text of {@code /proc/self/status}, or null
     * @return its {@code Cpus_allowed_list} value, or null if absent
     */
    public static String allowedFromStatus(String status) {
        if (status == null) {
            return null;
        }
        for (String line : status.split("\n", -1)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring("Cpus_allowed_list:".length()).strip();
            }
        }
        return null;
    }

    /**
     * @param system  a directory laid out as {@code /sys/devices/system}
     * @param allowed the CPUs this process may run on (a CPU list), or null for all
     * @return the topology of the online, allowed CPUs found there, or null if none is
     */
    public static Topology read(Path system, String allowed) {
        Path cpuDir = system.resolve("cpu");
        List<Integer> found = new ArrayList<>();
        for (Path d : list(cpuDir, CPU_DIR)) {
            found.add(Integer.parseInt(d.getFileName().toString().substring(3)));
        }
        int[] cpus = found.stream().mapToInt(Integer::intValue).sorted().toArray();
        cpus = restrict(cpus, text(cpuDir.resolve("online")));
        cpus = restrict(cpus, allowed);
        if (cpus.length == 0) {
            return null;
        }
        Map<Integer, Integer> nodeOf = new HashMap<>();
        for (Path d : list(system.resolve("node"), NODE_DIR)) {
            int node = Integer.parseInt(d.getFileName().toString().substring(4));
            String list = text(d.resolve("cpulist"));
            if (list != null) {
                for (int c : CpuList.parse(list)) {
                    nodeOf.put(c, node);
                }
            }
        }
        int n = cpus.length;
        int[] core = new int[n];
        int[] llc = new int[n];
        int[] node = new int[n];
        int[] pkg = new int[n];
        boolean[] known = new boolean[4];
        Arrays.fill(known, true);
        for (int i = 0; i < n; i++) {
            int c = cpus[i];
            Path dir = cpuDir.resolve("cpu" + c);
            core[i] = firstCpu(text(dir.resolve("topology/thread_siblings_list")), -1);
            llc[i] = lastLevelCache(dir.resolve("cache"));
            node[i] = nodeOf.getOrDefault(c, -1);
            pkg[i] = number(text(dir.resolve("topology/physical_package_id")), -1);
            known[0] &= core[i] >= 0;
            known[1] &= llc[i] >= 0;
            known[2] &= node[i] >= 0;
            known[3] &= pkg[i] >= 0;
        }
        List<String> names = new ArrayList<>();
        List<int[]> keys = new ArrayList<>();
        String[] levelNames = {"core", "llc", "node", "package"};
        int[][] levelKeys = {core, llc, node, pkg};
        // An SMT core of one thread is just a place: a core level whose cores are all single
        // CPUs groups nothing (a cache or node of one CPU does: it shares with no other).
        known[0] &= Arrays.stream(core).distinct().count() < n;
        for (int l = 0; l < 4; l++) {
            if (known[l]) {                       // a level known for some CPUs only is no grouping
                names.add(levelNames[l]);
                keys.add(levelKeys[l]);
            }
        }
        return Topology.build("machine", cpus, names, keys);
    }

    /** @return the lowest CPU sharing the highest-level data or unified cache, or -1 */
    private static int lastLevelCache(Path cacheDir) {
        int bestLevel = -1;
        int best = -1;
        for (Path index : list(cacheDir, INDEX_DIR)) {
            String type = text(index.resolve("type"));
            int level = number(text(index.resolve("level")), -1);
            int first = firstCpu(text(index.resolve("shared_cpu_list")), -1);
            if ((type != null && type.strip().equals("Instruction")) || first < 0) {
                continue;
            }
            if (level > bestLevel) {
                bestLevel = level;
                best = first;
            }
        }
        return best;
    }

    private static int[] restrict(int[] cpus, String list) {
        if (list == null) {
            return cpus;
        }
        int[] allowed = CpuList.parse(list);
        return Arrays.stream(cpus).filter(c -> Arrays.binarySearch(allowed, c) >= 0).toArray();
    }

    private static int firstCpu(String list, int otherwise) {
        if (list == null) {
            return otherwise;
        }
        int[] c = CpuList.parse(list);
        return c.length > 0 ? c[0] : otherwise;
    }

    private static int number(String s, int otherwise) {
        if (s == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static List<Path> list(Path dir, Pattern names) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (names.matcher(p.getFileName().toString()).matches()) {
                    out.add(p);
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();                     // not there: nothing of that kind known
        }
        return out;
    }

    private static String text(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
