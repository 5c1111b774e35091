package dev.strand.cli.cluster;

import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.cli.Args;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.JobFunction;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.cost.Link;
import java.io.PrintWriter;
import java.io.Serial;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand cluster overhead}: what a job costs on each path, measured side by side in one
 * run with empty jobs: a plain local {@link StrandPool}, {@code StrandCluster.local()}, and the
 * Ignite path over N nodes on this machine, one Ignite job per job and in chunks.
 */
@Command(name = "overhead",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Per-job overhead of the cluster path beside a local StrandPool.",
        description = {
            "Runs batches of empty jobs (16-byte input, the input returned) on four paths,",
            "in one run, for each batch size of --jobs, each the median of --rounds batches",
            "after a warm-up:",
            "  pool       a local StrandPool, one task per job (submit, then get),",
            "  local      StrandCluster.local(): the same pool behind the cluster API",
            "             (planning, serialization check, records),",
            "  per job    N Ignite nodes on 127.0.0.1, one Ignite job per job: each",
            "             serialized, sent, run, its result sent back to this JVM (a client",
            "             node),",
            "  chunked    the same nodes, jobs sent in chunks (several jobs per Ignite job,",
            "             sized from the jobs' estimated compute time and the per-job",
            "             overhead).",
            "Throughput: a batch's wall time over its jobs (us per job, jobs overlapping),",
            "with the fastest and slowest batch. Latency: one job alone, round trip (ms).",
            ""},
        footer = {"", "Exit status: 0 success, 1 an error, 2 invalid arguments."})
