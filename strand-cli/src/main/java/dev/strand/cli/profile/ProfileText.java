package dev.strand.cli.profile;

import dev.strand.cli.out.Table;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.WorkSpan;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The text output of {@code strand profile}: the report, the replay, and what the figures mean. */
final class ProfileText {
    private ProfileText() { }

    /** What each figure means, for the help and under the tables (lines end with %n, for picocli). */
    static final String FIGURES =
            "  work T1         the time the program's strands ran, summed over workers: its%n"
            + "                  running time on one worker, without the scheduler's costs%n"
            + "                  or the profiler's (its cost per event, measured here, is%n"
            + "                  subtracted from every timed piece of a task)%n"
            + "  span T-inf      the longest chain of strands that must run one after another:%n"
            + "                  its running time on unboundedly many workers%n"
            + "  parallelism     T1 / T-inf: the most speedup any number of workers can give%n"
            + "  burdened span   the span with, on every spawn along the path, the cost of%n"
            + "                  moving the spawned task to another worker (the burden: a%n"
            + "                  task's round trip between two threads, measured here)%n"
            + "  burdened par.   T1 / burdened span: the speedup to expect when tasks are so%n"
            + "                  small that a steal costs as much as they do%n"
            + "  T_P             the measured wall time of the run on P workers%n"
            + "  bound           T1/P + T-inf: a greedy scheduler is at least this fast; work%n"
            + "                  stealing comes within a constant factor of it in expectation%n"
            + "  replay          the recorded DAG run in Strand's scheduler simulator (child%n"
            + "                  stealing, one task per steal, a steal probe costs the burden)%n"
            + "                  with the scheduler's costs measured on this machine: parked%n"
            + "                  workers wake after the wake-up latency, a steal starts its%n"
            + "                  task after the steal latency, a run pays an invoke on an%n"
            + "                  idle pool; the time it predicts on P workers, no GC or%n"
            + "                  memory effects, never rising with P%n"
            + "  DAG alone       the same replay without the scheduler's costs%n";

    /** Prints the report as a table: one row per region. */
    static void report(PrintWriter out, ProfileReport r) {
        Table t = new Table("region", "runs", "work ms", "span ms", "parallelism", "burd. span ms",
                "burd. par.", "T_P ms", "bound ms");
        for (WorkSpan w : r.rows()) {
            t.row(w.name(), w.count(), ms((double) w.workNanos()), ms((double) w.spanNanos()),
                    num(w.parallelism()), ms((double) w.burdenedSpanNanos()), num(w.burdenedParallelism()),
                    ms((double) w.wallNanos()),
                    ms(w.boundNanos(r.workers())));
        }
        t.print(out, "  ");
        out.printf(Locale.ROOT, "  %d spawns, %d frames, %d steals (mean wait %.1f us); burden %d ns per "
                        + "spawn (%s); recording grain %d us%s%n", r.spawns(), r.frames(), r.steals(),
                r.meanStealWaitNanos() / 1e3, r.burdenNanos(),
                r.burdenMeasured() ? "measured" : "set by strand.profile.burden", r.grainNanos() / 1000,
                r.recording().truncated() ? "; some top-level runs were left out of the recording" : "");
        long work = r.total().workNanos();
        long sub = r.subtractedNanos();
        out.printf(Locale.ROOT, "  profiler's own cost %d ns per event (%s): %s ms subtracted from the work "
                        + "(%.1f%% of the work as timed)%n", r.eventCostNanos(),
                r.eventCostMeasured() ? "measured" : "set by strand.profile.eventCost", ms((double) sub),
                work + sub == 0 ? 0.0 : 100.0 * sub / (work + sub));
        if (r.cpuTime()) {
            out.printf(Locale.ROOT, "  work and span in the workers' CPU time (--cpu-time)%n");
        }
    }

    /** The distortion (profiled time / plain time) above which the output warns. */
    static final double DISTORTION_WARN = 1.20;

    /**
     * Prints the distortion: the profiled runs' median time over the plain runs' at the same P,
     * with a warning above {@link #DISTORTION_WARN}. Times in milliseconds.
     */
    static void distortion(PrintWriter out, int p, double prof, double profMin, double profMax,
                           double plain, double plainMin, double plainMax) {
        double d = prof / plain;
        out.printf(Locale.ROOT, "  Distortion at P=%d: profiled %s ms (median; %s..%s) / plain %s ms (%s..%s) "
                        + "= %.2fx%n", p, ms(prof * 1e6), ms(profMin * 1e6), ms(profMax * 1e6), ms(plain * 1e6),
                ms(plainMin * 1e6), ms(plainMax * 1e6), d);
        if (d > DISTORTION_WARN) {
            out.printf(Locale.ROOT, "  warning: the profiled runs took %.2fx the plain ones (above %.2fx): the "
                    + "profile describes a slower run than the program's; its work and span are inflated by "
                    + "the profiler's cost, or by noise if the plain runs spread as widely%n", d, DISTORTION_WARN);
        }
    }

    /** The spread of one P's plain runs (max / min) above which the output says what it means. */
    static final double SPREAD_NOTE = 1.5;

    /**
     * The note for widely spread runs, or null: when the slowest plain run at a P took at least
     * {@link #SPREAD_NOTE} times the fastest, their median is not one stable figure (on a small
     * computation, mostly when the second core arrived), and no prediction can follow it.
     */
    static String spreadNote(int p, double minMs, double maxMs, int runs) {
        if (!(minMs > 0) || maxMs / minMs < SPREAD_NOTE) {
            return null;
        }
        return String.format(Locale.ROOT, "note: the %d runs at P=%d spread %.1fx (%s..%s ms); the median of such "
                + "runs moves from one command to the next, and the prediction can only match a typical run "
                + "(docs/profiling.md, \"The scheduler's costs in the replay\")", runs, p, maxMs / minMs,
                ms(minMs * 1e6), ms(maxMs * 1e6));
    }

    /** Prints the replay's predictions beside the laws. */
    static void predictions(PrintWriter out, List<Prediction> pr) {
        Table t = new Table("P", "predicted ms", "speedup", "work law ms", "span law ms", "bound ms",
                "burdened bound ms");
        for (Prediction p : pr) {
            t.row(p.p(), ms(p.predictedNanos()), String.format(Locale.ROOT, "%.2fx", p.speedup()),
                    ms(p.workLawNanos()), ms(p.spanNanos()), ms(p.boundNanos()), ms(p.burdenedNanos()));
        }
        t.print(out, "  ");
    }

    static String ms(double nanos) {
        double v = nanos / 1e6;
        return String.format(Locale.ROOT, v >= 100 ? "%.1f" : v >= 1 ? "%.2f" : "%.4f", v);
    }

    static String num(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.2f", v);
    }

    static String percent(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.1f%%", v) : "-";
    }
}
