package dev.strand.cli;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.parallel.Grain;
import dev.strand.parallel.Parallel;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.Profiler;
import dev.strand.profile.WorkSpan;
import dev.strand.workloads.Stats;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand demo}: a short tour of the runtime. Four small programs run in one pool, each
 * checked against a serial answer; the scheduler's own counters ({@code pool.stats()}) show the
 * work stealing.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        sortOptions = false,
        header = "A short tour: fork-join sum, merge sort, task trees, fib.",
        description = {
            "Runs four small fork-join programs in one pool, in a few seconds, and checks",
            "each result against a serial answer:",
            "  1. a parallel sum of n ints with a grain cutoff (Parallel.reduceRange),",
            "  2. a parallel merge sort of n ints with a parallel merge (Parallel.mergeSort),",
            "     beside the same sort with a serial merge: both timed, and both profiled,",
            "     which measures the parallelism each offers (the serial merge's is about",
            "     log2(n)/2, too low to show on a few cores, the parallel merge's in the",
            "     hundreds) and bounds their speed-up on 64 workers,",
            "  3. balanced binary task trees of depth 8, 12 and 16, with the steals and",
            "     per-worker task counts the pool recorded (pool.stats()),",
            "  4. fib(30) forking at every level, with the pool's statistics table.",
            "The sizes are options; the defaults run in a few seconds.",
            ""},
        footer = {"", "Exit status: 0 all checks held, 1 a check failed (or an error),",
            "             2 invalid arguments."})
public final class DemoCommand implements Callable<Integer> {

    static final int N = 1 << 20;
    static final int GRAIN = 4096;
    static final int[] DEPTHS = {8, 12, 16};
    static final int FIB_N = 30;
    static final int MAX_N = 1 << 27;
    static final int MAX_DEPTH = 22;
    static final int MAX_FIB = 40;

    // The explanation printed before each block (text output only; %s are n, grain, fib's n).
    static final String EXPLAIN_SUM = """

            1. Fork-join sum of n = %s ints (i %% 100) with Parallel.reduceRange and a fixed grain:
               each range is split in two halves run with Strand.join, ranges of at most
               grain = %d ints are summed serially. got must equal the serial sum; tasks (the serial
               leaves) stays near n/grain instead of n: the grain cutoff keeps the overhead of tasks
               small.
            """;
    static final String EXPLAIN_SORT = """

            2. Parallel merge sort of %s ints with Parallel.mergeSort: both halves are sorted in
               parallel (Strand.join), ranges of at most %d ints go to Arrays.sort, and each merge is
               itself parallel (split by binary search): span Theta(log^3 n), parallelism
               Theta(n / log^2 n). Beside it, the same sort with one serial loop per merge, as a user
               might write it: its top merge alone takes Theta(n), so its span is Theta(n) and its
               parallelism Theta(log n), about log2(n)/2 = %d here, however many workers run it.
               Both are checked against Arrays.sort, timed on this pool (median of %d runs each,
               interleaved, after a warm-up run), and profiled on one worker (median of %d runs):
               the profiler measures each version's work T1 and span Tinf, their ratio is the
               parallelism, and the work and span laws bound the speed-up on P workers between
               T1 / (T1/P + Tinf) (what a greedy scheduler reaches at least) and min(P, T1/Tinf).
            %s""";
    /** The end of EXPLAIN_SORT when P is well below the serial merge's limit (%d: P, P, BOUND_P). */
    static final String EXPLAIN_SORT_FEW = """
               What P = %d can show: not the difference in time. Any parallelism well above %d keeps
               every worker busy, so the merges' parallelism does not decide the times: which sort
               wins, by up to 2x either way from one run to the next, depends on how fast each
               merge loop runs in this JVM (the parallel merge's splitting is extra work, the
               serial merge's loop is simpler). What timing cannot show, the profile measures: the
               serial merge's parallelism, the most it can ever gain, against the parallel
               merge's, and the bound on %d workers. A simulation of both up to 256 workers:
               ./strand sim --dags msort:65536,msort-pmerge:65536 --max-p 256 --no-charts
            """;
    /** The end of EXPLAIN_SORT when P is near or above that limit (%d: P, then the cores). */
    static final String EXPLAIN_SORT_MANY = """
               With P = %d, near or above that, the serial merge should also be the slower one in
               time, given as many free cores (this machine has %d).
            """;
    static final String EXPLAIN_TREES = """

            3. Work stealing on balanced binary task trees: every node is a task that forks its two
               children and joins them. nodes = tasks the pool ran, 2^(depth+1)-1 (root included);
               span = the longest chain of dependent tasks, depth+1. steals and per-worker task
               counts are the pool's own counters (pool.stats()), per run, averaged over 5 runs.
               Steals stay few, growing with the span rather than the work, and min vs max shows
               how evenly the workers shared the load (a tree of 511 tiny tasks may be done before
               an idle worker wakes up; other busy processes on the machine skew it too). The trees
               run after about 0.3 s of untimed warm-up trees: before the JIT has compiled the tree
               code, the compiler threads take CPU from one worker and skew the balance.
            """;
    static final String EXPLAIN_FIB = """

            4. fib(%d) forking at every level: %s tiny tasks, a stress test of the cost of
               fork and join (real code stops forking below a grain). The table is pool.stats() for
               this run, per worker: tasks run, forks pushed, successful steals, steal attempts,
               failed attempts, parks, wake-ups of other workers, idle time, largest deque size.
            """;

