package dev.strand.cli.sim;

import dev.strand.sim.Machine;
import dev.strand.sim.Policy;
import dev.strand.sim.Result;
import dev.strand.sim.Simulator;
import dev.strand.sim.dag.Dag;
import dev.strand.workloads.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Runs one DAG at one P over several seeds and summarizes the ratios (median and max). */
final class Sweep {
    private Sweep() { }

    /** The runs of one DAG at one P, one per seed. */
    record Cell(Dag dag, int processors, List<Result> runs) {
        double median(ToDoubleFunction<Result> f) {
            return Stats.median(runs.stream().mapToDouble(f).toArray());
        }

        double max(ToDoubleFunction<Result> f) {
            return runs.stream().mapToDouble(f).max().orElse(Double.NaN);
        }
    }

    static Cell run(Dag dag, Policy policy, Machine machine, long firstSeed, int seeds,
            Runnable afterEach) {
        List<Result> runs = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            runs.add(Simulator.run(dag, policy, machine, firstSeed + s));
            afterEach.run();
        }
        return new Cell(dag, machine.processors(), runs);
    }

    /** @return 1, 2, 4, ... up to {@code max} */
    static int[] powersOfTwo(int max) {
        int[] ps = new int[32 - Integer.numberOfLeadingZeros(max)];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = 1 << i;
        }
        return ps;
    }

    /** @return grains 1, 4, 16, ... up to n */
    static long[] grains(long n) {
        List<Long> g = new ArrayList<>();
        for (long x = 1; x <= n; x *= 4) {
            g.add(x);
        }
        return g.stream().mapToLong(Long::longValue).toArray();
    }

    static String csvHeader() {
        return "chart,dag,policy,P,seed,T1,Tinf,S1,T_P,speedup,steal_attempts,steals,migrations,"
                + "remote_steals,processor_steps,idle_steps,peak_frames,peak_queued,min_work,"
                + "max_work,time_ratio,steal_ratio,space_ratio,stolen_work,work_per_steal,idle_share";
    }

    static String csv(String chart, Result r) {
        return String.join(",", Arrays.asList(chart, quote(r.dag()), r.policy(),
                "" + r.processors(), "" + r.seed(), "" + r.work(), "" + r.span(),
                "" + r.serialSpace(), "" + r.time(), f(r.speedup()), "" + r.stealAttempts(),
                "" + r.steals(), "" + r.migrations(), "" + r.remoteSteals(),
                "" + r.processorSteps(), "" + r.idleSteps(), "" + r.peakFrames(),
                "" + r.peakQueued(), "" + r.minWork(), "" + r.maxWork(), f(r.timeRatio()),
                f(r.stealRatio()), f(r.spaceRatio()), "" + r.stolenWork(),
                r.steals() == 0 ? "" : f(r.workPerSteal()), f(r.idleShare())));
    }

    private static String quote(String s) {
        return s.contains(",") ? "\"" + s + "\"" : s;
    }

    static String f(double d) {
        return String.format(java.util.Locale.ROOT, "%.4f", d);
    }
}
