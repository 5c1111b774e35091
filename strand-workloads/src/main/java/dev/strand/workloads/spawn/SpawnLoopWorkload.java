package dev.strand.workloads.spawn;

import dev.strand.PoolStats;
import dev.strand.Strand;
import dev.strand.Task;
import dev.strand.parallel.Parallel;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.stream.IntStream;

/**
 * A spawn loop: one task forks {@code n} tiny children ({@code out[i] = mix(i)}), then joins them
 * all, newest first; or, with {@code form=1}, the same loop through each runtime's loop primitive
 * ({@code Parallel.forRange} on Strand, a parallel {@code IntStream} inside ForkJoinPool), whose
 * remaining iterations are split only when a thief asks, so that the queues stay small. Besides time it reports the peak number of queued tasks (Strand: the largest
 * deque size its statistics saw; ForkJoinPool: {@code getQueuedTaskCount()} sampled every 1024
 * forks) and the peak heap in use above the run's start (sampled every 1024 iterations in every
 * variant). Strand runs a fork inline once a deque holds {@code spawnBound} tasks, which bounds both.
 */
public final class SpawnLoopWorkload extends Workload {
    static final int SAMPLE_EVERY = 1024;

    final int n;
    final boolean loop;
    long[] out;
    long want;
    /** Per-run samples, written by the forking task, read after the join. */
    volatile long peakQueued;
    volatile long peakHeap;
    PoolStats before;

    SpawnLoopWorkload(int n, boolean loop) {
        this.n = n;
        this.loop = loop;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("spawnloop", "for i < n: fork(work(i)); join all: time, peak queued tasks and heap",
                List.of(new Kernel.Param("n", "children forked by one task", "10000", "1000000", "4000000"),
                        new Kernel.Param("form", "0: a fork per iteration; 1: the loop primitive "
                                + "(Parallel.forRange; a parallel IntStream in ForkJoinPool)", "0", "0", "0")),
                p -> new SpawnLoopWorkload(p.getInt("n", 1, Integer.MAX_VALUE - 8), p.getInt("form", 0, 1) == 1));
    }

    /** The work of child i: a hash of i (SplitMix64's finalizer). */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    @Override
    public String name() {
        return "spawnloop";
    }

    @Override
    public String params() {
        return "n=" + n + (loop ? " form=1 (loop primitive)" : "");
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        out = new long[n];
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += mix(i);
        }
        want = s;
    }

    @Override
    public void prepare(Variant v) {
        java.util.Arrays.fill(out, 0);
        peakQueued = 0;
        peakHeap = 0;
        if (v == Variant.STRAND) {
            before = pools.strand().stats();
        }
    }

    static long heapUsed() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    @Override
    public Object run(Variant v) {
        long[] o = out;
        long heap0 = heapUsed();
        switch (v) {
            case SERIAL -> {
                long ph = 0;
                for (int i = 0; i < n; i++) {
                    o[i] = mix(i);
                    if ((i & (SAMPLE_EVERY - 1)) == 0) {
                        ph = Math.max(ph, heapUsed() - heap0);
                    }
                }
                peakHeap = ph;
            }
            case STRAND -> {
                if (loop) {
                    LongAccumulator ph = new LongAccumulator(Math::max, 0);
                    Parallel.forRange(pools.strand(), 0, n, i -> {
                        o[i] = mix(i);
                        if ((i & (SAMPLE_EVERY - 1)) == 0) {
                            ph.accumulate(heapUsed() - heap0);
                        }
                    });
                    peakHeap = ph.get();
                } else {
                    forkEach(o, heap0);
                }
            }
            case FJP -> {
                if (loop) {
                    ForkJoinPool pool = pools.fjp();
                    LongAccumulator ph = new LongAccumulator(Math::max, 0);
                    LongAccumulator pq = new LongAccumulator(Math::max, 0);
                    pool.invoke(ForkJoinTask.adapt(() -> IntStream.range(0, n).parallel().forEach(i -> {
                        o[i] = mix(i);
                        if ((i & (SAMPLE_EVERY - 1)) == 0) {
                            ph.accumulate(heapUsed() - heap0);
                            pq.accumulate(pool.getQueuedTaskCount());
                        }
                    })));
                    peakHeap = ph.get();
                    peakQueued = pq.get();
                } else {
                    fjpForkEach(o, heap0);
                }
            }
            default -> throw new IllegalArgumentException(v.label());
        }
        return o;
    }

    private void forkEach(long[] o, long heap0) {
        pools.strand().invoke(() -> {
            Task<?>[] ts = new Task<?>[n];
            long ph = 0;
            for (int i = 0; i < n; i++) {
                final int k = i;
                ts[i] = Strand.fork(() -> {
                    o[k] = mix(k);
                });
                if ((i & (SAMPLE_EVERY - 1)) == 0) {
                    ph = Math.max(ph, heapUsed() - heap0);
                }
            }
            for (int i = n - 1; i >= 0; i--) {
                ts[i].join();
            }
            peakHeap = ph;
            return null;
        });
    }

    private void fjpForkEach(long[] o, long heap0) {
        ForkJoinPool pool = pools.fjp();
        pool.invoke(ForkJoinTask.adapt(() -> {
            ForkJoinTask<?>[] ts = new ForkJoinTask<?>[n];
            long ph = 0;
            long pq = 0;
            for (int i = 0; i < n; i++) {
                final int k = i;
                ts[i] = ForkJoinTask.adapt(() -> {
                    o[k] = mix(k);
                }).fork();
                if ((i & (SAMPLE_EVERY - 1)) == 0) {
                    ph = Math.max(ph, heapUsed() - heap0);
                    pq = Math.max(pq, pool.getQueuedTaskCount());
                }
            }
            for (int i = n - 1; i >= 0; i--) {
                ts[i].join();
            }
            peakHeap = ph;
            peakQueued = pq;
        }));
    }

    @Override
    public void check(Variant v, Object result) {
        long[] o = (long[]) result;
        long s = 0;
        for (long x : o) {
            s += x;
        }
        WrongResultException.expect("spawnloop " + v.label() + " checksum", s, want);
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (v == Variant.STRAND) {
            PoolStats d = pools.strand().stats().since(before);
            // the statistics keep a lifetime maximum: with a pool per kernel, the peak over its runs
            m.put("peakQueued", (double) d.maxDequeSize());
            m.put("inlinedAtBound", (double) d.inlinedSpawns());
        } else if (v == Variant.FJP) {
            m.put("peakQueued", (double) peakQueued);
        }
        m.put("peakHeapMB", peakHeap / 1048576.0);
        return m;
    }

    @Override
    public Units units() {
        return new Units(n, "tasks");
    }

    @Override
    public void close() {
        out = null;
    }
}
