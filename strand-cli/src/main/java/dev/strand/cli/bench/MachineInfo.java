package dev.strand.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a benchmarks page states about the machine: CPU model, processors, memory, JDK, OS, and
 * the load average. Read from {@code /proc} and {@code /etc/os-release} where they exist
 * ("unknown" elsewhere).
 */
record MachineInfo(String cpu, int processors, String memory, String jdk, String os, String load) {

    static final String UNKNOWN = "unknown";

    /** @return this machine, now */
    static MachineInfo current() {
        Runtime rt = Runtime.getRuntime();
        String jdk = System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vendor") + ")";
        String os = osRelease() + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + ", " + System.getProperty("os.arch") + ")";
        return new MachineInfo(cpuModel(), rt.availableProcessors(), readMemory(), jdk, os, loadAverage());
    }

    /** @return the first "model name" of /proc/cpuinfo, with the sockets/cores/threads it counts */
    static String cpuModel() {
        List<String> lines = lines(Path.of("/proc/cpuinfo"));
        String model = UNKNOWN;
        long threads = 0;
        for (String l : lines) {
            if (l.startsWith("model name") && l.contains(":")) {
                if (model.equals(UNKNOWN)) {
                    model = l.substring(l.indexOf(':') + 1).strip();
                }
                threads++;
            }
        }
        return threads == 0 ? model : model + ", " + threads + " hardware thread" + (threads == 1 ? "" : "s");
    }

    /** @return MemTotal of /proc/meminfo in GB */
    static String readMemory() {
        for (String l : lines(Path.of("/proc/meminfo"))) {
            if (l.startsWith("MemTotal:")) {
                String[] f = l.strip().split("\\s+", -1);
                try {
                    return String.format(Locale.ROOT, "%.1f GB", Long.parseLong(f[1]) / 1048576.0);
                } catch (RuntimeException e) {
                    return UNKNOWN + " (" + l + ")";
                }
            }
        }
        return UNKNOWN;
    }

    /** @return the three load averages of /proc/loadavg, e.g. "0.52 0.31 0.20" */
    static String loadAverage() {
        List<String> l = lines(Path.of("/proc/loadavg"));
        if (l.isEmpty()) {
            return UNKNOWN;
        }
        String[] f = l.get(0).strip().split("\\s+", -1);
        return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : UNKNOWN;
    }

    /** @return PRETTY_NAME of /etc/os-release */
    static String osRelease() {
        for (String l : lines(Path.of("/etc/os-release"))) {
            if (l.startsWith("PRETTY_NAME=")) {
                return l.substring("PRETTY_NAME=".length()).replace("\"", "");
            }
        }
        return System.getProperty("os.name");
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException | SecurityException e) {
            return List.of();                     // not Linux, or not readable: the page says unknown
        }
    }
}