    @Mixin
    PoolOptions pool;

    @Option(names = {"-n", "--elements"}, paramLabel = "N",
            description = "Elements summed (part 1) and sorted (part 2), 1.." + MAX_N
                    + " (default: 2^20 = ${DEFAULT-VALUE}).")
    @Range(min = 1, max = MAX_N)
    int n = N;

    @Option(names = {"-g", "--grain"}, paramLabel = "G",
            description = "Serial cutoff of the sum and leaf size of the merge sort, >= 1 "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int grain = GRAIN;

    @Option(names = "--depths", paramLabel = "D", split = ",",
            description = "Depths of the binary task trees (part 3), 0.." + MAX_DEPTH
                    + " each (default: 8,12,16).")
    @Range(min = 0, max = MAX_DEPTH)
    int[] depths = DEPTHS.clone();

    @Option(names = "--fib", paramLabel = "N",
            description = "Argument of fib in part 4, 0.." + MAX_FIB + " (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = MAX_FIB)
    int fibN = FIB_N;

    @Option(names = "--json",
            description = "Print the results as one JSON object instead of the text (default: off).")
    boolean json;

    @Spec
    CommandSpec spec;

    /** Result of part 1. {@code leaves} counts serial leaf tasks. */
    record SumResult(int n, int grain, long got, long want, long leaves) {
        boolean ok() {
            return got == want;
        }
    }

    /** Timed runs of each sort in part 2 (medians reported). */
    static final int SORT_RUNS = 3;
    /** Profiled runs of each sort in part 2 (the run of median parallelism is reported). */
    static final int PROFILE_RUNS = 3;
    /** The P at which part 2 states the bounds on each sort's speed-up. */
    static final int BOUND_P = 64;

    /**
     * Result of part 2: the parallel-merge sort, and the serial-merge sort for comparison; the
     * times are medians over {@link #SORT_RUNS} runs each.
     */
    record SortResult(int n, int grain, boolean sorted, boolean sameAsArraysSort, double millis,
                      boolean serialMergeOk, double serialMergeMillis, SortProfile parallelProfile,
                      SortProfile serialProfile) {
        boolean ok() {
            return sorted && sameAsArraysSort && serialMergeOk;
        }
    }

    /**
     * One sort's profile on one worker: work T1 and span T-infinity, in nanoseconds.
     *
     * @param workNanos T1
     * @param spanNanos T-infinity
     */
    record SortProfile(long workNanos, long spanNanos) {
        double parallelism() {
            return spanNanos == 0 ? 0.0 : (double) workNanos / spanNanos;
        }

        /** @return T1 / (T1/P + Tinf): the speed-up a greedy scheduler reaches at least on P workers */
        double leastSpeedup(int p) {
            return workNanos / ((double) workNanos / p + spanNanos);
        }

        /** @return min(P, T1 / Tinf): the work and span laws' cap on the speed-up */
        double mostSpeedup(int p) {
            return Math.min(p, parallelism());
        }
    }

    /**
     * Result of part 3 for one depth: {@code nodes} = tasks the pool ran (the {@code since}
     * delta, root included), {@code treeNodes} = nodes counted by the tree itself.
     */
    record TreeResult(int depth, long nodes, long treeNodes, long expected, int p, double steals,
                      long minPerWorker, long maxPerWorker, double millis) {
        int span() {
            return depth + 1;
        }

        boolean ok() {
            return nodes == expected && treeNodes == expected;
        }
    }

    /** Result of part 4; {@code stats} covers this run only. */
    record FibResult(int n, long result, long want, double millis, PoolStats stats) {
        boolean ok() {
            return result == want;
        }
    }

    /** @return 2^k when n is a power of two, else the number */
    static String pow2(int n) {
        return Integer.bitCount(n) == 1 && n > 1 ? "2^" + Integer.numberOfTrailingZeros(n)
                : Integer.toString(n);
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> failures = new ArrayList<>();
        boolean text = !json;
        if (text) {
            out.printf("Strand demo: %s (Java %s)%n", pool, System.getProperty("java.version"));
        }
        SumResult sum;
        SortResult sort;
        List<TreeResult> trees = new ArrayList<>();
        FibResult fib;
        try (StrandPool p = pool.newPool("demo")) {
            if (text) {
                out.print(EXPLAIN_SUM.formatted(pow2(n), grain));
                out.flush();
            }
            sum = sum(p, n, grain);
            if (text) {
                out.printf("parSum: got=%d want=%d tasks=%d (n/grain≈%d)%n", sum.got(), sum.want(),
                        sum.leaves(), sum.n() / sum.grain());
            }
            if (!sum.ok()) {
                failures.add("parSum got " + sum.got() + ", want " + sum.want());
            }

            if (text) {
                out.print(explainSort(n, grain, p.parallelism()));
                out.flush();
            }
            sort = sort(p, n, grain);
            if (text) {
                out.printf("parMergeSort sorted correctly: %b%n", sort.sorted() && sort.sameAsArraysSort());
                out.printf(Locale.ROOT, "  parallel merge %.1f ms, serial merge %.1f ms (sorted "
                        + "correctly: %b), serial/parallel %.2f%n", sort.millis(),
                        sort.serialMergeMillis(), sort.serialMergeOk(),
                        sort.serialMergeMillis() / sort.millis());
                out.print(profileLines(sort.parallelProfile(), sort.serialProfile()));
            }
            if (!sort.ok()) {
                failures.add("parMergeSort did not sort correctly");
            }

            if (text) {
                out.print(EXPLAIN_TREES);
                out.flush();
            }
            warmUpTrees(p, depths);
            for (int d : depths) {
                TreeResult t = tree(p, d);
                trees.add(t);
                if (text) {
                    out.printf(Locale.ROOT, "depth=%2d nodes=%6d span≈%-2d P=%d steals=%-5.1f "
                                    + "per-worker[min=%d max=%d]%s%n", t.depth(), t.nodes(),
                            t.span(), t.p(), t.steals(), t.minPerWorker(), t.maxPerWorker(),
                            t.ok() ? "" : "  <- expected " + t.expected() + " nodes, the tree "
                                    + "counted " + t.treeNodes());
                    out.flush();
                }
                if (!t.ok()) {
                    failures.add("depth " + d + ": the pool ran " + t.nodes() + " tasks and the "
                            + "tree counted " + t.treeNodes() + " nodes, expected " + t.expected());
                }
            }

            if (text) {
                out.print(EXPLAIN_FIB.formatted(fibN, String.format(Locale.ROOT, "%,d",
                        fibCalls(fibN))));
                out.flush();
            }
            fib = fib(p, fibN);
            if (text) {
                out.printf(Locale.ROOT, "fib(%d) = %d in %.1f ms, %d tasks, %d steals%n", fib.n(),
                        fib.result(), fib.millis(), fib.stats().tasksRun(), fib.stats().steals());
                out.print(fib.stats().toTable());
            }
            if (!fib.ok()) {
                failures.add("fib(" + fibN + ") = " + fib.result() + ", want " + fib.want());
            }
        }

        if (json) {
            out.println(Json.write(toJson(sum, sort, trees, fib, failures)));
        }
        out.flush();
        if (!failures.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            for (String f : failures) {
                err.println(spec.qualifiedName() + ": check failed: " + f);
            }
            err.flush();
            return Main.EXIT_FAILURE;
        }
        return 0;
    }

    /** @return the explanation of part 2 for these settings */
    static String explainSort(int n, int grain, int parallelism) {
        int limit = serialMergeLimit(n);
        String end = 2 * parallelism <= limit
                ? EXPLAIN_SORT_FEW.formatted(parallelism, parallelism, BOUND_P)
                : EXPLAIN_SORT_MANY.formatted(parallelism, Runtime.getRuntime().availableProcessors());
        return EXPLAIN_SORT.formatted(pow2(n), grain, limit, SORT_RUNS, PROFILE_RUNS, end);
    }

    /** @return the lines of part 2 that show the profiles: work, span, parallelism, bounds at BOUND_P */
    static String profileLines(SortProfile parallel, SortProfile serial) {
        return String.format(Locale.ROOT, "  profiled on one worker:  work T1   span Tinf  T1/Tinf  speed-up on P = %d "
                + "(work, span laws)%n", BOUND_P)
                + profileLine("parallel merge", parallel) + profileLine("serial merge", serial);
    }

    private static String profileLine(String name, SortProfile p) {
        return String.format(Locale.ROOT, "    %-18s %8.1f ms %8.2f ms %8.1f  %.1fx to %.1fx%n", name,
                p.workNanos() / 1e6, p.spanNanos() / 1e6, p.parallelism(), p.leastSpeedup(BOUND_P),
                p.mostSpeedup(BOUND_P));
    }

    /** @return F(n+1): the tasks fib(n) runs when it forks at every level (one per fork, plus the root) */
    static long fibCalls(int n) {
        long a = 0;
        long b = 1;
        for (int i = 0; i <= n; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return a;
    }

    private static SumResult sum(StrandPool p, int n, int grain) {
        int[] xs = new int[n];
        long want = 0;
        for (int i = 0; i < n; i++) {
            xs[i] = i % 100;
            want += xs[i];
        }
        LongAdder leaves = new LongAdder();
        long got = Parallel.reduceRange(p, 0, n, 0L, (lo, hi) -> {
            leaves.increment();
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += xs[i];
            }
            return s;
        }, Long::sum, Grain.fixed(grain));
        return new SumResult(n, grain, got, want, leaves.sum());
    }

    private static SortResult sort(StrandPool p, int n, int grain) {
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (int) ((i * 1103515245L) % n);
        }
        int[] expected = data.clone();
        Arrays.sort(expected);
        Parallel.mergeSort(p, data.clone(), Grain.fixed(grain));  // warm-up runs, so that the
        SerialMergeSort.sort(p, data.clone(), grain);    // times compare compiled code
        double[] millis = new double[SORT_RUNS];
        double[] serialMillis = new double[SORT_RUNS];
        boolean sorted = true;
        boolean same = true;
        boolean serialOk = true;
        for (int r = 0; r < SORT_RUNS; r++) {
            int[] a = data.clone();
            int[] b = data.clone();
            // alternate which goes first, so that neither always runs on a warmer machine
            if (r % 2 == 0) {
                millis[r] = timeMillis(() -> Parallel.mergeSort(p, a, Grain.fixed(grain)));
                serialMillis[r] = timeMillis(() -> SerialMergeSort.sort(p, b, grain));
            } else {
                serialMillis[r] = timeMillis(() -> SerialMergeSort.sort(p, b, grain));
                millis[r] = timeMillis(() -> Parallel.mergeSort(p, a, Grain.fixed(grain)));
            }
            sorted &= Workloads.isSorted(a);
            same &= Arrays.equals(a, expected);
            serialOk &= Arrays.equals(b, expected);
        }
        SortProfile[] profiles = profile(data, grain);
        return new SortResult(n, grain, sorted, same, Stats.median(millis), serialOk,
                Stats.median(serialMillis), profiles[0], profiles[1]);
    }

    /**
     * Profiles both sorts on one worker, {@link #PROFILE_RUNS} runs each (after one untimed run
     * each in the profiled pool), and keeps each sort's run of median parallelism: a run in which
     * the worker lost its core to another program measures the preemption in its span.
     *
     * @return the parallel merge's profile, then the serial merge's
     */
    private static SortProfile[] profile(int[] data, int grain) {
        try (StrandPool one = StrandPool.builder().name("demo-profile").parallelism(1).profile(true)
                .build()) {
            Profiler.region("warm-up", () -> {
                Parallel.mergeSort(one, data.clone(), Grain.fixed(grain));
                SerialMergeSort.sort(one, data.clone(), grain);
            });
            for (int r = 0; r < PROFILE_RUNS; r++) {
                int[] a = data.clone();
                int[] b = data.clone();
                Profiler.region("parallel merge " + r, () -> Parallel.mergeSort(one, a, Grain.fixed(grain)));
                Profiler.region("serial merge " + r, () -> SerialMergeSort.sort(one, b, grain));
            }
            ProfileReport report = one.profile();
            return new SortProfile[] {medianRun(report, "parallel merge "), medianRun(report, "serial merge ")};
        }
    }

    private static SortProfile medianRun(ProfileReport report, String prefix) {
        List<SortProfile> runs = new ArrayList<>();
        for (int r = 0; r < PROFILE_RUNS; r++) {
            WorkSpan w = report.region(prefix + r);
            runs.add(new SortProfile(w.workNanos(), w.spanNanos()));
        }
        runs.sort(Comparator.comparingDouble(SortProfile::parallelism));
        return runs.get(runs.size() / 2);
    }

    private static double timeMillis(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return (System.nanoTime() - t0) / 1e6;
    }

    /**
     * @return about log2(n)/2 (at least 1): the parallelism (work / span) of merge sort with a
     *     serial merge, its work n log2 n over a span of about 2n (the merges n + n/2 + ...)
     */
    static int serialMergeLimit(int n) {
        return Math.max(1, (int) Math.round(Math.log(n) / Math.log(2) / 2));
    }

    /** Untimed trees for about 0.3 s (at most 200 runs), so that the measured ones run compiled. */
    private static void warmUpTrees(StrandPool p, int[] depths) {
        int d = Math.min(16, Arrays.stream(depths).max().orElse(0));
        long end = System.nanoTime() + 300_000_000L;
        for (int i = 0; i < 200 && System.nanoTime() < end; i++) {
            p.invoke(() -> Workloads.tree(d));
        }
    }

    /** Runs of each tree; the line shows their average, which one-off scheduling noise skews less. */
    static final int TREE_RUNS = 5;

    private static TreeResult tree(StrandPool p, int depth) {
        PoolStats before = p.stats();
        long t0 = System.nanoTime();
        long treeNodes = 0;
        for (int i = 0; i < TREE_RUNS; i++) {
            treeNodes += p.invoke(() -> Workloads.tree(depth));
        }
        double millis = (System.nanoTime() - t0) / 1e6 / TREE_RUNS;
        PoolStats run = p.stats().since(before);
        return new TreeResult(depth, run.tasksRun() / TREE_RUNS, treeNodes / TREE_RUNS,
                (1L << (depth + 1)) - 1, p.parallelism(), run.steals() / (double) TREE_RUNS,
                run.minTasksPerWorker() / TREE_RUNS, run.maxTasksPerWorker() / TREE_RUNS, millis);
    }

    private static FibResult fib(StrandPool p, int fibN) {
        PoolStats before = p.stats();
        long t0 = System.nanoTime();
        long result = p.invoke(() -> Workloads.fib(fibN));
        double millis = (System.nanoTime() - t0) / 1e6;
        PoolStats run = p.stats().since(before);
        long a = 0;
        long b = 1;
        for (int i = 0; i < fibN; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return new FibResult(fibN, result, a, millis, run);
    }

    /** The document of {@code --json}: the build, the pool, each program's results, the checks. */
    record JsonDoc(BuildInfo strand, String java, int parallelism, String steal, String join,
                   JsonSum parSum, JsonSort parMergeSort, List<JsonTree> trees, JsonFib fib,
                   boolean ok, List<String> failures) { }

    record JsonSum(int n, int grain, long got, long want, long tasks, boolean ok) { }

    /**
     * The times are medians over {@code timedRuns} runs of each sort; work and span come from the
     * profiled run of median parallelism on one worker; the speed-up bounds are for
     * {@code boundWorkers} workers.
     */
    record JsonSort(int n, int grain, boolean sorted, double millis, boolean serialMergeSorted,
                    double serialMergeMillis, int timedRuns, double workMillis, double spanMillis,
                    double parallelism, double serialMergeWorkMillis, double serialMergeSpanMillis,
                    double serialMergeParallelism, int boundWorkers, double leastSpeedup,
                    double mostSpeedup, double serialMergeLeastSpeedup, double serialMergeMostSpeedup) { }

    /** Per-run averages over the tree's runs. */
    record JsonTree(int depth, long nodes, long treeNodes, long expectedNodes, int span,
                    int parallelism, double steals, long minTasksPerWorker, long maxTasksPerWorker,
                    double millis, boolean ok) { }

    record JsonFib(int n, long result, long want, double millis, boolean ok, Json.PoolStatistics stats) { }

    private static JsonSort jsonSort(SortResult sort) {
        SortProfile par = sort.parallelProfile();
        SortProfile ser = sort.serialProfile();
        return new JsonSort(sort.n(), sort.grain(), sort.sorted() && sort.sameAsArraysSort(),
                sort.millis(), sort.serialMergeOk(), sort.serialMergeMillis(), SORT_RUNS,
                par.workNanos() / 1e6, par.spanNanos() / 1e6, par.parallelism(),
                ser.workNanos() / 1e6, ser.spanNanos() / 1e6, ser.parallelism(), BOUND_P,
                par.leastSpeedup(BOUND_P), par.mostSpeedup(BOUND_P), ser.leastSpeedup(BOUND_P),
                ser.mostSpeedup(BOUND_P));
    }

    private JsonDoc toJson(SumResult sum, SortResult sort, List<TreeResult> trees, FibResult fib,
                           List<String> failures) {
        return new JsonDoc(BuildInfo.current(), System.getProperty("java.version"),
                pool.parallelism(), PoolOptions.lower(pool.steal()), PoolOptions.lower(pool.join()),
                new JsonSum(sum.n(), sum.grain(), sum.got(), sum.want(), sum.leaves(), sum.ok()),
                jsonSort(sort),
                trees.stream().map(t -> new JsonTree(t.depth(), t.nodes(), t.treeNodes(),
                        t.expected(), t.span(), t.p(), t.steals(), t.minPerWorker(),
                        t.maxPerWorker(), t.millis(), t.ok())).toList(),
                new JsonFib(fib.n(), fib.result(), fib.want(), fib.millis(), fib.ok(),
                        Json.PoolStatistics.of(fib.stats())),
                failures.isEmpty(), List.copyOf(failures));
    }
}
