package dev.strand.cli.sim;

import dev.strand.cli.out.Charts;
import dev.strand.sim.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The four charts of {@code strand sim}, written as PNG files. */
final class SimCharts {
    private SimCharts() { }

    /** Speedup T1/T_P vs P, against linear speedup (the T1/P line) and each DAG's T1/T-inf. */
    static Path speedup(List<List<Sweep.Cell>> byDag, int[] ps, Path dir) {
        XYChart c = logLog("Speedup vs P (median over seeds)", "P (processors)",
                "speedup T1 / T_P");
        double[] x = doubles(ps);
        reference(c, "linear speedup (T_P = T1/P)", x, x.clone());
        for (List<Sweep.Cell> cells : byDag) {
            Result r0 = cells.get(0).runs().get(0);
            c.addSeries(r0.dag(), x, cells.stream().mapToDouble(k -> k.median(Result::speedup))
                    .toArray());
            double[] par = new double[x.length];
            java.util.Arrays.fill(par, (double) r0.work() / r0.span());
            reference(c, "T1/T-inf of " + r0.dag() + " (the T-inf line)", x, par);
        }
        return Charts.savePng(c, dir.resolve("speedup.png"));
    }

    /** Steal attempts vs P*T-inf, with the line attempts = P*T-inf. */
    static Path steals(List<List<Sweep.Cell>> byDag, Path dir) {
        XYChart c = logLog("Steal attempts vs P * T-inf (median over seeds)", "P * T-inf",
                "steal attempts");
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (List<Sweep.Cell> cells : byDag) {
            List<Sweep.Cell> some = cells.stream().filter(k -> k.processors() > 1).toList();
            if (some.isEmpty()) {
                continue;
            }
            double[] x = some.stream().mapToDouble(k -> (double) k.processors()
                    * k.runs().get(0).span()).toArray();
            double[] y = some.stream().mapToDouble(k -> Math.max(1,
                    k.median(r -> r.stealAttempts()))).toArray();
            c.addSeries(some.get(0).runs().get(0).dag(), x, y);
            lo = Math.min(lo, x[0]);
            hi = Math.max(hi, x[x.length - 1]);
        }
        if (hi > 0) {
            reference(c, "attempts = P * T-inf", new double[] {lo, hi}, new double[] {lo, hi});
        }
        return Charts.savePng(c, dir.resolve("steals.png"));
    }

    /** Peak live frames vs P for child and continuation stealing, against P*S1. */
    static Path space(List<Sweep.Cell> child, List<Sweep.Cell> cont, int[] ps, Path dir) {
        Result r0 = cont.get(0).runs().get(0);
        XYChart c = logLog("Space S_P vs P * S1 on " + r0.dag() + " (median over seeds)",
                "P (processors)", "peak live frames S_P");
        double[] x = doubles(ps);
        double[] bound = java.util.Arrays.stream(ps).mapToDouble(p -> (double) p * r0.serialSpace())
                .toArray();
        reference(c, "P * S1 (S1 = " + r0.serialSpace() + ")", x, bound);
        c.addSeries("child stealing", x, child.stream().mapToDouble(k ->
                k.median(r -> r.peakFrames())).toArray());
        c.addSeries("continuation stealing", x, cont.stream().mapToDouble(k ->
                k.median(r -> r.peakFrames())).toArray());
        return Charts.savePng(c, dir.resolve("space.png"));
    }

    /** T_P vs grain size for the parallel sum: too fine pays tau per task, too coarse the span. */
    static Path grain(List<Result> runs, long[] grains, Path dir) {
        Result r0 = runs.get(0);
        XYChart c = logLog("T_P vs grain size: parallel sum, P = " + r0.processors(),
                "grain g (elements per serial leaf)", "steps");
        double[] g = java.util.Arrays.stream(grains).asDoubleStream().toArray();
        c.addSeries("T_P", g, runs.stream().mapToDouble(r -> r.time()).toArray());
        reference(c, "T1/P (work incl. spawn overhead)", g, runs.stream()
                .mapToDouble(r -> (double) r.work() / r.processors()).toArray());
        reference(c, "T-inf", g, runs.stream().mapToDouble(r -> r.span()).toArray());
        return Charts.savePng(c, dir.resolve("grain.png"));
    }

    private static XYChart logLog(String title, String x, String y) {
        XYChart c = Charts.line(title, x, y);
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisLogarithmic(true);
        return c;
    }

    private static void reference(XYChart c, String name, double[] x, double[] y) {
        XYSeries s = c.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(SeriesLines.DASH_DASH);
    }

    private static double[] doubles(int[] ps) {
        List<Double> d = new ArrayList<>();
        for (int p : ps) {
            d.add((double) p);
        }
        return d.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
