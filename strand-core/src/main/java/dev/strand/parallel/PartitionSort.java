package dev.strand.parallel;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The automatic sort of primitive arrays, in place: a parallel quicksort whose pivots come from
 * one sample, whose partitions run in parallel, and whose pieces go to {@code Arrays.sort}.
 *
 * <ol>
 *   <li><b>Sample.</b> About 2·P pieces are wanted (Q, at least {@link #MIN_PIECE} elements each;
 *       P for ints, see below).
 *       {@link #OVERSAMPLING}·Q elements are read in runs of {@link #SAMPLE_RUN} neighbours at
 *       random positions (a random read costs a cache and TLB miss, its neighbours almost nothing)
 *       and sorted, and every {@code OVERSAMPLING}-th becomes one of Q - 1 splitters (the
 *       splitters of samplesort, Frazer and McKellar 1970), so each piece holds n/Q elements to
 *       within about a percent: the first split decides how evenly the workers are loaded.</li>
 *   <li><b>Partition.</b> A range that holds splitters [i, j) is partitioned around the middle one,
 *       p: elements {@code < p} to the left; each side keeps its half of the splitters. The range is
 *       cut into blocks, as many as its share of the P workers (P for the whole array, one for a
 *       range a single worker will sort); each block is partitioned serially (branchless Lomuto, no
 *       mispredicted branch on random data); then the right-side elements left of the split and the
 *       left-side elements right of it, equally many, are swapped pairwise, in parallel (the
 *       partition-blocks-then-fix-up scheme of parallel quicksorts such as Tsigas and Zhang's).</li>
 *   <li><b>Leaves.</b> A range with no splitter left is sorted by {@code Arrays.sort}: on JDK 25
 *       the dual-pivot quicksort with AVX-512/AVX2 partitioning and sorting networks, whose cost
 *       per element and level of recursion is below what any scalar pass over the data can do.</li>
 * </ol>
 *
 * <p>Invariant of the recursion: every element of a range lies between the splitters that bound
 * it (at or above the left one, below the right one), so sorted ranges side by side are the sorted
 * array; no merge and no buffer. A pivot repeated among the splitters is a frequent value: the
 * range is then cut three ways ({@code < p}, {@code == p}, {@code > p}) and the middle, all equal,
 * needs no sort, so few distinct values cost a pass, not an unbalanced piece. Order of doubles is
 * that of {@link Double#compare} (-0.0 before 0.0, NaN last), like {@code Arrays.sort}: the
 * partition compares plainly unless the pivot is a zero or NaN, where it compares
 * {@code doubleToLongBits} keys.
 *
 * <p><b>Why so few pieces.</b> Each level of the splitter tree is one scalar pass over the data,
 * which replaces about one level of the leaves' vectorized sort but costs more than it, and passes
 * over memory scale poorly across cores that share its bandwidth. So the tree is kept shallow:
 * one partition per level, only as many blocks as workers, and 2·P pieces for longs and doubles,
 * whose extra level measured as cheap as the sorting it saves and leaves a steal's worth of slack
 * for a worker that falls behind; P pieces for ints, where a partition pass costs about twice a
 * level of the 16-lane int sort and the extra level measured about 10 % slower overall. The
 * sample keeps the pieces even. (docs/notes/benchmark-log.md, "Sort", has the measurements.)
 *
 * <p>Work: log₂ Q partition passes plus the leaves' sorts; span: a block of each level plus the
 * largest leaf, about (n/P)·log₂ Q + (n/Q)·log(n/Q). This sizes the parallelism to the pool, as the
 * JDK's own parallel sort does, rather than to n (the textbook merge sort's Θ(n / log² n),
 * {@link Parallel#mergeSort}).
 */
final class PartitionSort {
    private PartitionSort() { }

    /** Fewest elements in a piece sorted by {@code Arrays.sort}. */
    static final int MIN_PIECE = 1 << 14;
    /** Pieces per worker the sort aims at, for longs and doubles (ints: one, see above). */
    static final int PIECES_PER_WORKER = 2;
    /** Blocks of a partition per worker, over the whole array. */
    static final int BLOCKS_PER_WORKER = 1;
    /** Fewest elements in a block of a parallel partition, and in a chunk of its swap phase. */
    static final int MIN_BLOCK = 1 << 14;
    /** Sample elements per piece. */
    static final int OVERSAMPLING = 1024;
    /** Most elements in the sample (the oversampling drops below {@link #OVERSAMPLING} beyond). */
    static final int MAX_SAMPLE = 1 << 15;
    /** Neighbouring elements read at each random position of the sample. */
    static final int SAMPLE_RUN = 8;

    /**
     * @param perWorker pieces per worker ({@link Kernel#piecesPerWorker()})
     * @return the number of pieces for n elements on p workers; below 2 the sort is serial
     */
    static int pieces(int n, int p, int perWorker) {
        if (p <= 1) {
            return 1;
        }
        return (int) Math.min((long) perWorker * p, n / MIN_PIECE);
    }

    /** The typed operations on one array kind; arrays are passed as {@code Object}. */
    abstract static class Kernel {
        abstract void sortRange(Object a, int lo, int hi);

        /** @return the pieces per worker to aim at for this element type */
        int piecesPerWorker() {
            return PIECES_PER_WORKER;
        }

        /**
         * Moves the elements of a[lo, hi) below {@code keys[k]} (at or below it with
         * {@code orEqual}) to the front, in the sort's order.
         *
         * @return the first index of the rest
         */
        abstract int partition(Object a, int lo, int hi, Object keys, int k, boolean orEqual);

        /** Swaps a[i, i + len) with a[j, j + len); the ranges do not overlap. */
        abstract void swap(Object a, int i, int j, int len);

        /**
         * @return {@code count} elements of a[0, n), {@code n >= SAMPLE_RUN}: runs of
         *     {@link #SAMPLE_RUN} neighbours from positions drawn from {@code r}, sorted
         */
        abstract Object sample(Object a, int n, int count, SplittableRandom r);

        /** @return the splitters: {@code sample[(t + 1)·over]} for t in [0, pieces - 1) */
        abstract Object splitters(Object sample, int pieces, int over);

        /** @return whether keys[i] and keys[j] are equal in the sort's order */
        abstract boolean same(Object keys, int i, int j);

        /** @return whether a[lo, m) is below keys[k] (or at/below) and a[m, hi) is not (for asserts) */
        abstract boolean partitioned(Object a, int lo, int m, int hi, Object keys, int k, boolean orEqual);
    }

    /** Sorts a[0, n) into ascending order with {@code q >= 2} pieces. */
    static void sort(StrandPool pool, Object a, int n, Kernel k, int q) {
        assert q >= 2 && n / q >= MIN_PIECE : q + " pieces of " + n;
        // Fewer per piece with many pieces: the sample is sorted serially, before anything forks.
        int over = Math.max(SAMPLE_RUN, Math.min(OVERSAMPLING, MAX_SAMPLE / q) / SAMPLE_RUN * SAMPLE_RUN);
        SplittableRandom r = new SplittableRandom(0x5DEECE66DL ^ n);   // deterministic per length
        Object sample = k.sample(a, n, q * over, r);
        Object splitters = k.splitters(sample, q, over);
        Run run = new Run(k, a, splitters, n, pool.parallelism());
        Splitter.invoke(pool, () -> {
            run.sort(0, n, 0, q - 1);
            return null;
        });
    }

    private record Run(Kernel k, Object a, Object keys, int n, int p) {
        /** Sorts a[lo, hi), whose elements lie between the splitters around keys[i, j). */
        void sort(int lo, int hi, int i, int j) {
            if (i >= j || hi - lo <= MIN_PIECE) {
                k.sortRange(a, lo, hi);
                return;
            }
            int mid = (i + j) >>> 1;
            int e0 = mid;
            int e1 = mid + 1;
            while (e0 > i && k.same(keys, e0 - 1, mid)) {
                e0--;
            }
            while (e1 < j && k.same(keys, e1, mid)) {
                e1++;
            }
            int m = partition(lo, hi, mid, false);
            if (e1 - e0 >= 2) {                 // a frequent value: cut out the run equal to it
                int m2 = partition(m, hi, mid, true);
                int left = e0;
                int right = e1;
                Strand.join(() -> sort(lo, m, i, left), () -> sort(m2, hi, right, j));
            } else {
                Strand.join(() -> sort(lo, m, i, mid), () -> sort(m, hi, mid + 1, j));
            }
        }

        /** Partitions a[lo, hi) around keys[key], in parallel when it is long enough. */
        int partition(int lo, int hi, int key, boolean orEqual) {
            int len = hi - lo;
            // P blocks over the whole array, as many per range as its share of the workers
            // (rounded: a half a little over n/2 is still one worker's).
            long wanted = ((long) BLOCKS_PER_WORKER * p * len + n / 2) / n;
            int blocks = (int) Math.min(wanted, len / MIN_BLOCK);
            int m;
            if (blocks < 2) {
                m = k.partition(a, lo, hi, keys, key, orEqual);
            } else {
                m = parallelPartition(lo, hi, key, orEqual, blocks);
            }
            assert lo <= m && m <= hi && k.partitioned(a, lo, m, hi, keys, key, orEqual)
                    : "not partitioned at " + m + " in [" + lo + ", " + hi + ")";
            return m;
        }

        int parallelPartition(int lo, int hi, int key, boolean orEqual, int blocks) {
            int len = hi - lo;
            int[] bound = new int[blocks + 1];
            for (int b = 0; b <= blocks; b++) {
                bound[b] = lo + (int) ((long) len * b / blocks);
            }
            int[] split = new int[blocks];
            forEach(0, blocks, b -> split[b] = k.partition(a, bound[b], bound[b + 1], keys, key, orEqual));
            int m = lo;
            for (int b = 0; b < blocks; b++) {
                m += split[b] - bound[b];
            }
            // Misplaced: right-side elements in [lo, m) and left-side ones in [m, hi), as segments
            // in index order; there are as many of one as of the other.
            int[] rightAt = new int[blocks];
            int[] rightLen = new int[blocks];
            int[] leftAt = new int[blocks];
            int[] leftLen = new int[blocks];
            int rights = 0;
            int lefts = 0;
            long misplaced = 0;
            long misplacedLeft = 0;
            for (int b = 0; b < blocks; b++) {
                int end = Math.min(bound[b + 1], m);
                if (split[b] < end) {
                    rightAt[rights] = split[b];
                    rightLen[rights++] = end - split[b];
                    misplaced += end - split[b];
                }
                int start = Math.max(bound[b], m);
                if (start < split[b]) {
                    leftAt[lefts] = start;
                    leftLen[lefts++] = split[b] - start;
                    misplacedLeft += split[b] - start;
                }
            }
            assert misplaced == misplacedLeft : misplaced + " right-side elements left of the split, "
                    + misplacedLeft + " left-side ones right of it";
            if (misplaced == 0) {
                return m;
            }
            long total = misplaced;
            int chunks = (int) Math.max(1, Math.min(blocks, total / MIN_BLOCK));
            forEach(0, chunks, c -> swapRanks(total * c / chunks, total * (c + 1) / chunks,
                    rightAt, rightLen, leftAt, leftLen));
            return m;
        }

        /** Swaps the misplaced elements of ranks [from, to) of both segment lists. */
        void swapRanks(long from, long to, int[] rightAt, int[] rightLen, int[] leftAt, int[] leftLen) {
            int s = 0;
            long before = 0;
            while (before + rightLen[s] <= from) {
                before += rightLen[s++];
            }
            int sOff = (int) (from - before);
            int t = 0;
            before = 0;
            while (before + leftLen[t] <= from) {
                before += leftLen[t++];
            }
            int tOff = (int) (from - before);
            long left = to - from;
            while (left > 0) {
                int len = (int) Math.min(left, Math.min(rightLen[s] - sOff, leftLen[t] - tOff));
                k.swap(a, rightAt[s] + sOff, leftAt[t] + tOff, len);
                left -= len;
                sOff += len;
                tOff += len;
                if (sOff == rightLen[s] && left > 0) {
                    s++;
                    sOff = 0;
                }
                if (tOff == leftLen[t] && left > 0) {
                    t++;
                    tOff = 0;
                }
            }
        }
    }

    private interface IndexBody {
        void run(int i);
    }

    /** Runs body(i) for i in [from, to), forked in halves. */
    private static void forEach(int from, int to, IndexBody body) {
        if (to - from == 1) {
            body.run(from);
            return;
        }
        int mid = (from + to) >>> 1;
        Strand.join(() -> forEach(from, mid, body), () -> forEach(mid, to, body));
    }

    // ------------------------------------------------------------------ kernels
    //
    // The partitions are branchless Lomuto: every element is swapped with the first one not yet
    // known to belong left, and the boundary advances by the comparison's outcome (0 or 1). Each
    // step is two loads and two stores whatever the data, about 1.7 ns per long here, where a
    // Hoare partition mispredicts half of its branches on random input.

    static final Kernel LONG = new Kernel() {
        @Override
        void sortRange(Object a, int lo, int hi) {
            Arrays.sort((long[]) a, lo, hi);
        }

        @Override
        int partition(Object arr, int lo, int hi, Object keys, int k, boolean orEqual) {
            long[] a = (long[]) arr;
            long p = ((long[]) keys)[k];
            int lt = lo;
            if (orEqual) {
                for (int i = lo; i < hi; i++) {
                    long x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x <= p ? 1 : 0;
                }
            } else {
                for (int i = lo; i < hi; i++) {
                    long x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x < p ? 1 : 0;
                }
            }
            return lt;
        }

        @Override
        void swap(Object arr, int i, int j, int len) {
            long[] a = (long[]) arr;
            for (int t = 0; t < len; t++) {
                long x = a[i + t];
                a[i + t] = a[j + t];
                a[j + t] = x;
            }
        }

        @Override
        Object sample(Object arr, int n, int count, SplittableRandom r) {
            long[] a = (long[]) arr;
            long[] s = new long[count];
            for (int i = 0; i + SAMPLE_RUN <= count; i += SAMPLE_RUN) {
                System.arraycopy(a, r.nextInt(n - SAMPLE_RUN + 1), s, i, SAMPLE_RUN);
            }
            Arrays.sort(s);
            return s;
        }

        @Override
        Object splitters(Object sample, int pieces, int over) {
            long[] s = (long[]) sample;
            long[] t = new long[pieces - 1];
            for (int i = 0; i < t.length; i++) {
                t[i] = s[(i + 1) * over];
            }
            return t;
        }

        @Override
        boolean same(Object keys, int i, int j) {
            long[] t = (long[]) keys;
            return t[i] == t[j];
        }

        @Override
        boolean partitioned(Object arr, int lo, int m, int hi, Object keys, int k, boolean orEqual) {
            long[] a = (long[]) arr;
            long p = ((long[]) keys)[k];
            for (int i = lo; i < hi; i++) {
                if ((orEqual ? a[i] <= p : a[i] < p) != (i < m)) {
                    return false;
                }
            }
            return true;
        }
    };

    static final Kernel INT = new Kernel() {
        @Override
        void sortRange(Object a, int lo, int hi) {
            Arrays.sort((int[]) a, lo, hi);
        }

        // One: a level of partitioning costs ints more than it saves their 16-lane sort.
        @Override
        int piecesPerWorker() {
            return 1;
        }

        @Override
        int partition(Object arr, int lo, int hi, Object keys, int k, boolean orEqual) {
            int[] a = (int[]) arr;
            int p = ((int[]) keys)[k];
            int lt = lo;
            if (orEqual) {
                for (int i = lo; i < hi; i++) {
                    int x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x <= p ? 1 : 0;
                }
            } else {
                for (int i = lo; i < hi; i++) {
                    int x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x < p ? 1 : 0;
                }
            }
            return lt;
        }

        @Override
        void swap(Object arr, int i, int j, int len) {
            int[] a = (int[]) arr;
            for (int t = 0; t < len; t++) {
                int x = a[i + t];
                a[i + t] = a[j + t];
                a[j + t] = x;
            }
        }

        @Override
        Object sample(Object arr, int n, int count, SplittableRandom r) {
            int[] a = (int[]) arr;
            int[] s = new int[count];
            for (int i = 0; i + SAMPLE_RUN <= count; i += SAMPLE_RUN) {
                System.arraycopy(a, r.nextInt(n - SAMPLE_RUN + 1), s, i, SAMPLE_RUN);
            }
            Arrays.sort(s);
            return s;
        }

        @Override
        Object splitters(Object sample, int pieces, int over) {
            int[] s = (int[]) sample;
            int[] t = new int[pieces - 1];
            for (int i = 0; i < t.length; i++) {
                t[i] = s[(i + 1) * over];
            }
            return t;
        }

        @Override
        boolean same(Object keys, int i, int j) {
            int[] t = (int[]) keys;
            return t[i] == t[j];
        }

        @Override
        boolean partitioned(Object arr, int lo, int m, int hi, Object keys, int k, boolean orEqual) {
            int[] a = (int[]) arr;
            int p = ((int[]) keys)[k];
            for (int i = lo; i < hi; i++) {
                if ((orEqual ? a[i] <= p : a[i] < p) != (i < m)) {
                    return false;
                }
            }
            return true;
        }
    };

    /** The total order of {@link Double#compare} as a signed long: negatives' magnitude bits flipped. */
    static long key(double x) {
        long b = Double.doubleToLongBits(x);         // one NaN, above +Infinity
        return b ^ ((b >> 63) & Long.MAX_VALUE);
    }

    static final Kernel DOUBLE = new Kernel() {
        @Override
        void sortRange(Object a, int lo, int hi) {
            Arrays.sort((double[]) a, lo, hi);
        }

        @Override
        int partition(Object arr, int lo, int hi, Object keys, int k, boolean orEqual) {
            double[] a = (double[]) arr;
            double p = ((double[]) keys)[k];
            int lt = lo;
            if (Double.isNaN(p) || p == 0.0) {
                // NaN or a zero: x < p and x <= p disagree with Double.compare; compare keys.
                long pk = key(p);
                for (int i = lo; i < hi; i++) {
                    double x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    long xk = key(x);
                    lt += (orEqual ? xk <= pk : xk < pk) ? 1 : 0;
                }
            } else if (orEqual) {
                // p is neither NaN nor zero: x <= p is Double.compare(x, p) <= 0 (false for NaN).
                for (int i = lo; i < hi; i++) {
                    double x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x <= p ? 1 : 0;
                }
            } else {
                for (int i = lo; i < hi; i++) {
                    double x = a[i];
                    a[i] = a[lt];
                    a[lt] = x;
                    lt += x < p ? 1 : 0;
                }
            }
            return lt;
        }

        @Override
        void swap(Object arr, int i, int j, int len) {
            double[] a = (double[]) arr;
            for (int t = 0; t < len; t++) {
                double x = a[i + t];
                a[i + t] = a[j + t];
                a[j + t] = x;
            }
        }

        @Override
        Object sample(Object arr, int n, int count, SplittableRandom r) {
            double[] a = (double[]) arr;
            double[] s = new double[count];
            for (int i = 0; i + SAMPLE_RUN <= count; i += SAMPLE_RUN) {
                System.arraycopy(a, r.nextInt(n - SAMPLE_RUN + 1), s, i, SAMPLE_RUN);
            }
            Arrays.sort(s);
            return s;
        }

        @Override
        Object splitters(Object sample, int pieces, int over) {
            double[] s = (double[]) sample;
            double[] t = new double[pieces - 1];
            for (int i = 0; i < t.length; i++) {
                t[i] = s[(i + 1) * over];
            }
            return t;
        }

        @Override
        boolean same(Object keys, int i, int j) {
            double[] t = (double[]) keys;
            return Double.compare(t[i], t[j]) == 0;
        }

        @Override
        boolean partitioned(Object arr, int lo, int m, int hi, Object keys, int k, boolean orEqual) {
            double[] a = (double[]) arr;
            double p = ((double[]) keys)[k];
            for (int i = lo; i < hi; i++) {
                int c = Double.compare(a[i], p);
                if ((orEqual ? c <= 0 : c < 0) != (i < m)) {
                    return false;
                }
            }
            return true;
        }
    };
}
