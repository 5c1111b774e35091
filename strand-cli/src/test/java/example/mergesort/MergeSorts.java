package example.mergesort;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.profile.Profiler;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Merge sort two ways, after Cormen, Leiserson, Rivest and Stein, Introduction to Algorithms,
 * ch. 27 "Multithreaded algorithms": both sort the halves in parallel; one merges them with a
 * serial loop (span Theta(n), parallelism Theta(log n)), the other with the parallel merge P-MERGE
 * (span Theta(log^3 n), parallelism Theta(n / log^2 n)). Each runs in its own pool, so that each
 * gets its own profile. Run: {@code strand profile --class-path CP --main example.mergesort.MergeSorts -- N}.
 */
public final class MergeSorts {
    private MergeSorts() { }

    /** Below this many elements: Arrays.sort. */
    static final int SORT_CUTOFF = 4096;
    /** Below this many elements: a serial merge (in P-MERGE). */
    static final int MERGE_CUTOFF = 4096;

    /**
     * Sorts a[lo, hi); the result is in {@code b} if {@code intoB}, else in {@code a}. The halves
     * are sorted into the other array, then merged into this one: no copying back.
     */
    static void sort(long[] a, long[] b, int lo, int hi, boolean intoB, boolean parallelMerge) {
        if (hi - lo <= SORT_CUTOFF) {
            Arrays.sort(a, lo, hi);
            if (intoB) {
                System.arraycopy(a, lo, b, lo, hi - lo);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        Strand.join(() -> sort(a, b, lo, mid, !intoB, parallelMerge),
                () -> sort(a, b, mid, hi, !intoB, parallelMerge));
        long[] src = intoB ? a : b;
        long[] dst = intoB ? b : a;
        if (parallelMerge) {
            parallelMerge(src, lo, mid, mid, hi, dst, lo);
        } else {
            serialMerge(src, lo, mid, mid, hi, dst, lo);
        }
    }

    /** Merges t[p1, r1) and t[p2, r2) into a from p3 on, one element at a time. */
    static void serialMerge(long[] t, int p1, int r1, int p2, int r2, long[] a, int p3) {
        int i = p1;
        int j = p2;
        int k = p3;
        while (i < r1 && j < r2) {
            a[k++] = t[i] <= t[j] ? t[i++] : t[j++];
        }
        while (i < r1) {
            a[k++] = t[i++];
        }
        while (j < r2) {
            a[k++] = t[j++];
        }
    }

    /**
     * P-MERGE: the middle element x of the longer run splits the shorter one by binary search;
     * x goes to its place and the two sides merge in parallel.
     */
    static void parallelMerge(long[] t, int p1, int r1, int p2, int r2, long[] a, int p3) {
        if (r1 - p1 < r2 - p2) {
            parallelMerge(t, p2, r2, p1, r1, a, p3);
            return;
        }
        if ((r1 - p1) + (r2 - p2) <= MERGE_CUTOFF) {
            serialMerge(t, p1, r1, p2, r2, a, p3);
            return;
        }
        int q1 = (p1 + r1) >>> 1;
        int q2 = lowerBound(t, p2, r2, t[q1]);
        int q3 = p3 + (q1 - p1) + (q2 - p2);
        a[q3] = t[q1];
        Strand.join(() -> parallelMerge(t, p1, q1, p2, q2, a, p3),
                () -> parallelMerge(t, q1 + 1, r1, q2, r2, a, q3 + 1));
    }

    /** @return the first index in t[lo, hi) whose element is not less than x */
    static int lowerBound(long[] t, int lo, int hi, long x) {
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (t[m] < x) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4_000_000;
        long[] input = new SplittableRandom(42).longs(n).toArray();
        long[] want = input.clone();
        Arrays.sort(want);
        // A first pool runs both sorts a few times, so that the JIT has compiled them before the
        // pools that are measured: code still interpreted would inflate whatever path it is on.
        try (StrandPool warmUp = StrandPool.builder().name("warm-up").build()) {
            for (int i = 0; i < 3; i++) {
                for (boolean parallel : new boolean[] {false, true}) {
                    warmUp.invoke(() -> sort(input.clone(), new long[n], 0, n, false, parallel));
                }
            }
        }
        for (boolean parallel : new boolean[] {false, true}) {
            String name = parallel ? "parallel-merge" : "serial-merge";
            try (StrandPool pool = StrandPool.builder().name(name).build()) {
                long[] a = input.clone();
                long[] b = new long[n];
                Profiler.region(name, () -> pool.invoke(() -> sort(a, b, 0, n, false, parallel)));
                System.out.println(name + ": sorted " + n + " longs: " + Arrays.equals(a, want));
            }
        }
    }
}
