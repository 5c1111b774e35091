package dev.strand.cli.profile;

import dev.strand.cli.Args;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.Range;
import dev.strand.cli.bench.BenchCommand;
import dev.strand.cli.bench.KernelSets;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Progress;
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
            "  of P workers. Prints the profile of the profiled run with the median time,",
            "  the measured T1 and T2 (medians, min..max) against the replay's, and the",
            "  profiler's overhead (profiled vs plain runs at P).",
            "",
            "strand profile --jar app.jar [--main CLASS] -- ARGS...",
            "strand profile --class-path CP --main CLASS -- ARGS...",
            "  runs your program's main in this JVM with every Strand pool profiling (as",
            "  -Dstrand.profile=DIR does), then prints each pool's profile and replay. Its",
            "  pools keep their own parallelism. A program that calls System.exit ends",
            "  this command too (its pools' reports are still written, at exit).",
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
            description = "Warm-up rounds per kernel, untimed, 0..100 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 100)
    int warmup = 1;

    @Option(names = "--pause", paramLabel = "MS",
            description = "Sleep before every run, after a System.gc(), both untimed, so the pool "
                    + "that ran before has parked its workers, 0..10000 (default: ${DEFAULT-VALUE} ms).")
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
        PrintWriter o = spec.commandLine().getOut();
        if (jar != null || classPath != null) {
            return program(o);
        }
        List<Workload> workloads = workloads();
        prepareOut();
        List<ProfileJson.KernelDoc> docs = new ArrayList<>();
        KernelRun.Plan plan = new KernelRun.Plan(workers.get(), warmup, rounds, pauseMs);
        long steps = workloads.size() * (KernelRun.steps(plan) + Prediction.count(predict));
        if (!json) {
            o.printf(Locale.ROOT, "strand profile: P=%d, %d warm-up + %d measured round(s) per kernel; "
                    + "Java %s, %d CPUs%n", workers.get(), warmup, rounds, System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors());
            o.flush();
        }
        try (Progress progress = Progress.start("profile", steps, !json && !noProgress)) {
            for (Workload w : workloads) {
                try (w) {
                    docs.add(new KernelProfile(w, plan, predict, out, !noCharts).run(progress, json ? null : o));
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
        List<ProfileReport> reports;
        try {
            reports = ProgramRun.run(t, out.toAbsolutePath());
        } catch (ProgramRun.BadProgram e) {
            throw bad(e.getMessage());
        } catch (ProgramRun.ProgramFailed e) {
            throw new IllegalStateException("the program failed: " + e.getMessage(), e.getCause());
        }
        if (reports.isEmpty()) {
            throw bad("the program ran no Strand pool: nothing to profile (" + t.mainClass()
                    + " must build a StrandPool, from Strand's classes, while its main method runs)");
        }
        String simple = t.mainClass().substring(t.mainClass().lastIndexOf('.') + 1);
        List<ProfileJson.PoolDoc> pools = new ArrayList<>();
        if (!json) {
            o.printf(Locale.ROOT, "strand profile: %s, %d profiled pool(s); Java %s, %d CPUs%n",
                    t.mainClass(), reports.size(), System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors());
        }
        try (Progress progress = Progress.start("profile", (long) reports.size() * Prediction.count(predict),
                !json && !noProgress)) {
            for (int i = 0; i < reports.size(); i++) {
                ProfileReport r = reports.get(i);
                String base = ReportFiles.safe(simple + "-" + r.pool() + (reports.size() > 1 ? "-" + (i + 1) : ""));
                Path text = ReportFiles.findOrWrite(r, out, before, base);
                List<Prediction> pr = Prediction.of(r, predict, progress);
                List<Path> files = new ArrayList<>(List.of(text));
                if (!noCharts) {
                    files.addAll(ProfileCharts.write(out, base, simple + ", pool '" + r.pool() + "'", r, pr,
                            Map.of(r.workers(), (double) r.total().wallNanos()), "profiled run"));
                }
                pools.add(new ProfileJson.PoolDoc(ProfileJson.Report.of(r), ProfileJson.Point.of(pr),
                        files.stream().map(Path::toString).toList()));
                if (!json) {
                    o.printf(Locale.ROOT, "%nPool '%s' (P = %d):%n", r.pool(), r.workers());
                    ProfileText.report(o, r);
                    o.println();
                    o.println("  Replay of the recorded DAG in the simulator, beside the laws:");
                    ProfileText.predictions(o, pr);
                    o.println("  Files: " + String.join(", ", files.stream().map(Path::toString).toList()));
                }
            }
        }
        if (json) {
            o.println(Json.write(new ProfileJson.Doc(BuildInfo.current(), System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), out.toString(), null,
                    new ProfileJson.ProgramDoc(t.mainClass(), pools))));
        } else {
            o.println();
            o.println("What the figures mean:");
            o.print(String.format(Locale.ROOT, ProfileText.FIGURES));
        }
        o.flush();
        return 0;
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
            if (positional.isEmpty()) {
                throw bad("name at least one kernel (kernels: " + String.join(", ", profilable()) + "), "
                        + "or a program with --jar or --class-path");
            }
            if (mainClass != null) {
                throw bad("--main needs --jar or --class-path");
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
