package dev.strand.cli.soak;

import dev.strand.StrandPool;
import dev.strand.cli.Args;
import dev.strand.cli.PoolOptions;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand soak}: a long randomized stress of the runtime. Several drivers, each with a pool
 * of its own, run random workloads back to back; each workload checks its own results (exact
 * counts, exceptions that reach their joiners, nothing lost at shutdown), a watchdog reports a
 * workload that does not finish in time as a hang, and the end checks that heap and threads stayed
 * flat.
 */
@Command(name = "soak",
        sortOptions = false,
        header = "Random workloads for a while; report hangs, lost tasks, leaks.",
        description = {
            "Runs --pools drivers at once, each with a pool of its own (replaced now and",
            "then), each running random workloads back to back until --duration is up. Every",
            "workload checks its results: fork/join, Strand.join and scope trees must count",
            "exactly the nodes a serial walk counts; a planned exception must reach the",
            "joiner; cancelled tasks never run; overflowing recursion on small-stack pools",
            "must fail with StackOverflowError, never hang or miscount; shutdownNow() must",
            "return every queued Runnable that did not run. Workloads: fork-tree, join,",
            "scope, executor, exceptions, cancel, deep-recursion, lifecycle, cross-pool,",
            "parallel (see the user guide, 'Soak testing').",
            "",
            "A workload that does not finish within --timeout is a HANG: its pools' dump and",
            "every thread's stack are printed and the soak stops. Every --progress-every a",
            "line shows the runs per workload, failures, heap used after a GC and live",
            "threads; the end checks that heap and thread count stayed flat.",
            "",
            "Choices come from the random seed (--seed): a failure prints it and the",
            "workload, and 'strand soak --seed S --only W' replays the same choices (the",
            "scheduling of the threads differs from run to run).",
            ""},
        footer = {"", "Exit status: 0 if every check held, 1 on a failure, a hang or a leak,",
            "             2 invalid arguments."})
@SuppressWarnings("EnumOrdinal") // per-workload counters: AtomicLongArrays indexed by ordinal, shared by the drivers
public final class SoakCommand implements Callable<Integer> {

    static final int MAX_POOLS = 64;

    @Spec
    CommandSpec spec;

