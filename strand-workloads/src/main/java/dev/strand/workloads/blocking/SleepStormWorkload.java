package dev.strand.workloads.blocking;

import dev.strand.Strand;
import dev.strand.Task;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A storm of waits: many tasks at once, each of which only sleeps (a stand-in for a remote call)
 * inside {@link Strand#blocking} or {@link ForkJoinPool#managedBlock}. Nothing computes, so the
 * run takes as long as the waits take in waves: one wave if the runtime gives every sleeping task
 * a thread, more if it cannot start threads as fast as tasks block. The tasks are forked by one
 * task and joined by it, or submitted from outside the pool. No serial variant: it would sleep
 * {@code tasks} times in a row.
 */
public final class SleepStormWorkload extends Workload {
    private final int tasks;
    private final long sleepNanos;
    private final boolean outside;
    private final Waits waits = new Waits();

    SleepStormWorkload(int tasks, long sleepMicros, boolean outside) {
        this.tasks = tasks;
        this.sleepNanos = sleepMicros * 1_000L;
        this.outside = outside;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("sleep-storm", "tasks that only sleep, all at once, inside Strand.blocking / "
                + "ForkJoinPool.managedBlock: how fast a runtime gives each a thread",
                List.of(new Kernel.Param("tasks", "sleeping tasks per run", "50", "200", "400"),
                        new Kernel.Param("sleep", "each task's sleep, in microseconds", "20000", "50000", "50000"),
                        new Kernel.Param("outside", "1: submitted from outside the pool; 0: forked by one task",
                                "0", "0", "0")),
                p -> new SleepStormWorkload(p.getInt("tasks", 1, 100_000), p.getLong("sleep", 0, 10_000_000),
                        p.getInt("outside", 0, 1) == 1));
    }

    @Override
    public String name() {
        return "sleep-storm";
    }

    @Override
    public String params() {
        return "tasks=" + tasks + " sleep=" + sleepNanos / 1000 + "us outside=" + (outside ? 1 : 0);
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.STRAND, Variant.FJP);
    }

    @Override
    public void prepare(Variant v) {
        waits.reset();
    }

    @Override
    public Object run(Variant v) throws Exception {
        return switch (v) {
            case STRAND -> outside ? strandOutside() : pools.strand().invoke(this::strandForked);
            case FJP -> outside ? fjpOutside() : pools.fjp().invoke(new Root());
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        long want = (long) tasks * (tasks - 1) / 2;
        if (!(result instanceof Long r) || r != want) {
            throw new WrongResultException(name() + " " + v.label() + ": sum " + result + ", want " + want);
        }
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        return switch (v) {
            case STRAND, FJP -> Map.of("peakBlocked", (double) waits.peak(),
                    "peakThreads", (double) Waits.poolThreads(pools, v));
            default -> Map.of();
        };
    }

    private long sleepBlocking(int i) {
        Strand.blocking(() -> {
            waits.sleep(sleepNanos);
            return null;
        });
        return i;
    }

    private long strandForked() {
        List<Task<Long>> ts = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            int k = i;
            ts.add(Strand.fork(() -> sleepBlocking(k)));
        }
        long sum = 0;
        for (int i = ts.size() - 1; i >= 0; i--) {
            sum += ts.get(i).join();
        }
        return sum;
    }

    private long strandOutside() throws Exception {
        List<Task<Long>> ts = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            int k = i;
            ts.add(pools.strand().submit(() -> sleepBlocking(k)));
        }
        long sum = 0;
        for (Task<Long> t : ts) {
            sum += t.get();
        }
        return sum;
    }

    private long fjpOutside() throws Exception {
        List<Future<Long>> fs = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            fs.add(pools.fjp().submit(new Sleeper(i)));
        }
        long sum = 0;
        for (Future<Long> f : fs) {
            sum += f.get();
        }
        return sum;
    }

    /** ForkJoinPool's root: forks every sleeper, joins them newest first, as the Strand root does. */
    private final class Root extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Long compute() {
            List<ForkJoinTask<Long>> ts = new ArrayList<>(tasks);
            for (int i = 0; i < tasks; i++) {
                ts.add(new Sleeper(i).fork());
            }
            long sum = 0;
            for (int i = ts.size() - 1; i >= 0; i--) {
                sum += ts.get(i).join();
            }
            return sum;
        }
    }

    /** One sleeping task on ForkJoinPool: the sleep inside {@code managedBlock}. */
    private final class Sleeper extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int index;

        Sleeper(int index) {
            this.index = index;
        }

        @Override
        protected Long compute() {
            long end = System.nanoTime() + sleepNanos;
            try {
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    private boolean done;

                    @Override
                    public boolean block() {
                        waits.sleep(end - System.nanoTime());
                        done = true;
                        return true;
                    }

                    @Override
                    public boolean isReleasable() {
                        return done || System.nanoTime() >= end;
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while sleeping", e);
            }
            return (long) index;
        }
    }

    /**
     * The waits of one run: sleeps for a given time (parking until it has passed) and counts how
     * many tasks sleep at once.
     */
    static final class Waits {
        private final AtomicInteger now = new AtomicInteger();
        private final AtomicInteger peak = new AtomicInteger();

        void reset() {
            peak.set(0);
        }

        int peak() {
            return peak.get();
        }

        void sleep(long nanos) {
            peak.accumulateAndGet(now.incrementAndGet(), Math::max);
            try {
                long end = System.nanoTime() + nanos;
                for (long left = nanos; left > 0; left = end - System.nanoTime()) {
                    LockSupport.parkNanos(left);
                }
            } finally {
                now.decrementAndGet();
            }
        }

        /**
         * @return the threads alive in the pool of {@code v} (workers and spares, idle ones
         *     included): both runtimes keep a spare's thread for their keep-alive, longer than a
         *     run, so this is the most the pool held during the run, or since an earlier run
         */
        static int poolThreads(Pools pools, Variant v) {
            return switch (v) {
                case STRAND -> pools.strandThreads().size();
                case FJP -> (int) pools.fjpThreads().stream().filter(Thread::isAlive).count();
                default -> 0;
            };
        }
    }
}
