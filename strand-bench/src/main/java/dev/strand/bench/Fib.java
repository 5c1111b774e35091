package dev.strand.bench;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.Task;
import java.util.concurrent.RecursiveTask;

/**
 * The Fibonacci kernels, one per implementation, all the same algorithm: fork {@code fib(n-1)},
 * compute {@code fib(n-2)} in the caller, then join (the {@link RecursiveTask} idiom of the JDK
 * documentation). Plus the known results and call counts the benchmarks check and report against.
 */
final class Fib {
    private Fib() { }

    /** Largest n whose result fits in an int. */
    static final int MAX_N = 46;

    // ---------------------------------------------------------------- serial

    /** Plain recursion: the serial baseline (and the leaves below a cutoff). */
    static int serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }

    // ---------------------------------------------------------------- Strand, lambdas

    /** Forks at every level with {@link Strand#fork}. */
    static int strand(int n) {
        if (n < 2) {
            return n;
        }
        Task<Integer> f1 = Strand.fork(() -> strand(n - 1));
        int f2 = strand(n - 2);
        return f2 + f1.join();
    }

    /** Rayon-style: {@code Strand.join(fib(n-1), fib(n-2))}, the second offered to thieves. */
    static int strandJoin(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = Strand.join(() -> strandJoin(n - 1), () -> strandJoin(n - 2));
        return r.first() + r.second();
    }

    /** Forks down to {@code cutoff}, serial below. */
    static int strandCutoff(int n, int cutoff) {
        if (n <= cutoff || n < 2) {
            return serial(n);
        }
        Task<Integer> f1 = Strand.fork(() -> strandCutoff(n - 1, cutoff));
        int f2 = strandCutoff(n - 2, cutoff);
        return f2 + f1.join();
    }

    // ---------------------------------------------------------------- Strand, Task subclass

    /** Forks at every level; a {@link Task} subclass written exactly like {@link FjpFib}. */
    static final class StrandFib extends Task<Integer> {
        final int n;

        StrandFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 1) {
                return n;
            }
            StrandFib f1 = new StrandFib(n - 1);
            f1.fork();
            StrandFib f2 = new StrandFib(n - 2);
            return f2.compute() + f1.join();
        }
    }

    // ---------------------------------------------------------------- ForkJoinPool

    /** Forks at every level: the {@code Fibonacci} example of the {@link RecursiveTask} javadoc. */
    static final class FjpFib extends RecursiveTask<Integer> {
        final int n;

        FjpFib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 1) {
                return n;
            }
            FjpFib f1 = new FjpFib(n - 1);
            f1.fork();
            FjpFib f2 = new FjpFib(n - 2);
            return f2.compute() + f1.join();
        }
    }

    /** Forks down to {@code cutoff}, serial below. */
    static final class FjpFibCutoff extends RecursiveTask<Integer> {
        final int n;
        final int cutoff;

        FjpFibCutoff(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Integer compute() {
            if (n <= cutoff || n < 2) {
                return serial(n);
            }
            FjpFibCutoff f1 = new FjpFibCutoff(n - 1, cutoff);
            f1.fork();
            FjpFibCutoff f2 = new FjpFibCutoff(n - 2, cutoff);
            return f2.compute() + f1.join();
        }
    }

    // ---------------------------------------------------------------- expectations

    /** @return F(n), computed iteratively (F(0) = 0, F(1) = 1) */
    static long expected(int n) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < n; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return a;
    }

    /**
     * Calls of the every-level recursion for {@code fib(n)}: {@code 2*F(n+1) - 1}. Every call is
     * one task in the sense of "unit of scheduled work": {@code F(n+1) - 1} of them are forked,
     * the others run inline in their parent ({@code f2.compute()}) or are leaves.
     *
     * @param n argument
     * @return number of calls
     */
    static long calls(int n) {
        return 2 * expected(n + 1) - 1;
    }

    /**
     * Calls of the parallel part of the cutoff recursion: a call with {@code k <= cutoff} (or
     * {@code k < 2}) is a leaf that runs {@link #serial} and counts once; any other call counts once
     * plus its two children.
     *
     * @param n      argument
     * @param cutoff serial cutoff
     * @return number of parallel-level calls (leaves included)
     */
    static long cutoffCalls(int n, int cutoff) {
        int leaf = Math.max(cutoff, 1);
        if (n <= leaf) {
            return 1;
        }
        // T(k) = 1 for k <= leaf, else 1 + T(k-1) + T(k-2)
        long prev2 = 1; // T(leaf - 1)
        long prev1 = 1; // T(leaf)
        for (int k = leaf + 1; k <= n; k++) {
            long t = 1 + prev1 + prev2;
            prev2 = prev1;
            prev1 = t;
        }
        return prev1;
    }

    /** @throws IllegalArgumentException if {@code fib(n)} does not fit an int */
    static void checkN(int n) {
        if (n < 0 || n > MAX_N) {
            throw new IllegalArgumentException("n must be in [0, " + MAX_N + "], got " + n);
        }
    }

    /** @throws IllegalStateException if {@code got != F(n)} */
    static void check(String impl, int n, int got, int want) {
        if (got != want) {
            throw new IllegalStateException(impl + ": fib(" + n + ") returned " + got + ", expected "
                    + want);
        }
    }
}
