package dev.strand.cli;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.Arrays;

/**
 * The demo's counter-example: a merge sort whose halves are sorted in parallel but whose merge is
 * one serial loop, written as a user would with {@link Strand#join}. Its top merge alone takes
 * Θ(n), so its span is Θ(n) and its parallelism only Θ(log n) (Cormen, Leiserson, Rivest and
 * Stein, ch. 27); {@code Parallel.mergeSort} merges in parallel instead.
 */
final class SerialMergeSort {
    private SerialMergeSort() { }

    /** Sorts {@code a} in {@code pool}, with leaves of at most {@code leafSize} elements. */
    static void sort(StrandPool pool, int[] a, int leafSize) {
        if (leafSize < 1) {
            throw new IllegalArgumentException("leafSize must be >= 1, got " + leafSize);
        }
        int[] buffer = new int[a.length];
        pool.invoke(() -> sort(a, buffer, 0, a.length, leafSize));
    }

    /** Sorts {@code a[lo, hi)}, using {@code b[lo, hi)} as scratch space. */
    private static void sort(int[] a, int[] b, int lo, int hi, int leafSize) {
        if (hi - lo <= leafSize) {
            Arrays.sort(a, lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        Strand.join(() -> sort(a, b, lo, mid, leafSize), () -> sort(a, b, mid, hi, leafSize));
        System.arraycopy(a, lo, b, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            a[k++] = b[j] < b[i] ? b[j++] : b[i++];
        }
        while (i < mid) {
            a[k++] = b[i++];
        }
        while (j < hi) {
            a[k++] = b[j++];
        }
    }
}
