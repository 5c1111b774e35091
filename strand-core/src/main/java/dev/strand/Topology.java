package dev.strand;

import java.util.Objects;

/**
 * Where a pool's workers sit, for the near-victims-first steal order
 * ({@link PoolConfig.Tuning#hierarchicalVictims()}) and the near and far steal counts: nested
 * groups of places, such as the cores that share a cache inside the NUMA nodes of a machine.
 * Set with {@link PoolConfig.Tuning.Builder#topology(Topology)}.
 *
 * <ul>
 *   <li>{@link #flat()}: no grouping, every place as near as any other;</li>
 *   <li>{@link #machine()}: this machine's, read from Linux's {@code /sys} when the pool starts
 *       (cores, caches, NUMA nodes, the CPUs the process may use); flat elsewhere;</li>
 *   <li>{@link #shape(int...)}: nested groups of equal size, outermost first: {@code shape(2, 4)}
 *       is two groups of four places;</li>
 *   <li>{@link #cpuGroups(String...)}: groups given by CPU numbers in the kernel's list syntax,
 *       {@code cpuGroups("0-3", "4-7")}.</li>
 * </ul>
 * {@link #parse} reads the same as text ({@code flat}, {@code machine}, {@code 2x4},
 * {@code 0-3;4-7}), as the command line's {@code --topology} takes it. Workers are not pinned to
 * CPUs: worker i of P is taken to sit at the (i·places/P)-th place.
 *
 * <p>An immutable value: two topologies are equal when their {@linkplain #spec() specs} are (CPU
 * groups are written out canonically, {@code "0-3;4-7"}).
 */
public final class Topology {
    /** Largest shape size, group count or CPU number: the kernel's own limits are far below. */
    static final int MAX = 1 << 16;
    private static final String EXPECTED =
            "expected flat, machine, a shape such as 2x4, or CPU groups such as 0-3;4-7";
    private static final Topology FLAT = new Topology("flat");
    private static final Topology MACHINE = new Topology("machine");

    private final String spec;

    private Topology(String spec) {
        this.spec = spec;
    }

    /** @return no grouping: every worker as near as any other */
    public static Topology flat() {
        return FLAT;
    }

    /**
     * @return this machine's topology, read from Linux's {@code /sys} when a pool starts with it
     *     (flat where there is no {@code /sys})
     */
    public static Topology machine() {
        return MACHINE;
    }

    /**
     * @param sizes group counts, outermost first; the last is the places per innermost group; at
     *              least two sizes, each in [1, 65536], their product at most 65536
     * @return e.g. {@code shape(2, 4)}: two groups of four places
     * @throws IllegalArgumentException naming the size out of range
     */
    public static Topology shape(int... sizes) {
        Objects.requireNonNull(sizes, "sizes must not be null");
        StringBuilder sb = new StringBuilder();
        for (int s : sizes) {
            sb.append(sb.length() == 0 ? "" : "x").append(s);
        }
        String spec = sb.toString();
        if (sizes.length < 2) {
            throw new IllegalArgumentException(bad(spec, "a shape needs at least two sizes (groups x places "
                    + "per group), got " + sizes.length));
        }
        long places = 1;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1 || sizes[i] > MAX) {
                throw new IllegalArgumentException(bad(spec, "size " + (i + 1) + " of the shape, "
                        + sizes[i] + ", must be in [1, " + MAX + "]"));
            }
            places *= sizes[i];
        }
        if (places > MAX) {
            throw new IllegalArgumentException(bad(spec, "the shape has " + places + " places, more than "
                    + MAX));
        }
        return new Topology(spec);
    }

    /**
     * @param groups each group's CPUs in the kernel's list syntax ({@code "0-3"}, {@code "0,2,4"},
     *               {@code "0-15:2"}); at least one group, none empty, no CPU in two groups
     * @return the topology of these groups
     * @throws IllegalArgumentException naming the group that is not a CPU list, is empty, or
     *                                  shares a CPU with another
     */
    public static Topology cpuGroups(String... groups) {
        Objects.requireNonNull(groups, "groups must not be null");
        String spec = String.join(";", groups);
        StringBuilder canonical = new StringBuilder();
        if (groups.length == 0) {
            throw new IllegalArgumentException(bad("", "no CPU group given"));
        }
        java.util.BitSet seen = new java.util.BitSet();
        for (int g = 0; g < groups.length; g++) {
            String part = Objects.requireNonNull(groups[g], "CPU group must not be null");
            int[] cpus;
            try {
                cpus = dev.strand.internal.topology.CpuList.parse(part);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(bad(spec, "group " + (g + 1) + ", '"
                        + part.strip() + "', is not a CPU list such as 0-3 or 0,2,4"), e);
            }
            if (cpus.length == 0) {
                throw new IllegalArgumentException(bad(spec, "group " + (g + 1) + " is empty"));
            }
            for (int c : cpus) {
                if (seen.get(c)) {
                    throw new IllegalArgumentException(bad(spec, "CPU " + c + " of group "
                            + (g + 1) + " is in an earlier group too"));
                }
                seen.set(c);
            }
            canonical.append(g == 0 ? "" : ";").append(dev.strand.internal.topology.CpuList.format(cpus));
        }
        return new Topology(canonical.toString());
    }

    /**
     * Reads a topology as text: {@code flat}, {@code machine}, a shape such as {@code 2x4} or
     * {@code 2x2x8}, or CPU groups separated by {@code ;}, such as {@code 0-3;4-7}.
     *
     * @param spec the text; surrounding white space is ignored
     * @return the topology
     * @throws IllegalArgumentException naming the part of {@code spec} that is wrong
     */
    public static Topology parse(String spec) {
        String s = Objects.requireNonNull(spec, "topology spec must not be null").strip();
        if (s.equals("flat")) {
            return FLAT;
        }
        if (s.equals("machine")) {
            return MACHINE;
        }
        if (s.isEmpty()) {
            throw new IllegalArgumentException(bad(spec, "it is empty (" + EXPECTED + ")"));
        }
        if (s.indexOf('x') >= 0) {
            String[] parts = s.split("x", -1);
            int[] sizes = new int[parts.length];
            for (int i = 0; i < parts.length; i++) {
                String p = parts[i].strip();
                if (p.isEmpty() || p.length() > 6 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new IllegalArgumentException(bad(s, "size " + (i + 1) + " of the shape, '"
                            + p + "', is not a number (" + EXPECTED + ")"));
                }
                sizes[i] = Integer.parseInt(p);
            }
            return shape(sizes);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') && ",-:; ".indexOf(c) < 0) {
                throw new IllegalArgumentException(bad(s, "unexpected '" + c + "' at position "
                        + (i + 1) + " (" + EXPECTED + ")"));
            }
        }
        return cpuGroups(s.split(";", -1));
    }

    private static String bad(String spec, String why) {
        return "'" + spec + "' is not a topology: " + why;
    }

    /** @return the spec, as {@link #parse} reads it: {@code flat}, {@code machine}, {@code 2x4}, {@code 0-3;4-7} */
    public String spec() {
        return spec;
    }

    /** @return whether this is {@link #machine()}, read when a pool starts */
    public boolean isMachine() {
        return this == MACHINE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && spec.equals(t.spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    /** @return the {@linkplain #spec() spec} */
    @Override
    public String toString() {
        return spec;
    }
}
