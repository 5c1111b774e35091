package dev.strand.cli.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.strand.DequeKind;
import dev.strand.cli.Args;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.PoolOptions;
import dev.strand.cli.Range;
import dev.strand.cli.bench.BenchReport.Row;
import dev.strand.cli.bench.BenchRunner.KernelRun;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Charts;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import org.knowm.xchart.CategoryChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code strand bench}: the benchmark suite (strand-workloads) in one JVM, Strand against
 * ForkJoinPool and serial code, interleaved, medians of per-round ratios, every result checked.
 */
@Command(name = "bench",
        sortOptions = false,
        header = "Benchmarks: Strand vs ForkJoinPool vs serial, run side by side.",
        description = {
            "Runs the kernels (all, or those named) in this JVM. Per kernel: fresh pools",
            "of parallelism P, warm-up rounds, then measured rounds in which every variant",
            "takes one sample, in an order rotated by one each round, so drifts and noise",
            "hit all variants alike. A sample is one run, or several back to back when one",
            "run is shorter than --min-sample (values are then per run). Before every",
            "sample: System.gc() and a short sleep, both untimed (--gc, --pause). ./strand",
            "gives the bench a fixed 4 GB heap ($STRAND_JAVA_OPTS to change it), so",
            "collections fall alike in every run. Every run's result is checked; a wrong",
            "result stops the command (exit 1).",
            "",
            "Variants (the same algorithm on different executors):",
            "  serial  plain sequential code (sort: Arrays.sort)",
            "  strand  a StrandPool(P), default settings (or the deque of --deque)",
            "  fjp     a ForkJoinPool(P), default settings (sort: Arrays.parallelSort",
            "          inside it, the common pool's parallelism set to P)",
            "  tpe     a ThreadPoolExecutor(P, P), unbounded queue (async kernels)",
            "  ceiling (--ceiling) P copies of the serial code at once on plain threads,",
            "          no scheduler; time: the copies' mean; speedup: P x serial time /",
            "          that, what the cores give when nothing is scheduled (caches,",
            "          memory, GC and SMT siblings are shared here too)",
            "",
            "How to read the table (one row per kernel and variant):",
            "  median   median over the kept rounds of the run's time (ms); for wakeup the",
            "           submit-to-start latency (us); for idle the CPU of the pool's threads",
            "           in the idle window (%% of one core); for coldstart a fresh JVM's",
            "           time from launch to its first result (ms)",
            "  speedup  median over rounds of serial time / this variant's time, both from",
            "           the same round (2.00x = perfect at P=2)",
            "  vs fjp   median over rounds of this variant's value / fjp's value in the same",
            "           round: below 1 means better than ForkJoinPool",
            "  cores    CPU time of the JVM's Java threads / wall time over the kept runs",
            "           (per-thread ns clocks; JIT and GC threads left out): cores kept busy",
            "  steals   median steals per run (strand: PoolStats.since; fjp: getStealCount)",
            "  others   share of the machine's CPU used by OTHER processes during the kept",
            "           samples (/proc/stat, mean weighted by sample length; 10 ms ticks, so",
            "           only samples of 100 ms or more tell, hence --min-sample); high",
            "           values: do not trust the row",
            "  kept     samples kept / samples made (see --quiet-below)",
            "  per unit ns per call/node/element... or tasks per second (async, skynet)",
            "  goal     (with --goals FILE) for strand rows: whether this run meets the",
            "           file's goal for the kernel (the goals are listed under the table)",
            "  notes    N runs/sample where short runs were batched; strand rows: peak",
            "           queued tasks on a worker's deque, and (serial N) the serial program's",
            "           peak in the same fork order where known (fib, UTS); spawnloop: also",
            "           fjp's peak and the heap; wakeup: p90 and max latency; blocking and",
            "           sleep-storm (strand and fjp rows): the most threads the pool held",
            "           (alive after a run) and the most tasks blocked at once",
            "Quote ratios, not times: they come from runs made side by side.",
            ""},
        footer = {"",
            "Examples:",
            "  strand bench --list",
            "  strand bench --size small                     a smoke run of everything",
            "  strand bench fib uts-t1 uts-t3 --rounds 7 --quiet-below 0.1",
            "  strand bench nqueens --set nqueens.n=15 --json > nqueens.json",
            "  strand bench --out target/bench               also writes PNG bar charts",
            "  strand bench uts-t1 uts-t3 --ceiling          with the machine's limit",
            "  strand bench --goals docs/bench/goals.properties   met or not, per kernel",
            "  strand bench fib treesum --alone              each kernel in its own JVM",
            "  strand bench --page docs/benchmarks.md --rounds 3   the benchmarks page",
            "",
            "Exit status: 0 every result checked, 1 a wrong result (or an error),",
            "             2 invalid arguments."})
