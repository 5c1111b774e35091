package dev.strand.cli.profile;

import dev.strand.cli.out.Progress;
import dev.strand.profile.DagRecording;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A profile's figures at each P: the replay's predicted time beside the laws that bound it. Times
 * in nanoseconds; speedups relative to the profile's work T1 (the replay's against its own T1, so
 * that its curve starts at 1).
 *
 * @param p              the number of workers
 * @param predictedNanos the replay's T_P
 * @param speedup        predicted T1 / predicted T_P
 * @param workLawNanos   T1 / P: no run is faster (the work law)
 * @param spanNanos      T∞: no run is faster (the span law)
 * @param boundNanos     T1 / P + T∞: greedy schedulers are at least this fast
 * @param burdenedNanos  T1 / P + burdened span: the bound when every spawn on a path is stolen
 */
record Prediction(int p, double predictedNanos, double speedup, double workLawNanos, double spanNanos,
                  double boundNanos, double burdenedNanos) {

    /** The simulator's seed: fixed, so that a profile always predicts the same. */
    static final long SEED = 1;

    /**
     * @param report the profile (its recording is replayed)
     * @param ps     the P values; 1 and 2 are added (measured runs compare with them)
     * @return one prediction per P, ascending
     */
    static List<Prediction> of(ProfileReport report, List<Integer> ps, Progress progress) {
        WorkSpan t = report.total();
        return of(t, ps, progress, new Replay(report.recording(), t.workNanos(), t.spanNanos(),
                report.burdenNanos()));
    }

    /**
     * @param report       the profile (its recording is replayed)
     * @param ps           the P values; 1 and 2 are added
     * @param costs        the scheduler's costs to charge
     * @param chargeInvokes whether each of the pool's top-level runs is charged an invoke on an idle
     *                     pool (a kernel's measured time includes it; a program's time outside its
     *                     pools already does)
     * @return one prediction per P, ascending
     */
    static List<Prediction> of(ProfileReport report, List<Integer> ps, Progress progress, SchedulerCosts costs,
                               boolean chargeInvokes) {
        WorkSpan t = report.total();
        return of(t, ps, progress, new Replay(report.recording(), t.workNanos(), t.spanNanos(),
                report.burdenNanos(), report.spawns(), chargeInvokes ? t.count() : 0, costs));
    }

    /**
     * A region's replay: its own recording, against its row's work and span. The region's share
     * of the pool's spawns is taken in proportion to its work (the profile counts spawns per pool),
     * and each computation the region submitted is charged an invoke on an idle pool, which its
     * measured wall time includes.
     *
     * @param report the profile the region belongs to
     * @param row    the region's row
     * @param dag    the region's recording ({@link DagRecording#region})
     * @return one prediction per P, ascending
     */
    static List<Prediction> ofRegion(ProfileReport report, WorkSpan row, DagRecording dag, List<Integer> ps,
                                     Progress progress, SchedulerCosts costs) {
        long total = report.total().workNanos();
        long spawns = total <= 0 ? 0 : Math.round((double) report.spawns() * row.workNanos() / total);
        return of(row, ps, progress, new Replay(dag, row.workNanos(), row.spanNanos(), report.burdenNanos(),
                spawns, submissions(dag), costs));
    }

    /** @return the computations a region's recording submitted: the spawns of its threads' nodes */
    static long submissions(DagRecording dag) {
        DagRecording.Node root = dag.root();
        long n = 0;
        for (int i = 0; i < root.size(); i++) {
            DagRecording.Node thread = root.child(i);
            for (int k = 0; thread != null && k < thread.size(); k++) {
                if (thread.kind(k) == DagRecording.Kind.SPAWN) {
                    n++;
                }
            }
        }
        return n;
    }

    private static List<Prediction> of(WorkSpan t, List<Integer> ps, Progress progress, Replay replay) {
        TreeSet<Integer> all = new TreeSet<>(ps);
        all.add(1);
        all.add(2);
        List<Prediction> out = new ArrayList<>();
        double t1 = Double.NaN;
        for (int p : all) {
            progress.note("replay P=" + p);
            double tp = replay.predictNanos(p, SEED);
            if (!out.isEmpty()) {
                // Monotone in P, as the laws and the greedy bound are: the replay's own rises at
                // large P (failed searches among many idle workers, wake-up cascades, coarser units)
                // are the simulator's, and a pool of P workers is predicted no slower than fewer.
                tp = Math.min(tp, out.get(out.size() - 1).predictedNanos());
            }
            if (p == 1) {
                t1 = tp;
            }
            out.add(new Prediction(p, tp, t1 / tp, (double) t.workNanos() / p, t.spanNanos(),
                    t.boundNanos(p), (double) t.workNanos() / p + t.burdenedSpanNanos()));
            progress.step();
        }
        return out;
    }

    /** @return the prediction for {@code p} in {@code list}, or null */
    static Prediction at(List<Prediction> list, int p) {
        return list.stream().filter(x -> x.p() == p).findFirst().orElse(null);
    }

    /** @return how many replays {@link #of} runs for {@code ps} */
    static int count(List<Integer> ps) {
        TreeSet<Integer> all = new TreeSet<>(ps);
        all.add(1);
        all.add(2);
        return all.size();
    }
}
