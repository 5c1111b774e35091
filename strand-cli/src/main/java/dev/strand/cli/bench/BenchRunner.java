package dev.strand.cli.bench;

import dev.strand.PoolStats;
import dev.strand.cli.out.MachineLoad;
import dev.strand.cli.out.Progress;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;

/**
 * Runs one workload: warm-up rounds, then measured rounds in which every variant runs once, in an
 * order rotated by one each round (round r starts with variant r mod V). Every run is checked.
 */
final class BenchRunner {
    private BenchRunner() { }

    /** One measured run. */
    record Sample(Variant variant, int round, double value, long wallNanos, long cpuNanos,
                  double others, long steals, Map<String, Double> extras) { }

    /** All samples of one workload. */
    record KernelRun(Workload workload, List<Variant> variants, List<Sample> samples) { }

    /**
     * @param w        the workload (closed by the caller)
     * @param variants the variants to run, a subset of the workload's, in display order
     * @param p        parallelism of every pool
     * @param warmup   rounds run and checked but not recorded
     * @param rounds   measured rounds
     * @param pauseMs  sleep before every run, so the previous run's pool has parked its workers
     * @param gcBefore {@code System.gc()} before every run (before the pause), so that no run pays
     *                 for the garbage of the run before it
     * @param progress advanced once per run
     */
    static KernelRun run(Workload w, List<Variant> variants, int p, int warmup, int rounds, int pauseMs,
            boolean gcBefore, Progress progress) throws Exception {
        List<Sample> samples = new ArrayList<>();
        try (Pools pools = Pools.open(p, variants)) {
            w.setUp(pools);
            int v = variants.size();
            for (int r = 0; r < warmup + rounds; r++) {
                boolean measured = r >= warmup;
                progress.note(w.name() + (measured ? " round " + (r - warmup + 1) + "/" + rounds : " warm-up"));
                for (int j = 0; j < v; j++) {
                    Variant var = variants.get((j + r) % v);
                    if (gcBefore) {
                        System.gc();
                    }
                    if (pauseMs > 0) {
                        Thread.sleep(pauseMs);
                    }
                    Sample s = var == Variant.CEILING ? ceiling(w, p, r - warmup) : once(w, var, pools, r - warmup);
                    if (measured) {
                        samples.add(s);
                    }
                    progress.step();
                }
            }
        }
        return new KernelRun(w, variants, samples);
    }

    private static Sample once(Workload w, Variant v, Pools pools, int round) throws Exception {
        w.prepare(v);
        PoolStats before = v == Variant.STRAND ? pools.strand().stats() : null;
        long fjpSteals = v == Variant.FJP ? pools.fjp().getStealCount() : 0;
        MachineLoad.Mark mark = MachineLoad.mark();
        CpuClock.Reading cpu0 = CpuClock.read();
        long t0 = System.nanoTime();
        Object result = w.run(v);
        long t1 = System.nanoTime();
        CpuClock.Reading cpu1 = CpuClock.read();
        double others = MachineLoad.othersBusy(mark);
        long steals = -1;
        if (before != null) {
            steals = pools.strand().stats().since(before).steals();
        } else if (v == Variant.FJP) {
            steals = pools.fjp().getStealCount() - fjpSteals;
        }
        w.check(v, result);                         // throws WrongResultException
        double value = w.metric() == Metric.TIME ? (t1 - t0) / 1e6 : w.value(result);
        return new Sample(v, round, value, t1 - t0, CpuClock.between(cpu0, cpu1), others, steals, w.extras(v, result));
    }

    /**
     * The {@link Variant#CEILING} run: {@code p} plain threads, released together, each run the
     * serial variant once. Its value is the mean of the copies' times (from the common start to
     * each one's end), not the last one's: copies that are slowed unevenly (a copy sharing its
     * core with a JIT or GC thread) would make a maximum understate what the cores can do, while
     * a scheduler balances such unevenness away. Every copy's result is checked.
     */
    private static Sample ceiling(Workload w, int p, int round) throws Exception {
        w.prepare(Variant.SERIAL);
        Object[] results = new Object[p];
        Throwable[] failures = new Throwable[p];
        long[] cpu = new long[p];
        long[] end = new long[p];
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[p];
        for (int i = 0; i < p; i++) {
            int k = i;
            threads[i] = new Thread(() -> {
                try {
                    go.await();
                    long c0 = CpuClock.currentThreadNanos();
                    results[k] = w.run(Variant.SERIAL);
                    cpu[k] = CpuClock.currentThreadNanos() - c0;
                    end[k] = System.nanoTime();
                } catch (Throwable e) {
                    failures[k] = e;
                }
            }, "strand-bench-ceiling-" + i);
            threads[i].start();
        }
        MachineLoad.Mark mark = MachineLoad.mark();
        long t0 = System.nanoTime();
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long t1 = System.nanoTime();
        double others = MachineLoad.othersBusy(mark);
        for (int i = 0; i < p; i++) {
            if (failures[i] instanceof Exception e) {
                throw e;
            } else if (failures[i] != null) {
                throw new IllegalStateException("serial copy " + i + " failed", failures[i]);
            }
            w.check(Variant.SERIAL, results[i]);
        }
        double meanMs = LongStream.of(end).mapToDouble(e -> (e - t0) / 1e6).average().orElse(Double.NaN);
        return new Sample(Variant.CEILING, round, meanMs, t1 - t0, LongStream.of(cpu).sum(), others, -1, Map.of());
    }
}
