package dev.strand.workloads.matmul;

import dev.strand.workloads.Forker;

/**
 * Cache-oblivious matrix multiply {@code C += A * B} of square row-major {@code n x n} matrices
 * (Frigo, Leiserson, Prokop, Ramachandran 1999): split the largest of the three dimensions in
 * half; the two halves of a split of i (rows of C) or j (columns of C) write disjoint parts of C
 * and run in parallel; the two halves of a split of k add into the same part of C and run one
 * after the other. Blocks with every dimension at most {@code leaf} are multiplied serially (i-k-j
 * loops).
 */
public final class MatMul {
    private MatMul() { }

    /** Default leaf edge. */
    public static final int LEAF = 32;

    /**
     * {@code c += a * b}.
     *
     * @param n    matrix order
     * @param leaf largest block edge multiplied serially, {@code >= 1}
     * @param f    the forker
     */
    public static void multiply(double[] a, double[] b, double[] c, int n, int leaf, Forker f) {
        mm(a, b, c, n, 0, n, 0, n, 0, n, Math.max(1, leaf), f);
    }

    static void mm(double[] a, double[] b, double[] c, int n, int i0, int i1, int j0, int j1, int k0,
            int k1, int leaf, Forker f) {
        int di = i1 - i0;
        int dj = j1 - j0;
        int dk = k1 - k0;
        if (di <= leaf && dj <= leaf && dk <= leaf) {
            leaf(a, b, c, n, i0, i1, j0, j1, k0, k1);
        } else if (di >= dj && di >= dk) {
            int im = (i0 + i1) >>> 1;
            f.both(() -> mm(a, b, c, n, i0, im, j0, j1, k0, k1, leaf, f),
                    () -> mm(a, b, c, n, im, i1, j0, j1, k0, k1, leaf, f));
        } else if (dj >= dk) {
            int jm = (j0 + j1) >>> 1;
            f.both(() -> mm(a, b, c, n, i0, i1, j0, jm, k0, k1, leaf, f),
                    () -> mm(a, b, c, n, i0, i1, jm, j1, k0, k1, leaf, f));
        } else {
            int km = (k0 + k1) >>> 1;
            mm(a, b, c, n, i0, i1, j0, j1, k0, km, leaf, f);
            mm(a, b, c, n, i0, i1, j0, j1, km, k1, leaf, f);
        }
    }

    static void leaf(double[] a, double[] b, double[] c, int n, int i0, int i1, int j0, int j1, int k0,
            int k1) {
        for (int i = i0; i < i1; i++) {
            int ci = i * n;
            int ai = i * n;
            for (int k = k0; k < k1; k++) {
                double aik = a[ai + k];
                int bk = k * n;
                for (int j = j0; j < j1; j++) {
                    c[ci + j] += aik * b[bk + j];
                }
            }
        }
    }

    /**
     * Freivalds' check: {@code C x == A (B x)} for a vector x of small integers. With integer-valued
     * matrices every product is exact in double, so the check is exact (a wrong C passes with
     * probability at most 1/4 per vector; two vectors are tried).
     *
     * @return -1 if C passed, else the first row where it failed
     */
    public static int freivalds(double[] a, double[] b, double[] c, int n, long seed) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int trial = 0; trial < 2; trial++) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextInt(-3, 4);
            }
            double[] bx = mulVec(b, x, n);
            double[] abx = mulVec(a, bx, n);
            double[] cx = mulVec(c, x, n);
            for (int i = 0; i < n; i++) {
                if (abx[i] != cx[i]) {
                    return i;
                }
            }
        }
        return -1;
    }

    static double[] mulVec(double[] m, double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            int row = i * n;
            for (int j = 0; j < n; j++) {
                s += m[row + j] * x[j];
            }
            y[i] = s;
        }
        return y;
    }
}
