package dev.strand.cli.grain;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.strand.PoolStats;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.cli.PoolOptions;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Charts;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.MachineLoad;
import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.parallel.Grain;
import dev.strand.parallel.Parallel;
import dev.strand.workloads.Stats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand grain}: the grain-size trade-off of fork-join code made visible. Sweeps the serial cutoff
 * of a parallel sum over powers of two from 1 to n, and the cutoff of fib from 1 to its argument,
 * times each point several times (median), and prints the table and a PNG chart of time against
 * grain, with the serial time and the automatic (adaptive) grain's time as reference lines.
 */
@Command(name = "grain",
        sortOptions = false,
        header = "Grain size of a parallel sum and of fib swept: a U-shaped curve.",
        description = {
            "The grain-size trade-off, measured. A parallel sum of n longs is run",
            "with a fixed grain g = 1, 2, 4, ..., n (serial below g: Parallel.sum with",
            "Grain.fixed(g)), each point --reps times, round-robin (every round runs every",
            "point once); the median is reported. Too fine a grain (left) pays the cost of",
            "a task per few elements and is slower than the serial loop; too coarse a grain",
            "(right) leaves workers idle (at g = n there is one task); in between the curve",
            "is flat: the sweet spot tau/(cost per element) << g << n/P. The same run times",
            "the serial loop and the automatic grain (Grain.auto(): adaptive splitting,",
            "about 4 pieces per worker, more only where pieces are stolen). The pool splits",
            "eagerly (lazySplitting(false)): every split is a task, as in the analysis.",
            "",
            "Then fib(N) forking down to a cutoff c = 1..N (plain recursion at or below c),",
            "the same trade-off for a recursion; each step of c multiplies the leaf work by",
            "~1.6. Its 'auto' forks by the same adaptive rule instead of a cutoff.",
            "",
            "Prints an aligned table per sweep and writes PNG charts (time vs grain, log",
            "axes). 'others%%' is the share of the machine's CPU time used by other",
            "processes while the point was measured (/proc/stat; '-' when its samples took",
            "under 0.2 s each, too short to tell), and likewise for each round and the",
            "whole run: points measured on a busy machine are not to be trusted. A",
            "progress bar runs on standard error.",
            ""},
        footer = {"", "Example: strand grain -p 2 -n 1048576 --reps 3 --out docs",
                "Exit status: 0 success, 1 a result was wrong (or an error),",
                "             2 invalid arguments."})
public final class GrainCommand implements Callable<Integer> {

    static final int MAX_N = 1 << 27;
    static final int MAX_FIB = 40;
    static final int MAX_REPS = 1000;
    /**
     * Shortest interval whose busyness is reported: /proc/stat counts in 10 ms ticks per CPU, so
     * a shorter interval reads as 0 % or 100 % by chance.
     */
    static final long MIN_LOAD_NANOS = 200_000_000L;

    @Mixin
    PoolOptions pool;

    @Option(names = {"-n", "--elements"}, paramLabel = "N",
            description = "Number of longs summed, 1.." + MAX_N + "; the grains are the powers of two "
                    + "up to N, and N itself (default: 2^22 = ${DEFAULT-VALUE}).")
    @Range(min = 1, max = MAX_N)
    int n = 1 << 22;

    @Option(names = {"-r", "--reps"}, paramLabel = "R",
            description = "Timed repetitions per point, 1.." + MAX_REPS + "; the median is reported "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = MAX_REPS)
    int reps = 5;

    @Option(names = "--warmup", paramLabel = "W",
            description = "Untimed warm-up runs of each kind (serial, auto, a few fixed grains) "
                    + "before the sweep, so that the JIT has compiled the code, 0.." + MAX_REPS
                    + " (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = MAX_REPS)
    int warmup = 3;

    @Option(names = "--fib", paramLabel = "N",
            description = "Argument of the fib sweep (cutoffs 1..N), 0.." + MAX_FIB + "; 0 skips it "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = MAX_FIB)
    int fibN = 30;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the charts, grain.png (the sum) and grain-fib.png "
                    + "(default: the current folder).")
    Path out = Path.of(".");

