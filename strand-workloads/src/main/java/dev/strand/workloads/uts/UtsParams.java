package dev.strand.workloads.uts;

import java.util.Locale;

/**
 * A UTS tree, given with the options of the reference implementation ({@code uts.c}):
 * {@code -t} type (0 binomial, 1 geometric), {@code -a} shape of a geometric tree (0 linear,
 * 3 fixed; 1 expdec and 2 cyclic are not supported), {@code -d} depth limit {@code gen_mx},
 * {@code -b} root branching factor {@code b0}, {@code -r} root seed, {@code -q} probability that a
 * binomial non-root node has children, {@code -m} their number. Unset options take the reference
 * defaults ({@code -t 1 -a 0 -d 6 -b 4 -r 0 -q 0.234375 -m 4}). Named trees of the UTS sample set:
 * {@code T1}, {@code T1L}, {@code T3}, {@code T3L}, {@code T5}.
 *
 * <p>Number of children ({@code uts_numChildren}):
 * <ul>
 *   <li>geometric: {@code floor(log(1 - u) / log(1 - p))} with {@code p = 1 / (1 + b_i)}, where
 *       {@code b_i} is {@code b0} (fixed) while the depth is below {@code gen_mx} and 0 at or
 *       beyond (so no children), or {@code b0 * (1 - depth / gen_mx)} (linear);</li>
 *   <li>binomial: the root has {@code floor(b0)} children; any other node {@code m} children
 *       with probability {@code q}, else none;</li>
 *   <li>at most 100 children per node, except a binomial root (at most {@code ceil(b0)}).</li>
 * </ul>
 *
 * @param type   0 binomial, 1 geometric
 * @param shape  geometric shape: 0 linear, 3 fixed
 * @param genMax depth limit of geometric trees
 * @param b0     root branching factor
 * @param seed   root seed
 * @param q      binomial: probability of children
 * @param m      binomial: number of children
 */
public record UtsParams(int type, int shape, int genMax, double b0, int seed, double q, int m) {

    /** Binomial tree type. */
    public static final int BIN = 0;
    /** Geometric tree type. */
    public static final int GEO = 1;
    /** Geometric shape: linear decrease of the expected branching factor. */
    public static final int LINEAR = 0;
    /** Geometric shape: fixed branching factor up to the depth limit. */
    public static final int FIXED = 3;
    /** Most children of a node (the reference's MAXNUMCHILDREN). */
    public static final int MAX_CHILDREN = 100;

    /** Validates. */
    public UtsParams {
        if (type != BIN && type != GEO) {
            throw new IllegalArgumentException("UTS -t must be 0 (binomial) or 1 (geometric), got " + type);
        }
        if (type == GEO && shape != LINEAR && shape != FIXED) {
            throw new IllegalArgumentException("UTS -a must be 0 (linear) or 3 (fixed), got " + shape);
        }
        if (genMax < 1) {
            throw new IllegalArgumentException("UTS -d must be >= 1, got " + genMax);
        }
        if (!(b0 >= 0)) {
            throw new IllegalArgumentException("UTS -b must be >= 0, got " + b0);
        }
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("UTS -q must be in [0, 1], got " + q);
        }
        if (m < 0) {
            throw new IllegalArgumentException("UTS -m must be >= 0, got " + m);
        }
    }

    /** T1: geometric, fixed shape, 4,130,071 nodes. */
    public static final String T1 = "-t 1 -a 3 -d 10 -b 4 -r 19";
    /** T1L: geometric, fixed shape, 102,181,082 nodes. */
    public static final String T1L = "-t 1 -a 3 -d 13 -b 4 -r 29";
    /** T3: binomial, 4,112,897 nodes. */
    public static final String T3 = "-t 0 -b 2000 -q 0.124875 -m 8 -r 42";
    /** T3L: binomial, 111,345,631 nodes. */
    public static final String T3L = "-t 0 -b 2000 -q 0.200014 -m 5 -r 7";
    /** T5: geometric, linear shape, 4,147,582 nodes. */
    public static final String T5 = "-t 1 -a 0 -d 20 -b 4 -r 34";

    /**
     * Parses reference options ({@code "-t 1 -a 3 -d 10 -b 4 -r 19"}) or a sample tree's name.
     *
     * @throws IllegalArgumentException naming the bad option
     */
    public static UtsParams parse(String spec) {
        String s = spec.strip();
        switch (s.toUpperCase(Locale.ROOT)) {
            case "T1" -> s = T1;
            case "T1L" -> s = T1L;
            case "T3" -> s = T3;
            case "T3L" -> s = T3L;
            case "T5" -> s = T5;
            default -> { }
        }
        int type = GEO;
        int shape = LINEAR;
        int genMax = 6;
        double b0 = 4.0;
        int seed = 0;
        double q = 15.0 / 64.0;
        int m = 4;
        String[] f = s.isEmpty() ? new String[0] : s.split("\\s+");
        for (int i = 0; i < f.length; i++) {
            String opt = f[i];
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
                    default -> throw new IllegalArgumentException("unknown UTS option '" + opt
                            + "' (supported: -t -a -d -b -r -q -m, or T1, T1L, T3, T3L, T5)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("UTS option " + opt + ": bad value '" + v + "'");
            }
        }
        return new UtsParams(type, shape, genMax, b0, seed, q, m);
    }

    /** @return the node count published for the named sample trees, or -1 if this is not one */
    public long publishedNodes() {
        if (equals(parse(T1))) {
            return 4_130_071L;
        } else if (equals(parse(T1L))) {
            return 102_181_082L;
        } else if (equals(parse(T3))) {
            return 4_112_897L;
        } else if (equals(parse(T3L))) {
            return 111_345_631L;
        } else if (equals(parse(T5))) {
            return 4_147_582L;
        }
        return -1;
    }

    /** @return the options in reference form, e.g. {@code -t 1 -a 3 -d 10 -b 4 -r 19} */
    @Override
    public String toString() {
        if (type == BIN) {
            return "-t 0 -b " + num(b0) + " -q " + num(q) + " -m " + m + " -r " + seed;
        }
        return "-t 1 -a " + shape + " -d " + genMax + " -b " + num(b0) + " -r " + seed;
    }

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    /** @return the number of children of {@code n} in this tree */
    public int numChildren(Sha1Rng.Node n) {
        int depth = n.depth;
        int nc;
        if (type == BIN) {
            if (depth == 0) {
                nc = (int) Math.floor(b0);
                int rootBf = (int) Math.ceil(b0);
                return Math.min(nc, rootBf);
            }
            nc = n.prob() < q ? m : 0;
        } else {
            double bi;
            switch (shape) {
                case FIXED -> bi = depth < genMax ? b0 : 0;
                default -> bi = b0 * (1.0 - (double) depth / genMax);
            }
            double p = 1.0 / (1.0 + bi);
            double u = n.prob();
            nc = (int) Math.floor(Math.log(1 - u) / Math.log(1 - p));
        }
        return Math.min(nc, MAX_CHILDREN);
    }
}
