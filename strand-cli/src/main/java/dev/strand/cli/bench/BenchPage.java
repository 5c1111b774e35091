package dev.strand.cli.bench;

import dev.strand.cli.bench.BenchReport.Row;
import dev.strand.cli.bench.BenchRunner.KernelRun;
import dev.strand.cli.bench.BenchRunner.Sample;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Variant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The user-facing benchmarks page ({@code strand bench --page FILE}): a Markdown document of the
 * suite's results, run side by side, with the machine, the date, the load and the method stated,
 * a summary per kernel, every row with its spread, and the charts. A pure function of what was
 * measured, so that its structure is tested without timing anything.
 */
final class BenchPage {
    private BenchPage() { }

    /**
     * What the page states besides the results.
     *
     * @param date        when the run started, UTC (e.g. {@code 2026-11-28 06:10 UTC})
     * @param command     the command that made the page
     * @param machine     the machine, read before the run
     * @param loadAfter   the load average after the run
     * @param commit      the commit the command was built from
     * @param method      one line: P, size, rounds, warm-up, sample length
     * @param rounds      measured rounds per kernel
     * @param parallelism P
     * @param quietBelow  the --quiet-below share, NaN for none
     * @param charts      the charts' paths relative to the page, in order
     */
    record Context(String date, String command, MachineInfo machine, String loadAfter, String commit,
                   String method, int rounds, int parallelism, double quietBelow, List<String> charts) { }

