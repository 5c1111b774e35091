package dev.strand.workloads.uts;

/**
 * A UTS tree, given with the options of the reference implementation ({@code uts.c} of UTS 2.1;
 * Olivier et al., "UTS: An Unbalanced Tree Search Benchmark", LCPC 2006). Unset options take the
 * reference defaults ({@code -t 1 -a 0 -d 6 -b 4 -r 0 -q 0.234375 -m 4 -f 0.5}).
 *
 * <table>
 *   <caption>Options</caption>
 *   <tr><th>option</th><th>meaning</th><th>used by</th></tr>
 *   <tr><td>{@code -t}</td><td>tree type: 0 binomial, 1 geometric, 2 hybrid, 3 balanced</td><td>all</td></tr>
 *   <tr><td>{@code -b}</td><td>root branching factor {@code b0}</td><td>all</td></tr>
 *   <tr><td>{@code -r}</td><td>root id {@code r}, {@code 0 <= r < 2^31}: the root's state is derived from it</td><td>all</td></tr>
 *   <tr><td>{@code -a}</td><td>shape of the geometric distribution: 0 linear, 1 exponential
 *       decrease, 2 cyclic, 3 fixed</td><td>geometric, hybrid</td></tr>
 *   <tr><td>{@code -d}</td><td>depth {@code gen_mx}</td><td>geometric, hybrid, balanced</td></tr>
 *   <tr><td>{@code -q}</td><td>probability that a binomial node has children</td><td>binomial, hybrid</td></tr>
 *   <tr><td>{@code -m}</td><td>number of children of a binomial node that has any</td><td>binomial, hybrid</td></tr>
 *   <tr><td>{@code -f}</td><td>fraction of {@code gen_mx} where a hybrid tree turns from geometric
 *       to binomial</td><td>hybrid</td></tr>
 * </table>
 *
 * <p>Number of children of a node at depth {@code d} with random number {@code u} in [0, 1) (see
 * {@link Sha1Rng}), as {@code uts_numChildren} computes it:
 * <ul>
 *   <li>binomial: the root has {@code floor(b0)} children; any other node {@code m} children if
 *       {@code u < q}, else none;</li>
 *   <li>geometric: {@code (int) floor(log(1 - u) / log(1 - p))} with {@code p = 1 / (1 + b_d)}, the
 *       inverse of the geometric distribution of mean {@code b_d}. The root has {@code b_0 = b0}; below
 *       it the shape gives {@code b_d}: linear {@code b0 * (1 - d / gen_mx)}; exponential decrease
 *       {@code b0 * d^(-ln b0 / ln gen_mx)}; cyclic {@code b0^sin(2 pi d / gen_mx)} up to depth
 *       {@code 5 gen_mx}, 0 below; fixed {@code b0} above depth {@code gen_mx}, 0 from there;</li>
 *   <li>hybrid: geometric while {@code d < f * gen_mx}, binomial (as a non-root node) below;</li>
 *   <li>balanced: {@code (int) b0} children above depth {@code gen_mx}, none from there;</li>
 *   <li>at most 100 children ({@code MAXNUMCHILDREN}), except the root of a binomial tree and the
 *       nodes of a balanced tree.</li>
 * </ul>
 * Logarithms, powers and sines are {@link Math}'s, as the kernels always used (the per-node cost
 * stays that of earlier measurements); they may differ from C's in the last bit, which matters only
 * where the quotient above falls within an ulp of an integer: every published figure is reproduced
 * (see the tests).
 * Where the reference's conversion to {@code int} is undefined in C (a count beyond the {@code int}
 * range, which the cap cuts to 100 anyway), the count is 100.
 *
 * <p>Parameters that make the tree infinite with a positive probability, so that a count might never
 * end, are rejected: {@code q * m >= 1} for a binomial or hybrid tree (but for the sample trees,
 * whose sizes are known: T3L has {@code q * m = 1.00007}), and {@code b0 <= 1} for a geometric tree
 * of the exponential decrease shape (its expected branching factor then stays at or above 1 at
 * every depth). The reference checks neither.
 *
 * @param type       0 binomial, 1 geometric, 2 hybrid, 3 balanced
 * @param shape      geometric shape: 0 linear, 1 exponential decrease, 2 cyclic, 3 fixed
 * @param genMax     depth {@code gen_mx} of geometric and balanced trees
 * @param b0         root branching factor
 * @param seed       root id ({@code -r})
 * @param q          binomial: probability of children
 * @param m          binomial: number of children
 * @param shiftDepth hybrid: fraction of {@code genMax} where the geometric part ends
 */
