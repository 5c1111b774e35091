package dev.strand.cli;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import dev.strand.cli.out.Json;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
        header = "A short tour of the runtime: fork-join sum, merge sort, task trees, fib.",
        description = {
            "Runs four small fork-join programs in one pool, in a few seconds, and checks",
            "each result against a serial answer:",
            "  1. a parallel sum of 2^20 ints with a grain cutoff,",
            "  2. a parallel merge sort of 2^20 ints,",
            "  3. balanced binary task trees of depth 8, 12 and 16, with the steals and",
            "     per-worker task counts the pool recorded (pool.stats()),",
            "  4. fib(30) forking at every level, with the pool's statistics table.",
            ""},
        footer = {"", "Exit status: 0 all checks held, 1 a check failed (or an error), "
                + "2 invalid arguments."})
public final class DemoCommand implements Callable<Integer> {

    static final int N = 1 << 20;
    static final int GRAIN = 4096;
    static final int[] DEPTHS = {8, 12, 16};
    static final int FIB_N = 30;

    // The explanation printed before each block (text output only; numbers as in N, GRAIN, FIB_N).
    static final String EXPLAIN_SUM = """

            1. Fork-join sum of n = 2^20 ints (i % 100). Each call splits its range in two halves run
               with Strand.join; ranges of at most grain = 4096 ints are summed serially. got must
               equal the serial sum; tasks (the serial leaves) stays near n/grain instead of n: the
               grain cutoff keeps the overhead of tasks small.
            """;
    static final String EXPLAIN_SORT = """

            2. Parallel merge sort of 2^20 ints: both halves are sorted in parallel (Strand.join),
               then merged serially; ranges of at most 4096 ints go to Arrays.sort. The result is
               checked for order and against Arrays.sort of a copy.
            """;
    static final String EXPLAIN_TREES = """

            3. Work stealing on balanced binary task trees: every node is a task that forks its two
               children and joins them. nodes = tasks the pool ran, 2^(depth+1)-1 (root included);
               span = the longest chain of dependent tasks, depth+1. steals and per-worker task
               counts are the pool's own counters (pool.stats()) for that run. Steals stay few,
               growing with the span rather than the work, and min vs max shows how evenly the
               workers shared the load (a tree of 511 tiny tasks may be done before an idle worker
               wakes up; other busy processes on the machine skew it too).
            """;
    static final String EXPLAIN_FIB = """

            4. fib(30) forking at every level: 1.3 million tiny tasks, a stress test of the cost of
               fork and join (real code stops forking below a grain). The table is pool.stats() for
               this run, per worker: tasks run, forks pushed, successful steals, steal attempts,
               failed attempts, parks, wake-ups of other workers, idle time, largest deque size.
            """;

    @Mixin
    PoolOptions pool;

    @Option(names = "--json",
            description = "Print the results as one JSON object (machine-readable) instead of "
                    + "the explained text (default: off).")
    boolean json;

    @Spec
    CommandSpec spec;

    /** Result of part 1. {@code leaves} counts serial leaf tasks. */
    record SumResult(int n, int grain, long got, long want, long leaves) {
        boolean ok() {
            return got == want;
        }
    }

    /** Result of part 2. */
    record SortResult(int n, int grain, boolean sorted, boolean sameAsArraysSort) {
        boolean ok() {
            return sorted && sameAsArraysSort;
        }
    }

    /**
     * Result of part 3 for one depth: {@code nodes} = tasks the pool ran (the {@code since}
     * delta, root included), {@code treeNodes} = nodes counted by the tree itself.
     */
    record TreeResult(int depth, long nodes, long treeNodes, long expected, int p, long steals,
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
                out.print(EXPLAIN_SUM);
                out.flush();
            }
            sum = sum(p);
            if (text) {
                out.printf("parSum: got=%d want=%d tasks=%d (n/grain≈%d)%n", sum.got(), sum.want(),
                        sum.leaves(), sum.n() / sum.grain());
            }
            if (!sum.ok()) {
                failures.add("parSum got " + sum.got() + ", want " + sum.want());
            }

            if (text) {
                out.print(EXPLAIN_SORT);
                out.flush();
            }
            sort = sort(p);
            if (text) {
                out.printf("parMergeSort sorted correctly: %b%n", sort.ok());
            }
            if (!sort.ok()) {
                failures.add("parMergeSort did not sort correctly");
            }

