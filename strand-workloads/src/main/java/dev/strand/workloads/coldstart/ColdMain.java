package dev.strand.workloads.coldstart;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The program a {@code coldstart} run launches in a fresh JVM, written as a user would write it:
 * {@code main} makes a pool of {@code p}, computes, prints {@code result <value> <nanos in main>}
 * and closes the pool.
 *
 * <p>Arguments: {@code serial|strand|fjp first|second p}. {@code first}: one small fork-join task,
 * fib(20) forking down to fib(15) (21 tasks). {@code second}: a job of about a second, fib(36)
 * forking down to fib(18), ten times.
 */
public final class ColdMain {
    private ColdMain() { }

    /** fib(n) by the definition, serially. */
    static long fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    /** Strand: {@code Strand.join} of the two calls above the cutoff. */
    static long strandFib(int n, int cutoff) {
        if (n <= cutoff) {
            return fib(n);
        }
        Joined<Long, Long> r = Strand.join(() -> strandFib(n - 1, cutoff), () -> strandFib(n - 2, cutoff));
        return r.first() + r.second();
    }

    /**
     * Strand written as ForkJoinPool's {@code RecursiveTask} is: a {@link Task} subclass that forks
     * one half and computes the other (no lambdas, so the program spins no lambda classes).
     */
    static final class StrandTaskFib extends Task<Long> {
        final int n;
        final int cutoff;

        StrandTaskFib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Long compute() {
            if (n <= cutoff) {
                return fib(n);
            }
            StrandTaskFib a = new StrandTaskFib(n - 1, cutoff);
            a.fork();
            long b = new StrandTaskFib(n - 2, cutoff).compute();
            return a.join() + b;
        }
    }

    /** ForkJoinPool: the {@code RecursiveTask} of its documentation. */
    static final class FjpFib extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        final int n;
        final int cutoff;

        FjpFib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Long compute() {
            if (n <= cutoff) {
                return fib(n);
            }
            FjpFib a = new FjpFib(n - 1, cutoff);
            a.fork();
            long b = new FjpFib(n - 2, cutoff).compute();
            return a.join() + b;
        }
    }

    /**
     * @param args variant, job, parallelism
     */
    public static void main(String[] args) {
        long start = System.nanoTime();
        String variant = args[0];
        boolean second = args[1].equals("second");
        int p = Integer.parseInt(args[2]);
        boolean taskForm = args.length > 3 && args[3].equals("task");
        int n = second ? 36 : 20;
        int cutoff = second ? 18 : 15;
        int times = second ? 10 : 1;
        long result = 0;
        switch (variant) {
            case "serial" -> {
                for (int i = 0; i < times; i++) {
                    result = fib(n);
                }
            }
            case "strand" -> {
                try (StrandPool pool = new StrandPool(p)) {
                    for (int i = 0; i < times; i++) {
                        result = taskForm ? pool.invoke(new StrandTaskFib(n, cutoff))
                                : pool.invoke(() -> strandFib(n, cutoff));
                    }
                    print(result, start);
                    return;
                }
            }
            case "fjp" -> {
                ForkJoinPool pool = new ForkJoinPool(p);
                try {
                    for (int i = 0; i < times; i++) {
                        result = pool.invoke(new FjpFib(n, cutoff));
                    }
                    print(result, start);
                    return;
                } finally {
                    pool.shutdown();
                }
            }
            default -> throw new IllegalArgumentException("unknown variant " + variant);
        }
        print(result, start);
    }

    private static void print(long result, long start) {
        System.out.println("result " + result + " " + (System.nanoTime() - start));
        System.out.flush();
    }
}
