package dev.strand.cli.profile;

import dev.strand.Multiprogramming;
import dev.strand.StrandPool;
import dev.strand.cli.out.JvmLoad;
import dev.strand.cli.out.Progress;
import dev.strand.profile.ProfileReport;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Stats;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Runs a bench kernel for the profiler: profiled on a pool of P workers, and unprofiled on plain
 * pools of 1 and 2 workers (and P), interleaved round by round so that drifts of the machine hit
 * every configuration alike. Each profiled run gets a fresh pool, so that its report covers that
 * run alone; the report kept is the one of the profiled run with the median work.
 */
final class KernelRun {
    private KernelRun() { }

    /**
     * @param parallelism P of the profiled runs
     * @param warmup      untimed runs of each configuration first (and one profiled run)
     * @param rounds      measured rounds: every configuration runs once per round
     * @param pauseMs     sleep before each run, after a {@code System.gc()}, both untimed
     */
    record Plan(int parallelism, int warmup, int maxWarmup, int rounds, int pauseMs) { }

    /** The times of one configuration's runs, in milliseconds. */
    @SuppressWarnings("ArrayRecordComponent") // samples to summarize, never compared or hashed
    record Times(double[] millis) {
        double median() {
            return Stats.median(millis);
        }

        double min() {
            return Arrays.stream(millis).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(millis).max().orElse(Double.NaN);
        }
    }

    /**
     * @param report    the profile of the profiled run with the median work
     * @param profiled  the profiled runs' times (P workers)
     * @param plain     the unprofiled runs' times, by number of workers
     * @param jvm       the JIT's share of the machine during the measured rounds
     * @param warmedUp  the warm-up rounds run
     * @param settled   whether the JIT settled in the last of them (see {@link JvmLoad#SETTLED_SHARE})
     */
    record Outcome(ProfileReport report, Times profiled, Map<Integer, Times> plain, JvmLoad.Share jvm,
                   int warmedUp, boolean settled) { }

    /** @return the number of {@link Progress#step()} calls {@link #run} makes */
    static long steps(Plan plan) {
        int configs = workerCounts(plan).size() + 1;
        return (long) plan.warmup() * configs + (long) plan.rounds() * configs;
    }

    private static List<Integer> workerCounts(Plan plan) {
        return new ArrayList<>(new TreeSet<>(List.of(1, 2, plan.parallelism())));
    }

    /**
     * @param w        the workload (set up here; closed by the caller)
     * @param name     the name of the profiled pools (the report's pool)
     * @param progress advanced once per run
     */
    static Outcome run(Workload w, String name, Plan plan, Progress progress) throws Exception {
        List<Integer> counts = workerCounts(plan);
        Map<Integer, Pools> plain = new LinkedHashMap<>();
        try (StrandPool touch = StrandPool.builder().name(name + "-after-gc").parallelism(2)
                .multiprogramming(Multiprogramming.NEVER).build()) {
            for (int p : counts) {
                plain.put(p, Pools.of(StrandPool.builder().name(name + "-plain-" + p).parallelism(p).build()));
            }
            w.setUp(plain.get(plan.parallelism()));
            int warmedUp = 0;
            boolean settled = false;
            int quiet = 0;                  // warm-up rounds in a row in which the JIT settled
            while (warmedUp < plan.warmup() || (!settled && warmedUp < plan.maxWarmup())) {
                progress.note(w.name() + " warm-up");
                JvmLoad.Mark m = JvmLoad.mark();
                for (Pools p : plain.values()) {
                    time(w, p, touch, plan.pauseMs());
                    if (warmedUp < plan.warmup()) {
                        progress.step();
                    }
                }
                try (Pools p = profiling(name, plan.parallelism())) {
                    time(w, p, touch, plan.pauseMs());     // compiles the profiler's paths too
                }
                if (warmedUp < plan.warmup()) {
                    progress.step();
                }
                quiet = JvmLoad.settledSince(m) ? quiet + 1 : 0;
                settled = quiet >= 2;
                warmedUp++;
            }
            JvmLoad.Mark j0 = JvmLoad.mark();
            int configs = counts.size() + 1;
            double[][] millis = new double[configs][plan.rounds()];
            ProfileReport[] reports = new ProfileReport[plan.rounds()];
            for (int r = 0; r < plan.rounds(); r++) {
                progress.note(w.name() + " round " + (r + 1) + "/" + plan.rounds());
                for (int j = 0; j < configs; j++) {
                    int c = (j + r) % configs;   // each round starts one configuration later
                    if (c < counts.size()) {
                        millis[c][r] = time(w, plain.get(counts.get(c)), touch, plan.pauseMs());
                    } else {
                        try (Pools p = profiling(name, plan.parallelism())) {
                            millis[c][r] = time(w, p, touch, plan.pauseMs());
                            reports[r] = p.strand().profile();
                        }
                    }
                    progress.step();
                }
            }
            Map<Integer, Times> times = new LinkedHashMap<>();
            for (int c = 0; c < counts.size(); c++) {
                times.put(counts.get(c), new Times(millis[c]));
            }
            double[] prof = millis[counts.size()];
            double[] work = new double[reports.length];
            for (int r = 0; r < work.length; r++) {
                work[r] = reports[r].total().workNanos();
            }
            return new Outcome(reports[medianIndex(work)], new Times(prof), times, JvmLoad.since(j0), warmedUp,
                    settled);
        } finally {
            plain.values().forEach(Pools::close);
        }
    }

    /** @return the index of the median of {@code v} (the lower one for an even count) */
    static int medianIndex(double[] v) {
        Integer[] idx = new Integer[v.length];
        for (int i = 0; i < v.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(v[a], v[b]));
        return idx[(v.length - 1) / 2];
    }

    private static Pools profiling(String name, int parallelism) {
        return Pools.of(StrandPool.builder().name(name).parallelism(parallelism).profile(true).build());
    }

    /**
     * One checked run of the Strand variant on {@code pools}, in milliseconds, after a collection,
     * an empty invoke on {@code touch} and the pause, all untimed.
     */
    private static double time(Workload w, Pools pools, StrandPool touch, int pauseMs) throws Exception {
        w.usePools(pools);
        w.prepare(Variant.STRAND);
        System.gc();
        // The first call of compiled code after a full collection is slow (an empty invoke on an
        // idle pool took about four times its usual time), and a program does not collect before
        // each computation: a pool of its own runs the pools' paths once, untimed. It does not
        // sample competition, so the measured pool's first wake-up is as it would be.
        touch.invoke((Runnable) () -> { });
        if (pauseMs > 0) {
            Thread.sleep(pauseMs);
        }
        long t0 = System.nanoTime();
        Object result = w.run(Variant.STRAND);
        long t = System.nanoTime() - t0;
        w.check(Variant.STRAND, result);
        return t / 1e6;
    }
}