    @Mixin
    PoolOptions poolOptions;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", defaultValue = "10m",
            converter = DurationConverter.class,
            description = "How long to run, e.g. 30s, 10m, 2h (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the random choices (default: a random one, printed).")
    Long seed;

    @Option(names = "--pools", paramLabel = "N", defaultValue = "3",
            description = "Drivers, each with a pool of its own, at once, 1.." + MAX_POOLS
                    + " (default: ${DEFAULT-VALUE}); workloads add short-lived pools.")
    @Range(min = 1, max = MAX_POOLS)
    int pools;

    @Option(names = "--only", paramLabel = "WORKLOAD", converter = Workload.Converter.class,
            completionCandidates = Workload.Converter.class,
            description = "Run only this workload: ${COMPLETION-CANDIDATES}.")
    Workload only;

    @Option(names = "--no-deep-recursion", description = "Leave out the deep-recursion workload "
            + "(stack overflows on small stacks).")
    boolean noDeepRecursion;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "60s",
            converter = DurationConverter.class,
            description = "A workload running longer than this is a hang (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--progress-every", paramLabel = "TIME", defaultValue = "10s",
            converter = DurationConverter.class,
            description = "Interval of the progress lines and heap samples (default: ${DEFAULT-VALUE}).")
    Duration progressEvery;

    @Option(names = "--json", description = "Print no progress lines, and at the end one JSON object: "
            + "the settings, the runs per workload, the failures, the heap and thread checks "
            + "(default: off).")
    boolean json;

    private final List<String> failures = new CopyOnWriteArrayList<>();
    private AtomicLongArray runs;
    private AtomicLongArray failed;
    private UncaughtLog uncaught;
    private volatile boolean stop;
    private long start;

    @Override
    public Integer call() {
        validate();
        return soak();
    }

    private void validate() {
        check(duration.toMillis() >= 1, "--duration", "must be at least 1ms, got "
                + DurationConverter.format(duration));
        check(timeout.toMillis() >= 1000, "--timeout", "must be at least 1s, got "
                + DurationConverter.format(timeout));
        check(progressEvery.toMillis() >= 100, "--progress-every", "must be at least 100ms, got "
                + DurationConverter.format(progressEvery));
        check(!(noDeepRecursion && only == Workload.DEEP_RECURSION), "--only",
                "deep-recursion contradicts --no-deep-recursion");
    }

    private void check(boolean ok, String option, String message) {
        if (!ok) {
            throw Args.invalid(spec, option, message);
        }
    }

    /** One driver: a thread with a pool of its own running workloads back to back. */
    private final class Driver implements Runnable {
        final int index;
        final SplittableRandom kinds;
        final SplittableRandom params;
        final Thread thread;
        final List<Workload> menu;
        volatile Current current;
        volatile StrandPool pool;
        long run;
        int poolsMade;

        Driver(int index, long seed, List<Workload> menu) {
            this.index = index;
            SplittableRandom base = new SplittableRandom(seed + 0x9e3779b97f4a7c15L * index);
            this.kinds = base.split();
            this.params = base.split();
            this.menu = menu;
            this.thread = new Thread(this, "soak-driver-" + index);
            thread.setDaemon(true);
        }

        StrandPool newPool() {
            return Run.vary(poolOptions.builder("soak" + index + "-main" + ++poolsMade),
                    params.nextInt(), stealFixed(), joinFixed())
                    .uncaughtExceptionHandler(uncaught).build();
        }

        @Override
        public void run() {
            pool = newPool();
            long recycleAt = 10L + params.nextInt(40);
            while (!stop) {
                Workload w = menu.get(kinds.nextInt(menu.size()));
                long runSeed = params.nextLong();
                run++;
                Run r = new Run(runSeed, pool, poolOptions.parallelism(),
                        c -> Run.vary(poolOptions.builder("x"), c, stealFixed(), joinFixed()),
                        uncaught, "soak" + index + "-r" + run);
                current = new Current(w.cliName(), w, run, runSeed, System.nanoTime(), r.pools);
                try {
                    w.run(r);
                    r.endPools(timeout.toNanos());
                    runs.incrementAndGet(w.ordinal());
                } catch (Throwable e) {
                    fail(w, e instanceof Run.CheckFailed ? e.getMessage() : "unexpected " + trace(e));
                    try {
                        r.endPools(timeout.toNanos());
                    } catch (Throwable e2) {
                        fail(w, "ending its pools: " + e2);
                    }
                }
                for (String u; (u = uncaught.unexpected.poll()) != null; ) {
                    fail(w, "(seen during this run) " + u);
                }
                if (run >= recycleAt && !stop) {
                    recycleAt = run + 10 + params.nextInt(40);
                    current = new Current("closing its pool", null, run, runSeed, System.nanoTime(),
                            List.of(pool));
                    pool.close();
                    pool = newPool();
                }
                current = null;
            }
            current = new Current("closing its pool at the end", null, run, 0, System.nanoTime(),
                    List.of(pool));
            pool.close();
            current = null;
        }

        void fail(Workload w, String what) {
            failed.incrementAndGet(w.ordinal());
            runs.incrementAndGet(w.ordinal());
            failures.add(String.format(Locale.ROOT, "FAIL workload %s (driver %d, run %d, seed %d):"
                    + " %s%n     reproduce: %s", w.cliName(), index, run, seed, what,
                    reproduce(w)));
        }
    }

    record Current(String what, Workload workload, long run, long runSeed, long startNanos,
                   List<StrandPool> pools) { }

    private boolean stealFixed() {
        return spec.commandLine().getParseResult().hasMatchedOption("--steal");
    }

    private boolean joinFixed() {
        return spec.commandLine().getParseResult().hasMatchedOption("--join");
    }

    private String reproduce(Workload w) {
        return "strand soak --seed " + seed + " --only " + w.cliName() + " --pools " + pools
                + " -p " + poolOptions.parallelism();
    }

    private static String trace(Throwable e) {
        java.io.StringWriter s = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(s));
        String t = s.toString();
        String[] lines = t.split("\\R");
        return lines.length <= 30 ? t.strip() : String.join("\n", List.of(lines).subList(0, 30))
                + "\n\t...";
    }

    private int soak() {
        PrintWriter out = spec.commandLine().getOut();
        if (seed == null) {
            seed = new SplittableRandom().nextLong() & 0xffff_ffffL;
        }
        List<Workload> menu = new ArrayList<>();
        for (Workload w : Workload.values()) {
            if ((only == null || only == w) && !(noDeepRecursion && w == Workload.DEEP_RECURSION)) {
                menu.add(w);
            }
        }
        runs = new AtomicLongArray(Workload.values().length);
        failed = new AtomicLongArray(Workload.values().length);
        uncaught = new UncaughtLog();
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        int threadsAtStart = ManagementFactory.getThreadMXBean().getThreadCount();
        List<Long> heap = new ArrayList<>();
        if (!json) {
            out.printf(Locale.ROOT, "soak: %s, seed %d, %d pools, %s, workloads: %s; hang timeout %s%n",
                    DurationConverter.format(duration), seed, pools, poolOptions,
                    String.join(" ", menu.stream().map(Workload::cliName).toList()),
                    DurationConverter.format(timeout));
            out.flush();
        }
        start = System.nanoTime();
        long end = start + duration.toNanos();
        List<Driver> drivers = new ArrayList<>();
        for (int i = 0; i < pools; i++) {
            drivers.add(new Driver(i, seed, menu));
        }
        drivers.forEach(d -> d.thread.start());
        long nextReport = start + progressEvery.toNanos();
        int printed = 0;
        String hang = null;
        while (hang == null) {
            long now = System.nanoTime();
            if (now - end >= 0) {
                stop = true;
            }
            boolean alive = false;
            for (Driver d : drivers) {
                alive |= d.thread.isAlive();
                Current c = d.current;
                if (c != null && now - c.startNanos() > timeout.toNanos() && hang == null) {
                    hang = hangReport(d, c);
                }
            }
            printed = printFailures(out, printed);
            if (hang != null || !alive) {
                break;
            }
            if (now - nextReport >= 0 && !stop) {
                nextReport += progressEvery.toNanos();
                heap.add(heapAfterGc(mem));
                if (!json) {
                    out.println(progress(heap.get(heap.size() - 1)));
                    out.flush();
                }
            }
            sleep(50);
        }
        stop = true;
        printFailures(out, printed);
        if (hang != null) {
            if (json) {
                out.println(Json.write(toJson(menu, heap, null, null, hang)));
            } else {
                out.print(hang);
            }
            out.flush();
            spec.commandLine().getErr().println("strand soak: HANG: " + hang.lines().findFirst()
                    .orElse("") + " (details above)");
            spec.commandLine().getErr().flush();
            return 1;
        }
        // every pool is closed now; give exiting workers a moment to be gone
        int workersLeft = 0;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        do {
            workersLeft = (int) Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("strand-soak")).count();
            if (workersLeft > 0) {
                sleep(20);
            }
        } while (workersLeft > 0 && System.nanoTime() < until);
        long lastHeap = heapAfterGc(mem);
        heap.add(lastHeap);
        int threadsAtEnd = ManagementFactory.getThreadMXBean().getThreadCount();
        Verdicts.Verdict hv = Verdicts.heap(heap);
        Verdicts.Verdict tv = Verdicts.threads(threadsAtStart, threadsAtEnd, workersLeft);
        long total = 0;
        long bad = 0;
        for (int i = 0; i < runs.length(); i++) {
            total += runs.get(i);
            bad += failed.get(i);
        }
        boolean ok = bad == 0 && hv.ok() && tv.ok();
        if (json) {
            out.println(Json.write(toJson(menu, heap, hv, tv, null)));
        } else {
            out.println(progress(lastHeap));
            out.printf(Locale.ROOT, "summary: %d workloads in %s, %d failed (seed %d)%n", total,
                    elapsed(), bad, seed);
            out.printf(Locale.ROOT, "  %-16s %8s %8s%n", "workload", "runs", "failed");
            for (Workload w : menu) {
                out.printf(Locale.ROOT, "  %-16s %8d %8d%n", w.cliName(), runs.get(w.ordinal()),
                        failed.get(w.ordinal()));
            }
            out.println("  " + hv.text());
            out.println("  " + tv.text());
            out.println(ok ? "soak: OK" : "soak: FAILED");
        }
        out.flush();
        if (!ok) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("strand soak: " + (bad > 0 ? bad + " failed workload(s)" : "")
                    + (!hv.ok() ? " heap grew" : "") + (!tv.ok() ? " threads leaked" : "")
                    + " (seed " + seed + "; details " + (json ? "in the JSON" : "above") + ")");
            err.flush();
            return 1;
        }
        return 0;
    }

    private int printFailures(PrintWriter out, int printed) {
        if (json) {
            return printed;
        }
        while (printed < failures.size()) {
            out.println(failures.get(printed++));
            out.flush();
        }
        return printed;
    }

    /**
     * The document of {@code --json}: the settings, the runs and failures per workload, every
     * failure's text (with its reproduce line), the heap samples (MiB after a GC) and the two leak
     * checks; after a hang, its report and no checks.
     */
    record JsonDoc(BuildInfo strand, String java, long seed, String duration, double elapsedSeconds,
                   int pools, String pool, List<JsonWorkload> workloads, long runs, long failed,
                   List<String> failures, String hang, List<Double> heapMiB, JsonCheck heap,
                   JsonCheck threads, boolean ok) { }

    record JsonWorkload(String workload, long runs, long failed) { }

    record JsonCheck(boolean ok, String text) { }

    private JsonDoc toJson(List<Workload> menu, List<Long> heap, Verdicts.Verdict hv,
                           Verdicts.Verdict tv, String hang) {
        List<JsonWorkload> ws = new ArrayList<>();
        long total = 0;
        long bad = 0;
        for (Workload w : menu) {
            ws.add(new JsonWorkload(w.cliName(), runs.get(w.ordinal()), failed.get(w.ordinal())));
            total += runs.get(w.ordinal());
            bad += failed.get(w.ordinal());
        }
        boolean ok = hang == null && bad == 0 && hv != null && hv.ok() && tv != null && tv.ok();
        return new JsonDoc(BuildInfo.current(), System.getProperty("java.version"), seed,
                DurationConverter.format(duration), (System.nanoTime() - start) / 1e9, pools,
                poolOptions.toString(), ws, total, bad, List.copyOf(failures), hang,
                heap.stream().map(b -> b / (1024.0 * 1024.0)).toList(),
                hv == null ? null : new JsonCheck(hv.ok(), hv.text()),
                tv == null ? null : new JsonCheck(tv.ok(), tv.text()), ok);
    }

    private String progress(long heapBytes) {
        StringBuilder b = new StringBuilder();
        long total = 0;
        long bad = 0;
        StringBuilder kinds = new StringBuilder();
        for (Workload w : Workload.values()) {
            long n = runs.get(w.ordinal());
            total += n;
            bad += failed.get(w.ordinal());
            if (n > 0) {
                kinds.append(' ').append(w.cliName()).append('=').append(n);
            }
        }
        b.append(String.format(Locale.ROOT, "[%7s] runs %d (%s) failures %d heap %s threads %d",
                elapsed(), total, kinds.toString().strip(), bad, Verdicts.mib(heapBytes),
                ManagementFactory.getThreadMXBean().getThreadCount()));
        return b.toString();
    }

    private String elapsed() {
        long s = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        return DurationConverter.format(Duration.ofSeconds(s));
    }

    private static long heapAfterGc(MemoryMXBean mem) {
        mem.gc();
        return mem.getHeapMemoryUsage().getUsed();
    }

    private String hangReport(Driver d, Current c) {
        StringBuilder b = new StringBuilder();
        String what = c.workload() != null ? "workload " + c.what() : c.what();
        b.append(String.format(Locale.ROOT, "HANG: %s (driver %d, run %d, seed %d) did not finish "
                + "in %s%n", what, d.index, c.run(), seed, DurationConverter.format(timeout)));
        if (c.workload() != null) {
            b.append("  reproduce: ").append(reproduce(c.workload())).append('\n');
        }
        for (StrandPool p : c.pools()) {
            b.append(p.dump());
        }
        b.append("Threads:\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            b.append(String.format(Locale.ROOT, "\"%s\" %s%n", t.getName(), t.getState()));
            StackTraceElement[] st = e.getValue();
            for (int i = 0; i < Math.min(st.length, 64); i++) {
                b.append("    at ").append(st[i]).append('\n');
            }
            if (st.length > 64) {
                b.append("    ... ").append(st.length - 64).append(" more\n");
            }
        }
        return b.toString();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