public final class ClusterOverheadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3",
            description = "Server nodes to start, 1..9 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = 9)
    int nodes;

    @Option(names = "--jobs", paramLabel = "N", split = ",", defaultValue = "100,500,2000",
            description = "Jobs per batch, one or more sizes, comma-separated, >= 1 each (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 1)
    List<Integer> jobs;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5",
            description = "Batches per path and size, >= 1; the median is shown (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int rounds;

    @Option(names = "--json", description = "Print the figures as one JSON object instead of the table "
            + "(default: off).")
    boolean json;

    /** One path at one batch size: us per job (median, fastest, slowest batch) and Ignite jobs sent. */
    record Row(String path, int jobs, double usPerJob, double minUsPerJob, double maxUsPerJob, int igniteJobs) { }

    /** The document of {@code --json}. */
    record JsonDoc(BuildInfo strand, int nodes, int cores, int rounds, List<Row> rows, double latencyMs) { }

    @Override
    public Integer call() throws Exception {
        if (jobs.isEmpty()) {
            throw Args.invalid(spec, "--jobs", "needs at least one batch size");
        }
        ClusterCommand.quietIgnite();
        PrintWriter out = spec.commandLine().getOut();
        int cores = Runtime.getRuntime().availableProcessors();
        List<Row> rows = new ArrayList<>();
        try (StrandPool pool = new StrandPool(cores)) {
            for (int n : jobs) {
                List<BatchJob> batch = batch(n);
                rows.add(row("StrandPool (" + cores + " workers)", n, () -> poolBatch(pool, batch), () -> -1));
            }
        }
        try (StrandCluster local = StrandCluster.local(cores)) {
            for (int n : jobs) {
                List<BatchJob> batch = batch(n);
                rows.add(row("StrandCluster.local()", n, () -> timed(() -> local.runBatch(new Echo(), batch)),
                        () -> -1));
            }
        }
        if (!json) {
            out.printf(Locale.ROOT, "Starting %d Ignite server nodes on 127.0.0.1...%n", nodes);
            out.flush();
        }
        double latencyMs;
        // A fixed link: the measurement is of the job path, not of the probe.
        ClusterConfig config = ClusterConfig.loopback().withLink(Link.ofMegabits(1000, 100));
        try (StrandCluster cluster = StrandCluster.startLocal(nodes, config)) {
            for (int n : jobs) {
                List<BatchJob> batch = batch(n);
                rows.add(row("Ignite, " + nodes + " nodes, one Ignite job per job", n,
                        () -> timed(() -> cluster.runBatch(new Echo(), batch, Chunking.off(), () -> { })), () -> n));
                int[] sent = new int[1];
                rows.add(row("Ignite, " + nodes + " nodes, chunked", n, () -> timed(() ->
                        sent[0] = cluster.runBatch(new Echo(), batch, Chunking.auto(), () -> { }).stats().chunks()),
                        () -> sent[0]));
            }
            List<BatchJob> one = batch(1);
            long[] single = new long[31];
            for (int i = 0; i < 5; i++) {
                cluster.runBatch(new Echo(), one);
            }
            for (int i = 0; i < single.length; i++) {
                single[i] = timed(() -> cluster.runBatch(new Echo(), one));
            }
            Arrays.sort(single);
            latencyMs = single[single.length / 2] / 1e6;
        }
        if (json) {
            out.println(Json.write(new JsonDoc(BuildInfo.current(), nodes, cores, rounds, rows, latencyMs)));
            out.flush();
            return 0;
        }
        out.printf(Locale.ROOT, "Empty jobs; median of %d batches per row (fastest..slowest); %d cores%n", rounds,
                cores);
        out.printf(Locale.ROOT, "  %-42s %6s %10s %19s %12s%n", "path", "jobs", "us/job", "spread", "Ignite jobs");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "  %-42s %6d %10.2f %19s %12s%n", r.path(), r.jobs(), r.usPerJob(),
                    String.format(Locale.ROOT, "%.2f..%.2f", r.minUsPerJob(), r.maxUsPerJob()),
                    r.igniteJobs() < 0 ? "-" : Integer.toString(r.igniteJobs()));
        }
        out.printf(Locale.ROOT, "  one job alone on the cluster, round trip: %.2f ms (median of 31)%n", latencyMs);
        for (int n : jobs) {
            double pool = find(rows, "StrandPool", n).usPerJob();
            out.printf(Locale.ROOT, "  %d jobs: per job / pool %.0fx, chunked / pool %.1fx%n", n,
                    find(rows, "one Ignite job per job", n).usPerJob() / pool,
                    find(rows, "chunked", n).usPerJob() / pool);
        }
        return 0;
    }

    private static Row find(List<Row> rows, String path, int n) {
        return rows.stream().filter(r -> r.path().contains(path) && r.jobs() == n).findFirst().orElseThrow();
    }

    private static List<BatchJob> batch(int n) {
        List<BatchJob> batch = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            batch.add(new BatchJob(i, "empty", new byte[16]));
        }
        return batch;
    }

    /**
     * Median, fastest and slowest of {@code rounds} batches after one warm-up batch; then
     * {@code igniteJobs} (-1: not an Ignite path).
     */
    private Row row(String path, int n, Batch b, IntSupplier igniteJobs) throws Exception {
        b.run();                                             // warm-up
        long[] t = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            t[i] = b.run();
        }
        Arrays.sort(t);
        return new Row(path, n, t[rounds / 2] / 1e3 / n, t[0] / 1e3 / n, t[rounds - 1] / 1e3 / n,
                igniteJobs.getAsInt());
    }

    private static long poolBatch(StrandPool pool, List<BatchJob> batch) throws Exception {
        long t0 = System.nanoTime();
        Echo fn = new Echo();
        List<Task<byte[]>> tasks = new ArrayList<>(batch.size());
        for (BatchJob j : batch) {
            tasks.add(pool.submit(() -> fn.apply(j.input())));
        }
        for (Task<byte[]> t : tasks) {
            t.get();
        }
        return System.nanoTime() - t0;
    }

    private static long timed(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return System.nanoTime() - t0;
    }

    @FunctionalInterface
    private interface Batch {
        long run() throws Exception;
    }

    /** Returns its input. */
    static final class Echo implements JobFunction {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public byte[] apply(byte[] input) {
            return input;
        }
    }
}
