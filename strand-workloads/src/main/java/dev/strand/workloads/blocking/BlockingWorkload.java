package dev.strand.workloads.blocking;

import dev.strand.Strand;
import dev.strand.Task;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * A fork-join tree whose leaves compute a little and then wait a fixed time (a stand-in for a
 * remote call or a lock): how much a runtime loses to blocked workers. With compensation, Strand
 * wraps the wait in {@link Strand#blocking} and ForkJoinPool in {@link ForkJoinPool#managedBlock},
 * and both start spare threads; without it, the waits hold the workers. The extras count the
 * threads each runtime started beyond its parallelism during the run, the most leaves waiting at
 * once, and the threads the pool holds after the run.
 */
public final class BlockingWorkload extends Workload {
    private final int leaves;
    private final long waitNanos;
    private final long workNanos;
    private final boolean compensate;
    private long sparesBefore;
    private int fjpThreadsBefore;
    private final SleepStormWorkload.Waits waits = new SleepStormWorkload.Waits();

    BlockingWorkload(int leaves, long waitMicros, long workMicros, boolean compensate) {
        this.leaves = leaves;
        this.waitNanos = waitMicros * 1_000L;
        this.workNanos = workMicros * 1_000L;
        this.compensate = compensate;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("blocking", "a fork-join tree whose leaves compute, then wait (sleep) with or "
                + "without compensation (Strand.blocking / ForkJoinPool.managedBlock)",
                List.of(new Kernel.Param("leaves", "leaves of the tree", "64", "256", "1024"),
                        new Kernel.Param("wait", "each leaf's wait, in microseconds", "1000", "1000", "1000"),
                        new Kernel.Param("work", "each leaf's computation before it waits, in microseconds",
                                "20", "20", "20"),
                        new Kernel.Param("compensate", "1: wrap the waits so the runtime compensates; 0: do not",
                                "1", "1", "1")),
                p -> new BlockingWorkload(p.getInt("leaves", 1, 1 << 20), p.getLong("wait", 0, 1_000_000),
                        p.getLong("work", 0, 1_000_000), p.getInt("compensate", 0, 1) == 1));
    }

    @Override
    public String name() {
        return "blocking";
    }

    @Override
    public String params() {
        return "leaves=" + leaves + " wait=" + waitNanos / 1000 + "us work=" + workNanos / 1000
                + "us compensate=" + (compensate ? 1 : 0);
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void prepare(Variant v) {
        waits.reset();
        if (v == Variant.STRAND) {
            sparesBefore = pools.strand().stats().blocking().spareStarts();
        } else if (v == Variant.FJP) {
            fjpThreadsBefore = pools.fjpThreads().size();
        }
    }

    @Override
    public Object run(Variant v) {
        return switch (v) {
            case SERIAL -> serial(0, leaves);
            case STRAND -> pools.strand().invoke(() -> strand(0, leaves));
            case FJP -> pools.fjp().invoke(new Fjp(0, leaves));
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        long want = (long) leaves * (leaves - 1) / 2;
        if (!(result instanceof Long r) || r != want) {
            throw new WrongResultException(name() + " " + v.label() + ": sum " + result + ", want " + want);
        }
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        return switch (v) {
            case STRAND -> Map.of("threadsStarted",
                    (double) (pools.strand().stats().blocking().spareStarts() - sparesBefore),
                    "peakBlocked", (double) waits.peak(),
                    "peakThreads", (double) SleepStormWorkload.Waits.poolThreads(pools, v));
            case FJP -> Map.of("threadsStarted", pools.fjpThreads().size() - (double) fjpThreadsBefore,
                    "peakBlocked", (double) waits.peak(),
                    "peakThreads", (double) SleepStormWorkload.Waits.poolThreads(pools, v));
            default -> Map.of();
        };
    }

    private long leaf(int i) {
        long end = System.nanoTime() + workNanos;
        long x = i;
        while (System.nanoTime() < end) {
            x = x * 6364136223846793005L + 1442695040888963407L;   // work the JIT cannot remove
        }
        return (long) i + (x == 42 ? 1 : 0);
    }

    private void waitPlain() {
        waits.sleep(waitNanos);
    }

    private long serial(int lo, int hi) {
        if (hi - lo == 1) {
            long r = leaf(lo);
            waitPlain();
            return r;
        }
        int mid = (lo + hi) >>> 1;
        return serial(lo, mid) + serial(mid, hi);
    }

    private long strand(int lo, int hi) {
        if (hi - lo == 1) {
            long r = leaf(lo);
            if (compensate) {
                Strand.blocking(() -> {
                    waitPlain();
                    return null;
                });
            } else {
                waitPlain();
            }
            return r;
        }
        int mid = (lo + hi) >>> 1;
        Task<Long> left = Strand.fork(() -> strand(lo, mid));
        long right = strand(mid, hi);
        return right + left.join();
    }

    /** The ForkJoinPool variant: the same tree as a RecursiveTask. */
    private final class Fjp extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int lo;
        private final int hi;

        Fjp(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo == 1) {
                long r = leaf(lo);
                if (compensate) {
                    managedWait();
                } else {
                    waitPlain();
                }
                return r;
            }
            int mid = (lo + hi) >>> 1;
            ForkJoinTask<Long> left = new Fjp(lo, mid).fork();
            long right = new Fjp(mid, hi).compute();
            return right + left.join();
        }

        private void managedWait() {
            long end = System.nanoTime() + waitNanos;
            try {
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    @Override
                    public boolean block() {
                        waits.sleep(end - System.nanoTime());
                        return isReleasable();
                    }

                    @Override
                    public boolean isReleasable() {
                        return System.nanoTime() >= end;
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting", e);
            }
        }
    }
}
