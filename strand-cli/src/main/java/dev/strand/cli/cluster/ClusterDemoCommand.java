package dev.strand.cli.cluster;

import dev.strand.cli.Args;
import dev.strand.cli.Main;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Progress;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.Computed;
import dev.strand.cluster.CutRule;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.demo.SkewedWork;
import dev.strand.cluster.demo.UtsCount;
import dev.strand.cluster.stats.JobRecord;
import dev.strand.cluster.stats.NodeStats;
import dev.strand.cluster.stats.RunStats;
import dev.strand.cluster.stats.StealDecisions;
import dev.strand.workloads.uts.SampleTree;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand cluster demo}: N Ignite server nodes on 127.0.0.1, and a skewed workload stolen
 * between them: a batch of jobs of skewed costs and mixed input sizes, checked against the same
 * batch on a local pool, or a UTS tree cut at the top into jobs, checked against its known node
 * count.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Ignite nodes on this machine steal a skewed workload; checked.",
        description = {
            "Starts N Ignite server nodes, each a JVM with its own StrandPool, on",
            "127.0.0.1, and joins them as a client. Two workloads (--workload):",
            "",
            "uts: a UTS tree (--tree, default T3, the binomial tree of 4,112,897 nodes) cut",
            "at the top by CutRule.depth(--cut-depth): each subtree at the cut is a job",
            "that counts its nodes on its node's StrandPool (Strand.joinAll over each",
            "node's children); the driver adds the cut's own nodes and checks the total",
            "against the tree's published count. The jobs declare equal work, so the",
            "placement is by count and stealing corrects it.",
            "",
            "batch (default): a warm-up batch teaches the cost rule how long a job takes.",
            "Then a skewed batch: job i of n costs 1 + skew (i/n)^2 units but declares 1,",
            "so the contiguous placement gives the last node several times the work of the",
            "first, and idle nodes steal waiting jobs from busy ones. Every few jobs one",
            "carries a large input. Each steal is decided when a node is idle, by the cost",
            "rule: a waiting job moves only if moving its input to the idle node takes less",
            "than the work queued ahead of it on its node (it finishes sooner), the cheapest",
            "to move first, with the queues and compute estimates of that moment, at the",
            "link given with --link (default a 100 Mbit/s",
            "link with 500 us latency) or the one measured between the nodes. Prints the",
            "moves accepted and declined, and per node: jobs placed and run, stolen in and",
            "out, kept home by the rule (pinned),",
            "input bytes moved by stealing, busy time, finish time; then checks the batch's",
            "checksum against the same jobs run on a local pool. --kill kills a node",
            "(SIGKILL) during a second batch: its jobs fail over, and the result must not",
            "change. Every node started is stopped at the end, also on failure or Ctrl-C.",
            ""},
        footer = {"", "Exit status: 0 the checks held, 1 a check failed (or an error),",
            "             2 invalid arguments."})
