package dev.strand.cli;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.Task;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Small fork-join programs written against the Strand API. Each must run inside a pool (start it
 * with {@code pool.invoke(() -> ...)}).
 */
public final class Workloads {
    private Workloads() { }

    /**
     * Fork-join sum of {@code a[lo, hi)}: split in halves run with {@link Strand#join}, and sum
     * ranges of at most {@code grain} serially.
     *
     * @param leaves incremented once per serial leaf
     */
    public static long parSum(int[] a, int lo, int hi, int grain, LongAdder leaves) {
        if (hi - lo <= grain) {
            leaves.increment();
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }
        int mid = (lo + hi) >>> 1;
        Joined<Long, Long> r = Strand.join(() -> parSum(a, lo, mid, grain, leaves),
                () -> parSum(a, mid, hi, grain, leaves));
        return r.first() + r.second();
    }

    /**
     * Fork-join merge sort of {@code a[lo, hi)}: sort the halves in parallel, merge serially
     * through {@code tmp} (same length as {@code a}); ranges of at most {@code grain} go to
     * {@link Arrays#sort(int[], int, int)}.
     */
    public static void parMergeSort(int[] a, int[] tmp, int lo, int hi, int grain) {
        if (hi - lo <= grain) {
            Arrays.sort(a, lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        Strand.join(() -> {
            parMergeSort(a, tmp, lo, mid, grain);
            return null;
        }, () -> {
            parMergeSort(a, tmp, mid, hi, grain);
            return null;
        });
        merge(a, tmp, lo, mid, hi);
    }

    private static void merge(int[] a, int[] tmp, int lo, int mid, int hi) {
        if (a[mid - 1] <= a[mid]) {
            return;                               // already in order
        }
        System.arraycopy(a, lo, tmp, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            a[k++] = tmp[j] < tmp[i] ? tmp[j++] : tmp[i++];
        }
        while (i < mid) {
            a[k++] = tmp[i++];
        }
        while (j < hi) {
            a[k++] = tmp[j++];
        }
    }

    /**
     * A balanced binary task tree: this node forks both children as tasks and joins them.
     *
     * @return the number of nodes in the tree, {@code 2^(depth+1) - 1}
     */
    public static long tree(int depth) {
        if (depth == 0) {
            return 1;
        }
        Task<Long> left = Strand.fork(() -> tree(depth - 1));
        Task<Long> right = Strand.fork(() -> tree(depth - 1));
        long r = right.join();                    // LIFO: the child pushed last first
        return 1 + left.join() + r;
    }

    /** Fibonacci forking at every level (no grain): a stress test of spawn and join. */
    public static long fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Long> a = Strand.fork(() -> fib(n - 1));
        long b = fib(n - 2);
        return a.join() + b;
    }

    /** @return whether {@code a} is in non-decreasing order */
    public static boolean isSorted(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }
}
