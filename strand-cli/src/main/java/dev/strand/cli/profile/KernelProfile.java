package dev.strand.cli.profile;

import dev.strand.cli.out.JvmLoad;
import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.profile.ProfileReport;
import dev.strand.workloads.Workload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One kernel through {@code strand profile}: measured ({@link KernelRun}), replayed
 * ({@link Prediction}), compared at P = 1 and 2, written to the output directory and printed.
 */
final class KernelProfile {
    private final Workload w;
    private final KernelRun.Plan plan;
    private final List<Integer> predict;
    private final Path out;
    private final boolean charts;
    private final Supplier<SchedulerCosts> costs;
    private SchedulerCosts replayCosts;

    /**
     * @param charts whether to write the PNG charts beside the reports
     * @param costs  the scheduler's costs the replay charges, asked for once the kernel has run
     *               (measured then, they are measured on the pool's compiled paths)
     */
    KernelProfile(Workload w, KernelRun.Plan plan, List<Integer> predict, Path out, boolean charts,
                  Supplier<SchedulerCosts> costs) {
        this.w = w;
        this.costs = costs;
        this.plan = plan;
        this.predict = predict;
        this.out = out;
        this.charts = charts;
    }

    /**
     * @param text where to print the tables, or null (JSON)
     * @return the kernel's JSON
     */
    ProfileJson.KernelDoc run(Progress progress, PrintWriter text) throws Exception {
        dev.strand.cli.out.MachineLoad.Mark l0 = dev.strand.cli.out.MachineLoad.mark();
        KernelRun.Outcome o = KernelRun.run(w, w.name(), plan, progress);
        double others = dev.strand.cli.out.MachineLoad.othersBusy(l0);
        JvmLoad.Share jvm = o.jvm();
        ProfileReport r = o.report();
        if (r.frames() == 0) {
            throw new NothingProfiled("kernel " + w.name() + " ran no task in the profiled pool of "
                    + plan.parallelism() + " worker(s) (at this P it runs on the calling thread): "
                    + "nothing to profile; try another -p");
        }
        replayCosts = costs.get();
        List<Prediction> pr = Prediction.of(r, predict, progress, replayCosts, true);
        // the DAG alone, as replays before the scheduler's costs: shown beside, for comparison
        List<Prediction> bare = Prediction.of(r, List.of(1, 2), Progress.start("replay", 1, false));

        String base = ReportFiles.safe(w.name());
        r.writeTo(out, base);
        List<Path> files = new ArrayList<>(ReportFiles.of(out, base));
        Map<Integer, Double> measured = new LinkedHashMap<>();
        o.plain().forEach((p, t) -> measured.put(p, t.median() * 1e6));
        if (charts) {
            files.addAll(ProfileCharts.write(out, base, w.name() + " (" + w.params() + ")", r.total(), pr, measured,
                    "measured, unprofiled (median)"));
        }

        List<ProfileJson.Compare> compare = new ArrayList<>();
        for (int p : List.of(1, 2)) {
            double m = o.plain().get(p).median();
            double pred = Prediction.at(pr, p).predictedNanos() / 1e6;
            double alone = Prediction.at(bare, p).predictedNanos() / 1e6;
            compare.add(new ProfileJson.Compare(p, m, pred, 100 * (pred - m) / m, alone, 100 * (alone - m) / m));
        }
        double plainAtP = o.plain().get(plan.parallelism()).median();
        double overhead = 100 * (o.profiled().median() - plainAtP) / plainAtP;
        if (text != null) {
            print(text, r, o, pr, compare, files, others, jvm);
        }
        List<ProfileJson.Times> plain = new ArrayList<>();
        o.plain().forEach((p, t) -> plain.add(ProfileJson.Times.of(p, false, t)));
        return new ProfileJson.KernelDoc(w.name(), w.params(), plan.parallelism(), plan.rounds(),
                ProfileJson.Report.of(r), ProfileJson.Times.of(plan.parallelism(), true, o.profiled()),
                plain, overhead, o.profiled().median() / plainAtP, others, jvm.compile(), compare, ProfileJson.Point.of(pr),
                files.stream().map(Path::toString).toList());
    }

    private void print(PrintWriter t, ProfileReport r, KernelRun.Outcome o, List<Prediction> pr,
                       List<ProfileJson.Compare> compare, List<Path> files, double others,
                       JvmLoad.Share jvm) {
        t.printf(Locale.ROOT, "%n%s (%s)%n", w.name(), w.params());
        t.printf(Locale.ROOT, "Work/span profile at P=%d (the profiled run with the median work):%n",
                plan.parallelism());
        ProfileText.report(t, r);
        t.printf(Locale.ROOT, "%nMeasured without the profiler (median of %d runs) vs the replay of the profile:%n",
                plan.rounds());
        boolean charged = replayCosts.any();
        Table c = charged
                ? new Table("P", "measured ms", "min ms", "max ms", "predicted ms", "error", "DAG alone ms", "error")
                : new Table("P", "measured ms", "min ms", "max ms", "predicted ms", "error");
        for (ProfileJson.Compare x : compare) {
            KernelRun.Times m = o.plain().get(x.p());
            if (charged) {
                c.row(x.p(), ms(x.measuredMs()), ms(m.min()), ms(m.max()), ms(x.predictedMs()),
                        ProfileText.percent(x.errorPercent()), ms(x.dagAloneMs()),
                        ProfileText.percent(x.dagAloneErrorPercent()));
            } else {
                c.row(x.p(), ms(x.measuredMs()), ms(m.min()), ms(m.max()), ms(x.predictedMs()),
                        ProfileText.percent(x.errorPercent()));
            }
        }
        c.print(t, "  ");
        for (ProfileJson.Compare x : compare) {
            KernelRun.Times m = o.plain().get(x.p());
            String note = ProfileText.spreadNote(x.p(), m.min(), m.max(), plan.rounds());
            if (note != null) {
                t.println("  " + note);
            }
        }
        KernelRun.Times prof = o.profiled();
        KernelRun.Times plainAtP = o.plain().get(plan.parallelism());
        ProfileText.distortion(t, plan.parallelism(), prof.median(), prof.min(), prof.max(), plainAtP.median(),
                plainAtP.min(), plainAtP.max());
        String load = LoadLine.line(others, r.cpuTime());
        if (load != null) {
            t.println("  " + load);
        }
        String own = LoadLine.jvmLine(jvm, r.cpuTime());
        if (own != null) {
            t.println("  " + own);
        }
        t.println("  " + LoadLine.warmupLine(o.warmedUp(), o.settled()));
        t.printf(Locale.ROOT, "%nReplay of the recorded DAG in the simulator, beside the laws:%n");
        t.println("  " + replayCosts.describe());
        ProfileText.predictions(t, pr);
        t.println("Files: " + String.join(", ", files.stream().map(Path::toString).toList()));
        t.flush();
    }

    /** The kernel ran nothing in the profiled pool. */
    static final class NothingProfiled extends RuntimeException {
        NothingProfiled(String message) {
            super(message);
        }
    }

    private static String ms(double v) {
        return ProfileText.ms(v * 1e6);
    }
}
