package dev.strand.cli.trace;

import dev.strand.StrandPool;
import dev.strand.cli.Args;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.Range;
import dev.strand.cli.bench.BenchCommand;
import dev.strand.cli.bench.KernelSets;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.profile.Timeline;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code strand trace}: runs a kernel once on a pool that records its timeline, and writes the
 * timeline as a Chrome trace-event file (Perfetto, chrome://tracing) and as a PNG.
 */
@Command(name = "trace",
        sortOptions = false,
        header = "Record the timeline of one run: a trace for Perfetto and a PNG.",
        description = {
            "Runs KERNEL (a kernel of 'strand bench', see 'strand bench --list') once on a",
            "Strand pool that records its timeline, after warm-up runs on an ordinary pool",
            "of the same size, and writes:",
            "  DIR/KERNEL-trace.json  a Chrome trace-event file: open it in ui.perfetto.dev",
            "                         or chrome://tracing. One track per worker; every task",
            "                         of 10 us or more is a slice (a task run while another",
            "                         waits in a join is nested inside it); steals are",
            "                         arrows from the worker that forked the task to the one",
            "                         that ran it; parked time (no work to find) is a",
            "                         'parked' slice.",
            "  DIR/KERNEL-trace.png   the same as a picture: tasks in blue (darker when",
            "                         nested), steals as red lines, parked time in grey",
            "                         (not with --no-charts).",
            "Recording costs a clock read per fork, join and task and a few bytes per task",
            "longer than 10 us; the run is slower than an unrecorded one, so read the trace",
            "for its shape (who ran what, when workers starved), not for its speed.",
            ""},
        footer = {"", "Example: strand trace uts-t3 -p 2 --out traces",
                "Exit status: 0 success, 1 a result was wrong (or an error),",
                "             2 invalid arguments."})
public final class TraceCommand implements Callable<Integer> {

    @Parameters(paramLabel = "KERNEL", description = "The kernel to run (see 'strand bench --list').")
    String kernel;

    @Mixin
    ParallelismOption workers;

    @Option(names = "--size", paramLabel = "small|default|large", defaultValue = "small",
            converter = BenchCommand.SizeConverter.class,
            description = "Preset problem size (default: ${DEFAULT-VALUE}: a trace of a long run "
                    + "is large; 'strand bench --list' shows the sizes).")
    Size size;

    @Option(names = "--set", paramLabel = KernelSets.LABEL,
            description = "Override one parameter of the kernel, such as --set fib.n=30 (repeatable; "
                    + "'strand bench --list' shows the names).")
    Map<String, String> sets = new LinkedHashMap<>();

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "2",
            description = "Unrecorded warm-up runs first, 0..100 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 100)
    int warmup;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "strand-trace",
            description = "Folder for the trace and the PNG (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--no-charts", description = "Write only the trace, not the PNG (default: off).")
    boolean noCharts;

    @Option(names = "--json", description = "Print the run's figures and the files written as one "
            + "JSON object instead of the text (default: off).")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Kernel k = Catalog.find(kernel).orElseThrow(() -> bad("unknown kernel '" + kernel
                + "' (kernels: " + String.join(", ", Catalog.names()) + ")"));
        Map<String, String> overrides = KernelSets.parse(spec, sets, List.of(k))
                .getOrDefault(k.name(), Map.of());
        PrintWriter pw = spec.commandLine().getOut();
        try (Workload w = create(k, overrides)) {
            if (!w.variants().contains(Variant.STRAND)) {
                throw bad("kernel " + kernel + " has no Strand variant to trace");
            }
            checkWritable(out);
            try (Pools plain = Pools.open(workers.get(), List.of(Variant.STRAND))) {
                w.setUp(plain);
                for (int i = 0; i < warmup; i++) {
                    runChecked(w);
                }
            }
        }
        Timeline t;
        long took;
        String params;
        try (Workload w = create(k, overrides);
             Pools traced = Pools.of(StrandPool.builder().name("trace").parallelism(workers.get())
                     .timeline(true).build())) {
            w.setUp(traced);
            params = w.params();
            long start = System.nanoTime();
            runChecked(w);
            took = System.nanoTime() - start;
            t = traced.strand().timeline();
        }
        int p = workers.get();
        Path trace = out.resolve(kernel + "-trace.json");
        Path png = noCharts ? null : out.resolve(kernel + "-trace.png");
        t.writeChromeTrace(trace);
        if (png != null) {
            TimelineImage.write(t, String.format(Locale.ROOT, "%s (%s), P = %d: %.1f ms recorded",
                    kernel, params, p, took / 1e6), png);
        }
        if (json) {
            pw.println(Json.write(new JsonDoc(BuildInfo.current(), System.getProperty("java.version"),
                    kernel, params, p, warmup, took / 1e6, t.slices().size(), t.steals().size(),
                    t.parks().size(), t.truncated(), trace.toString(), png == null ? null : png.toString())));
        } else {
            pw.printf(Locale.ROOT, "%s at P = %d: %.1f ms, %d task slices, %d steals, %d parked intervals%s%n",
                    kernel, p, took / 1e6, t.slices().size(), t.steals().size(), t.parks().size(),
                    t.truncated() ? " (recording truncated: a worker reached its event limit)" : "");
            pw.println("trace: " + trace + "  (open in ui.perfetto.dev or chrome://tracing)");
            if (png != null) {
                pw.println("image: " + png);
            }
        }
        pw.flush();
        return 0;
    }

    /**
     * The document of {@code --json}: the run (its time, recorded with the timeline on) and the
     * files written ({@code image} null with {@code --no-charts}).
     */
    record JsonDoc(BuildInfo strand, String java, String kernel, String params, int parallelism,
                   int warmup, double millis, int slices, int steals, int parks, boolean truncated,
                   String trace, String image) { }

    private Workload create(Kernel k, Map<String, String> overrides) {
        try {
            return k.create(size, overrides);
        } catch (IllegalArgumentException e) {
            throw KernelSets.refused(spec, sets, e);
        }
    }

    private static void runChecked(Workload w) throws Exception {
        w.prepare(Variant.STRAND);
        Object r = w.run(Variant.STRAND);
        w.check(Variant.STRAND, r);
    }

    private void checkWritable(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw Args.invalid(spec, "--out", "cannot create the folder " + dir + " (" + e.getMessage() + ")");
        }
        if (!Files.isWritable(dir)) {
            throw Args.invalid(spec, "--out", "the folder " + dir + " is not writable");
        }
    }

    private ParameterException bad(String message) {
        return Args.usage(spec, message);
    }
}
