package dev.strand.cli.cluster;

import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.cluster.BatchJob;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code strand cluster overhead}: what a job costs on each path, measured side by side in one
 * run with empty jobs: a plain local {@link StrandPool}, {@code StrandCluster.local()}, and the
 * Ignite path over N nodes on this machine.
 */
@Command(name = "overhead",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "The per-job overhead of the cluster path beside a local StrandPool (empty jobs, us per job).",
        description = {
            "Runs batches of empty jobs (16-byte input, the input returned) on three paths, in one",
            "run, each the median of --rounds batches after a warm-up:",
            "  pool     a local StrandPool, one task per job (submit, then get),",
            "  local    StrandCluster.local(): the same pool behind the cluster API (planning,",
            "           serialization check, records),",
            "  cluster  N Ignite nodes on 127.0.0.1: each job serialized, sent, run, its result",
            "           sent back to this JVM (a client node).",
            "Throughput: a batch's wall time over its jobs (us per job, jobs overlapping). Latency:",
            "one job alone, round trip (ms).",
            ""},
        footer = {"", "Exit status: 0 success, 1 an error, 2 invalid arguments."})
public final class ClusterOverheadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3",
            description = "Server nodes to start, 1 to 9 (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "2000",
            description = "Jobs per batch (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5",
            description = "Batches per path; the median is shown (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() throws Exception {
        if (nodes < 1 || nodes > 9 || jobs < 1 || rounds < 1) {
            throw new ParameterException(spec.commandLine(), "--nodes must be in 1..9, --jobs and --rounds >= 1");
        }
        ClusterCommand.quietIgnite();
        PrintWriter out = spec.commandLine().getOut();
        List<BatchJob> batch = new ArrayList<>(jobs);
        for (int i = 0; i < jobs; i++) {
            batch.add(new BatchJob(i, "empty", new byte[16]));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        double poolUs;
        double localUs;
        try (StrandPool pool = new StrandPool(cores)) {
            poolUs = median(() -> poolBatch(pool, batch)) / 1e3 / jobs;
        }
        try (StrandCluster local = StrandCluster.local(cores)) {
            localUs = median(() -> timed(() -> local.runBatch(new Echo(), batch))) / 1e3 / jobs;
        }
        out.printf(Locale.ROOT, "Starting %d Ignite server nodes on 127.0.0.1...%n", nodes);
        out.flush();
        double clusterUs;
        double latencyMs;
        // A fixed link: the measurement is of the job path, not of the probe.
        ClusterConfig config = ClusterConfig.loopback().withLink(Link.ofMegabits(1000, 100));
        try (StrandCluster cluster = StrandCluster.startLocal(nodes, config)) {
            clusterUs = median(() -> timed(() -> cluster.runBatch(new Echo(), batch))) / 1e3 / jobs;
            List<BatchJob> one = List.of(batch.get(0));
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
        out.printf(Locale.ROOT, "%d empty jobs per batch, median of %d batches; %d cores%n", jobs, rounds, cores);
        out.printf(Locale.ROOT, "  %-40s %10s%n", "path", "us/job");
        out.printf(Locale.ROOT, "  %-40s %10.2f%n", "StrandPool (" + cores + " workers)", poolUs);
        out.printf(Locale.ROOT, "  %-40s %10.2f%n", "StrandCluster.local()", localUs);
        out.printf(Locale.ROOT, "  %-40s %10.2f%n", "Ignite, " + nodes + " nodes on loopback", clusterUs);
        out.printf(Locale.ROOT, "  one job alone on the cluster, round trip: %.2f ms (median of 31)%n", latencyMs);
        out.printf(Locale.ROOT, "  cluster / pool: %.0fx per job%n", clusterUs / poolUs);
        return 0;
    }

    private long median(Batch b) throws Exception {
        b.run();                                             // warm-up
        long[] t = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            t[i] = b.run();
        }
        Arrays.sort(t);
        return t[rounds / 2];
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
