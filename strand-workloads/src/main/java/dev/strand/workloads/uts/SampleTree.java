package dev.strand.workloads.uts;

import java.util.Locale;

/**
 * The sample trees of the UTS distribution (version 2.1), with the figures published for them:
 * node count, and depth and leaf count where given (-1 where not). The names are the distribution's;
 * the "L", "XL", "XXL" and "WL" trees are about 100 million, 1.6 billion, 3 to 10 billion and 150 to
 * 300 billion nodes.
 *
 * <p>Reference: S. Olivier, J. Huan, J. Liu, J. Prins, J. Dinan, P. Sadayappan, C.-W. Tseng, "UTS:
 * An Unbalanced Tree Search Benchmark", LCPC 2006, LNCS 4382.
 */
public enum SampleTree {
    /** Geometric, fixed branching factor. */
    T1("-t 1 -a 3 -d 10 -b 4 -r 19", 4_130_071L, 10, 3_305_118L),
    /** Geometric, cyclic shape. */
    T2("-t 1 -a 2 -d 16 -b 6 -r 502", 4_117_769L, 81, 2_342_762L),
    /** Binomial. */
    T3("-t 0 -b 2000 -q 0.124875 -m 8 -r 42", 4_112_897L, 1572, 3_599_034L),
    /** Hybrid: geometric (linear shape) down to depth 8, binomial below. */
    T4("-t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4", 4_132_453L, 134, 3_108_986L),
    /** Geometric, linear decrease. */
    T5("-t 1 -a 0 -d 20 -b 4 -r 34", 4_147_582L, 20, 2_181_318L),
    /** Geometric, fixed branching factor, large. */
    T1L("-t 1 -a 3 -d 13 -b 4 -r 29", 102_181_082L, 13, 81_746_377L),
    /** Geometric, cyclic shape, large. */
    T2L("-t 1 -a 2 -d 23 -b 7 -r 220", 96_793_510L, 67, 53_791_152L),
    /** Binomial, large and deep. */
    T3L("-t 0 -b 2000 -q 0.200014 -m 5 -r 7", 111_345_631L, 17_844, 89_076_904L),
    /** Geometric, fixed branching factor, extra large. */
    T1XL("-t 1 -a 3 -d 15 -b 4 -r 29", 1_635_119_272L, 15, 1_308_100_063L),
    /** Geometric, fixed branching factor, extra extra large. */
    T1XXL("-t 1 -a 3 -d 15 -b 4 -r 19", 4_230_646_601L, 15, -1),
    /** Binomial, extra extra large. */
    T3XXL("-t 0 -b 2000 -q 0.499995 -m 2 -r 316", 2_793_220_501L, -1, -1),
    /** Binomial, extra extra large and very deep. */
    T2XXL("-t 0 -b 2000 -q 0.499999995 -m 2 -r 0", 10_612_052_303L, 216_370, 5_306_027_151L),
    /** Geometric, fixed branching factor, "wicked large". */
    T1WL("-t 1 -a 3 -d 18 -b 4 -r 19", 270_751_679_750L, 18, 216_601_257_283L),
    /** Binomial, "wicked large". */
    T2WL("-t 0 -b 2000 -q 0.4999999995 -m 2 -r 559", 295_393_891_003L, 1_021_239, 147_696_946_501L),
    /** Binomial, "wicked large". */
    T3WL("-t 0 -b 2000 -q 0.4999995 -m 2 -r 559", 157_063_495_159L, 758_577, 78_531_748_579L);

    private final String options;
    private final long nodes;
    private final int depth;
    private final long leaves;

    SampleTree(String options, long nodes, int depth, long leaves) {
        this.options = options;
        this.nodes = nodes;
        this.depth = depth;
        this.leaves = leaves;
    }

    /** @return the tree's options in the reference form, e.g. {@code -t 1 -a 3 -d 10 -b 4 -r 19} */
    public String options() {
        return options;
    }

    /** @return the parsed parameters */
    public UtsParams params() {
        return UtsParams.parse(options);
    }

    /** @return the published node count */
    public long nodes() {
        return nodes;
    }

    /** @return the published depth (the root is at depth 0), or -1 if none was published */
    public int depth() {
        return depth;
    }

    /** @return the published number of leaves, or -1 if none was published */
    public long leaves() {
        return leaves;
    }

    /**
     * @param name a sample tree's name, in any case ({@code t3l})
     * @return the sample tree of that name, or null
     */
    public static SampleTree named(String name) {
        String n = name.strip().toUpperCase(Locale.ROOT);
        for (SampleTree s : values()) {
            if (s.name().equals(n)) {
                return s;
            }
        }
        return null;
    }

    /**
     * @param t a tree
     * @return the sample tree that {@code t} is (same tree, whatever unused options it sets), or null
     */
    public static SampleTree of(UtsParams t) {
        for (SampleTree s : values()) {
            if (s.params().sameTree(t)) {
                return s;
            }
        }
        return null;
    }

    /** @return the names of all sample trees, comma-separated */
    static String names() {
        StringBuilder b = new StringBuilder();
        for (SampleTree s : values()) {
            b.append(b.isEmpty() ? "" : ", ").append(s.name());
        }
        return b.toString();
    }
}
