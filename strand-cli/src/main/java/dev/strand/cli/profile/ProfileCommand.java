package dev.strand.cli.profile;

import dev.strand.cli.Args;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.Range;
import dev.strand.cli.bench.BenchCommand;
import dev.strand.cli.bench.KernelSets;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.profile.ProfileReport;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code strand profile}: the work/span profile of a bench kernel or of the user's own program,
 * its replay in the scheduler simulator, and for kernels the replay checked against measured runs.
 */
@Command(name = "profile",
        sortOptions = false,
        header = "Work, span and parallelism of a kernel or a program; its replay.",
        description = {
            "Profiles fork-join code with Strand's work/span profiler (after Cilkview and",
            "Cilkscale: He, Leiserson and Leiserson, SPAA 2010) and replays the recorded",
            "DAG in the scheduler simulator to predict the running time on P workers.",
            "",
            "strand profile KERNEL...  profiles bench kernels (see 'strand bench --list'):",
            "  warm-up, then --rounds rounds in which the kernel runs once on each of: a",
            "  plain pool of 1 worker, of 2 workers (and of P), and a fresh profiling pool",
            "  of P workers. Prints the profile of the profiled run with the median work,",
            "  the measured T1 and T2 (medians, min..max) against the replay's, and the",
            "  distortion (profiled / plain time at P).",
            "",
            "strand profile --jar app.jar [--main CLASS] -- ARGS...",
            "strand profile --class-path CP --main CLASS -- ARGS...",
            "  runs your program's main in this JVM: --warmup times profiled and",
            "  unprofiled, then --runs rounds of three runs in a rotating order: with every",
            "  pool profiling (as -Dstrand.profile=DIR does), unprofiled at the pools' own P,",
            "  and unprofiled with every pool at one worker. Prints each pool's profile (of",
            "  the profiled run with the median work) and replay, the measured T1 and T_P",
            "  beside the prediction, and the distortion (profiled / unprofiled time). A",
            "  program that calls System.exit ends this command too, and leaves no report.",
            "",
            "Writes into --out: each profile as .txt, .csv and .json, and (but with",
            "--no-charts) two charts per profile, <name>-speedup.png and <name>-time.png",
            "(log axes, after cilkscale.py): measured points, the replay's curve, the work",
            "law, the span law and the burdened bound.",
            "",
            "The figures:",
            ProfileText.FIGURES,
            "Name parts of your program with Profiler.region(name, body): each region gets",
            "its own row. See docs/profiling.md.",
            ""},
        footer = {"",
            "Examples:",
            "  strand profile fib-cutoff nqueens -p 2",
            "  strand profile sort --set sort.n=1000000 --rounds 3 --out target/profile",
            "  strand profile --jar app.jar -- input.txt",
            "  strand profile --class-path build/classes --main app.Main --runs 5 --cpu-time",
            "",
            "Exit status: 0 success, 1 a wrong result or a failure of the program,",
            "             2 invalid arguments (also: a program that ran no Strand pool)."})
public final class ProfileCommand implements Callable<Integer> {

    static final int MAX_PREDICT = 32768;

    @Parameters(paramLabel = "KERNEL|ARG", arity = "0..*",
            description = "Kernels to profile; with --jar or --class-path, the program's arguments "
                    + "(after --).")
    List<String> positional = new ArrayList<>();

    @Mixin
    ParallelismOption workers;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the reports and charts (created; default: ${DEFAULT-VALUE}).")
    Path out = Path.of("strand-profile");

    @Option(names = "--no-charts", description = "Write only the reports, not the PNG charts (default: off).")
    boolean noCharts;

