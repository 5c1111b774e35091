package dev.strand.workloads.sparselu;

import dev.strand.Strand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.function.Consumer;

/**
 * The LU factorization of a sparse blocked matrix from the Barcelona OpenMP Tasks Suite (BOTS,
 * {@code sparselu}, its single-producer version): an {@code n x n} matrix of blocks, each
 * {@code bs x bs} floats or absent (zero), factored in place without pivoting. Step {@code k}
 * factors the diagonal block, then updates the blocks of row {@code k} ({@code fwd}) and of column
 * {@code k} ({@code bdiv}), <b>a task each</b>, waits for them, then updates every block
 * {@code (i, j)} below and right of the diagonal whose row and column blocks exist ({@code bmod},
 * <b>a task each</b>, allocating the block if it was absent: fill-in), and waits again. The grain
 * is one block operation, {@code bs^3} multiply-adds, as in the original.
 *
 * <p>Each block receives the same operations in the same order in every version (a step's tasks
 * touch distinct blocks, and the steps are ordered by the waits), so every version's result is
 * bit for bit the serial one's.
 */
public final class SparseLu {
    private SparseLu() { }

    /** A blocked matrix: {@code n x n} blocks of {@code bs x bs} floats, row-major, null where zero. */
    public static final class Matrix {
        final int n;
        final int bs;
        final float[][] blocks;

        Matrix(int n, int bs) {
            if (n < 1 || bs < 1) {
                throw new IllegalArgumentException("blocks and block size must be >= 1, got " + n + " and " + bs);
            }
            this.n = n;
            this.bs = bs;
            this.blocks = new float[n * n][];
        }

