package dev.strand.cli.profile;

import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.profile.DagRecording;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.WorkSpan;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A region of a program replayed alone: the computations the region submitted from outside the
 * pool ({@link DagRecording#region}) run in the simulator at each P, beside the region's time in
 * the profiled run. Regions entered only inside tasks have no recording of their own and are left
 * out.
 *
 * @param row         the region's row in the profile
 * @param predictions the replay of its recording at each P
 */
record RegionReplay(WorkSpan row, List<Prediction> predictions) {

    /** @return the replay of every region of {@code report} that has a recording of its own */
    static List<RegionReplay> of(ProfileReport report, List<Integer> ps, SchedulerCosts costs) {
        List<RegionReplay> out = new ArrayList<>();
        try (Progress quiet = Progress.start("replay", 1, false)) {
            for (WorkSpan row : report.regions()) {
                Optional<DagRecording> dag = report.recording().region(row.name());
                if (dag.isPresent() && row.workNanos() > 0) {
                    out.add(new RegionReplay(row, Prediction.ofRegion(report, row, dag.get(), ps, quiet, costs)));
                }
            }
        }
        return out;
    }

    /** @return the JSON form */
    ProfileJson.RegionDoc doc() {
        return new ProfileJson.RegionDoc(row.name(), row.count(), row.wallNanos() / 1e6,
                ProfileJson.Point.of(predictions));
    }

    /**
     * Prints one line per region: its runs, its time in the profiled run at {@code workers}, the
     * prediction at each P, and the prediction's error at {@code workers}.
     */
    static void print(PrintWriter o, List<RegionReplay> regions, int workers) {
        if (regions.isEmpty()) {
            return;
        }
        List<Integer> ps = regions.get(0).predictions().stream().map(Prediction::p).toList();
        List<String> header = new ArrayList<>(List.of("region", "runs", "parallelism", "profiled ms"));
        for (int p : ps) {
            header.add("P=" + p + " ms");
        }
        header.add("error at P=" + workers);
        Table t = new Table(header.toArray(new String[0]));
        for (RegionReplay g : regions) {
            List<Object> cells = new ArrayList<>(List.of(g.row().name(), g.row().count(),
                    ProfileText.num(g.row().parallelism()), ProfileText.ms((double) g.row().wallNanos())));
            for (Prediction p : g.predictions()) {
                cells.add(ProfileText.ms(p.predictedNanos()));
            }
            Prediction own = Prediction.at(g.predictions(), workers);
            double wall = g.row().wallNanos();
            cells.add(own == null || wall <= 0 ? "-" : ProfileText.percent(100 * (own.predictedNanos() - wall) / wall));
            t.row(cells.toArray());
        }
        o.println();
        o.printf(Locale.ROOT, "  Regions replayed alone (what each region entered outside the pool submitted; "
                + "profiled ms is its time in the profiled run):%n");
        t.print(o, "  ");
    }
}
