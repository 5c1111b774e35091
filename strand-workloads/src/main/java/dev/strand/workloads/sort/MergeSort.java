package dev.strand.workloads.sort;

import dev.strand.workloads.Forker;
import java.util.Arrays;

/**
 * Parallel merge sort of {@code long[]} (Cilk's cilksort structure): sort both halves in parallel,
 * then merge them with a parallel divide-and-conquer merge (split the longer run at its middle,
 * binary-search that value in the other run, merge the two sides in parallel). The buffers
 * alternate between the array and a scratch array of the same length, so nothing is copied back.
 * Ranges of at most {@code grain} elements go to {@link Arrays#sort(long[], int, int)}.
 */
public final class MergeSort {
    private MergeSort() { }

    /** Default leaf size of the sort. */
    public static final int SORT_GRAIN = 1 << 13;
    /** Leaf size of the merge. */
    public static final int MERGE_GRAIN = 1 << 13;

    /**
     * Sorts {@code a} with {@code f} (serial, Strand or ForkJoinPool; call inside the matching pool).
     *
     * @param a     the array
     * @param f     the forker
     * @param grain leaf size, {@code >= 1}
     */
    public static void sort(long[] a, Forker f, int grain) {
        long[] tmp = new long[a.length];
        sort(a, tmp, 0, a.length, false, f, Math.max(1, grain));
    }

    /** Sorts a[lo, hi), leaving the result in tmp if {@code toTmp}, else in a. */
    static void sort(long[] a, long[] tmp, int lo, int hi, boolean toTmp, Forker f, int grain) {
        if (hi - lo <= grain) {
            Arrays.sort(a, lo, hi);
            if (toTmp) {
                System.arraycopy(a, lo, tmp, lo, hi - lo);
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        f.both(() -> sort(a, tmp, lo, mid, !toTmp, f, grain),
                () -> sort(a, tmp, mid, hi, !toTmp, f, grain));
        long[] src = toTmp ? a : tmp;
        long[] dst = toTmp ? tmp : a;
        merge(src, lo, mid, mid, hi, dst, lo, f);
    }

    /** Merges src[lo1, hi1) and src[lo2, hi2) (both sorted) into dst from {@code at}. */
    static void merge(long[] src, int lo1, int hi1, int lo2, int hi2, long[] dst, int at, Forker f) {
        int n1 = hi1 - lo1;
        int n2 = hi2 - lo2;
        if (n1 < n2) {
            int t = lo1;
            lo1 = lo2;
            lo2 = t;
            t = hi1;
            hi1 = hi2;
            hi2 = t;
            t = n1;
            n1 = n2;
            n2 = t;
        }
        if (n1 == 0) {
            return;
        }
        if (n1 + n2 <= MERGE_GRAIN) {
            serialMerge(src, lo1, hi1, lo2, hi2, dst, at);
            return;
        }
        int m1 = (lo1 + hi1) >>> 1;
        int m2 = lowerBound(src, lo2, hi2, src[m1]);
        int out = at + (m1 - lo1) + (m2 - lo2);
        dst[out] = src[m1];
        final int a1 = lo1;
        final int b1 = hi1;
        final int a2 = lo2;
        final int b2 = hi2;
        f.both(() -> merge(src, a1, m1, a2, m2, dst, at, f),
                () -> merge(src, m1 + 1, b1, m2, b2, dst, out + 1, f));
    }

    static void serialMerge(long[] src, int i, int hi1, int j, int hi2, long[] dst, int k) {
        while (i < hi1 && j < hi2) {
            long x = src[i];
            long y = src[j];
            if (y < x) {
                dst[k++] = y;
                j++;
            } else {
                dst[k++] = x;
                i++;
            }
        }
        if (i < hi1) {
            System.arraycopy(src, i, dst, k, hi1 - i);
        } else if (j < hi2) {
            System.arraycopy(src, j, dst, k, hi2 - j);
        }
    }

    /** @return the first index in [lo, hi) whose value is {@code >= x}, or hi */
    static int lowerBound(long[] a, int lo, int hi, long x) {
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (a[m] < x) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }
}