    /** @return now, UTC, as the page states it (e.g. {@code 2026-11-28 06:13 UTC}) */
    static String now() {
        return java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT));
    }

    /** @return the command as the page shows it: {@code ./strand bench} and the arguments, quoted where needed */
    static String commandLine(List<String> args) {
        StringBuilder sb = new StringBuilder("./strand bench");
        for (String a : args) {
            sb.append(' ').append(a.matches("[A-Za-z0-9_./=:,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** @return the page */
    static String render(Context c, List<KernelRun> runs, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Benchmarks\n\n");
        sb.append("Strand against `ForkJoinPool` and plain serial code on the kernels of `./strand bench`, run\n")
                .append("side by side in one JVM. This page is generated: do not edit it by hand, run again\n\n")
                .append("```bash\n").append(c.command()).append("\n```\n\n")
                .append("which rewrites it and its charts. How the kernels are written and why some designs were\n")
                .append("rejected is in the engineering log, [notes/benchmark-log.md](notes/benchmark-log.md).\n\n");

        sb.append("## Machine and run\n\n");
        sb.append("| | |\n|---|---|\n");
        row(sb, "date", c.date());
        row(sb, "CPU", c.machine().cpu());
        row(sb, "processors available to the JVM", Integer.toString(c.machine().processors()));
        row(sb, "memory", c.machine().memory());
        row(sb, "JDK", c.machine().jdk());
        row(sb, "OS", c.machine().os());
        row(sb, "load average (1, 5, 15 min)", "before " + c.machine().load() + "; after " + c.loadAfter());
        row(sb, "Strand commit", c.commit());
        row(sb, "method", c.method());
        sb.append('\n');

        sb.append("How to read it. In every measured round each variant runs once (or a batch of runs when one\n")
                .append("run is short), in an order rotated by one each round, so drifts and noise hit all variants\n")
                .append("alike. A time is the median over the ").append(c.rounds()).append(" rounds, with their range beside it.\n")
                .append("*Speed-up* is serial time / this variant's time and *vs ForkJoinPool* this variant's time /\n")
                .append("ForkJoinPool's, each taken within one round, then the median (range) over the rounds: below 1\n")
                .append("vs ForkJoinPool means faster than it. *Cores* is the CPU time of the JVM's threads / wall time.\n")
                .append("*Others* is the share of the machine's CPU that other processes used during the samples: do\n")
                .append("not trust a row with a high share. P = ").append(c.parallelism())
                .append(" workers in each pool.\n");
        if (!Double.isNaN(c.quietBelow())) {
            sb.append(String.format(Locale.ROOT, "Only samples during which other processes used at most %.0f%% of the "
                    + "machine were kept.%n", c.quietBelow() * 100));
        }
        sb.append('\n');

        sb.append("## Summary\n\n");
        sb.append("| kernel | Strand time | ForkJoinPool time | serial time | Strand vs ForkJoinPool | Strand speed-up | ForkJoinPool speed-up |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|\n");
        Map<String, Map<Variant, Row>> byKernel = new LinkedHashMap<>();
        for (Row r : rows) {
            byKernel.computeIfAbsent(r.kernel(), k -> new LinkedHashMap<>()).put(r.variant(), r);
        }
        for (Map.Entry<String, Map<Variant, Row>> e : byKernel.entrySet()) {
            Map<Variant, Row> v = e.getValue();
            Row st = v.get(Variant.STRAND);
            Row fj = v.get(Variant.FJP);
            Row se = v.get(Variant.SERIAL);
            sb.append("| ").append(e.getKey()).append(" | ").append(value(st)).append(" | ").append(value(fj))
                    .append(" | ").append(value(se)).append(" | ")
                    .append(st == null ? "-" : BenchReport.fmt(st.vsFjp(), "%.2f")).append(" | ")
                    .append(st == null ? "-" : BenchReport.fmt(st.speedup(), "%.2fx")).append(" | ")
                    .append(fj == null ? "-" : BenchReport.fmt(fj.speedup(), "%.2fx")).append(" |\n");
        }
        sb.append('\n');
        for (String chart : c.charts()) {
            String alt = chart.contains("speedup") ? "Speed-up vs serial per kernel and variant"
                    : chart.contains("vs-fjp") ? "Time relative to ForkJoinPool per kernel and variant" : "chart";
            sb.append("![").append(alt).append("](").append(chart).append(")\n\n");
        }

        sb.append("## All rows\n\n");
        sb.append("| kernel | variant | median | range | speed-up (range) | vs ForkJoinPool (range) | cores | steals | others | kept | per unit |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        Map<String, KernelRun> runOf = new HashMap<>();
        for (KernelRun run : runs) {
            runOf.put(run.workload().name(), run);
        }
        for (Row r : rows) {
            KernelRun run = runOf.get(r.kernel());
            Spread sp = run == null ? Spread.NONE : spread(run, r.variant(), c.quietBelow(), c.parallelism());
            sb.append("| ").append(r.kernel()).append(" | ").append(r.variant().label()).append(" | ")
                    .append(value(r)).append(" | ").append(sp.values()).append(" | ")
                    .append(BenchReport.fmt(r.speedup(), "%.2fx")).append(sp.speedup()).append(" | ")
                    .append(BenchReport.fmt(r.vsFjp(), "%.2f")).append(sp.vsFjp()).append(" | ")
                    .append(BenchReport.fmt(r.cores(), "%.2f")).append(" | ")
                    .append(BenchReport.fmt(r.steals(), "%.0f")).append(" | ")
                    .append(BenchReport.fmt(r.others() * 100, "%.0f%%")).append(" | ")
                    .append(r.kept()).append('/').append(r.total()).append(" | ")
                    .append(BenchReport.perUnit(r)).append(" |\n");
        }
        sb.append('\n');

        sb.append("## Kernels and parameters\n\n");
        Map<String, String> params = new LinkedHashMap<>();
        for (Row r : rows) {
            params.putIfAbsent(r.kernel(), r.params());
        }
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append("- `").append(e.getKey()).append("`: ").append(e.getValue()).append('\n');
        }
        sb.append("\n`./strand bench --list` describes every kernel; `./strand bench --help` every column and option.\n");
        return sb.toString();
    }

    private static void row(StringBuilder sb, String k, String v) {
        sb.append("| ").append(k).append(" | ").append(v.replace("|", "\\|")).append(" |\n");
    }

    /** @return the median with its unit, e.g. "812.3 ms" */
    static String value(Row r) {
        if (r == null || Double.isNaN(r.median())) {
            return "-";
        }
        return num(r.median()) + " " + r.metric().unit();
    }

    private static String num(double v) {
        return BenchReport.fmt(v, v >= 100 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f");
    }

    /** The ranges of one row: values over the kept samples, ratios over the rounds. */
    record Spread(String values, String speedup, String vsFjp) {
        static final Spread NONE = new Spread("-", "", "");
    }

    /** @return the min-max ranges of the variant's kept values and of its per-round ratios */
    static Spread spread(KernelRun run, Variant v, double quietBelow, int parallelism) {
        Map<Integer, Map<Variant, Sample>> byRound = new TreeMap<>();
        List<Double> values = new ArrayList<>();
        for (Sample s : run.samples()) {
            if (!BenchReport.kept(s, quietBelow)) {
                continue;
            }
            byRound.computeIfAbsent(s.round(), k -> new HashMap<>()).put(s.variant(), s);
            if (s.variant() == v) {
                values.add(s.value());
            }
        }
        String vr = values.isEmpty() ? "-"
                : num(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow()) + "–"
                        + num(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        String sr = "";
        if (run.workload().metric() == Metric.TIME && v != Variant.SERIAL && run.variants().contains(Variant.SERIAL)) {
            double[] r = BenchReport.ratios(byRound, Variant.SERIAL, v);
            if (v == Variant.CEILING) {
                for (int i = 0; i < r.length; i++) {
                    r[i] *= parallelism;
                }
            }
            sr = range(r, "%.2f");
        }
        String fr = "";
        if (v != Variant.FJP && v != Variant.CEILING && run.variants().contains(Variant.FJP)) {
            fr = range(BenchReport.ratios(byRound, v, Variant.FJP), "%.2f");
        }
        return new Spread(vr, sr, fr);
    }

    private static String range(double[] r, String pattern) {
        if (r.length == 0) {
            return "";
        }
        double lo = Arrays.stream(r).min().orElseThrow();
        double hi = Arrays.stream(r).max().orElseThrow();
        return " (" + String.format(Locale.ROOT, pattern, lo) + "–" + String.format(Locale.ROOT, pattern, hi) + ")";
    }
}
