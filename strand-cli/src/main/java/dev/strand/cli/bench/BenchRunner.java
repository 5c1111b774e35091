package dev.strand.cli.bench;

import dev.strand.DequeKind;
import dev.strand.PoolStats;
import dev.strand.cli.out.MachineLoad;
import dev.strand.cli.out.Progress;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;

/**
 * Runs one workload: warm-up rounds, then measured rounds in which every variant takes one sample,
 * in an order rotated by one each round (round r starts with variant r mod V). Every run is checked.
 *
 * <p>A sample is one run, or a batch of runs when one run is short: a variant whose last warm-up
 * run took less than {@link Plan#minSampleMs} runs {@code ceil(minSampleMs / that)} times per
 * sample (at most {@link #MAX_REPS}), and the sample's value is the mean per run. Runs of a few
 * milliseconds are otherwise at the mercy of one scheduler tick, and the machine's busyness
 * ({@code /proc/stat}, 10 ms ticks) says nothing about them. Only wall-time kernels batch.
 */
final class BenchRunner {
    private BenchRunner() { }

    /** At most this many runs per sample. */
    static final int MAX_REPS = 1000;

    /**
     * How to run a kernel.
     *
     * @param parallelism every pool's parallelism
     * @param warmup      rounds run and checked but not recorded
     * @param rounds      measured rounds
     * @param pauseMs     sleep before every sample, so the previous run's pool has parked its workers
     * @param gcBefore    {@code System.gc()} before every sample (before the pause), so that no
     *                    sample pays for the garbage of the one before it
     * @param minSampleMs batch short runs into samples of at least this length (0: never batch;
     *                    batching needs a warm-up round to size the batch)
     * @param deque       the Strand pools' deque
     * @param runNext     the Strand pools keep a task submitted from a task in a run-next slot
     * @param eagerSplitting the Strand pools offer every join's second half (no lazy splitting)
     */
    record Plan(int parallelism, int warmup, int rounds, int pauseMs, boolean gcBefore, double minSampleMs,
            DequeKind deque, boolean runNext, boolean eagerSplitting) {
        /** A plan whose Strand pools use the default settings. */
        Plan(int parallelism, int warmup, int rounds, int pauseMs, boolean gcBefore, double minSampleMs) {
            this(parallelism, warmup, rounds, pauseMs, gcBefore, minSampleMs, DequeKind.CHASE_LEV, false, false);
        }
    }

    /**
     * One measured sample: {@code reps} runs of one variant. {@code value}, {@code wallNanos},
     * {@code cpuNanos} and {@code steals} are per run (means over the batch).
     */
    record Sample(Variant variant, int round, double value, long wallNanos, long cpuNanos,
                  double others, long steals, Map<String, Double> extras, int reps) {
        /** A sample of one run. */
        Sample(Variant variant, int round, double value, long wallNanos, long cpuNanos,
               double others, long steals, Map<String, Double> extras) {
            this(variant, round, value, wallNanos, cpuNanos, others, steals, extras, 1);
        }
    }

    /** All samples of one workload. */
    record KernelRun(Workload workload, List<Variant> variants, List<Sample> samples) { }

    /**
     * @param w        the workload (closed by the caller)
     * @param variants the variants to run, a subset of the workload's, in display order
     * @param plan     rounds, pauses, batching
     * @param progress advanced once per sample
     */
    static KernelRun run(Workload w, List<Variant> variants, Plan plan, Progress progress) throws Exception {
        List<Sample> samples = new ArrayList<>();
        int v = variants.size();
        int[] reps = new int[v];
        Arrays.fill(reps, 1);
        try (Pools pools = Pools.open(plan.parallelism(), variants, t -> t.deque(plan.deque()).runNext(plan.runNext())
                .lazySplitting(!plan.eagerSplitting()))) {
            w.setUp(pools);
            for (int r = 0; r < plan.warmup() + plan.rounds(); r++) {
                boolean measured = r >= plan.warmup();
                int round = r - plan.warmup();
                progress.note(w.name() + (measured ? " round " + (round + 1) + "/" + plan.rounds() : " warm-up"));
                for (int j = 0; j < v; j++) {
                    int i = (j + r) % v;
                    Variant var = variants.get(i);
                    if (plan.gcBefore()) {
                        System.gc();
                    }
                    if (plan.pauseMs() > 0) {
                        Thread.sleep(plan.pauseMs());
                    }
                    int n = measured ? reps[i] : 1;
                    Sample s = var == Variant.CEILING
                            ? ceiling(w, plan.parallelism(), round, n) : sample(w, var, pools, round, n);
                    if (measured) {
                        samples.add(s);
                    } else if (r == plan.warmup() - 1) {
                        reps[i] = repsFor(w, s, plan.minSampleMs());
                    }
                    progress.step();
                }
            }
        }
        return new KernelRun(w, variants, samples);
    }