        /**
         * BOTS's input: the block structure of its {@code genmat} (the diagonal and its two
         * neighbours, plus every block whose row and column are both even and divisible by three
         * on the side nearer the diagonal) filled, block by block in row-major order, from the
         * linear congruential sequence {@code x <- 3125 x mod 65536} started at 1325, each value
         * mapped to {@code (x - 32768) / 16384}.
         *
         * @param n  blocks per side
         * @param bs floats per block side
         * @return the matrix
         */
        public static Matrix generate(int n, int bs) {
            Matrix m = new Matrix(n, bs);
            int x = 1325;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (!present(i, j)) {
                        continue;
                    }
                    float[] b = new float[bs * bs];
                    for (int e = 0; e < b.length; e++) {
                        x = (3125 * x) % 65536;
                        b[e] = (float) ((x - 32768.0) / 16384.0);
                    }
                    m.blocks[i * n + j] = b;
                }
            }
            return m;
        }

        /** @return whether the generated structure has block {@code (i, j)} */
        static boolean present(int i, int j) {
            if (i == j || i == j - 1 || i == j + 1) {
                return true;
            }
            if (i % 2 == 1 || j % 2 == 1) {
                return false;
            }
            return i < j ? i % 3 == 0 : j % 3 == 0;
        }

        /** @return a deep copy */
        public Matrix copy() {
            Matrix c = new Matrix(n, bs);
            c.copyFrom(this);
            return c;
        }

        /**
         * Makes this matrix equal to {@code src} (of the same shape), reusing its blocks where both
         * have one: puts a factored matrix back to its input.
         */
        public void copyFrom(Matrix src) {
            if (src.n != n || src.bs != bs) {
                throw new IllegalArgumentException("shapes differ");
            }
            for (int k = 0; k < blocks.length; k++) {
                float[] s = src.blocks[k];
                if (s == null) {
                    blocks[k] = null;
                } else if (blocks[k] == null) {
                    blocks[k] = s.clone();
                } else {
                    System.arraycopy(s, 0, blocks[k], 0, s.length);
                }
            }
        }

        /** @return how many blocks are present */
        public int presentBlocks() {
            int c = 0;
            for (float[] b : blocks) {
                if (b != null) {
                    c++;
                }
            }
            return c;
        }

        /**
         * @param o another matrix
         * @return null if the two are equal bit for bit, else where they first differ
         */
        public String firstDifference(Matrix o) {
            if (o.n != n || o.bs != bs) {
                return "shape " + o.n + "x" + o.bs + " instead of " + n + "x" + bs;
            }
            for (int k = 0; k < blocks.length; k++) {
                float[] a = blocks[k];
                float[] b = o.blocks[k];
                if ((a == null) != (b == null)) {
                    return "block (" + k / n + ", " + k % n + ") " + (a == null ? "absent" : "present")
                            + " here, " + (b == null ? "absent" : "present") + " there";
                }
                if (a != null) {
                    for (int e = 0; e < a.length; e++) {
                        if (Float.floatToRawIntBits(a[e]) != Float.floatToRawIntBits(b[e])) {
                            return "block (" + k / n + ", " + k % n + ") element " + e + ": " + a[e] + " here, "
                                    + b[e] + " there";
                        }
                    }
                }
            }
            return null;
        }

        float[] block(int i, int j) {
            return blocks[i * n + j];
        }

        /** The block {@code (i, j)}, allocated zero if absent: fill-in, by the one task that updates it. */
        float[] blockOrNew(int i, int j) {
            float[] b = blocks[i * n + j];
            if (b == null) {
                b = blocks[i * n + j] = new float[bs * bs];
            }
            return b;
        }
    }

    // ---------------------------------------------------------------- the block operations

    /** Factors the diagonal block in place (L below the diagonal, unit diagonal implied; U above). */
    static void lu0(float[] d, int bs) {
        for (int k = 0; k < bs; k++) {
            for (int i = k + 1; i < bs; i++) {
                d[i * bs + k] = d[i * bs + k] / d[k * bs + k];
                for (int j = k + 1; j < bs; j++) {
                    d[i * bs + j] = d[i * bs + j] - d[i * bs + k] * d[k * bs + j];
                }
            }
        }
    }

    /** A block right of the diagonal: solves with the diagonal's unit-lower part. */
    static void fwd(float[] diag, float[] col, int bs) {
        for (int j = 0; j < bs; j++) {
            for (int k = 0; k < bs; k++) {
                for (int i = k + 1; i < bs; i++) {
                    col[i * bs + j] = col[i * bs + j] - diag[i * bs + k] * col[k * bs + j];
                }
            }
        }
    }

    /** A block below the diagonal: solves with the diagonal's upper part. */
    static void bdiv(float[] diag, float[] row, int bs) {
        for (int i = 0; i < bs; i++) {
            for (int k = 0; k < bs; k++) {
                row[i * bs + k] = row[i * bs + k] / diag[k * bs + k];
                for (int j = k + 1; j < bs; j++) {
                    row[i * bs + j] = row[i * bs + j] - row[i * bs + k] * diag[k * bs + j];
                }
            }
        }
    }

    /** The trailing update of one block: {@code inner -= row * col}. */
    static void bmod(float[] row, float[] col, float[] inner, int bs) {
        for (int i = 0; i < bs; i++) {
            for (int j = 0; j < bs; j++) {
                for (int k = 0; k < bs; k++) {
                    inner[i * bs + j] = inner[i * bs + j] - row[i * bs + k] * col[k * bs + j];
                }
            }
        }
    }

    // ---------------------------------------------------------------- the versions

    /**
     * Hands {@code run} step {@code k}'s first phase: the {@code fwd} of every block right of the
     * diagonal and the {@code bdiv} of every block below it (the diagonal is factored already).
     */
    static void panel(Matrix m, int k, Consumer<Runnable> run) {
        float[] diag = m.block(k, k);
        int bs = m.bs;
        for (int j = k + 1; j < m.n; j++) {
            float[] col = m.block(k, j);
            if (col != null) {
                run.accept(() -> fwd(diag, col, bs));
            }
        }
        for (int i = k + 1; i < m.n; i++) {
            float[] row = m.block(i, k);
            if (row != null) {
                run.accept(() -> bdiv(diag, row, bs));
            }
        }
    }

    /** Hands {@code run} step {@code k}'s second phase: the {@code bmod} of every block it updates. */
    static void trailing(Matrix m, int k, Consumer<Runnable> run) {
        for (int i = k + 1; i < m.n; i++) {
            float[] row = m.block(i, k);
            if (row == null) {
                continue;
            }
            for (int j = k + 1; j < m.n; j++) {
                float[] col = m.block(k, j);
                if (col != null) {
                    int ii = i;
                    int jj = j;
                    run.accept(() -> bmod(row, col, m.blockOrNew(ii, jj), m.bs));
                }
            }
        }
    }

    /** Factors {@code m} in place, serially: each block operation called where it is handed over. */
    public static void serial(Matrix m) {
        for (int k = 0; k < m.n; k++) {
            lu0(m.block(k, k), m.bs);
            panel(m, k, Runnable::run);
            trailing(m, k, Runnable::run);
        }
    }

    /**
     * Factors {@code m} in place with a {@link Strand#scope} per phase and a spawn per block
     * operation, the original's tasks and waits (call inside a Strand pool).
     */
    public static void strand(Matrix m) {
        for (int k = 0; k < m.n; k++) {
            int kk = k;
            lu0(m.block(k, k), m.bs);
            Strand.scope(s -> panel(m, kk, s::spawn));
            Strand.scope(s -> trailing(m, kk, s::spawn));
        }
    }

    /**
     * @return a ForkJoinPool task factoring {@code m} in place: the same tasks, each phase's forked
     *     with {@link ForkJoinTask#invokeAll(java.util.Collection)}
     */
    public static RecursiveAction fjpTask(Matrix m) {
        return new RecursiveAction() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void compute() {
                List<ForkJoinTask<?>> phase = new ArrayList<>();
                Consumer<Runnable> add = op -> phase.add(ForkJoinTask.adapt(op));
                for (int k = 0; k < m.n; k++) {
                    lu0(m.block(k, k), m.bs);
                    panel(m, k, add);
                    ForkJoinTask.invokeAll(phase);
                    phase.clear();
                    trailing(m, k, add);
                    ForkJoinTask.invokeAll(phase);
                    phase.clear();
                }
            }
        };
    }

    /**
     * @param n blocks per side of a generated matrix
     * @return the block operations a factorization of it runs (lu0, fwd, bdiv and bmod calls),
     *     counted on its structure alone (fill-in included)
     */
    public static long operations(int n) {
        boolean[] present = new boolean[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                present[i * n + j] = Matrix.present(i, j);
            }
        }
        long ops = 0;
        for (int k = 0; k < n; k++) {
            ops++;
            for (int j = k + 1; j < n; j++) {
                ops += present[k * n + j] ? 1 : 0;
                ops += present[j * n + k] ? 1 : 0;
            }
            for (int i = k + 1; i < n; i++) {
                if (!present[i * n + k]) {
                    continue;
                }
                for (int j = k + 1; j < n; j++) {
                    if (present[k * n + j]) {
                        ops++;
                        present[i * n + j] = true;
                    }
                }
            }
        }
        return ops;
    }
}