    @Option(names = "--no-charts", description = "Do not write the PNG charts (default: off).")
    boolean noCharts;

    @Option(names = "--no-progress",
            description = "No progress bar on standard error (the bar is shown only when standard "
                    + "error is a terminal, and not when the environment sets STRAND_NO_PROGRESS; "
                    + "default: off).")
    boolean noProgress;

    @Option(names = "--json",
            description = "Print the results as one JSON object (every sample, in milliseconds) "
                    + "instead of the tables; no progress bar (default: off).")
    boolean json;

    @Spec
    CommandSpec spec;

    /**
     * One measured point: its timed samples and the machine's busyness over them.
     *
     * @param tasks  tasks the pool ran in one repetition (-1 for serial code)
     * @param others share of CPU time other processes used over the point's samples (NaN: unknown)
     */
    @SuppressWarnings("ArrayRecordComponent") // a plotted point, never compared or hashed
    record Point(String label, long grain, long tasks, double[] millis, double[] sampleOthers,
                 double others) {
        double median() {
            return Stats.median(millis);
        }

        double min() {
            return Arrays.stream(millis).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(millis).max().orElse(Double.NaN);
        }
    }

    /** One sweep: the fixed points, the serial reference, and the automatic grain. */
    record Sweep(String name, List<Point> points, Point serial, Point auto, List<Double> roundOthers) {
        Point best() {
            Point b = points.get(0);
            for (Point p : points) {
                if (p.median() < b.median()) {
                    b = p;
                }
            }
            return b;
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> failures = new ArrayList<>();
        List<Long> grains = grains(n);
        long steps = (long) reps * (grains.size() + 2 + (fibN > 0 ? fibN + 2 : 0));
        MachineLoad.Mark whole = MachineLoad.mark();
        Sweep sum;
        Sweep fib = null;
        // Eager splitting: every split is a task, as in the grain-size analysis (lazy splitting, the
        // default for Strand.join, would run most fine-grained splits inline and flatten the left
        // side of the curve).
        try (StrandPool p = pool.builder("grain").tuning(tu -> tu.lazySplitting(false)).build();
             Progress progress = Progress.start("grain", steps, !json && !noProgress)) {
            sum = sumSweep(p, grains, progress, failures);
            if (fibN > 0) {
                fib = fibSweep(p, progress, failures);
            }
        }
        double othersWhole = MachineLoad.othersBusy(whole);

        List<Path> charts = new ArrayList<>();
        if (!noCharts) {
            charts.add(Charts.savePng(chart(sum, "Parallel sum of " + pow2(n) + " longs, "
                    + pool + ": time vs grain", "grain g (elements per serial leaf, log scale)"),
                    this.out.resolve("grain.png")));
            if (fib != null) {
                charts.add(Charts.savePng(chart(fib, "fib(" + fibN + ") with a cutoff, " + pool
                        + ": time vs cutoff", "cutoff c (serial at or below fib(c); leaf work ~1.6^c)"),
                        this.out.resolve("grain-fib.png")));
            }
        }

        if (json) {
            out.println(Json.write(toJson(sum, fib, charts, othersWhole, failures)));
        } else {
            out.printf(Locale.ROOT, "Grain sweep: parallel sum of n = %s longs, %s (Java %s), %d "
                    + "repetitions per point (median)%n%n", pow2(n), pool,
                    System.getProperty("java.version"), reps);
            print(out, sum, "grain");
            if (fib != null) {
                out.printf(Locale.ROOT, "%nfib(%d) forking down to a cutoff c (serial at or below c)%n%n",
                        fibN);
                print(out, fib, "cutoff");
            }
            out.printf(Locale.ROOT, "%nOther processes used %s of the machine during the run.%n",
                    percent(othersWhole));
            for (Path c : charts) {
                out.println("Chart: " + c);
            }
        }
        out.flush();
        if (!failures.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            failures.forEach(f -> err.println(spec.qualifiedName() + ": check failed: " + f));
            err.flush();
            return 1;
        }
        return 0;
    }

