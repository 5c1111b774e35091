package dev.strand.cli.bench;

import dev.strand.cli.bench.BenchRunner.KernelRun;
import dev.strand.cli.bench.BenchRunner.Sample;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Stats;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Summaries of the samples: per variant the median value, the medians of the per-round ratios,
 * cores used, steals, machine busyness; and, when goals were given ({@code --goals}), whether
 * Strand met the goal for the kernel.
 */
final class BenchReport {
    private BenchReport() { }

    /** The summary of one variant of one kernel. NaN where not applicable. */
    record Row(String kernel, String params, Variant variant, Metric metric, double median,
               double speedup, double vsFjp, double cores, double steals, double others, int kept,
               int total, Workload.Units units, Map<String, Double> extras, String goal, int reps) {

        /** @return ns per unit for time kernels, NaN otherwise */
        double nsPerUnit() {
            return units == null || metric != Metric.TIME ? Double.NaN : median * 1e6 / units.count();
        }

        /** @return units per second for time kernels, NaN otherwise */
        double unitsPerSecond() {
            return units == null || metric != Metric.TIME ? Double.NaN : units.count() / (median / 1e3);
        }
    }

    /**
     * @param quietBelow keep only samples whose "others" share is at most this (NaN keeps all; a
     *                   sample whose share is unknown is kept)
     */
    static List<Row> summarize(KernelRun run, double quietBelow, int parallelism) {
        return summarize(run, quietBelow, parallelism, Goals.NONE);
    }

    /**
     * @param quietBelow as above
     * @param goals      the goals to judge the strand row by ({@link Goals#NONE}: none)
     */
    static List<Row> summarize(KernelRun run, double quietBelow, int parallelism, Goals goals) {
        Workload w = run.workload();
        Map<Variant, List<Sample>> byVariant = new LinkedHashMap<>();
        Map<Integer, Map<Variant, Sample>> byRound = new TreeMap<>();
        for (Variant v : run.variants()) {
            byVariant.put(v, new ArrayList<>());
        }
        for (Sample s : run.samples()) {
            if (!kept(s, quietBelow)) {
                continue;
            }
            byVariant.get(s.variant()).add(s);
            byRound.computeIfAbsent(s.round(), k -> new HashMap<>()).put(s.variant(), s);
        }
        List<Row> rows = new ArrayList<>();
        for (Variant v : run.variants()) {
            List<Sample> ss = byVariant.get(v);
            int total = (int) run.samples().stream().filter(s -> s.variant() == v).count();
            double med = median(ss.stream().mapToDouble(Sample::value).toArray());
            double speedup = Double.NaN;
            double vsFjp = Double.NaN;
            if (w.metric() == Metric.TIME && v != Variant.SERIAL && run.variants().contains(Variant.SERIAL)) {
                double[] r = ratios(byRound, Variant.SERIAL, v);
                if (v == Variant.CEILING) {               // it did P serial runs' work
                    for (int i = 0; i < r.length; i++) {
                        r[i] *= parallelism;
                    }
                }
                speedup = median(r);
            }
            if (v != Variant.FJP && v != Variant.CEILING && run.variants().contains(Variant.FJP)) {
                vsFjp = median(ratios(byRound, v, Variant.FJP));
            }
            long wall = ss.stream().mapToLong(Sample::wallNanos).sum();
            long cpu = ss.stream().mapToLong(Sample::cpuNanos).sum();
            double cores = wall > 0 && w.metric() == Metric.TIME ? (double) cpu / wall : Double.NaN;
            double steals = median(ss.stream().filter(s -> s.steals() >= 0).mapToDouble(Sample::steals).toArray());
            // /proc/stat counts 10 ms ticks: a short run's share is coarse, so weight runs by length
            double ow = 0;
            double owWall = 0;
            for (Sample s : ss) {
                if (!Double.isNaN(s.others())) {
                    ow += s.others() * s.wallNanos() * s.reps();
                    owWall += s.wallNanos() * s.reps();
                }
            }
            double others = owWall > 0 ? ow / owWall : Double.NaN;
            Map<String, Double> extras = new LinkedHashMap<>();
            for (Sample s : ss) {
                for (Map.Entry<String, Double> e : s.extras().entrySet()) {
                    // peaks: the maximum over the kept runs; anything else: the median (below)
                    extras.merge(e.getKey(), e.getValue(), Math::max);
                }
            }
            extras.replaceAll((k, peak) -> k.startsWith("peak") ? peak
                    : median(ss.stream().map(s -> s.extras().get(k))
                            .filter(x -> x != null).mapToDouble(Double::doubleValue).toArray()));
            int reps = ss.stream().mapToInt(Sample::reps).max().orElse(1);
            rows.add(new Row(w.name(), w.params(), v, w.metric(), med, speedup, vsFjp, cores, steals,
                    others, ss.size(), total, w.units(), extras, "", reps));
        }
        return withGoals(rows, parallelism, goals);
    }