            if (text) {
                out.print(EXPLAIN_TREES);
                out.flush();
            }
            for (int d : DEPTHS) {
                TreeResult t = tree(p, d);
                trees.add(t);
                if (text) {
                    out.printf("depth=%2d nodes=%6d span≈%-2d P=%d steals=%-5d "
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
                out.print(EXPLAIN_FIB);
                out.flush();
            }
            fib = fib(p);
            if (text) {
                out.printf(Locale.ROOT, "fib(%d) = %d in %.1f ms, %d tasks, %d steals%n", fib.n(),
                        fib.result(), fib.millis(), fib.stats().tasksRun(), fib.stats().steals());
                out.print(fib.stats().toTable());
            }
            if (!fib.ok()) {
                failures.add("fib(" + FIB_N + ") = " + fib.result() + ", want " + fib.want());
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

    private static SumResult sum(StrandPool p) {
        int[] xs = new int[N];
        long want = 0;
        for (int i = 0; i < N; i++) {
            xs[i] = i % 100;
            want += xs[i];
        }
        LongAdder leaves = new LongAdder();
        long got = p.invoke(() -> Workloads.parSum(xs, 0, N, GRAIN, leaves));
        return new SumResult(N, GRAIN, got, want, leaves.sum());
    }

    private static SortResult sort(StrandPool p) {
        int[] data = new int[N];
        for (int i = 0; i < N; i++) {
            data[i] = (int) ((i * 1103515245L) % N);
        }
        int[] expected = data.clone();
        Arrays.sort(expected);
        int[] tmp = new int[N];
        p.invoke(() -> {
            Workloads.parMergeSort(data, tmp, 0, N, GRAIN);
            return null;
        });
        return new SortResult(N, GRAIN, Workloads.isSorted(data), Arrays.equals(data, expected));
    }

    private static TreeResult tree(StrandPool p, int depth) {
        PoolStats before = p.stats();
        long t0 = System.nanoTime();
        long treeNodes = p.invoke(() -> Workloads.tree(depth));
        double millis = (System.nanoTime() - t0) / 1e6;
        PoolStats run = p.stats().since(before);
        return new TreeResult(depth, run.tasksRun(), treeNodes, (1L << (depth + 1)) - 1,
                p.parallelism(), run.steals(), run.minTasksPerWorker(), run.maxTasksPerWorker(),
                millis);
    }

    private static FibResult fib(StrandPool p) {
        PoolStats before = p.stats();
        long t0 = System.nanoTime();
        long result = p.invoke(() -> Workloads.fib(FIB_N));
        double millis = (System.nanoTime() - t0) / 1e6;
        PoolStats run = p.stats().since(before);
        long a = 0;
        long b = 1;
        for (int i = 0; i < FIB_N; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return new FibResult(FIB_N, result, a, millis, run);
    }

    private Map<String, Object> toJson(SumResult sum, SortResult sort, List<TreeResult> trees,
                                       FibResult fib, List<String> failures) {
        Map<String, Object> o = Json.object();
        o.put("java", System.getProperty("java.version"));
        o.put("parallelism", pool.parallelism());
        o.put("steal", PoolOptions.lower(pool.steal()));
        o.put("join", PoolOptions.lower(pool.join()));

        Map<String, Object> s = Json.object();
        s.put("n", sum.n());
        s.put("grain", sum.grain());
        s.put("got", sum.got());
        s.put("want", sum.want());
        s.put("tasks", sum.leaves());
        s.put("ok", sum.ok());
        o.put("parSum", s);

        Map<String, Object> m = Json.object();
        m.put("n", sort.n());
        m.put("grain", sort.grain());
        m.put("sorted", sort.ok());
        o.put("parMergeSort", m);

        List<Object> ts = new ArrayList<>();
        for (TreeResult t : trees) {
            Map<String, Object> to = Json.object();
            to.put("depth", t.depth());
            to.put("nodes", t.nodes());
            to.put("treeNodes", t.treeNodes());
            to.put("expectedNodes", t.expected());
            to.put("span", t.span());
            to.put("parallelism", t.p());
            to.put("steals", t.steals());
            to.put("minTasksPerWorker", t.minPerWorker());
            to.put("maxTasksPerWorker", t.maxPerWorker());
            to.put("millis", t.millis());
            to.put("ok", t.ok());
            ts.add(to);
        }
        o.put("trees", ts);

        Map<String, Object> f = Json.object();
        f.put("n", fib.n());
        f.put("result", fib.result());
        f.put("want", fib.want());
        f.put("millis", fib.millis());
        f.put("ok", fib.ok());
        f.put("stats", Json.stats(fib.stats()));
        o.put("fib", f);

        o.put("ok", failures.isEmpty());
        o.put("failures", new ArrayList<Object>(failures));
        return o;
    }
}