public final class BenchCommand implements Callable<Integer> {

    @Parameters(paramLabel = "KERNEL", arity = "0..*",
            description = "Kernels to run, in suite order (default: all; see --list).")
    List<String> kernels = new ArrayList<>();

    @Option(names = "--list", description = "List the kernels with their parameters at each size, and exit.")
    boolean list;

    @Option(names = "--size", paramLabel = "small|default|large", defaultValue = "default",
            converter = SizeConverter.class,
            description = "Preset problem sizes (default: ${DEFAULT-VALUE}). small takes seconds "
                    + "and is for smoke tests only; default are the sizes of the published figures "
                    + "(fib(35), fib(40), N-Queens 14, UTS T1/T3, 10M longs...).")
    Size size;

    @Option(names = "--set", paramLabel = KernelSets.LABEL,
            description = "Override one parameter of one kernel, e.g. --set fib.n=32 or "
                    + "--set uts-t1.tree=T1L (repeatable; see --list for the names).")
    Map<String, String> sets = new LinkedHashMap<>();

    @Mixin
    ParallelismOption workers;

    @Option(names = "--deque", paramLabel = "chase-lev|bwos", defaultValue = "chase-lev",
            converter = PoolOptions.DequeConverter.class, completionCandidates = PoolOptions.DequeConverter.class,
            description = "The deque of the strand variant's workers: 'chase-lev' (the default "
                    + "deque) or 'bwos' (block-based, bounded); the other variants do not change "
                    + "(default: ${DEFAULT-VALUE}).")
    DequeKind deque;

    @Option(names = "--run-next",
            description = "The strand variant's workers keep a task submitted from a task in a "
                    + "run-next slot, taken before their deque (off by default); the other "
                    + "variants do not change.")
    boolean runNext;

    @Option(names = "--eager-splitting",
            description = "The strand variant's pools split eagerly: every join offers its second "
                    + "half (lazySplitting(false)) instead of only when a thief asked, to compare the "
                    + "two on a machine with many cores; the other variants do not change "
                    + "(default: off).")
    boolean eagerSplitting;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "5",
            description = "Measured rounds per kernel, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int rounds;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1",
            description = "Warm-up rounds per kernel, checked but not recorded, >= 0 (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 0)
    int warmup;

    @Option(names = "--pause", paramLabel = "MS", defaultValue = "10",
            description = "Sleep before every run, untimed, so that the workers of the pool that ran "
                    + "just before have parked and do not compete for the cores, >= 0 (default: "
                    + "${DEFAULT-VALUE} ms; 0 for none).")
    @Range(min = 0)
    int pauseMs;

    @Option(names = "--min-sample", paramLabel = "MS", defaultValue = "100",
            description = "Batch short runs: a variant whose warm-up run took less than this "
                    + "repeats its run within each sample until the sample lasts about this long, "
                    + "and reports the mean per run, 0..60000 (default: ${DEFAULT-VALUE} ms; 0 for one "
                    + "run per sample; needs --warmup >= 1). A run of a few ms is at the mercy of one "
                    + "scheduler tick, and /proc/stat's 10 ms ticks cannot say how busy the machine "
                    + "was during it.")
    @Range(min = 0, max = 60_000)
    double minSampleMs;

    @Option(names = "--gc", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Run System.gc() before every run, untimed (default; --no-gc to skip): "
                    + "each run starts with an empty young generation and pays for its own garbage "
                    + "only, not for the garbage of the run before it (another variant's).")
    boolean gcBeforeRun;

    @Option(names = "--variants", paramLabel = "LIST", split = ",",
            description = "Only these variants (comma-separated: serial, strand, fjp, tpe, "
                    + "ceiling; default: all of each kernel's). Ratios need serial and fjp.")
    List<String> variantNames = new ArrayList<>();