    /** @return 1, 2, 4, ... up to n, and n itself if it is not a power of two */
    static List<Long> grains(int n) {
        List<Long> g = new ArrayList<>();
        for (long x = 1; x <= n; x *= 2) {
            g.add(x);
        }
        if (g.get(g.size() - 1) != n) {
            g.add((long) n);
        }
        return g;
    }

    static String pow2(long n) {
        return Long.bitCount(n) == 1 && n > 1 ? "2^" + Long.numberOfTrailingZeros(n) : Long.toString(n);
    }

    // ------------------------------------------------------------------ measuring

    /** One thing to time: {@code body} returns the result to check. */
    private record Probe(String label, long grain, boolean inPool, LongSupplier body) { }

    /**
     * Times every probe {@code reps} times, round-robin: each round runs every probe once (in
     * ascending order in even rounds, descending in odd ones), so that a burst of load on the
     * machine, or a JIT recompilation, spreads over all points instead of spoiling one.
     *
     * @param roundOthers receives the busyness of the machine during each round
     * @return the points, in the order of {@code probes}
     */
    private List<Point> measure(StrandPool p, List<Probe> probes, long want, Progress progress,
                                List<String> failures, List<Double> roundOthers) {
        int k = probes.size();
        double[][] millis = new double[k][reps];
        double[][] others = new double[k][reps];
        long[] tasks = new long[k];
        Arrays.fill(tasks, -1);
        for (int r = 0; r < reps; r++) {
            MachineLoad.Mark round = MachineLoad.mark();
            long roundStart = System.nanoTime();
            for (int j = 0; j < k; j++) {
                int i = r % 2 == 0 ? j : k - 1 - j;
                Probe probe = probes.get(i);
                progress.note(probe.label() + " " + probe.grain() + ", round " + (r + 1));
                PoolStats before = probe.inPool() ? p.stats() : null;
                MachineLoad.Mark m = MachineLoad.mark();
                long t0 = System.nanoTime();
                long got = probe.body().getAsLong();
                long t = System.nanoTime() - t0;
                others[i][r] = t >= MIN_LOAD_NANOS ? MachineLoad.othersBusy(m) : Double.NaN;
                millis[i][r] = t / 1e6;
                if (probe.inPool()) {
                    tasks[i] = p.stats().since(before).tasksRun();
                }
                if (got != want && failures.size() < 10) {
                    failures.add(probe.label() + " " + probe.grain() + ": got " + got + ", want "
                            + want);
                }
                progress.step();
            }
            roundOthers.add(System.nanoTime() - roundStart >= MIN_LOAD_NANOS
                    ? MachineLoad.othersBusy(round) : Double.NaN);
        }
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            double pointOthers = Arrays.stream(others[i]).filter(x -> !Double.isNaN(x)).average()
                    .orElse(Double.NaN);
            Probe probe = probes.get(i);
            points.add(new Point(probe.label(), probe.grain(), tasks[i], millis[i], others[i],
                    pointOthers));
        }
        return points;
    }

    private Sweep sumSweep(StrandPool p, List<Long> grains, Progress progress, List<String> failures) {
        long[] a = new long[n];
        long want = 0;
        for (int i = 0; i < n; i++) {
            a[i] = i % 1000;
            want += a[i];
        }
        progress.note("sum: warm-up");
        for (int w = 0; w < warmup; w++) {
            serialSum(a);
            Parallel.sum(p, a);
            Parallel.sum(p, a, Grain.fixed(Math.max(1, n / 64)));
            Parallel.sum(p, a, Grain.fixed(Math.max(1, Math.min(n, 1024))));
        }
        List<Probe> probes = new ArrayList<>();
        probes.add(new Probe("serial", n, false, () -> serialSum(a)));
        probes.add(new Probe("auto", 0, true, () -> Parallel.sum(p, a)));
        for (long g : grains) {
            Grain grain = Grain.fixed((int) g);
            probes.add(new Probe("grain", g, true, () -> Parallel.sum(p, a, grain)));
        }
        List<Double> rounds = new ArrayList<>();
        List<Point> all = measure(p, probes, want, progress, failures, rounds);
        return new Sweep("sum", all.subList(2, all.size()), all.get(0), all.get(1), rounds);
    }

