package dev.strand.workloads.fib;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.Task;
import java.util.concurrent.RecursiveTask;

/**
 * Fibonacci, the same algorithm in every version: fork {@code fib(n-1)}, compute {@code fib(n-2)}
 * in the caller, then join (the {@link RecursiveTask} example of the JDK documentation). Forking at
 * every level measures spawn overhead (the work per task is one add); with a cutoff, plain recursion
 * below it, it measures speed-up.
 */
public final class Fib {
    private Fib() { }

    /** Largest n whose result fits in an int. */
    public static final int MAX_N = 46;

    /** @return F(n) by plain recursion: the serial baseline and the leaves below a cutoff */
    public static int serial(int n) {
        return n < 2 ? n : serial(n - 1) + serial(n - 2);
    }

    /** @return F(n), forking at every level with {@link Strand#fork} (run inside a Strand pool) */
    public static int strand(int n) {
        if (n < 2) {
            return n;
        }
        Task<Integer> f1 = Strand.fork(() -> strand(n - 1));
        int f2 = strand(n - 2);
        return f2 + f1.join();
    }

    /**
     * @return F(n), Rayon-style: {@code Strand.join(fib(n-1), fib(n-2))}, the second half offered
     *     to thieves in a reused join frame (no task allocated)
     */
    public static int strandJoin(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = Strand.join(() -> strandJoin(n - 1), () -> strandJoin(n - 2));
        return r.first() + r.second();
    }

    /**
     * @return F(n) with the allocation-free {@link Strand#joinLong} at every level: static method
     *     references and small boxed arguments, so no call allocates
     */
    public static long strandJoinLong(int n) {
        if (n < 2) {
            return n;
        }
        return Strand.joinLong(Fib::strandJoinLong, n - 1, Fib::strandJoinLong, n - 2, Long::sum);
    }

    /**
     * @return F(n) recursing plainly while {@link Strand#wantsSplit} says a split would feed nobody,
     *     and with {@link Strand#joinLong} where it would
     */
    public static long strandPolled(int n) {
        if (n < 2) {
            return n;
        }
        if (Strand.wantsSplit()) {
            return Strand.joinLong(Fib::strandPolled, n - 1, Fib::strandPolled, n - 2, Long::sum);
        }
        return strandPolled(n - 1) + strandPolled(n - 2);
    }

    /** @return F(n) with {@link Strand#join} down to {@code cutoff}, serial below */
    public static int strandJoinCutoff(int n, int cutoff) {
        if (n <= cutoff || n < 2) {
            return serial(n);
        }
        Joined<Integer, Integer> r = Strand.join(() -> strandJoinCutoff(n - 1, cutoff),
                () -> strandJoinCutoff(n - 2, cutoff));
        return r.first() + r.second();
    }

    /** @return F(n), forking down to {@code cutoff} with {@link Strand#fork}, serial below */
    public static int strandCutoff(int n, int cutoff) {
        if (n <= cutoff || n < 2) {
            return serial(n);
        }
        Task<Integer> f1 = Strand.fork(() -> strandCutoff(n - 1, cutoff));
        int f2 = strandCutoff(n - 2, cutoff);
        return f2 + f1.join();
    }

    /** Forks at every level; a {@link Task} subclass written exactly like {@link FjpFib}. */
    public static final class StrandFib extends Task<Integer> {
        final int n;

        /** @param n argument */
        public StrandFib(int n) {
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

    /** Forks down to {@code cutoff}, serial below; a {@link Task} subclass written like {@link FjpFibCutoff}. */
    public static final class StrandFibCutoff extends Task<Integer> {
        final int n;
        final int cutoff;

        /**
         * @param n argument
         * @param cutoff serial below (or at) this n
         */
        public StrandFibCutoff(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Integer compute() {
            if (n <= cutoff || n < 2) {
                return serial(n);
            }
            StrandFibCutoff f1 = new StrandFibCutoff(n - 1, cutoff);
            f1.fork();
            StrandFibCutoff f2 = new StrandFibCutoff(n - 2, cutoff);
            return f2.compute() + f1.join();
        }
    }

    /** Forks at every level: the {@code Fibonacci} example of the {@link RecursiveTask} javadoc. */
    public static final class FjpFib extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        final int n;

        /** @param n argument */
        public FjpFib(int n) {
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
    public static final class FjpFibCutoff extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        final int n;
        final int cutoff;

        /**
         * @param n argument
         * @param cutoff serial below (or at) this n
         */
        public FjpFibCutoff(int n, int cutoff) {
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

    /** @return F(n), computed iteratively (F(0) = 0, F(1) = 1) */
    public static long expected(int n) {
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
     * @return calls of the every-level recursion for {@code fib(n)}: {@code 2*F(n+1) - 1}, of which
     *     {@code F(n+1) - 1} are forks
     */
    public static long calls(int n) {
        return 2 * expected(n + 1) - 1;
    }

    /**
     * @return calls of the parallel part of the cutoff recursion, leaves at the cutoff included
     */
    public static long cutoffCalls(int n, int cutoff) {
        int leaf = Math.max(cutoff, 1);
        if (n <= leaf) {
            return 1;
        }
        long prev2 = 1;
        long prev1 = 1;
        for (int k = leaf + 1; k <= n; k++) {
            long t = 1 + prev1 + prev2;
            prev2 = prev1;
            prev1 = t;
        }
        return prev1;
    }

    /** @throws IllegalArgumentException if {@code fib(n)} does not fit an int */
    public static void checkN(int n) {
        if (n < 0 || n > MAX_N) {
            throw new IllegalArgumentException("n must be in [0, " + MAX_N + "], got " + n);
        }
    }

    /** @throws IllegalStateException if {@code got != want} (= F(n)) */
    public static void check(String impl, int n, int got, int want) {
        if (got != want) {
            throw new IllegalStateException(impl + ": fib(" + n + ") returned " + got + ", expected "
                    + want);
        }
    }
}
