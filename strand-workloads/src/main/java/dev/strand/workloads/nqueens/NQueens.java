package dev.strand.workloads.nqueens;

import dev.strand.Task;
import java.util.concurrent.RecursiveAction;

/**
 * N-Queens, counting all solutions with bitmasks (columns and both diagonals as bit sets). The
 * parallel versions fork one task per legal placement in the first {@code depth} rows (the last
 * placement of a row runs inline; the others are joined newest first) and count serially below.
 */
public final class NQueens {
    private NQueens() { }

    /** Largest supported board (solutions of n = 17 already take minutes serially). */
    public static final int MAX_N = 20;

    /** Known solution counts, n = 0..20 (OEIS A000170). */
    private static final long[] KNOWN = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712,
        365596, 2279184, 14772512, 95815104, 666090624, 4968057848L, 39029188884L};

    /** @return the number of solutions of the n-queens problem (published values) */
    public static long known(int n) {
        if (n < 0 || n > MAX_N) {
            throw new IllegalArgumentException("n must be in [0, " + MAX_N + "], got " + n);
        }
        return KNOWN[n];
    }

    /** @return the number of solutions, computed serially */
    public static long serial(int n) {
        int all = (1 << n) - 1;
        return count(all, 0, 0, 0);
    }

    /** Serial count below a partial placement. */
    static long count(int all, int cols, int d1, int d2) {
        if (cols == all) {
            return 1;
        }
        long c = 0;
        int avail = all & ~(cols | d1 | d2);
        while (avail != 0) {
            int bit = avail & -avail;
            avail ^= bit;
            c += count(all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >>> 1);
        }
        return c;
    }

    /** @return the number of solutions on a Strand pool (call inside the pool) */
    public static long strand(int n, int depth) {
        StrandTask t = new StrandTask((1 << n) - 1, 0, 0, 0, depth);
        t.invoke();
        return t.result;
    }

    /** @return a ForkJoinPool task whose {@code result} holds the count once it has run */
    public static FjpTask fjpTask(int n, int depth) {
        return new FjpTask((1 << n) - 1, 0, 0, 0, depth);
    }

    /** Strand version: one task per placement in the first {@code depth} rows. */
    static final class StrandTask extends Task<Void> {
        final int all;
        final int cols;
        final int d1;
        final int d2;
        final int depth;
        long result;

        StrandTask(int all, int cols, int d1, int d2, int depth) {
            this.all = all;
            this.cols = cols;
            this.d1 = d1;
            this.d2 = d2;
            this.depth = depth;
        }

        @Override
        protected Void compute() {
            if (depth <= 0 || cols == all) {
                result = count(all, cols, d1, d2);
                return null;
            }
            int avail = all & ~(cols | d1 | d2);
            int k = Integer.bitCount(avail);
            if (k == 0) {
                return null;
            }
            StrandTask[] ts = new StrandTask[k];
            for (int i = 0; i < k; i++) {
                int bit = avail & -avail;
                avail ^= bit;
                ts[i] = new StrandTask(all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >>> 1,
                        depth - 1);
                if (i < k - 1) {
                    ts[i].fork();
                }
            }
            ts[k - 1].compute();
            long c = ts[k - 1].result;
            for (int i = k - 2; i >= 0; i--) {
                ts[i].join();
                c += ts[i].result;
            }
            result = c;
            return null;
        }
    }

    /** ForkJoinPool version, the same algorithm as {@link StrandTask}. */
    public static final class FjpTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final int all;
        final int cols;
        final int d1;
        final int d2;
        final int depth;
        /** The count, once the task has run. */
        public long result;

        FjpTask(int all, int cols, int d1, int d2, int depth) {
            this.all = all;
            this.cols = cols;
            this.d1 = d1;
            this.d2 = d2;
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth <= 0 || cols == all) {
                result = count(all, cols, d1, d2);
                return;
            }
            int avail = all & ~(cols | d1 | d2);
            int k = Integer.bitCount(avail);
            if (k == 0) {
                return;
            }
            FjpTask[] ts = new FjpTask[k];
            for (int i = 0; i < k; i++) {
                int bit = avail & -avail;
                avail ^= bit;
                ts[i] = new FjpTask(all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >>> 1,
                        depth - 1);
                if (i < k - 1) {
                    ts[i].fork();
                }
            }
            ts[k - 1].compute();
            long c = ts[k - 1].result;
            for (int i = k - 2; i >= 0; i--) {
                ts[i].join();
                c += ts[i].result;
            }
            result = c;
        }
    }
}
