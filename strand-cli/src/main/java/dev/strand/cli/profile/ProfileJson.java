package dev.strand.cli.profile;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.strand.cli.out.BuildInfo;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.WorkSpan;
import java.util.Arrays;
import java.util.List;

/** The document of {@code strand profile --json}: records, one per JSON object. Times in ms. */
final class ProfileJson {
    private ProfileJson() { }

    /** The whole output: the build, then the kernels profiled or the program's pools. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Doc(BuildInfo strand, String java, int cpus, String out, List<KernelDoc> kernels,
               ProgramDoc program) { }

    /** A kernel: its profile, its measured times, the replay, and the comparison at P = 1 and 2. */
    record KernelDoc(String kernel, String params, int parallelism, int rounds, Report profile,
                     Times profiled, List<Times> unprofiled, double overheadPercent,
                     double distortion, double othersShare, double jitShare,
                     List<Compare> compare, List<Point> replay, List<String> files) { }

    /**
     * A program: its main class, one entry per pool it profiled (in the profiled run with the
     * median work), its measured runs and the prediction for them.
     */
    record ProgramDoc(String mainClass, int runs, List<PoolDoc> pools, List<Times> measured,
                      double distortion, double othersShare, double jitShare,
                      List<Compare> compare) { }

    /** One pool of a program. */
    record PoolDoc(Report profile, List<Point> replay, List<String> files, List<RegionDoc> regions) { }

    /** A region replayed alone: its time in the profiled run beside the replay of its own recording. */
    record RegionDoc(String name, long runs, double profiledMs, List<Point> replay) { }

    /** The times of one configuration. */
    record Times(int p, boolean profiled, double medianMs, double minMs, double maxMs, List<Double> samplesMs) {
        static Times of(int p, boolean profiled, KernelRun.Times t) {
            return of(p, profiled, t.millis());
        }

        static Times of(int p, boolean profiled, double[] millis) {
            KernelRun.Times t = new KernelRun.Times(millis);
            return new Times(p, profiled, t.median(), t.min(), t.max(),
                    Arrays.stream(t.millis()).boxed().toList());
        }
    }

    /** Measured (unprofiled median) against predicted, at one P. */
    record Compare(int p, double measuredMs, double predictedMs, double errorPercent, double dagAloneMs,
                   double dagAloneErrorPercent) {
        /** Without the bare DAG's replay (the scheduler's costs were not charged). */
        Compare(int p, double measuredMs, double predictedMs, double errorPercent) {
            this(p, measuredMs, predictedMs, errorPercent, predictedMs, errorPercent);
        }
    }

    /** The replay and the laws at one P. */
    record Point(int p, double predictedMs, double speedup, double workLawMs, double spanLawMs,
                 double boundMs, double burdenedBoundMs) {
        static List<Point> of(List<Prediction> pr) {
            return pr.stream().map(x -> new Point(x.p(), x.predictedNanos() / 1e6, x.speedup(),
                    x.workLawNanos() / 1e6, x.spanNanos() / 1e6, x.boundNanos() / 1e6,
                    x.burdenedNanos() / 1e6)).toList();
        }
    }

    /** A profile report's figures. */
    record Report(String pool, int workers, long burdenNanos, boolean burdenMeasured, long grainNanos,
                  long spawns, long frames, long steals, List<Row> rows, long eventCostNanos,
                  boolean eventCostMeasured, double subtractedMs, String clock) {
        static Report of(ProfileReport r) {
            return new Report(r.pool(), r.workers(), r.burdenNanos(), r.burdenMeasured(), r.grainNanos(),
                    r.spawns(), r.frames(), r.steals(),
                    r.rows().stream().map(w -> Row.of(w, r.workers())).toList(), r.eventCostNanos(),
                    r.eventCostMeasured(), r.subtractedNanos() / 1e6, r.cpuTime() ? "cpu" : "wall");
        }
    }

    /** One region of a report. */
    record Row(String name, long runs, double workMs, double spanMs, double parallelism,
               double burdenedSpanMs, double burdenedParallelism, double wallMs, double boundMs,
               double subtractedMs) {
        static Row of(WorkSpan w, int p) {
            return new Row(w.name(), w.count(), w.workNanos() / 1e6, w.spanNanos() / 1e6, w.parallelism(),
                    w.burdenedSpanNanos() / 1e6, w.burdenedParallelism(), w.wallNanos() / 1e6,
                    w.boundNanos(p) / 1e6, w.subtractedNanos() / 1e6);
        }
    }
}