    @Option(names = "--predict", paramLabel = "P", split = ",",
            description = "Worker counts to replay the profile at, comma-separated, 1.." + MAX_PREDICT
                    + " each (default: 1,2,4,...,1024; 1 and 2 are always replayed).")
    @Range(min = 1, max = MAX_PREDICT)
    List<Integer> predict = new ArrayList<>(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024));

    @Option(names = "--rounds", paramLabel = "R",
            description = "Measured rounds per kernel, 1..100 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = 100)
    int rounds = 5;

    @Option(names = "--warmup", paramLabel = "W",
            description = "Warm-up rounds per kernel or program, untimed, 0..100 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 100)
    int warmup = 1;

    @Option(names = "--max-warmup", paramLabel = "M",
            description = "After --warmup rounds, warm-up goes on until the JIT settles (two rounds in a row in "
                    + "which it compiled for under 5%% of the machine's processor time), up to M rounds in all; "
                    + "M equal to --warmup gives a fixed count, and --warmup 0 none at all, 0..1000 "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 1000)
    int maxWarmup = 30;

    /** @return the most warm-up rounds: none when --warmup is 0, never fewer than --warmup */
    private int warmupLimit() {
        return warmup == 0 ? 0 : Math.max(warmup, maxWarmup);
    }

    @Option(names = "--pause", paramLabel = "MS",
            description = "Sleep before every run, after a System.gc() and an empty invoke on a pool of the "
                    + "command's own (all untimed), so the pool that ran before has parked its workers, "
                    + "0..10000 (default: ${DEFAULT-VALUE} ms).")
    @Range(min = 0, max = 10_000)
    int pauseMs = 10;

    @Option(names = "--size", paramLabel = "small|default|large", defaultValue = "default",
            converter = BenchCommand.SizeConverter.class,
            description = "The kernels' preset problem sizes, as in 'strand bench' (default: ${DEFAULT-VALUE}).")
    Size size;

    @Option(names = "--set", paramLabel = KernelSets.LABEL,
            description = "Override one parameter of one kernel, such as --set sort.n=1000000 "
                    + "(repeatable; 'strand bench --list' shows the names).")
    Map<String, String> sets = new LinkedHashMap<>();

    @Option(names = "--runs", paramLabel = "N",
            description = "For a program: measured rounds, 1..100; each runs its main profiled, unprofiled "
                    + "at its own P and unprofiled at P=1, in a rotating order (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = 100)
    int runs = 1;

    @Option(names = "--cpu-time", description = "Charge work and span in the workers' CPU time rather than "
            + "wall time, so that time a worker was descheduled is not work (default: off).")
    boolean cpuTime;

    @Option(names = "--no-scheduler-costs", description = "Replay without the scheduler's costs measured on "
            + "this machine (wake-up, steal, spin, spawn, invoke): the bare DAG, a steal costing the burden "
            + "(default: off).")
    boolean noSchedulerCosts;

    @Option(names = "--jar", paramLabel = "JAR", description = "Profile the program in this jar.")
    Path jar;

    @Option(names = "--class-path", paramLabel = "CP",
            description = "Profile the program on this class path (entries separated by ':', "
                    + "';' on Windows); needs --main.")
    String classPath;

    @Option(names = "--main", paramLabel = "CLASS",
            description = "The class whose main method runs (default for --jar: the manifest's Main-Class).")
    String mainClass;

    @Option(names = "--json", description = "Print the results as one JSON object instead of the tables "
            + "(default: off).")
    boolean json;

    @Option(names = "--no-progress", description = "No progress bar on standard error (it is shown only "
            + "when standard error is a terminal).")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        validate();
        String clock = System.getProperty(ProgramRun.CLOCK);
        if (cpuTime) {
            System.setProperty(ProgramRun.CLOCK, "cpu");
        }
        try {
            return profile();
        } finally {
            if (clock == null) {
                System.clearProperty(ProgramRun.CLOCK);
            } else {
                System.setProperty(ProgramRun.CLOCK, clock);
            }
        }
    }

    private int profile() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        if (jar != null || classPath != null) {
            return program(o);
        }
        List<Workload> workloads = workloads();
        prepareOut();
        List<ProfileJson.KernelDoc> docs = new ArrayList<>();
        KernelRun.Plan plan = new KernelRun.Plan(workers.get(), warmup, warmupLimit(), rounds, pauseMs);
        long steps = workloads.size() * (KernelRun.steps(plan) + Prediction.count(predict));
        if (!json) {
            o.printf(Locale.ROOT, "strand profile: P=%d, %d to %d warm-up (until the JIT settles) + %d measured "
                    + "round(s) per kernel; Java %s, %d CPUs%n", workers.get(), warmup, plan.maxWarmup(), rounds,
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
            o.flush();
        }
        SchedulerCosts[] measured = new SchedulerCosts[1];
        Supplier<SchedulerCosts> costs = () -> {            // once, after the first kernel's runs
            if (measured[0] == null) {
                measured[0] = schedulerCosts();
            }
            return measured[0];
        };
        try (Progress progress = Progress.start("profile", steps, !json && !noProgress)) {
            for (Workload w : workloads) {
                try (w) {
                    docs.add(new KernelProfile(w, plan, predict, out, !noCharts, costs)
                            .run(progress, json ? null : o));
                } catch (KernelProfile.NothingProfiled e) {
                    throw bad(e.getMessage());
                }
            }
        }
        if (json) {
            o.println(Json.write(new ProfileJson.Doc(BuildInfo.current(), System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), out.toString(), docs, null)));
        } else {
            o.println();
            o.println("What the figures mean:");
            o.print(String.format(Locale.ROOT, ProfileText.FIGURES));
        }
        o.flush();
        return 0;
    }

    /** @return the costs the replay charges: measured here, or none with --no-scheduler-costs */
    private SchedulerCosts schedulerCosts() {
        return noSchedulerCosts ? SchedulerCosts.NONE : SchedulerCosts.ofMachine();
    }

    /** The three ways a program runs, in the order of the first round. */
    private static final int PROFILED = 0;
    private static final int PLAIN_OWN = 1;
    private static final int PLAIN_ONE = 2;

    private int program(PrintWriter o) throws Exception {
        ProgramRun.Target t;
        try {
            t = jar != null ? ProgramRun.ofJar(jar, mainClass, positional)
                    : ProgramRun.ofClassPath(classPath, mainClass, positional);
        } catch (ProgramRun.BadProgram e) {
            throw bad(e.getMessage());
        }
        prepareOut();
        Set<Path> before = ReportFiles.texts(out);
        String clock = cpuTime ? "cpu" : "wall";
        Path dir = out.toAbsolutePath();
        double[][] millis = new double[3][runs];
        List<ProgramRun.Result> profiled = new ArrayList<>();
        dev.strand.cli.out.MachineLoad.Mark l0 = dev.strand.cli.out.MachineLoad.mark();
        dev.strand.cli.out.JvmLoad.Mark j0;
        int warmedUp = 0;
        boolean settled = false;
        int quiet = 0;                      // warm-up rounds in a row in which the JIT settled
        try (ProgramRun.Program program = ProgramRun.load(t);
             Progress progress = Progress.start("profile", (long) warmup + 3L * runs, !json && !noProgress)) {
            while (warmedUp < warmup || (!settled && warmedUp < warmupLimit())) {
                progress.note("warm-up");
                dev.strand.cli.out.JvmLoad.Mark m = dev.strand.cli.out.JvmLoad.mark();
                for (int c = 0; c < 3; c++) {     // as a measured round: the JIT sees every path they take
                    ProgramRun.Result r = run(program, c, dir, clock);
                    if (r.failure() != null) {
                        return failed(o, r, c == PROFILED ? r.reports() : List.of());
                    }
                }
                quiet = dev.strand.cli.out.JvmLoad.settledSince(m) ? quiet + 1 : 0;
                settled = quiet >= 2;
                if (warmedUp++ < warmup) {
                    progress.step();
                }
            }
            j0 = dev.strand.cli.out.JvmLoad.mark();          // the JIT's work in the measured rounds only
            for (int round = 0; round < runs; round++) {
                progress.note("round " + (round + 1) + "/" + runs);
                for (int j = 0; j < 3; j++) {
                    int c = (j + round) % 3;     // each round starts one configuration later
                    ProgramRun.Result r = run(program, c, dir, clock);
                    if (c == PROFILED) {
                        profiled.add(r);
                    }
                    if (r.failure() != null) {
                        return failed(o, r, c == PROFILED ? r.reports() : lastReports(profiled));
                    }
                    millis[c][round] = r.wallNanos() / 1e6;
                    progress.step();
                }
            }
        } catch (ProgramRun.BadProgram e) {
            throw bad(e.getMessage());
        }
        double others = dev.strand.cli.out.MachineLoad.othersBusy(l0);
        dev.strand.cli.out.JvmLoad.Share jvm = dev.strand.cli.out.JvmLoad.since(j0);
        SchedulerCosts costs = schedulerCosts();      // after the runs: on the pool's compiled paths
        ProgramRun.Result chosen = profiled.get(KernelRun.medianIndex(work(profiled)));
        List<ProfileReport> reports = chosen.reports();
        if (reports.isEmpty()) {
            throw bad("the program ran no Strand pool: nothing to profile (" + t.mainClass()
                    + " must build a StrandPool, from Strand's classes, while its main method runs)");
        }
        String simple = t.mainClass().substring(t.mainClass().lastIndexOf('.') + 1);
        List<ProfileJson.PoolDoc> pools = new ArrayList<>();
        if (!json) {
            o.printf(Locale.ROOT, "strand profile: %s, %d profiled pool(s); %d warm-up + %d measured round(s); "
                            + "Java %s, %d CPUs%n", t.mainClass(), reports.size(), warmedUp, runs,
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
            o.println(LoadLine.warmupLine(warmedUp, settled));
            if (runs > 1) {
                o.printf(Locale.ROOT, "The profiles below are of the profiled run with the median work.%n");
            }
        }
        double poolsWall = 0;
        double predictedOne = 0;
        double predictedOwn = 0;
        int ownP = 0;
        try (Progress progress = Progress.start("profile", (long) reports.size() * Prediction.count(predict),
                !json && !noProgress)) {
            for (int i = 0; i < reports.size(); i++) {
                ProfileReport r = reports.get(i);
                String base = ReportFiles.safe(simple + "-" + r.pool() + (reports.size() > 1 ? "-" + (i + 1) : ""));
                Path text = ReportFiles.findOrWrite(r, out, before, base);
                List<Integer> ps = new ArrayList<>(predict);
                ps.add(r.workers());
                List<Prediction> pr = Prediction.of(r, ps, progress, costs, false);
                poolsWall += r.total().wallNanos();
                predictedOne += Prediction.at(pr, 1).predictedNanos();
                predictedOwn += Prediction.at(pr, r.workers()).predictedNanos();
                ownP = Math.max(ownP, r.workers());
                List<Path> files = new ArrayList<>(List.of(text));
                if (!noCharts) {
                    files.addAll(ProfileCharts.write(out, base, simple + ", pool '" + r.pool() + "'", r.total(), pr,
                            Map.of(r.workers(), (double) r.total().wallNanos()), "profiled run"));
                }
                List<RegionReplay> regions = RegionReplay.of(r, ps, costs);
                if (!noCharts) {
                    for (RegionReplay g : regions) {
                        files.addAll(ProfileCharts.write(out, base + "-" + ReportFiles.safe(g.row().name()),
                                simple + ", region '" + g.row().name() + "'", g.row(), g.predictions(),
                                Map.of(r.workers(), (double) g.row().wallNanos()), "profiled run"));
                    }
                }
                pools.add(new ProfileJson.PoolDoc(ProfileJson.Report.of(r), ProfileJson.Point.of(pr),
                        files.stream().map(Path::toString).toList(), regions.stream().map(RegionReplay::doc).toList()));
                if (!json) {
                    o.printf(Locale.ROOT, "%nPool '%s' (P = %d):%n", r.pool(), r.workers());
                    ProfileText.report(o, r);
                    spread(o, profiled, i);
                    o.println();
                    o.println("  Replay of the recorded DAG in the simulator, beside the laws:");
                    o.println("  " + costs.describe());
                    ProfileText.predictions(o, pr);
                    RegionReplay.print(o, regions, r.workers());
                    o.println("  Files: " + String.join(", ", files.stream().map(Path::toString).toList()));
                }
            }
        }
        // The program's time outside its pools (setup, serial parts) as the profiled run measured
        // it, plus each pool's replayed time: concurrent pools make this an overestimate.
        double outside = Math.max(0, chosen.wallNanos() - poolsWall);
        double[] predicted = {Double.NaN, (outside + predictedOwn) / 1e6, (outside + predictedOne) / 1e6};
        int[] pOf = {ownP, ownP, 1};
        List<ProfileJson.Compare> compare = new ArrayList<>();
        List<ProfileJson.Times> measured = new ArrayList<>();
        for (int c : new int[] {PLAIN_ONE, PLAIN_OWN}) {
            KernelRun.Times m = new KernelRun.Times(millis[c]);
            compare.add(new ProfileJson.Compare(pOf[c], m.median(), predicted[c],
                    100 * (predicted[c] - m.median()) / m.median()));
            measured.add(ProfileJson.Times.of(pOf[c], false, millis[c]));
        }
        measured.add(ProfileJson.Times.of(ownP, true, millis[PROFILED]));
        KernelRun.Times prof = new KernelRun.Times(millis[PROFILED]);
        KernelRun.Times own = new KernelRun.Times(millis[PLAIN_OWN]);
        double distortion = prof.median() / own.median();
        if (json) {
            o.println(Json.write(new ProfileJson.Doc(BuildInfo.current(), System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), out.toString(), null,
                    new ProfileJson.ProgramDoc(t.mainClass(), runs, pools, measured, distortion, others,
                            jvm.compile(), compare))));
        } else {
            o.printf(Locale.ROOT, "%nThe program's main, measured without the profiler (median of %d run(s)) vs "
                    + "the prediction%n  (its time outside the pools, %s ms in the profiled run, plus each pool's "
                    + "replay):%n", runs, ProfileText.ms(outside));
            Table c = new Table("P", "measured ms", "min ms", "max ms", "predicted ms", "error");
            for (int k = 0; k < compare.size(); k++) {
                ProfileJson.Compare x = compare.get(k);
                ProfileJson.Times m = measured.get(k);
                c.row(x.p(), ProfileText.ms(x.measuredMs() * 1e6), ProfileText.ms(m.minMs() * 1e6),
                        ProfileText.ms(m.maxMs() * 1e6), ProfileText.ms(x.predictedMs() * 1e6),
                        ProfileText.percent(x.errorPercent()));
            }
            c.print(o, "  ");
            ProfileText.distortion(o, ownP, prof.median(), prof.min(), prof.max(), own.median(), own.min(), own.max());
            String load = LoadLine.line(others, cpuTime);
            if (load != null) {
                o.println("  " + load);
            }
            String jit = LoadLine.jvmLine(jvm, cpuTime);
            if (jit != null) {
                o.println("  " + jit);
            }
            o.println();
            o.println("What the figures mean:");
            o.print(String.format(Locale.ROOT, ProfileText.FIGURES));
        }
        o.flush();
        return 0;
    }

    /** @return the reports of the last profiled run, or none */
    private static List<ProfileReport> lastReports(List<ProgramRun.Result> profiled) {
        return profiled.isEmpty() ? List.of() : profiled.get(profiled.size() - 1).reports();
    }

    /** @return one run of the program in configuration {@code c} ({@link #PROFILED}, ...) */
    private static ProgramRun.Result run(ProgramRun.Program program, int c, Path dir, String clock)
            throws ProgramRun.BadProgram {
        return switch (c) {
            case PROFILED -> program.run(dir, 0, clock);
            case PLAIN_OWN -> program.run(null, 0, clock);
            default -> program.run(null, 1, clock);
        };
    }

    /**
     * @return each profiled run's work, summed over its pools: the run with the median work is the
     *     one described and replayed, so that one run whose code ran slower or faster than usual
     *     (a JIT's recompilation, another process) does not become the prediction
     */
    private static double[] work(List<ProgramRun.Result> profiled) {
        double[] work = new double[profiled.size()];
        for (int k = 0; k < work.length; k++) {
            for (ProfileReport r : profiled.get(k).reports()) {
                work[k] += r.total().workNanos();
            }
        }
        return work;
    }

    /** Prints pool {@code i}'s work and span over the profiled runs, when there are several. */
    private static void spread(PrintWriter o, List<ProgramRun.Result> profiled, int i) {
        if (profiled.size() < 2) {
            return;
        }
        double[] work = new double[profiled.size()];
        double[] span = new double[profiled.size()];
        for (int k = 0; k < profiled.size(); k++) {
            List<ProfileReport> rs = profiled.get(k).reports();
            if (rs.size() <= i) {
                return;                           // a run built fewer pools: no pool to match
            }
            work[k] = rs.get(i).total().workNanos() / 1e6;
            span[k] = rs.get(i).total().spanNanos() / 1e6;
        }
        KernelRun.Times w = new KernelRun.Times(work);
        KernelRun.Times sp = new KernelRun.Times(span);
        o.printf(Locale.ROOT, "  over the %d profiled runs: work %s ms median (%s..%s), span %s ms median (%s..%s)%n",
                profiled.size(), ProfileText.ms(w.median() * 1e6), ProfileText.ms(w.min() * 1e6),
                ProfileText.ms(w.max() * 1e6), ProfileText.ms(sp.median() * 1e6), ProfileText.ms(sp.min() * 1e6),
                ProfileText.ms(sp.max() * 1e6));
    }

    /**
     * The program threw: prints the profiles of the pools the failing run built (or of the last
     * profiled run), then the exception with its stack trace, and exits with status 1.
     */
    private int failed(PrintWriter o, ProgramRun.Result r, List<ProfileReport> reports) {
        for (ProfileReport p : reports) {
            o.printf(Locale.ROOT, "%nPool '%s' (P = %d), until the program failed:%n", p.pool(), p.workers());
            ProfileText.report(o, p);
        }
        o.flush();
        PrintWriter err = spec.commandLine().getErr();
        Throwable f = r.failure();
        err.println("strand profile: the program failed: " + f);
        StackTraceElement[] st = f.getStackTrace();
        int end = st.length;                      // the program's frames: cut where this command called main
        for (int k = 0; k < st.length; k++) {
            if (st[k].getClassName().equals(ProgramRun.Program.class.getName())) {
                end = k;
                break;
            }
        }
        while (end > 0 && (st[end - 1].getClassName().startsWith("java.lang.reflect.")
                || st[end - 1].getClassName().startsWith("jdk.internal.reflect."))) {
            end--;
        }
        f.setStackTrace(java.util.Arrays.copyOf(st, end));
        f.printStackTrace(err);
        err.flush();
        return 1;
    }

    // ------------------------------------------------------------------ arguments

    private ParameterException bad(String msg) {
        return Args.usage(spec, msg);
    }

    private void validate() {
        if (jar != null && classPath != null) {
            throw bad("give --jar or --class-path, not both");
        }
        if (jar == null && classPath == null) {
            if (mainClass != null) {
                throw bad("--main needs --jar or --class-path");
            }
            if (positional.isEmpty()) {
                throw bad("name at least one kernel (kernels: " + String.join(", ", profilable()) + "), "
                        + "or a program with --jar or --class-path");
            }
        }
        if (predict.isEmpty()) {
            throw Args.invalid(spec, "--predict", "needs at least one worker count");
        }
    }

    /** @return the kernels that can be profiled: wall-time kernels with a Strand variant */
    static List<String> profilable() {
        List<String> names = new ArrayList<>();
        for (Kernel k : Catalog.kernels()) {
            Workload w = k.create(Size.SMALL, Map.of());
            if (w.metric() == Metric.TIME && w.variants().contains(Variant.STRAND)) {
                names.add(k.name());
            }
        }
        return names;
    }

    private List<Workload> workloads() {
        List<String> known = profilable();
        List<Kernel> selected = new ArrayList<>();
        for (String name : positional) {
            if (!known.contains(name)) {
                throw bad("unknown kernel '" + name + "' (kernels: " + String.join(", ", known) + ")");
            }
            selected.add(Catalog.find(name).orElseThrow());
        }
        Map<String, Map<String, String>> overrides = KernelSets.parse(spec, sets, selected);
        List<Workload> ws = new ArrayList<>();
        for (Kernel k : selected) {
            try {
                ws.add(k.create(size, overrides.getOrDefault(k.name(), Map.of())));
            } catch (IllegalArgumentException e) {
                throw KernelSets.refused(spec, sets, e);
            }
        }
        return ws;
    }

    private void prepareOut() {
        try {
            Files.createDirectories(out);
            Path probe = Files.createTempFile(out, ".strand-profile", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw Args.invalid(spec, "--out", "cannot write to " + out + " (" + reason(e) + ")");
        }
    }

    private static String reason(Exception e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a file of that name is in the way";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
