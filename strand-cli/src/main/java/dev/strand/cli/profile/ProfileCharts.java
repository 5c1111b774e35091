package dev.strand.cli.profile;

import dev.strand.cli.out.Charts;
import dev.strand.profile.WorkSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two charts of a profile, after Cilkscale's plots (cilkscale.py): speedup against P and time
 * against P, both on log axes, with the measured points, the replay's prediction, the work law,
 * the span law and the burdened bound; for a pool's whole profile or for one region.
 */
final class ProfileCharts {
    private ProfileCharts() { }

    /**
     * @param measured measured times in nanoseconds by P (may be empty)
     * @param label    what the measured points are ("measured, unprofiled", "profiled run")
     * @return the files written: {@code <base>-speedup.png} and {@code <base>-time.png}
     */
    static List<Path> write(Path dir, String base, String title, WorkSpan total,
                            List<Prediction> predictions, Map<Integer, Double> measured, String label) {
        return List.of(Charts.savePng(speedup(title, total, predictions, measured, label),
                        dir.resolve(base + "-speedup.png")),
                Charts.savePng(time(title, predictions, measured, label),
                        dir.resolve(base + "-time.png")));
    }

    static XYChart speedup(String title, WorkSpan t, List<Prediction> pr,
                           Map<Integer, Double> measured, String label) {
        double work = t.workNanos();
        XYChart c = axes(Charts.line(title + ": speedup", "workers P (log scale)",
                "speedup (log scale)"));
        line(c, "work law: P", pr, Prediction::p);
        line(c, String.format(java.util.Locale.ROOT, "span law: parallelism %.1f", t.parallelism()),
                pr, x -> t.parallelism());
        line(c, String.format(java.util.Locale.ROOT, "burdened bound (burdened parallelism %.1f)",
                t.burdenedParallelism()), pr, x -> work / x.burdenedNanos());
        XYSeries s = add(c, "replay prediction", xs(pr), pr.stream().mapToDouble(Prediction::speedup).toArray());
        if (s != null) {
            s.setMarker(SeriesMarkers.DIAMOND);
        }
        if (!measured.isEmpty()) {
            double base = measured.containsKey(1) ? measured.get(1) : work;
            points(c, label, measured, v -> base / v);
        }
        return c;
    }

    static XYChart time(String title, List<Prediction> pr,
                        Map<Integer, Double> measured, String label) {
        XYChart c = axes(Charts.line(title + ": time", "workers P (log scale)",
                "time, ms (log scale)"));
        c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        line(c, "work law: T1/P", pr, x -> x.workLawNanos() / 1e6);
        line(c, "span law: T-inf", pr, x -> x.spanNanos() / 1e6);
        line(c, "bound: T1/P + T-inf", pr, x -> x.boundNanos() / 1e6);
        line(c, "burdened bound: T1/P + burdened span", pr, x -> x.burdenedNanos() / 1e6);
        XYSeries s = add(c, "replay prediction", xs(pr),
                pr.stream().mapToDouble(x -> x.predictedNanos() / 1e6).toArray());
        if (s != null) {
            s.setMarker(SeriesMarkers.DIAMOND);
        }
        if (!measured.isEmpty()) {
            points(c, label, measured, v -> v / 1e6);
        }
        return c;
    }

    private static XYChart axes(XYChart c) {
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setXAxisDecimalPattern("#");
        return c;
    }

    private static double[] xs(List<Prediction> pr) {
        return pr.stream().mapToDouble(Prediction::p).toArray();
    }

    private static void line(XYChart c, String name, List<Prediction> pr, ToDoubleFunction<Prediction> y) {
        XYSeries s = add(c, name, xs(pr), pr.stream().mapToDouble(y).toArray());
        if (s != null) {
            s.setMarker(SeriesMarkers.NONE);
        }
    }

    /**
     * Adds the points with a positive, finite y (log axes show no other; a figure of 0, such as
     * the parallelism of a profile that recorded no span, is left out): null if none is left.
     */
    private static XYSeries add(XYChart c, String name, double[] x, double[] y) {
        int n = 0;
        double[] fx = new double[x.length];
        double[] fy = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            if (y[i] > 0 && Double.isFinite(y[i])) {
                fx[n] = x[i];
                fy[n++] = y[i];
            }
        }
        return n == 0 ? null : c.addSeries(name, java.util.Arrays.copyOf(fx, n), java.util.Arrays.copyOf(fy, n));
    }

    private static void points(XYChart c, String name, Map<Integer, Double> measured,
                               ToDoubleFunction<Double> y) {
        double[] x = measured.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
        double[] v = measured.values().stream().mapToDouble(y).toArray();
        XYSeries s = add(c, name, x, v);
        if (s != null) {
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
    }
}