public record UtsParams(int type, int shape, int genMax, double b0, int seed, double q, int m,
                        double shiftDepth) {

    /** Tree type: binomial. */
    public static final int BIN = 0;
    /** Tree type: geometric. */
    public static final int GEO = 1;
    /** Tree type: geometric near the root, binomial below. */
    public static final int HYBRID = 2;
    /** Tree type: every node above the depth limit has {@code (int) b0} children. */
    public static final int BALANCED = 3;
    /** Geometric shape: linear decrease of the expected branching factor. */
    public static final int LINEAR = 0;
    /** Geometric shape: polynomial (exponential in log depth) decrease of the expected branching factor. */
    public static final int EXPDEC = 1;
    /** Geometric shape: the expected branching factor cycles with depth. */
    public static final int CYCLIC = 2;
    /** Geometric shape: fixed branching factor up to the depth limit. */
    public static final int FIXED = 3;
    /** Most children of a node (the reference's MAXNUMCHILDREN). */
    public static final int MAX_CHILDREN = 100;

    private static final String[] TYPES = {"binomial", "geometric", "hybrid", "balanced"};

    /** Validates. */
    public UtsParams {
        if (type < BIN || type > BALANCED) {
            throw new IllegalArgumentException("UTS -t must be 0 (binomial), 1 (geometric), 2 (hybrid) or"
                    + " 3 (balanced), got " + type);
        }
        if (shape < LINEAR || shape > FIXED) {
            throw new IllegalArgumentException("UTS -a must be 0 (linear), 1 (exponential decrease), 2 (cyclic)"
                    + " or 3 (fixed), got " + shape);
        }
        if (genMax < 0) {
            throw new IllegalArgumentException("UTS -d must be >= 0, got " + genMax);
        }
        if (type == GEO && genMax < 1) {
            throw new IllegalArgumentException("UTS -d must be >= 1 for a geometric tree (its shape"
                    + " functions divide by it), got " + genMax);
        }
        if (!(b0 >= 0) || Double.isInfinite(b0)) {
            throw new IllegalArgumentException("UTS -b must be a number >= 0, got " + b0);
        }
        if ((type == BIN || type == BALANCED) && b0 >= 2147483648.0) {
            throw new IllegalArgumentException("UTS -b must be below 2^31 for a " + TYPES[type]
                    + " tree (it is the root's number of children), got " + b0);
        }
        if (type == GEO && shape == EXPDEC && !(b0 > 1)) {
            throw new IllegalArgumentException("UTS -b must be > 1 for a geometric tree of shape 1"
                    + " (exponential decrease): otherwise the expected branching factor never falls below 1"
                    + " and the expected tree is infinite; got " + b0);
        }
        if (seed < 0) {
            throw new IllegalArgumentException("UTS -r must be in [0, 2^31), got " + seed);
        }
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("UTS -q must be in [0, 1], got " + q);
        }
        if (m < 0) {
            throw new IllegalArgumentException("UTS -m must be >= 0, got " + m);
        }
        if ((type == BIN || type == HYBRID) && q * Math.min(m, MAX_CHILDREN) >= 1
                && !isSampleTree(form(type, shape, genMax, b0, seed, q, m, shiftDepth))) {
            throw new IllegalArgumentException("UTS -q times -m must be below 1 for a " + TYPES[type]
                    + " tree (it is a binomial node's expected number of children; at 1 or more the tree is"
                    + " infinite with a positive probability, and its expected size is infinite), got q = "
                    + num(q) + ", m = " + m);
        }
        if (!(shiftDepth >= 0) || Double.isInfinite(shiftDepth)) {
            throw new IllegalArgumentException("UTS -f must be a number >= 0, got " + shiftDepth);
        }
    }

    /**
     * Parses reference options ({@code "-t 1 -a 3 -d 10 -b 4 -r 19"}) or the name of a
     * {@link SampleTree} ({@code "T3"}, in any case). Options: {@code -t -a -d -b -r -q -m -f}, and
     * {@code -g 1} (the reference's compute granularity, accepted only at its default). A repeated
     * option takes its last value, as in the reference.
     *
     * @throws IllegalArgumentException naming the bad option
     */
    public static UtsParams parse(String spec) {
        String s = spec.strip();
        SampleTree named = SampleTree.named(s);
        if (named != null) {
            s = named.options();
        }
        int type = GEO;
        int shape = LINEAR;
        int genMax = 6;
        double b0 = 4.0;
        int seed = 0;
        double q = 15.0 / 64.0;
        int m = 4;
        double shiftDepth = 0.5;
        String[] f = s.isEmpty() ? new String[0] : s.split("\\s+");
        for (int i = 0; i < f.length; i++) {
            String opt = f[i];
            if (!opt.matches("-[tadbrqmfg]")) {
                throw new IllegalArgumentException("unknown UTS option '" + opt
                        + "' (supported: -t -a -d -b -r -q -m -f, or a sample tree: " + SampleTree.names() + ")");
            }
            if (i + 1 >= f.length) {
                throw new IllegalArgumentException("UTS option " + opt + " needs a value");
            }
            String v = f[++i];
            try {
                switch (opt) {
                    case "-t" -> type = Integer.parseInt(v);
                    case "-a" -> shape = Integer.parseInt(v);
                    case "-d" -> genMax = Integer.parseInt(v);
                    case "-b" -> b0 = Double.parseDouble(v);
                    case "-r" -> seed = Integer.parseInt(v);
                    case "-q" -> q = Double.parseDouble(v);
                    case "-m" -> m = Integer.parseInt(v);
                    case "-f" -> shiftDepth = Double.parseDouble(v);
                    default -> {                  // -g
                        if (Integer.parseInt(v) != 1) {
                            throw new IllegalArgumentException("UTS -g (compute granularity, the SHA-1"
                                    + " evaluations per node) is supported only at 1, got " + v);
                        }
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("UTS option " + opt + ": bad value '" + v + "'");
            }
        }
        return new UtsParams(type, shape, genMax, b0, seed, q, m, shiftDepth);
    }

    /**
     * @param o another tree
     * @return whether {@code o} is the same tree: equal in every option that this tree's type uses
     */
    public boolean sameTree(UtsParams o) {
        if (type != o.type || seed != o.seed || Double.compare(b0, o.b0) != 0) {
            return false;
        }
        boolean bin = Double.compare(q, o.q) == 0 && m == o.m;
        return switch (type) {
            case BIN -> bin;
            case GEO -> shape == o.shape && genMax == o.genMax;
            case HYBRID -> bin && shape == o.shape && genMax == o.genMax
                    && Double.compare(shiftDepth, o.shiftDepth) == 0;
            default -> genMax == o.genMax;
        };
    }

    /** @return the node count published for this tree if it is a {@link SampleTree}, or -1 */
    public long publishedNodes() {
        SampleTree s = SampleTree.of(this);
        return s == null ? -1 : s.nodes();
    }

    /**
     * @return a bound on the depth of any node of this tree ({@link Long#MAX_VALUE} where the tree
     *     type has none: binomial, hybrid, exponential decrease)
     */
    public long depthBound() {
        return switch (type) {
            case BIN -> q == 0 || m == 0 ? 1 : Long.MAX_VALUE;
            case GEO -> switch (shape) {
                case EXPDEC -> Long.MAX_VALUE;
                case CYCLIC -> 5L * genMax + 1;
                default -> genMax;
            };
            case HYBRID -> Long.MAX_VALUE;
            default -> genMax;
        };
    }

    /** @return the options in reference form, only those the tree type uses, e.g. {@code -t 1 -a 3 -d 10 -b 4 -r 19} */
    @Override
    public String toString() {
        return form(type, shape, genMax, b0, seed, q, m, shiftDepth);
    }

    private static String form(int type, int shape, int genMax, double b0, int seed, double q, int m,
            double shiftDepth) {
        return switch (type) {
            case BIN -> "-t 0 -b " + num(b0) + " -q " + num(q) + " -m " + m + " -r " + seed;
            case GEO -> "-t 1 -a " + shape + " -d " + genMax + " -b " + num(b0) + " -r " + seed;
            case HYBRID -> "-t 2 -a " + shape + " -d " + genMax + " -b " + num(b0) + " -r " + seed
                    + " -q " + num(q) + " -m " + m + (shiftDepth == 0.5 ? "" : " -f " + num(shiftDepth));
            default -> "-t 3 -d " + genMax + " -b " + num(b0) + " -r " + seed;
        };
    }

    /**
     * Whether a tree in reference form is one of the {@link SampleTree}s, whose sizes are known: T3L
     * has {@code q * m = 1.00007} and is finite (111,345,631 nodes).
     */
    private static boolean isSampleTree(String form) {
        for (SampleTree s : SampleTree.values()) {
            if (s.options().equals(form)) {
                return true;
            }
        }
        return false;
    }

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    /** @return the number of children of {@code n} in this tree ({@code uts_numChildren}) */
    public int numChildren(Sha1Rng.Node n) {
        int depth = n.depth;
        int nc;
        switch (type) {
            case BIN -> nc = depth == 0 ? (int) Math.floor(b0) : binChildren(n);
            case GEO -> nc = geoChildren(n);
            case HYBRID -> nc = depth < shiftDepth * genMax ? geoChildren(n) : binChildren(n);
            default -> {
                return depth < genMax ? (int) b0 : 0;  // balanced: no cap
            }
        }
        // The cap; the root of a binomial tree is held to ceil(b0) instead, which floor(b0) never exceeds.
        if (nc > MAX_CHILDREN && !(type == BIN && depth == 0)) {
            nc = MAX_CHILDREN;
        }
        return Math.max(nc, 0);
    }

    /** A binomial node below the root: {@code m} children with probability {@code q}. */
    private int binChildren(Sha1Rng.Node n) {
        return n.prob() < q ? m : 0;
    }

    /** A geometric node: the inverse of the geometric distribution whose mean the shape gives. */
    private int geoChildren(Sha1Rng.Node n) {
        int depth = n.depth;
        double bi = b0;
        if (depth > 0) {
            bi = switch (shape) {
                case EXPDEC -> b0 * cPow(depth, -Math.log(b0) / Math.log(genMax));
                case CYCLIC -> depth > 5L * genMax ? 0.0
                        : Math.pow(b0, Math.sin(2.0 * 3.141592653589793 * depth / genMax));
                case FIXED -> depth < genMax ? b0 : 0.0;
                default -> b0 * (1.0 - (double) depth / genMax);
            };
        }
        double p = 1.0 / (1.0 + bi);
        double u = n.prob();
        // (int) of a double: NaN gives 0 and values beyond the int range saturate (then the cap applies)
        return (int) Math.floor(Math.log(1 - u) / Math.log(1 - p));
    }

    /**
     * C's {@code pow} for a base {@code >= 1}: {@code pow(1, y)} is 1 for every {@code y} in C (an
     * exponential-decrease tree with {@code gen_mx = 1} has exponent -infinity at depth 1), NaN in Java.
     */
    private static double cPow(double x, double y) {
        return x == 1.0 ? 1.0 : Math.pow(x, y);
    }
}
