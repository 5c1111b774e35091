package dev.strand.internal.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a pool's workers sit, as nested groups of places (see the package essay): level 0 is the
 * finest grouping with more than one group (cores that share a cache, a socket), each level's
 * groups are unions of the level below, and the whole machine, one group, is implied above the
 * last level. A topology with no level is flat: every place is as near as any other.
 *
 * <p>Places are numbered in topology order, so that every group at every level is a contiguous
 * range of places; {@link #cpu} gives the operating system's number of a place. Immutable.
 */
public final class Topology {
    private static final Pattern SHAPE = Pattern.compile("[1-9]\\d{0,4}(x[1-9]\\d{0,4})+");

    private final String description;
    private final int[] cpus;
    private final String[] names;
    /** {@code group[level][place]}: the group's number at that level, 0 .. groups(level) - 1. */
    private final int[][] group;
    private final int[] groupCounts;

    private Topology(String description, int[] cpus, String[] names, int[][] group) {
        this.description = description;
        this.cpus = cpus;
        this.names = names;
        this.group = group;
        this.groupCounts = new int[group.length];
        for (int l = 0; l < group.length; l++) {
            groupCounts[l] = Arrays.stream(group[l]).max().orElse(0) + 1;
        }
        assert nested() : "levels must nest";
    }

    /** @return {@code places} places, all in one group */
    public static Topology flat(int places) {
        if (places < 1) {
            throw new IllegalArgumentException("places must be >= 1, got " + places);
        }
        int[] cpus = new int[places];
        Arrays.setAll(cpus, i -> i);
        return new Topology("flat", cpus, new String[0], new int[0][]);
    }

    /**
     * A topology given by its spec:
     * <ul>
     *   <li>{@code flat}: no grouping;</li>
     *   <li>{@code machine}: this machine's, read from {@code /sys} ({@link SysfsTopology});</li>
     *   <li>a shape, outermost first: {@code 2x4} is two groups of four places, {@code 2x2x8}
     *       two groups of two groups of eight;</li>
     *   <li>groups of CPUs, separated by {@code ;}: {@code 0-3;4-7}.</li>
     * </ul>
     *
     * @param spec the spec
     * @return the topology
     * @throws IllegalArgumentException if {@code spec} is none of these
     */
    public static Topology of(String spec) {
        String s = spec.strip();
        if (s.equals("flat")) {
            return flat(1);
        }
        if (s.equals("machine")) {
            return SysfsTopology.machine();
        }
        if (SHAPE.matcher(s).matches()) {
            return shape(Arrays.stream(s.split("x")).mapToInt(Integer::parseInt).toArray());
        }
        if (!s.isEmpty() && s.chars().allMatch(c -> Character.isDigit(c) || ",-:; ".indexOf(c) >= 0)) {
            return groups(s);
        }
        throw new IllegalArgumentException("not a topology: '" + spec
                + "' (expected flat, machine, a shape such as 2x4, or CPU groups such as 0-3;4-7)");
    }

    /**
     * @param sizes group counts, outermost first; the last is the places per innermost group
     * @return the nested shape, e.g. {@code shape(2, 4)}: two groups of four places
     */
    public static Topology shape(int... sizes) {
        long total = 1;
        for (int s : sizes) {
            if (s < 1) {
                throw new IllegalArgumentException("shape sizes must be >= 1: " + Arrays.toString(sizes));
            }
            total *= s;
            if (total > CpuList.MAX_CPU) {
                throw new IllegalArgumentException("shape too large: " + Arrays.toString(sizes));
            }
        }
        int n = (int) total;
        int[] cpus = new int[n];
        Arrays.setAll(cpus, i -> i);
        List<String> names = new ArrayList<>();
        List<int[]> keys = new ArrayList<>();
        int span = 1;
        for (int i = sizes.length - 1; i >= 1; i--) {     // innermost group first
            span *= sizes[i];
            int w = span;
            int[] k = new int[n];
            Arrays.setAll(k, p -> p / w);
            keys.add(k);
            names.add("group of " + w);
        }
        return build(String.join("x", Arrays.stream(sizes).mapToObj(Integer::toString).toList()),
                cpus, names, keys);
    }

    private static Topology groups(String s) {
        String[] parts = s.split(";", -1);
        Map<Integer, Integer> groupOf = new HashMap<>();
        for (int g = 0; g < parts.length; g++) {
            int[] members = CpuList.parse(parts[g]);
            if (members.length == 0) {
                throw new IllegalArgumentException("empty CPU group in '" + s + "'");
            }
            for (int c : members) {
                if (groupOf.put(c, g) != null) {
                    throw new IllegalArgumentException("CPU " + c + " in two groups of '" + s + "'");
                }
            }
        }
        int[] cpus = groupOf.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        int[] key = Arrays.stream(cpus).map(groupOf::get).toArray();
        return build(s, cpus, List.of("group"), List.of(key));
    }

    /**
     * Builds a topology from candidate levels, in any order: a level with one group, or not nested
     * in the finer levels kept before it (a NUMA node that splits a shared cache, say), is
     * dropped, as is a level that repeats a finer one. A level of single places is kept: two
     * NUMA nodes of one CPU each are two groups.
     *
     * @param description what the topology is, for messages
     * @param cpus        the places' CPU numbers, distinct
     * @param names       each candidate level's name
     * @param given        for each candidate level, a key per place (same key, same group)
     * @return the topology, places in topology order
     */
    static Topology build(String description, int[] cpus, List<String> names, List<int[]> given) {
        int n = cpus.length;
        if (n < 1) {
            throw new IllegalArgumentException("a topology needs at least one place");
        }
        List<int[]> keys = given.stream().map(k -> lowestCpuKeys(cpus, k)).toList();
        Integer[] candidates = new Integer[keys.size()];
        int[] counts = new int[keys.size()];
        for (int c = 0; c < candidates.length; c++) {
            candidates[c] = c;
            counts[c] = (int) Arrays.stream(keys.get(c)).distinct().count();
        }
        Arrays.sort(candidates, (a, b) -> Integer.compare(counts[b], counts[a]));   // finer first, stable
        List<Integer> kept = new ArrayList<>();
        for (int c : candidates) {
            if (counts[c] <= 1) {
                continue;                         // one group: no grouping
            }
            if (!kept.isEmpty()) {
                int last = kept.get(kept.size() - 1);
                if (counts[c] >= counts[last] || !nestedIn(keys.get(last), keys.get(c))) {
                    continue;
                }
            }
            kept.add(c);
        }
        Integer[] order = new Integer[n];
        for (int p = 0; p < n; p++) {
            order[p] = p;
        }
        Arrays.sort(order, (a, b) -> {            // coarsest level first, then finer, then CPU
            for (int i = kept.size() - 1; i >= 0; i--) {
                int[] k = keys.get(kept.get(i));
                if (k[a] != k[b]) {
                    return Integer.compare(k[a], k[b]);
                }
            }
            return Integer.compare(cpus[a], cpus[b]);
        });
        int[] placeCpus = new int[n];
        for (int p = 0; p < n; p++) {
            placeCpus[p] = cpus[order[p]];
        }
        int[][] group = new int[kept.size()][n];
        String[] levelNames = new String[kept.size()];
        for (int l = 0; l < kept.size(); l++) {
            int[] k = keys.get(kept.get(l));
            levelNames[l] = names.get(kept.get(l));
            int g = -1;
            for (int p = 0; p < n; p++) {         // groups are contiguous in this order
                if (p == 0 || k[order[p]] != k[order[p - 1]]) {
                    g++;
                }
                group[l][p] = g;
            }
        }
        return new Topology(description, placeCpus, levelNames, group);
    }

    /** @return keys renamed to the lowest CPU of their group, so that groups sort by their CPUs */
    private static int[] lowestCpuKeys(int[] cpus, int[] key) {
        Map<Integer, Integer> lowest = new HashMap<>();
        for (int p = 0; p < cpus.length; p++) {
            lowest.merge(key[p], cpus[p], Math::min);
        }
        int[] out = new int[cpus.length];
        Arrays.setAll(out, p -> lowest.get(key[p]));
        return out;
    }

    /** @return whether every group of key {@code fine} lies inside one group of key {@code coarse} */
    private static boolean nestedIn(int[] fine, int[] coarse) {
        Map<Integer, Integer> outer = new HashMap<>();
        for (int p = 0; p < fine.length; p++) {
            Integer o = outer.putIfAbsent(fine[p], coarse[p]);
            if (o != null && o != coarse[p]) {
                return false;
            }
        }
        return true;
    }

    private boolean nested() {
        for (int l = 0; l < group.length; l++) {
            for (int p = 1; p < cpus.length; p++) {
                boolean sameHere = group[l][p] == group[l][p - 1];
                if (group[l][p] < group[l][p - 1] || group[l][p] > group[l][p - 1] + 1) {
                    return false;                 // groups contiguous and numbered in order
                }
                if (l + 1 < group.length && sameHere && group[l + 1][p] != group[l + 1][p - 1]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return the number of places, {@code >= 1} */
    public int places() {
        return cpus.length;
    }

    /** @return the number of levels; 0 for a flat topology */
    public int levels() {
        return group.length;
    }

    /** @return whether the topology has no grouping */
    public boolean isFlat() {
        return group.length == 0;
    }

    /** @return how many groups level {@code level} has, {@code >= 2} */
    public int groups(int level) {
        return groupCounts[level];
    }

    /** @return the group of {@code place} at {@code level} */
    public int group(int level, int place) {
        return group[level][place];
    }

    /** @return the name of level {@code level} (e.g. {@code llc}, {@code node}, {@code group of 4}) */
    public String levelName(int level) {
        return names[level];
    }

    /** @return the operating system's number of {@code place} */
    public int cpu(int place) {
        return cpus[place];
    }

    /**
     * @return the lowest level at which places {@code a} and {@code b} share a group, or
     *     {@link #levels()} if they share only the machine; 0 for the same place
     */
    public int distance(int a, int b) {
        for (int l = 0; l < group.length; l++) {
            if (group[l][a] == group[l][b]) {
                return l;
            }
        }
        return group.length;
    }

    /**
     * The place that models worker slot {@code slot} of a pool with {@code core} core workers
     * (a model of intent, not affinity: see the package essay). Core workers spread evenly over
     * the places in topology order, worker i at place {@code floor(i * places / core)}; a spare
     * slot s sits where core slot {@code (s - core) % core} does.
     *
     * @param slot a worker slot, {@code >= 0}
     * @param core the pool's core workers, {@code >= 1}
     * @return the slot's place
     */
    public int placeOf(int slot, int core) {
        assert slot >= 0 && core >= 1;
        int s = slot < core ? slot : (slot - core) % core;
        return (int) ((long) s * cpus.length / core);
    }

    /** @return e.g. {@code 2x4 (8 places; group of 4: 0-3 | 4-7)} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(description).append(" (").append(cpus.length)
                .append(cpus.length == 1 ? " place" : " places");
        for (int l = 0; l < group.length; l++) {
            sb.append("; ").append(names[l]).append(": ");
            int start = 0;
            for (int p = 1; p <= cpus.length; p++) {
                if (p == cpus.length || group[l][p] != group[l][start]) {
                    if (start > 0) {
                        sb.append(" | ");
                    }
                    sb.append(CpuList.format(Arrays.copyOfRange(cpus, start, p)));
                    start = p;
                }
            }
        }
        return sb.append(')').toString();
    }
}