    static long serialSum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }

    private Sweep fibSweep(StrandPool p, Progress progress, List<String> failures) {
        long want = serialFib(fibN);
        int splits = Math.max(1, 2 * p.parallelism());
        progress.note("fib: warm-up");
        for (int w = 0; w < warmup; w++) {
            serialFib(fibN);
            p.invoke(() -> fibAuto(fibN, splits, -1));
            p.invoke(() -> fibCutoff(fibN, Math.max(1, fibN - 10)));
        }
        List<Probe> probes = new ArrayList<>();
        probes.add(new Probe("serial", fibN, false, () -> serialFib(fibN)));
        probes.add(new Probe("auto", 0, true, () -> p.invoke(() -> fibAuto(fibN, splits, -1))));
        for (int c = 1; c <= fibN; c++) {
            int cut = c;
            probes.add(new Probe("cutoff", c, true, () -> p.invoke(() -> fibCutoff(fibN, cut))));
        }
        List<Double> rounds = new ArrayList<>();
        List<Point> all = measure(p, probes, want, progress, failures, rounds);
        return new Sweep("fib", all.subList(2, all.size()), all.get(0), all.get(1), rounds);
    }

    static long serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    /** fib forking down to {@code cutoff}: plain recursion at or below it. */
    static long fibCutoff(int n, int cutoff) {
        if (n <= cutoff) {
            return serialFib(n);
        }
        Task<Long> a = Strand.fork(() -> fibCutoff(n - 1, cutoff));
        long b = fibCutoff(n - 2, cutoff);
        return a.join() + b;
    }

    /**
     * fib with adaptive forking, the rule of {@code Grain.auto()} (Rayon's thief-splitting): a
     * counter of splits halves at each level, and a call running on another worker than its parent
     * (it was stolen) resets it to at least P.
     */
    static long fibAuto(int n, int splits, int origin) {
        if (n < 2) {
            return n;
        }
        int me = Strand.workerIndex();
        boolean stolen = origin >= 0 && me != origin;
        int s = stolen ? Math.max(Strand.workerPool().parallelism(), splits / 2)
                : splits > 0 ? splits / 2 : -1;
        if (s < 0) {
            return serialFib(n);
        }
        Task<Long> a = Strand.fork(() -> fibAuto(n - 1, s, me));
        long b = fibAuto(n - 2, s, me);
        return a.join() + b;
    }

    // ------------------------------------------------------------------ output

    private void print(PrintWriter out, Sweep s, String what) {
        double serial = s.serial().median();
        Table t = new Table(what, "tasks", "median-ms", "min-ms", "max-ms", "vs-serial", "others%");
        for (Point p : s.points()) {
            row(t, Long.toString(p.grain()), p, serial);
        }
        row(t, "serial", s.serial(), serial);
        row(t, "auto", s.auto(), serial);
        t.print(out, "  ");
        Point best = s.best();
        long lo = Long.MAX_VALUE;
        long hi = 0;
        for (Point p : s.points()) {
            if (p.median() <= best.median() * 1.10) {
                lo = Math.min(lo, p.grain());
                hi = Math.max(hi, p.grain());
            }
        }
        out.printf(Locale.ROOT, "  best %s %d: %.3f ms (%.2fx the serial time); within 10%% of the "
                        + "best: %s %d..%d; auto: %.3f ms (%.2fx the best)%n", what, best.grain(),
                best.median(), best.median() / serial, what, lo, hi, s.auto().median(),
                s.auto().median() / best.median());
        out.printf(Locale.ROOT, "  vs-serial = serial median / this median (above 1: faster than the "
                + "serial code). Rounds (every point once, round-robin): other processes used %s.%n",
                String.join(", ", s.roundOthers().stream().map(GrainCommand::percent).toList()));
    }

    private static void row(Table t, String label, Point p, double serial) {
        t.row(label, p.tasks() < 0 ? "-" : Long.toString(p.tasks()), ms(p.median()), ms(p.min()),
                ms(p.max()), String.format(Locale.ROOT, "%.2fx", serial / p.median()),
                percent(p.others()));
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v);
    }

    static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private XYChart chart(Sweep s, String title, String xTitle) {
        XYChart c = Charts.line(title, xTitle, "time per run, ms (median, log scale)");
        boolean logX = s.name().equals("sum");
        c.getStyler().setXAxisLogarithmic(logX);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        double[] xs = s.points().stream().mapToDouble(Point::grain).toArray();
        double[] ys = s.points().stream().mapToDouble(Point::median).toArray();
        XYSeries main = c.addSeries(s.name().equals("sum") ? "fixed grain" : "cutoff", xs, ys);
        main.setMarker(SeriesMarkers.CIRCLE);
        double x0 = xs[0];
        double x1 = xs[xs.length - 1] == x0 ? x0 + 1 : xs[xs.length - 1];
        double serial = s.serial().median();
        XYSeries sl = c.addSeries(String.format(Locale.ROOT, "serial (%.3g ms)", serial),
                new double[] {x0, x1}, new double[] {serial, serial});
        sl.setMarker(SeriesMarkers.NONE);
        double auto = s.auto().median();
        XYSeries al = c.addSeries(String.format(Locale.ROOT, "auto (%.3g ms)", auto),
                new double[] {x0, x1}, new double[] {auto, auto});
        al.setMarker(SeriesMarkers.NONE);
        return c;
    }

    /**
     * The document of {@code --json}: the build, the pool, the sum sweep (and the fib sweep),
     * charts written, the machine's busyness, the checks. {@code fib} is left out when not run.
     */
    record JsonDoc(BuildInfo strand, String java, int parallelism, String steal, String join,
                   int reps, JsonSweep sum, @JsonInclude(JsonInclude.Include.NON_NULL) JsonSweep fib,
                   List<String> charts, double othersBusy, boolean ok, List<String> failures) { }

    /** One sweep: serial, auto and the fixed grains; {@code best} is the fastest fixed grain. */
    record JsonSweep(JsonPoint serial, JsonPoint auto, List<JsonPoint> points, long best,
                     List<Double> roundOthersBusy, int n) { }

    /** One point, times in milliseconds; busyness shares 0..1, null where unknown. */
    record JsonPoint(String kind, long grain, long tasks, double medianMs, double minMs,
                     double maxMs, List<Double> samplesMs, double othersBusy,
                     List<Double> sampleOthersBusy) { }

    private JsonDoc toJson(Sweep sum, Sweep fib, List<Path> charts, double othersWhole,
                           List<String> failures) {
        return new JsonDoc(BuildInfo.current(), System.getProperty("java.version"),
                pool.parallelism(), pool.steal().name().toLowerCase(Locale.ROOT),
                pool.join().name().toLowerCase(Locale.ROOT), reps, sweepJson(sum, n),
                fib == null ? null : sweepJson(fib, fibN),
                charts.stream().map(Path::toString).toList(), othersWhole, failures.isEmpty(),
                List.copyOf(failures));
    }

    private static JsonSweep sweepJson(Sweep s, int n) {
        return new JsonSweep(pointJson(s.serial()), pointJson(s.auto()),
                s.points().stream().map(GrainCommand::pointJson).toList(), s.best().grain(),
                s.roundOthers(), n);
    }

    private static JsonPoint pointJson(Point p) {
        return new JsonPoint(p.label(), p.grain(), p.tasks(), p.median(), p.min(), p.max(),
                boxed(p.millis()), p.others(), boxed(p.sampleOthers()));
    }

    private static List<Double> boxed(double[] v) {
        return Arrays.stream(v).boxed().toList();
    }
}