    @Option(names = "--ceiling",
            description = "Also run P copies of the serial code at once (the ceiling variant) in "
                    + "kernels whose serial code allows it (fib, fib-cutoff, nqueens, uts, skynet, "
                    + "treesum, treesum-small, knapsack): "
                    + "the machine's own scaling limit, to read the speedups against (default: off).")
    boolean ceiling;

    @Option(names = "--quiet-below", paramLabel = "SHARE",
            description = "Keep only samples during which other processes used at most this "
                    + "share of the machine's CPU, 0..1 (such as 0.1); a ratio needs both of its "
                    + "samples kept (default: keep all).")
    @Range(min = 0, max = 1)
    Double quietBelow;

    @Option(names = "--alone", description = "Run each kernel in a fresh JVM of its own (this JVM's options, "
            + "the same bench options), one after another, and print one table: no kernel shares the JIT's "
            + "profiles or the heap with another, as a program running only that kernel would not.")
    boolean alone;

    @Option(names = "--json", description = "Print all results (every sample, then the summary) "
            + "as one JSON object instead of the table (default: off).")
    boolean json;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write PNG bar charts of the ratios to DIR: speedup.png (vs serial) "
                    + "and vs-fjp.png (default: none).")
    Path charts;

    @Option(names = "--page", paramLabel = "FILE",
            description = "Also write the results as a Markdown page to FILE (docs/benchmarks.md is "
                    + "made so): the command, the machine (CPU, processors, memory, JDK, OS), the "
                    + "date, the load average before and after, the method, a summary per kernel, "
                    + "every row with the range of its rounds, and the charts, written to --out DIR "
                    + "(default: bench/ beside the page). Not with --json or --alone (default: none).")
    Path page;

    @Option(names = "--goals", paramLabel = "FILE",
            description = "Judge the strand rows against the goals in FILE: a goal column (met, NOT "
                    + "met, n/a) and the goals under the table. One line per kernel, e.g. "
                    + "'uts-t1 = speedup >= 1.85, vs-fjp <= 1' or 'fib = vs-fjp <= 0.5, p = 1'; "
                    + "measures vs-fjp, speedup, median; an example with every kernel: "
                    + "docs/bench/goals.properties (default: no goals).")
    Path goalsFile;

    @Option(names = "--no-progress", description = "Do not show the progress bar on standard error "
            + "(it is shown only when standard error is a terminal, and not when the environment "
            + "sets STRAND_NO_PROGRESS).")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    /** The goals of --goals, read in {@link #call()}. */
    Goals goals = Goals.NONE;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            printList(out);
            return 0;
        }
        if (page != null && (json || alone)) {
            throw bad("--page writes the table's results as a page: not with " + (json ? "--json" : "--alone"));
        }
        if (page != null && charts == null) {
            Path dir = page.toAbsolutePath().getParent();
            charts = dir == null ? Path.of("bench") : dir.resolve("bench");
        }
        String date = BenchPage.now();
        MachineInfo machine = page == null ? null : MachineInfo.current();
        Prepared prep = prepare();

        if (!json) {
            out.printf(Locale.ROOT, "strand bench: P=%d%s, size %s, %d warm-up + %d measured round(s) per kernel%s, "
                            + "samples of >= %s ms; Java %s, %d CPUs; common pool parallelism %d; heap %s%n",
                    workers.get(), (deque == DequeKind.CHASE_LEV ? "" : ", strand deque " + PoolOptions.DequeConverter.label(deque))
                            + (runNext ? ", strand run-next slots" : "")
                            + (eagerSplitting ? ", strand eager splitting" : ""),
                    size.label(), warmup, rounds, alone ? ", each kernel alone in a fresh JVM" : "",
                    BenchReport.fmt(minSampleMs, "%.0f"),
                    System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), ForkJoinPool.getCommonPoolParallelism(),
                    heapLabel());
            out.flush();
        }
        if (alone) {
            for (Workload w : prep.workloads()) {
                w.close();                        // built only to check the parameters here
            }
            List<String> names = prep.variants().keySet().stream().map(Workload::name).toList();
            List<String> given = spec.commandLine().getParseResult().originalArgs();
            int at = given.indexOf(spec.name());  // the whole command line: keep what follows "bench"
            AloneRunner.Result r = AloneRunner.run(given.subList(at + 1, given.size()), names, null);
            return finish(out, r.rows(), r.doc());
        }
        Measured m = measure(prep, !json && !noProgress);
        int code = finish(out, m.rows(), toJson(m.runs(), m.rows()));
        if (page != null) {
            writePage(out, date, machine, m);
        }
        return code;
    }

    /** Writes the page of --page (the charts are written by then, to the --out folder). */
    private void writePage(PrintWriter out, String date, MachineInfo machine, Measured m) throws java.io.IOException {
        Path pageDir = page.toAbsolutePath().getParent();
        List<String> links = new ArrayList<>();
        for (String name : new String[] {"speedup.png", "vs-fjp.png"}) {
            Path f = charts.resolve(name).toAbsolutePath();
            if (java.nio.file.Files.exists(f)) {
                links.add(pageDir == null ? f.toString() : pageDir.relativize(f).toString().replace('\\', '/'));
            }
        }
        BuildInfo b = BuildInfo.current();
        String commit = b.commit() + (Boolean.TRUE.equals(b.dirty()) ? " (with uncommitted changes)" : "")
                + ", version " + b.version();
        String method = String.format(Locale.ROOT, "P=%d, size %s, %d warm-up + %d measured round(s) per kernel, "
                        + "samples of >= %s ms, %d ms pause and %s before every run; heap %s",
                workers.get(), size.label(), warmup, rounds, BenchReport.fmt(minSampleMs, "%.0f"), pauseMs,
                gcBeforeRun ? "System.gc()" : "no GC", heapLabel());
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        int at = given.indexOf(spec.name());      // the whole command line: keep what follows "bench"
        BenchPage.Context ctx = new BenchPage.Context(date, BenchPage.commandLine(given.subList(at + 1, given.size())),
                machine, MachineInfo.loadAverage(), commit, method, rounds, workers.get(),
                quietBelow == null ? Double.NaN : quietBelow, links);
        if (pageDir != null) {
            java.nio.file.Files.createDirectories(pageDir);
        }
        java.nio.file.Files.writeString(page, BenchPage.render(ctx, m.runs(), m.rows()), java.nio.charset.StandardCharsets.UTF_8);
        out.println("page: " + page);
        out.flush();
    }

    /** The kernels built and their variants chosen, before anything runs. */
    record Prepared(List<Workload> workloads, Map<Workload, List<Variant>> variants, long steps) { }

    /** What a run of the suite measured: every sample per kernel, and the summary rows. */
    record Measured(List<KernelRun> runs, List<Row> rows) { }

    /**
     * Reads the arguments, builds every workload (so a bad parameter fails before anything runs)
     * and chooses each kernel's variants.
     */
    Prepared prepare() {
        List<Kernel> selected = selectKernels();
        Map<String, Map<String, String>> overrides = KernelSets.parse(spec, sets, selected);
        List<Variant> only = parseVariants();
        goals = readGoals();

        // Arrays.parallelSort splits by the common pool's parallelism: make it P (if nothing has
        // started the common pool yet, which is the case when run from the command line).
        if (System.getProperty("java.util.concurrent.ForkJoinPool.common.parallelism") == null) {
            System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism",
                    Integer.toString(workers.get()));
        }

        List<Workload> workloads = new ArrayList<>();
        for (Kernel k : selected) {
            try {
                workloads.add(k.create(size, overrides.getOrDefault(k.name(), Map.of())));
            } catch (IllegalArgumentException e) {
                workloads.forEach(Workload::close);
                throw KernelSets.refused(spec, sets, e);
            }
        }
        Map<Workload, List<Variant>> variants = new LinkedHashMap<>();
        long steps = 0;
        for (Workload w : workloads) {
            List<Variant> all = new ArrayList<>(w.variants());
            if ((ceiling || only.contains(Variant.CEILING)) && w.serialIsReentrant() && all.contains(Variant.SERIAL)) {
                all.add(1, Variant.CEILING);
            }
            List<Variant> vs = all.stream().filter(v -> only.isEmpty() || only.contains(v)
                    || (ceiling && v == Variant.CEILING)).toList();
            if (!vs.isEmpty()) {
                variants.put(w, vs);
                steps += (long) (warmup + rounds) * vs.size();
            }
        }
        if (variants.isEmpty()) {
            workloads.forEach(Workload::close);
            throw Args.usage(spec, "none of the selected kernels has any of the variants "
                    + String.join(",", variantNames));
        }
        return new Prepared(workloads, variants, steps);
    }

    /** Runs the prepared kernels in this JVM, one after another, and summarizes each. */
    Measured measure(Prepared prep, boolean showProgress) throws Exception {
        BenchRunner.Plan plan = new BenchRunner.Plan(workers.get(), warmup, rounds, pauseMs, gcBeforeRun, minSampleMs,
                deque, runNext, eagerSplitting);
        List<KernelRun> runs = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        double quiet = quietBelow == null ? Double.NaN : quietBelow;
        try (Progress progress = Progress.start("bench", prep.steps(), showProgress)) {
            for (Workload w0 : prep.workloads()) {
                try (Workload w = w0) {
                    List<Variant> vs = prep.variants().get(w);
                    if (vs == null) {
                        continue;                 // none of the chosen variants
                    }
                    KernelRun run = BenchRunner.run(w, vs, plan, progress);
                    runs.add(run);
                    rows.addAll(BenchReport.summarize(run, quiet, workers.get(), goals));
                }
            }
        }
        return new Measured(runs, rows);
    }

    /** Prints the table (or {@code doc} as JSON) and writes the charts of --out. */
    private int finish(PrintWriter out, List<Row> rows, Object doc) {
        if (json) {
            out.println(Json.write(doc));
        } else {
            printTable(out, rows);
        }
        if (charts != null) {
            List<Path> files = writeCharts(rows);
            if (!json) {
                files.forEach(f -> out.println("chart: " + f));
            }
        }
        out.flush();
        return 0;
    }

    // ------------------------------------------------------------------ arguments

    private ParameterException bad(String msg) {
        return Args.usage(spec, msg);
    }

    List<Kernel> selectKernels() {
        if (kernels.isEmpty() || kernels.equals(List.of("all"))) {
            return Catalog.kernels();
        }
        LinkedHashSet<String> want = new LinkedHashSet<>();
        for (String k : kernels) {
            if (Catalog.find(k).isEmpty()) {
                throw bad("unknown kernel '" + k + "' (kernels: " + String.join(", ", Catalog.names()) + ")");
            }
            want.add(k);
        }
        return Catalog.kernels().stream().filter(k -> want.contains(k.name())).toList();
    }

    Goals readGoals() {
        if (goalsFile == null) {
            return Goals.NONE;
        }
        try {
            return Goals.read(goalsFile, Catalog.names());
        } catch (Goals.BadGoalsException e) {
            throw Args.invalid(spec, "--goals", e.getMessage());
        }
    }

    List<Variant> parseVariants() {
        List<Variant> l = new ArrayList<>();
        for (String s : variantNames) {
            try {
                l.add(Variant.parse(s));
            } catch (IllegalArgumentException e) {
                throw Args.invalid(spec, "--variants", "'" + s + "' is not one of "
                        + String.join(", ", Arrays.stream(Variant.values()).map(Variant::label).toList()));
            }
        }
        return l;
    }

    /** Parses small|default|large. */
    public static final class SizeConverter implements ITypeConverter<Size> {
        @Override
        public Size convert(String value) {
            for (Size s : Size.values()) {
                if (s.label().equalsIgnoreCase(value.strip())) {
                    return s;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of small, default, large");
        }
    }

    // ------------------------------------------------------------------ output

    void printList(PrintWriter out) {
        out.println("Kernels (run in this order; parameters: small / default / large):");
        for (Kernel k : Catalog.kernels()) {
            out.println();
            out.printf("%-15s %s%n", k.name(), k.description());
            Workload w = k.create(Size.SMALL, Map.of());
            out.printf("%-15s variants: %s%n", "", String.join(", ", w.variants().stream().map(Variant::label).toList()));
            for (Kernel.Param p : k.params()) {
                out.printf("%-15s %s.%s = %s / %s / %s  (%s)%n", "", k.name(), p.name(), p.small(), p.dflt(),
                        p.large(), p.help());
            }
        }
        out.flush();
    }

    void printTable(PrintWriter out, List<Row> rows) {
        boolean withGoals = !goals.isEmpty();
        List<String> header = new ArrayList<>(List.of("kernel", "variant", "median", "speedup", "vs fjp",
                "cores", "steals", "others", "kept", "per unit", "goal", "notes"));
        if (!withGoals) {
            header.remove("goal");
        }
        Table t = new Table(header.toArray(String[]::new));
        String last = null;
        Map<String, String> params = new LinkedHashMap<>();
        boolean anyUnknownLoad = false;
        for (Row r : rows) {
            boolean first = !r.kernel().equals(last);
            last = r.kernel();
            params.put(r.kernel(), r.params());
            String unit = r.metric().unit();
            String median = BenchReport.fmt(r.median(), r.median() >= 100 ? "%.1f" : r.median() >= 1 ? "%.2f" : "%.3f")
                    + (Double.isNaN(r.median()) ? "" : " " + unit);
            anyUnknownLoad |= Double.isNaN(r.others());
            List<Object> cells = new ArrayList<>(List.of(first ? r.kernel() : "", r.variant().label(), median,
                    BenchReport.fmt(r.speedup(), "%.2fx"),
                    BenchReport.fmt(r.vsFjp(), "%.2f"),
                    BenchReport.fmt(r.cores(), "%.2f"),
                    BenchReport.fmt(r.steals(), "%.0f"),
                    BenchReport.fmt(r.others() * 100, "%.0f%%"),
                    r.kept() + "/" + r.total(),
                    BenchReport.perUnit(r)));
            if (withGoals) {
                cells.add(r.goal());
            }
            cells.add(BenchReport.extras(r));
            t.row(cells.toArray());
        }
        out.println();
        t.print(out);
        out.println();
        out.println("Parameters:");
        params.forEach((k, p) -> out.printf("  %-15s %s%n", k, p));
        if (withGoals) {
            LinkedHashSet<String> shown = new LinkedHashSet<>();
            for (Row r : rows) {
                if (goals.of(r.kernel()) != null) {
                    shown.add(String.format(Locale.ROOT, "  %-15s %s", r.kernel(), goals.of(r.kernel())));
                }
            }
            out.println("Goals (from " + goals.source() + "):" + (shown.isEmpty() ? " none for these kernels" : ""));
            shown.forEach(out::println);
        }
        if (quietBelow != null) {
            out.printf(Locale.ROOT, "Kept only runs during which other processes used <= %.0f%% of the machine.%n",
                    quietBelow * 100);
        }
        if (anyUnknownLoad) {
            out.println("others '-': machine load unknown (no /proc/stat, or runs shorter than a clock tick).");
        }
        if (size == Size.SMALL) {
            out.println("Size small: a smoke test; the figures mean nothing.");
        }
        out.flush();
    }

    // ------------------------------------------------------------------ JSON

    /** The document of {@code --json}: the build, the machine, the options, then per kernel. */
    record JsonDoc(BuildInfo strand, JsonMachine machine, JsonOptions options,
                   List<JsonKernel> kernels) { }

    record JsonMachine(int cpus, String java, String vm, String os, long maxHeapMB,
                       int commonPoolParallelism) { }

    record JsonOptions(int parallelism, String size, int warmup, int rounds, int pauseMs,
                       boolean gcBeforeRun, double minSampleMs, long heapInitialMB,
                       Double quietBelow, String goals, String deque, boolean runNext,
                       boolean eagerSplitting) { }

    /** {@code units} and {@code unitName} only for kernels that count units of work. */
    record JsonKernel(String kernel, String params, String metric, String unit,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Long units,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String unitName,
                      String goal, List<JsonSummary> summary, List<JsonSample> samples) { }

    record JsonSummary(String variant, double median, double speedup, double vsFjp, double cores,
                       double steals, double othersBusy, int kept, int runs, double nsPerUnit,
                       double unitsPerSecond, String goal, Map<String, Double> extras) { }

    /** {@code steals}: null where the executor does not count them. */
    record JsonSample(int round, String variant, double value, double wallMs, double cpuMs,
                      double othersBusy, Long steals, int reps, Map<String, Double> extras) { }

    JsonDoc toJson(List<KernelRun> runs, List<Row> rows) {
        Runtime rt = Runtime.getRuntime();
        JsonMachine machine = new JsonMachine(rt.availableProcessors(),
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                rt.maxMemory() / 1048576, ForkJoinPool.getCommonPoolParallelism());
        JsonOptions opts = new JsonOptions(workers.get(), size.label(), warmup, rounds, pauseMs,
                gcBeforeRun, minSampleMs, rt.totalMemory() >> 20, quietBelow,
                goalsFile == null ? null : goalsFile.toString(), PoolOptions.DequeConverter.label(deque), runNext,
                eagerSplitting);
        List<JsonKernel> ks = new ArrayList<>();
        for (KernelRun run : runs) {
            Workload w = run.workload();
            Goals.Goal goal = goals.of(w.name());
            List<JsonSummary> summary = rows.stream().filter(r -> r.kernel().equals(w.name()))
                    .map(r -> new JsonSummary(r.variant().label(), r.median(), r.speedup(),
                            r.vsFjp(), r.cores(), r.steals(), r.others(), r.kept(), r.total(),
                            r.nsPerUnit(), r.unitsPerSecond(), r.goal().isEmpty() ? null : r.goal(),
                            new LinkedHashMap<>(r.extras())))
                    .toList();
            List<JsonSample> samples = run.samples().stream()
                    .map(s -> new JsonSample(s.round(), s.variant().label(), s.value(),
                            s.wallNanos() / 1e6, s.cpuNanos() / 1e6, s.others(),
                            s.steals() < 0 ? null : s.steals(), s.reps(),
                            new LinkedHashMap<>(s.extras())))
                    .toList();
            ks.add(new JsonKernel(w.name(), w.params(), w.metric().name().toLowerCase(Locale.ROOT),
                    w.metric().unit(), w.units() == null ? null : w.units().count(),
                    w.units() == null ? null : w.units().name(),
                    goal == null ? null : goal.toString(), summary, samples));
        }
        return new JsonDoc(BuildInfo.current(), machine, opts, ks);
    }

    List<Path> writeCharts(List<Row> rows) {
        List<Path> files = new ArrayList<>();
        CategoryChart sp = chart(rows, true);
        if (sp != null) {
            files.add(Charts.savePng(sp, charts.resolve("speedup.png")));
        }
        CategoryChart vf = chart(rows, false);
        if (vf != null) {
            files.add(Charts.savePng(vf, charts.resolve("vs-fjp.png")));
        }
        return files;
    }

    /** Bars per kernel, one series per variant: speed-up vs serial, or value / fjp's value. */
    CategoryChart chart(List<Row> rows, boolean speedup) {
        List<String> kernelsShown = new ArrayList<>();
        Map<Variant, Map<String, Double>> series = new LinkedHashMap<>();
        for (Row r : rows) {
            double v = speedup ? r.speedup() : r.vsFjp();
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                continue;
            }
            if (!kernelsShown.contains(r.kernel())) {
                kernelsShown.add(r.kernel());
            }
            series.computeIfAbsent(r.variant(), x -> new LinkedHashMap<>()).put(r.kernel(), v);
        }
        if (kernelsShown.isEmpty()) {
            return null;
        }
        CategoryChart c = speedup
                ? Charts.bars("Speed-up vs serial, P=" + workers.get() + " (median of per-round ratios; higher is better)",
                        "kernel", "serial time / time")
                : Charts.bars("Relative to ForkJoinPool, P=" + workers.get() + " (median of per-round ratios; below 1 is better)",
                        "kernel", "value / fjp value");
        for (Map.Entry<Variant, Map<String, Double>> e : series.entrySet()) {
            List<Double> ys = new ArrayList<>();
            for (String k : kernelsShown) {
                ys.add(e.getValue().getOrDefault(k, 0.0));
            }
            c.addSeries(e.getKey().label(), kernelsShown, ys);
        }
        return c;
    }

    /** @return the heap's current and maximum size, e.g. "4.0 GB of max 4.0 GB" (GC behaviour depends on both) */
    static String heapLabel() {
        Runtime rt = Runtime.getRuntime();
        return String.format(Locale.ROOT, "%.1f GB of max %.1f GB", rt.totalMemory() / 1073741824.0,
                rt.maxMemory() / 1073741824.0);
    }
}
