package dev.strand.cli.bench;

import dev.strand.cli.Args;
import dev.strand.cli.bench.BenchCommand.Measured;
import dev.strand.cli.bench.BenchCommand.Prepared;
import dev.strand.cli.out.BuildInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code strand bench report}: one run of the suite, written as the benchmarks page (Markdown)
 * with its charts. The run is {@code strand bench}'s own ({@link BenchCommand#prepare},
 * {@link BenchCommand#measure}), with every option of that command; the page is
 * {@link BenchPage}'s.
 */
@Command(name = "report",
        sortOptions = false,
        header = "Writes the benchmarks page (docs/benchmarks.md) and its charts from one run.",
        description = {
            "Runs the suite as 'strand bench' does (all kernels, or those named; every",
            "option of 'strand bench' applies, e.g. --rounds, --size, -p, --set,",
            "--quiet-below) and writes a Markdown page: the machine (CPU, processors,",
            "memory, JDK, OS), the date, the load average before and after, the method,",
            "a summary per kernel, every row with the range of its rounds, and PNG",
            "charts (speed-up vs serial, time relative to ForkJoinPool) in the charts",
            "folder, linked from the page. The page says the command that made it.",
            ""},
        footer = {"",
            "Examples:",
            "  strand bench report                  every kernel, 5 rounds",
            "  strand bench report --rounds 3 fib nqueens uts-t1",
            "  strand bench report --out /tmp/b.md --size small   a smoke test",
            "",
            "Exit status: 0 page written, 1 a wrong result (or an error), 2 invalid arguments."})
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "docs/benchmarks.md",
            description = "The page to write (default: ${DEFAULT-VALUE}, from the repository's root).")
    Path page;

    @Option(names = "--charts", paramLabel = "DIR",
            description = "Where the charts go (default: bench/ beside the page, e.g. docs/bench).")
    Path chartsDir;

    @Unmatched
    List<String> benchArgs = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** Options of 'strand bench' that make no page. */
    private static final List<String> REFUSED = List.of("--json", "--alone", "--list", "--goals");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        for (String a : benchArgs) {
            for (String r : REFUSED) {
                if (a.equals(r) || a.startsWith(r + "=")) {
                    throw Args.usage(spec, r + " makes no page: use 'strand bench " + r + "' instead");
                }
            }
            if (a.equals("--out") || a.startsWith("--out=")) {
                throw Args.usage(spec, "--out is the page here; the charts folder is --charts");
            }
        }
        if (!spec.commandLine().getParseResult().hasMatchedOption("--out") && !Files.isDirectory(Path.of("docs"))) {
            throw Args.usage(spec, "no docs/ folder here: run it from the repository's root, or give --out FILE");
        }
        Path dir = chartsDir != null ? chartsDir
                : (page.toAbsolutePath().getParent() == null ? Path.of("bench") : page.toAbsolutePath().getParent().resolve("bench"));

        BenchCommand bench = new BenchCommand();
        CommandLine cl = new CommandLine(bench);
        Args.registerNumberConverters(cl);
        cl.setOut(out);
        cl.setErr(spec.commandLine().getErr());
        List<String> args = new ArrayList<>(benchArgs);
        args.add("--out");
        args.add(dir.toString());
        try {
            Args.checkRanges(cl.parseArgs(args.toArray(String[]::new)));
        } catch (ParameterException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }

        String date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT));
        MachineInfo machine = MachineInfo.current();
        Prepared prep = bench.prepare();
        out.printf(Locale.ROOT, "strand bench report: %d kernel(s), P=%d, %d warm-up + %d measured round(s); load %s%n",
                prep.variants().size(), bench.workers.get(), bench.warmup, bench.rounds, machine.load());
        out.flush();
        Measured m = bench.measure(prep, !bench.noProgress);
        String loadAfter = MachineInfo.loadAverage();

        List<Path> files = bench.writeCharts(m.rows());
        Path pageDir = page.toAbsolutePath().getParent();
        List<String> links = new ArrayList<>();
        for (Path f : files) {
            links.add(pageDir == null ? f.toString() : pageDir.relativize(f.toAbsolutePath()).toString().replace('\\', '/'));
        }
        BuildInfo b = BuildInfo.current();
        String commit = b.commit() + (Boolean.TRUE.equals(b.dirty()) ? " (with uncommitted changes)" : "")
                + ", version " + b.version();
        String method = String.format(Locale.ROOT, "P=%d, size %s, %d warm-up + %d measured round(s) per kernel, samples of >= %s ms, "
                        + "%s ms pause and %s before every run; heap %s",
                bench.workers.get(), bench.size.label(), bench.warmup, bench.rounds, BenchReport.fmt(bench.minSampleMs, "%.0f"),
                bench.pauseMs, bench.gcBeforeRun ? "System.gc()" : "no GC", BenchCommand.heapLabel());
        BenchPage.Context ctx = new BenchPage.Context(date, commandLine(), machine, loadAfter, commit, method,
                bench.rounds, bench.workers.get(), bench.quietBelow == null ? Double.NaN : bench.quietBelow, links);
        String text = BenchPage.render(ctx, m.runs(), m.rows());
        try {
            if (pageDir != null) {
                Files.createDirectories(pageDir);
            }
            Files.writeString(page, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("cannot write " + page + ": " + e.getMessage(), e);
        }
        out.println("page: " + page);
        files.forEach(f -> out.println("chart: " + f));
        out.flush();
        return 0;
    }

    /** @return the command as typed, for the page (the launcher's name, then "bench report" and its arguments) */
    private String commandLine() {
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        int at = given.indexOf(spec.name());      // the whole command line: keep what follows "report"
        StringBuilder sb = new StringBuilder("./strand bench report");
        for (String a : given.subList(at + 1, given.size())) {
            sb.append(' ').append(a.matches("[A-Za-z0-9_./=:,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }
}
