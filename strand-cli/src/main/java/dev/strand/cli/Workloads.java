package dev.strand.cli;

import dev.strand.Strand;
import dev.strand.Task;

/**
 * Small fork-join programs written against the Strand API. Each must run inside a pool (start it
 * with {@code pool.invoke(() -> ...)}).
 */
public final class Workloads {
    private Workloads() { }

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