    static boolean kept(Sample s, double quietBelow) {
        return Double.isNaN(quietBelow) || Double.isNaN(s.others()) || s.others() <= quietBelow;
    }

    /** @return per round where both ran (and were kept): value(num) / value(den) */
    static double[] ratios(Map<Integer, Map<Variant, Sample>> byRound, Variant num, Variant den) {
        List<Double> l = new ArrayList<>();
        for (Map<Variant, Sample> r : byRound.values()) {
            Sample a = r.get(num);
            Sample b = r.get(den);
            if (a != null && b != null && b.value() > 0) {
                l.add(a.value() / b.value());
            }
        }
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** @return the median ({@link Stats}), NaN when there are no values (nothing kept) */
    static double median(double[] v) {
        return Stats.medianOrNaN(v);
    }

    // ------------------------------------------------------------------ goals

    /**
     * Fills the goal cell of each Strand row whose kernel has a goal: "met", "NOT met", or "n/a"
     * when a measure is missing or the goal is set at another parallelism.
     */
    static List<Row> withGoals(List<Row> rows, int parallelism, Goals goals) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            Goals.Goal goal = goals.of(r.kernel());
            String g = r.variant() == Variant.STRAND && goal != null ? goal.verdict(r, parallelism) : "";
            out.add(new Row(r.kernel(), r.params(), r.variant(), r.metric(), r.median(), r.speedup(),
                    r.vsFjp(), r.cores(), r.steals(), r.others(), r.kept(), r.total(), r.units(),
                    r.extras(), g, r.reps()));
        }
        return out;
    }

    // ------------------------------------------------------------------ formatting

    static String fmt(double v, String pattern) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, pattern, v);
    }

    /** @return e.g. {@code 25.1 ns/call} or {@code 11.7M tasks/s} */
    static String perUnit(Row r) {
        if (r.units() == null || r.metric() != Metric.TIME || Double.isNaN(r.median())
                || r.variant() == Variant.CEILING) {     // P copies' work: per unit would mislead
            return "-";
        }
        if (r.kernel().startsWith("async-") || r.kernel().equals("skynet")) {
            return si(r.unitsPerSecond()) + " " + r.units().name() + "/s";
        }
        return fmt(r.nsPerUnit(), r.nsPerUnit() < 10 ? "%.2f" : "%.1f") + " ns/" + singular(r.units().name());
    }

    static String singular(String s) {
        return s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
    }

    static String si(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v >= 1e9) {
            return String.format(Locale.ROOT, "%.2fG", v / 1e9);
        } else if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        } else if (v >= 1e3) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** @return the extras as short text, e.g. {@code peak queued 65536, heap 12.3 MB} */
    static String extras(Row r) {
        List<String> parts = new ArrayList<>();
        Map<String, Double> e = r.extras();
        if (r.reps() > 1) {
            parts.add(r.reps() + " runs/sample");
        }
        if (e.containsKey("peakQueued")) {
            parts.add("peak queued " + String.format(Locale.ROOT, "%.0f", e.get("peakQueued"))
                    + (e.containsKey("serialQueued")
                    ? String.format(Locale.ROOT, " (serial %.0f)", e.get("serialQueued")) : ""));
        }
        if (e.containsKey("peakThreads")) {
            parts.add("threads " + String.format(Locale.ROOT, "%.0f", e.get("peakThreads")));
        }
        if (e.containsKey("peakBlocked")) {
            parts.add("blocked at once " + String.format(Locale.ROOT, "%.0f", e.get("peakBlocked")));
        }
        if (e.containsKey("peakHeapMB")) {
            parts.add("peak heap +" + String.format(Locale.ROOT, "%.1f", e.get("peakHeapMB")) + " MB");
        }
        if (e.containsKey("p90us")) {
            parts.add("p90 " + String.format(Locale.ROOT, "%.1f", e.get("p90us")) + " us");
        }
        if (e.containsKey("maxUs")) {
            parts.add("max " + String.format(Locale.ROOT, "%.1f", e.get("maxUs")) + " us");
        }
        return String.join(", ", parts);
    }
}