public final class ClusterDemoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--workload", paramLabel = "batch|uts", defaultValue = "batch",
            description = "What to run: the skewed batch, or a UTS tree cut at the top (default: ${DEFAULT-VALUE}).")
    String workload;

    @Option(names = "--tree", paramLabel = "NAME", defaultValue = "T3",
            description = "uts: a UTS sample tree, T1, T2, T3, T4 or T5 (about 4 million nodes each), or T1L, "
                    + "T2L, T3L (about 100 million) (default: ${DEFAULT-VALUE}).")
    String tree;

    @Option(names = "--cut-depth", paramLabel = "D", defaultValue = "1",
            description = "uts: the cut, CutRule.depth(D): subtrees at depth D (or leaves above it) are the jobs, "
                    + "0..64; 1 cuts at the root (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 64)
    int cutDepth;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3",
            description = "Server nodes (JVMs) to start, 1..9 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = 9)
    int nodes;

    @Option(names = "--workers", paramLabel = "P", defaultValue = "0",
            description = "Workers of each node's StrandPool, 0.." + ParallelismOption.MAX
                    + " (default: 0, for cores / nodes, at least 1).")
    @Range(min = 0, max = ParallelismOption.MAX)
    int workers;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "48",
            description = "Jobs in the skewed batch, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int jobs;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "20000000",
            description = "Hash rounds of the cheapest job, about 1 ns each, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    long rounds;

    @Option(names = "--skew", paramLabel = "X", defaultValue = "10",
            description = "The costliest job is 1 + X times the cheapest, >= 0 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    double skew;

    @Option(names = "--large-every", paramLabel = "K", defaultValue = "6",
            description = "Every K-th job carries a large input, >= 0; 0 for none (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    int largeEvery;

    @Option(names = "--large-mib", paramLabel = "M", defaultValue = "4",
            description = "A large input's size in MiB, 0..256 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = 256)
    int largeMib;

    @Option(names = "--large-cost", paramLabel = "X", defaultValue = "0",
            description = "A large-input job costs X units, wherever it is in the batch (data rather than work), "
                    + ">= 0; 0: its place in the skew, as the others (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    double largeCost;

    @Option(names = "--link", paramLabel = "LINK", defaultValue = "100mbit/500us", converter = LinkConverter.class,
            description = "The network the cost rule assumes: 'measured' (Ignite round trips between the "
                    + "nodes), or e.g. 100mbit, 1gbit, 100mbit/500us (default: ${DEFAULT-VALUE}).")
    Link link;

    @Option(names = "--no-cost-rule", description = "Plain stealing: an idle node takes the newest waiting job, "
            + "whatever its input size.")
    boolean noCostRule;

    @Option(names = "--emulate-link", paramLabel = "LINK", converter = LinkConverter.class,
            description = "Send everything the driver sends as if through this link (e.g. 10mbit/5ms): each "
                    + "message waits for the link, takes its size over the bandwidth and arrives the latency "
                    + "later; also the link the cost rule assumes unless --link is given (default: none, "
                    + "loopback as it is).")
    Link emulateLink;

    @Option(names = "--emulate-compute", description = "batch: each job waits its cost (a unit is --rounds "
            + "nanoseconds) instead of hashing, as if every node had cores of its own: nodes on one machine "
            + "share its cores, so a computing job's time depends on what the others run (default: off).")
    boolean emulateCompute;

    @Option(names = "--compare", paramLabel = "N", defaultValue = "0",
            description = "batch: run the skewed batch N times with the cost rule and N times without, "
                    + "alternating, and print both walls' medians with the simulator's prediction beside "
                    + "them, 0..50 (default: ${DEFAULT-VALUE}: one run as configured).")
    @Range(min = 0, max = 50)
    int compare;

    @Option(names = "--kill", description = "Run the batch again and kill the last node (SIGKILL) during it.")
    boolean kill;

    @Option(names = "--no-progress", description = "No progress bar on standard error (default: off).")
    boolean noProgress;

    @Option(names = "--json", description = "Print the runs (per node: jobs placed, run, stolen, "
            + "pinned, input moved, busy and finish times) and the checks as one JSON object instead "
            + "of the text; no progress bar (default: off).")
    boolean json;

    /** The runs for {@code --json}, in order. */
    private final List<JsonRun> jsonRuns = new ArrayList<>();

    @Override
    public Integer call() {
        if (!workload.equals("batch") && !workload.equals("uts")) {
            throw Args.invalid(spec, "--workload", "'" + workload + "' is not one of batch, uts");
        }
        if (kill && nodes < 2) {
            throw Args.usage(spec, "--kill needs at least 2 nodes");
        }
        SampleTree sample = null;
        if (workload.equals("uts")) {
            sample = SampleTree.named(tree);
            if (sample == null || sample.nodes() > 200_000_000L) {
                throw Args.invalid(spec, "--tree", "'" + tree + "' is not a UTS sample tree of at most about "
                        + "100 million nodes (T1..T5, T1L, T2L, T3L)");
            }
            if (kill) {
                throw Args.usage(spec, "--kill applies to --workload batch");
            }
        }
        ClusterCommand.quietIgnite();
        PrintWriter out = json ? new PrintWriter(Writer.nullWriter()) : spec.commandLine().getOut();
        if (compare > 0 && (kill || !workload.equals("batch"))) {
            throw Args.usage(spec, "--compare applies to --workload batch, without --kill");
        }
        boolean linkGiven = spec.commandLine().getParseResult().hasMatchedOption("--link");
        Link assumed = emulateLink != null && !linkGiven ? emulateLink : link;
        ClusterConfig config = ClusterConfig.loopback().withLink(assumed).withCostAware(!noCostRule)
                .withNodeParallelism(workers).withEmulatedLink(emulateLink);
        out.printf(Locale.ROOT, "Starting %d Ignite server nodes on 127.0.0.1...%n", nodes);
        out.flush();
        long t0 = System.nanoTime();
        boolean ok = true;
        try (StrandCluster cluster = StrandCluster.startLocal(nodes, config)) {
            ClusterConfig c = cluster.config();
            cluster0Workers = cluster.nodes().get(0).parallelism();
            linkUsed = String.valueOf(cluster.link().orElseThrow());
            out.printf(Locale.ROOT, "  %d nodes up in %.1f s: %s, %d worker(s) each; discovery %s, communication "
                    + "from port %d%n", cluster.nodes().size(), (System.nanoTime() - t0) / 1e9,
                    String.join(", ", cluster.nodes().stream().map(n -> n.name()).toList()),
                    cluster.nodes().get(0).parallelism(), c.effectiveDiscoveryAddresses(), c.communicationPort());
            out.printf(Locale.ROOT, "  link: %s (%s)%n", cluster.link().orElseThrow(),
                    assumed == null ? "measured: Ignite round trips on loopback"
                            : assumed == emulateLink ? "the emulated link" : "given with --link");
            if (emulateLink != null) {
                out.printf(Locale.ROOT, "  the driver sends through an emulated link of %s%n", emulateLink);
            }
            if (sample != null) {
                ok &= runUts(cluster, sample, out);
            } else {
                ok &= runBatches(cluster, out);
            }
            out.printf("Stopping the nodes...%n");
            out.flush();
        }
        out.printf(ok ? "done: every check held%n" : "FAILED: a check did not hold%n");
        if (json) {
            PrintWriter o = spec.commandLine().getOut();
            o.println(Json.write(new JsonDoc(BuildInfo.current(), System.getProperty("java.version"), workload,
                    nodes, cluster0Workers, linkUsed, !noCostRule, List.copyOf(jsonRuns), ok)));
            o.flush();
        }
        return ok ? 0 : Main.EXIT_FAILURE;
    }

    /** The skewed batch: a warm-up, the batch checked against a local pool, and again with a node killed. */
    private boolean runBatches(StrandCluster cluster, PrintWriter out) {
        boolean ok = true;
        work = emulateCompute ? SkewedWork.waiting() : new SkewedWork();
        BatchResult warm = cluster.runBatch(work,
                SkewedWork.jobs(2 * nodes, rounds, 0, 0, 0, 1024, 1));
        out.printf(Locale.ROOT, "Warm-up: %d jobs; a job of the kind now estimated at %.1f ms%n",
                warm.ids().size(), cluster.estimator().estimate(SkewedWork.KIND, 1) / 1e6);

        List<BatchJob> batch = SkewedWork.jobs(jobs, rounds, skew, largeEvery, largeMib << 20, 1024, 42, largeCost);
        long expected = localChecksum(batch, out);
        if (compare > 0) {
            return compareRules(cluster, batch, expected, out);
        }
        ok &= runOnce(cluster, batch, expected, out, "Skewed batch", null);
        if (kill) {
            String victim = cluster.nodes().get(cluster.nodes().size() - 1).name();
            ok &= runOnce(cluster, batch, expected, out, "Skewed batch again, " + victim + " killed", victim);
        }
        return ok;
    }

    /**
     * The skewed batch {@code compare} times with the cost rule and as often without, alternating
     * (which goes first alternates too), each checked; then both walls' medians and ranges, and the
     * two-level simulator's makespans for the same batch on the same link.
     */
    private boolean compareRules(StrandCluster cluster, List<BatchJob> batch, long expected, PrintWriter out) {
        boolean ok = true;
        // The simulator's unit of work is what the batches' jobs took per unit of their cost
        // (job i of n costs 1 + skew (i/n)^2), on the nodes as they ran here: the warm-up's
        // estimate comes from a few cold jobs and is kept only for comparison.
        double warmUnit = cluster.estimator().estimate(SkewedWork.KIND, 1) / 1e9;
        List<Double> perUnit = new ArrayList<>();
        List<Double> withRule = new ArrayList<>();
        List<Double> plain = new ArrayList<>();
        for (int round = 0; round < compare; round++) {
            for (int k = 0; k < 2; k++) {
                boolean rule = (round + k) % 2 == 0;
                BatchResult r = cluster.runBatch(work, batch,
                        dev.strand.cluster.BatchOptions.defaults().withCostRule(rule));
                RunStats s = r.stats();
                boolean good = checksum(r) == expected && r.ids().size() == batch.size();
                ok &= good;
                (rule ? withRule : plain).add(s.wallNanos() / 1e9);
                for (dev.strand.cluster.stats.JobRecord j : s.jobs()) {
                    perUnit.add(j.computeNanos() / 1e9 / cost((int) j.id(), batch.size()));
                }
                out.printf(Locale.ROOT, "  round %d, %-10s wall %.2f s, %d stolen, %s moved, %d declined, finish "
                        + "ratio %.2f%s%n", round + 1, rule ? "cost rule:" : "plain:", s.wallNanos() / 1e9,
                        s.stolen(), NodeTable.bytes(s.bytesMoved()), s.steals().declined(), s.finishImbalance(),
                        good ? "" : " CHECKSUM MISMATCH");
                out.flush();
            }
        }
        double a = median(withRule);
        double b = median(plain);
        out.printf(Locale.ROOT, "Cost rule: median %.2f s [%.2f-%.2f]; plain: median %.2f s [%.2f-%.2f]; "
                + "cost rule / plain = %.2f (%d rounds each)%n", a, min(withRule), max(withRule), b, min(plain),
                max(plain), a / b, compare);
        Link l = cluster.link().orElseThrow();
        int p = cluster.nodes().get(0).parallelism();
        var model = dev.strand.sim.cluster.ClusterModel.of(cluster.nodes().size(), p,
                new dev.strand.sim.cluster.Network(l.latencyNanos() / 1e9, l.bytesPerSecond()));
        double base = perUnit.isEmpty() ? warmUnit : median(perUnit);
        // The same jobs, placed as the planner places jobs of equal declared work: contiguous
        // blocks of equal count.
        int perNode = Math.max(1, batch.size() / cluster.nodes().size());
        List<dev.strand.sim.cluster.SimJob> simJobs = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            simJobs.add(new dev.strand.sim.cluster.SimJob(i, Math.min(cluster.nodes().size() - 1, i / perNode),
                    base * cost(i, batch.size()), large(i) ? (long) largeMib << 20 : 1024));
        }
        double simRule = dev.strand.sim.cluster.ClusterSimulator.run(model, simJobs,
                dev.strand.sim.cluster.InterNode.FINISH_SOONER).makespan();
        double simPlain = dev.strand.sim.cluster.ClusterSimulator.run(model, simJobs,
                dev.strand.sim.cluster.InterNode.PLAIN).makespan();
        out.printf(Locale.ROOT, "Simulator (strand-sim, the same batch, %.0f ms a unit as its jobs computed here "
                + "(the warm-up estimated %.0f ms), on %s): cost rule %.2f s, plain %.2f s, cost rule / plain = %.2f%n",
                base * 1e3, warmUnit * 1e3, l, simRule, simPlain, simRule / simPlain);
        return ok;
    }

    private boolean large(int i) {
        return largeEvery > 0 && i % largeEvery == largeEvery - 1;
    }

    /** Job {@code i}'s cost in units, as {@link SkewedWork#jobs} gives it rounds. */
    private double cost(int i, int n) {
        if (large(i) && largeCost > 0) {
            return largeCost;
        }
        double x = (double) i / n;
        return 1 + skew * x * x;
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    private static double min(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** The UTS tree cut at the top: a warm-up run, then the measured one, checked against the published count. */
    private boolean runUts(StrandCluster cluster, SampleTree sample, PrintWriter out) {
        UtsCount uts = new UtsCount(sample.options());
        CutRule<UtsCount.Subtree> cut = CutRule.depth(cutDepth);
        out.printf(Locale.ROOT, "UTS %s (%s): %,d nodes published; cut by CutRule.depth(%d)%n", sample.name(),
                sample.options(), sample.nodes(), cutDepth);
        out.flush();
        long t0 = System.nanoTime();
        Computed<Long> warm = cluster.compute(uts, UtsCount.Subtree.root(), cut);
        out.printf(Locale.ROOT, "Warm-up: the same count, %d jobs in %d chunks, %.2f s (the JIT, and the job "
                + "estimate: %.2f ms)%n", warm.jobs(), warm.stats().chunks(), (System.nanoTime() - t0) / 1e9,
                cluster.estimator().estimate(UtsCount.class.getName(), 1) / 1e6);
        String title = "UTS " + sample.name();
        Progress[] bar = new Progress[1];
        Computed<Long> r;
        try {
            r = cluster.compute(uts, UtsCount.Subtree.root(), cut, jobs -> {
                bar[0] = Progress.start(title, jobs, !noProgress && !json);
                return bar[0]::step;
            });
        } finally {
            if (bar[0] != null) {
                bar[0].close();
            }
        }
        RunStats s = r.stats();
        out.printf(Locale.ROOT, "%s: %d jobs in %d chunks (Ignite jobs)%n", title, r.jobs(), s.chunks());
        NodeTable.print(out, s);
        long largest = s.jobs().stream().mapToLong(JobRecord::computeNanos).max().orElse(0);
        long busy = s.nodes().stream().mapToLong(NodeStats::busyNanos).sum();
        out.printf(Locale.ROOT, "  jobs stolen: %d; input moved by stealing: %s; the largest job computed %.0f ms, "
                + "%.0f%% of all jobs' compute%n", s.stolen(), NodeTable.bytes(s.bytesMoved()), largest / 1e6,
                busy == 0 ? 0 : 100.0 * largest / busy);
        out.printf(Locale.ROOT, "  wall %.2f s; slowest node finished at %.2fx the mean finish%n", s.wallNanos() / 1e9,
                s.finishImbalance());
        boolean ok = r.value() == sample.nodes() && s.duplicates() == 0;
        out.printf(Locale.ROOT, "  nodes counted %,d, published %,d: %s%n", r.value(), sample.nodes(),
                ok ? "OK" : "MISMATCH");
        jsonRuns.add(JsonRun.of(title, r.jobs(), s, sample.nodes(), r.value(), ok));
        out.flush();
        return ok;
    }

    private long localChecksum(List<BatchJob> batch, PrintWriter out) {
        long t0 = System.nanoTime();
        try (StrandCluster local = StrandCluster.local()) {
            long sum = checksum(local.runBatch(emulateCompute ? SkewedWork.waitingOutputs() : work, batch));
            out.printf(Locale.ROOT, "Reference: the same %d jobs on a local StrandPool (%d workers, no Ignite%s): "
                    + "%.2f s%n", batch.size(), Runtime.getRuntime().availableProcessors(),
                    emulateCompute ? ", outputs only" : "", (System.nanoTime() - t0) / 1e9);
            return sum;
        }
    }

    private boolean runOnce(StrandCluster cluster, List<BatchJob> batch, long expected, PrintWriter out,
            String title, String victim) {
        out.printf(Locale.ROOT, "%s: %d jobs, job i costs 1 + %.0f (i/%d)^2 units, every %s carries %d MiB%n",
                title, batch.size(), skew, batch.size(),
                largeEvery == 0 ? "-" : ordinal(largeEvery), largeMib);
        out.flush();
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        BatchResult r;
        try (Progress p = Progress.start(title, batch.size(), !noProgress && !json)) {
            if (victim != null) {
                // Early enough that the victim still holds running and waiting jobs.
                long delay = Math.max(200, cluster.estimator().estimate(SkewedWork.KIND, 1) / 1_000_000 * 3);
                killer.schedule(() -> cluster.localNodes().orElseThrow().kill(victim), delay, TimeUnit.MILLISECONDS);
            }
            r = cluster.runBatch(work, batch, p::step);
        } finally {
            killer.shutdownNow();
        }
        RunStats s = r.stats();
        NodeTable.print(out, s);
        long got = checksum(r);
        out.printf(Locale.ROOT, "  steal decisions: %d moves accepted, %d declined by the cost rule (%d chunks), "
                + "%d refused by a victim that had started the job%n", s.steals().accepted(),
                s.steals().declined(), s.steals().declinedChunks(), s.steals().refusedByVictim());
        out.printf(Locale.ROOT, "  jobs stolen: %d; kept home by the cost rule: %d; "
                + "input moved by stealing: %s; sent as %d Ignite jobs%n", s.stolen(), s.pinned(),
                NodeTable.bytes(s.bytesMoved()), s.chunks());
        if (s.failedOver() > 0 || victim != null) {
            out.printf(Locale.ROOT, "  failed over: %d jobs; results: %d of %d jobs, %d duplicate(s) dropped%n",
                    s.failedOver(), r.ids().size(), batch.size(), s.duplicates());
        }
        double ratio = s.finishImbalance();
        out.printf(Locale.ROOT, "  wall %.2f s; slowest node finished at %.2fx the mean finish (goal <= 1.3)%n",
                s.wallNanos() / 1e9, ratio);
        boolean ok = got == expected && r.ids().size() == batch.size() && s.pinnedMoved() == 0;
        out.printf(Locale.ROOT, "  checksum %016x, local pool %016x: %s%n", got, expected, ok ? "OK" : "MISMATCH");
        jsonRuns.add(JsonRun.of(title, batch.size(), s, expected, got, ok));
        out.flush();
        return ok;
    }

    /** The batch's function: hashing, or waiting ({@code --emulate-compute}). */
    private SkewedWork work = new SkewedWork();

    /** Workers of each node's pool, and the link the cost rule used, for {@code --json}. */
    private int cluster0Workers;
    private String linkUsed;

    /** The document of {@code --json}: the settings, then every measured run. */
    record JsonDoc(BuildInfo strand, String java, String workload, int nodes, int workersPerNode, String link,
                   boolean costRule, List<JsonRun> runs, boolean ok) { }

    /**
     * One measured run: the batch's checksum against the local pool's ({@code expected}), or the
     * tree's count against its published one; times in seconds, per-node times in nanoseconds.
     */
    record JsonRun(String title, int jobs, int chunks, int stolen, int pinned, int stealable, int noEstimate,
                   StealDecisions steals, long bytesMoved, int failedOver, int duplicates, double wallSeconds,
                   double finishImbalance, long expected, long got, boolean ok, List<NodeStats> nodes) {
        static JsonRun of(String title, int jobs, RunStats s, long expected, long got, boolean ok) {
            return new JsonRun(title, jobs, s.chunks(), s.stolen(), s.pinned(), s.stealable(), s.noEstimate(),
                    s.steals(), s.bytesMoved(), s.failedOver(), s.duplicates(), s.wallNanos() / 1e9,
                    s.finishImbalance(), expected, got, ok, s.nodes());
        }
    }

    private static String ordinal(int k) {
        return k == 1 ? "job" : k + (k == 2 ? "nd" : k == 3 ? "rd" : "th") + " job";
    }

    private static long checksum(BatchResult r) {
        List<byte[]> outs = new ArrayList<>();
        for (long id : r.ids()) {
            outs.add(r.output(id));
        }
        return SkewedWork.checksum(outs);
    }
}