    /** @return runs per sample for a variant whose warm-up sample (one run) was {@code s} */
    static int repsFor(Workload w, Sample s, double minSampleMs) {
        double runMs = s.wallNanos() / 1e6;
        if (w.metric() != Metric.TIME || !(minSampleMs > 0) || runMs >= minSampleMs) {
            return 1;
        }
        return (int) Math.min(MAX_REPS, Math.ceil(minSampleMs / Math.max(runMs, 1e-3)));
    }

    private static Sample sample(Workload w, Variant v, Pools pools, int round, int reps) throws Exception {
        PoolStats before = v == Variant.STRAND ? pools.strand().stats() : null;
        long fjpSteals = v == Variant.FJP ? pools.fjp().getStealCount() : 0;
        MachineLoad.Mark mark = MachineLoad.mark();
        long wall = 0;
        long cpu = 0;
        Object result = null;
        for (int k = 0; k < reps; k++) {
            w.prepare(v);                           // untimed, like the check below
            CpuClock.Reading cpu0 = CpuClock.read();
            long t0 = System.nanoTime();
            result = w.run(v);
            long t1 = System.nanoTime();
            CpuClock.Reading cpu1 = CpuClock.read();
            wall += t1 - t0;
            cpu += CpuClock.between(cpu0, cpu1);
            w.check(v, result);                     // throws WrongResultException
        }
        double others = MachineLoad.othersBusy(mark);
        long steals = -1;
        if (before != null) {
            steals = pools.strand().stats().since(before).steals() / reps;
        } else if (v == Variant.FJP) {
            steals = (pools.fjp().getStealCount() - fjpSteals) / reps;
        }
        double value = w.metric() == Metric.TIME ? wall / 1e6 / reps : w.value(result);
        Map<String, Double> extras = w.extras(v, result);
        if (v == Variant.STRAND && !extras.containsKey("peakQueued")) {
            // space: the largest size any worker's deque reached (a lifetime peak of the kernel's
            // pool), beside the serial program's peak where the kernel knows it
            extras = new LinkedHashMap<>(extras);
            extras.put("peakQueued", (double) pools.strand().stats().maxDequeSize());
            if (w.serialQueued() >= 0) {
                extras.put("serialQueued", (double) w.serialQueued());
            }
        }
        return new Sample(v, round, value, wall / reps, cpu / reps, others, steals, extras, reps);
    }

    /**
     * The {@link Variant#CEILING} run: {@code p} plain threads, released together, each run the
     * serial variant once. Its value is the mean of the copies' times (from the common start to
     * each one's end), not the last one's: copies that are slowed unevenly (a copy sharing its
     * core with a JIT or GC thread) would make a maximum understate what the cores can do, while
     * a scheduler balances such unevenness away. Every copy's result is checked. With
     * {@code reps > 1} every copy runs the serial code that many times (it is reentrant) and the
     * value is per run.
     */
    private static Sample ceiling(Workload w, int p, int round, int reps) throws Exception {
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
                    for (int n = 0; n < reps; n++) {
                        results[k] = w.run(Variant.SERIAL);
                        if (n < reps - 1) {
                            w.check(Variant.SERIAL, results[k]);   // the last one is checked below
                        }
                    }
                    cpu[k] = CpuClock.currentThreadNanos() - c0;
                    end[k] = System.nanoTime();
                } catch (Throwable e) {
                    failures[k] = e;
                }
            }, "strand-bench-ceiling-" + i);
            threads[i].start();
        }
        MachineLoad.Mark mark = MachineLoad.mark();
        CpuClock.Reading cpu0 = CpuClock.read();
        long t0 = System.nanoTime();
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long t1 = System.nanoTime();
        // The copies' threads have ended, so per-thread clocks drop them from this reading: it adds
        // the CPU time of live threads they handed work to (UTS recurses deep trees on large-stack
        // helper threads). With the process clock it is all of it, and the copies' own clocks read 0.
        long helpers = CpuClock.between(cpu0, CpuClock.read());
        double others = MachineLoad.othersBusy(mark);
        for (int i = 0; i < p; i++) {
            if (failures[i] instanceof Exception e) {
                throw e;
            } else if (failures[i] != null) {
                throw new IllegalStateException("serial copy " + i + " failed", failures[i]);
            }
            w.check(Variant.SERIAL, results[i]);
        }
        double meanMs = LongStream.of(end).mapToDouble(e -> (e - t0) / 1e6).average().orElse(Double.NaN) / reps;
        return new Sample(Variant.CEILING, round, meanMs, (t1 - t0) / reps,
                (LongStream.of(cpu).sum() + helpers) / reps, others, -1, Map.of(), reps);
    }
}
