package dev.strand.cluster;

import dev.strand.StrandPool;
import dev.strand.cluster.cost.CostRule.Decision;
import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.engine.Engine;
import dev.strand.cluster.engine.EngineFailure;
import dev.strand.cluster.engine.EngineRun;
import dev.strand.cluster.engine.LocalEngine;
import dev.strand.cluster.engine.Scheduling;
import dev.strand.cluster.ignite.IgniteEngine;
import dev.strand.cluster.ignite.NodeActivity;
import dev.strand.cluster.ignite.NodeRuntime;
import dev.strand.cluster.launch.JvmFlags;
import dev.strand.cluster.launch.LocalNodes;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.plan.Planner;
import dev.strand.cluster.stats.JobOutcome;
import dev.strand.cluster.stats.JobRecord;
import dev.strand.cluster.stats.RunStats;
import dev.strand.cluster.stats.StealDecisions;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A handle on where jobs run: a local {@link StrandPool} ({@link #local()}: no cluster, the
 * embedded default), or Apache Ignite server nodes that this JVM joins as a client
 * ({@link #connect}) or starts on this machine first ({@link #startLocal}). The same code runs on
 * all three:
 *
 * <pre>{@code
 * try (StrandCluster cluster = StrandCluster.local()) {          // or startLocal(3, ...), connect(...)
 *     Computed<Long> r = cluster.compute(new Fib(), 40, CutRule.depth(6));
 * }
 * }</pre>
 *
 * <p>Two levels: the cut ({@link CutRule}) makes the top of the recursion into jobs, which Ignite
 * places on nodes and moves between them by job stealing; each node runs its jobs on its own
 * {@code StrandPool}, whose workers steal between themselves. A job whose input costs more to move
 * than stealing it could save is pinned to its node (see {@link dev.strand.cluster.cost.CostRule}).
 *
 * <p>Not thread-safe: one batch at a time per handle.
 */
public final class StrandCluster implements AutoCloseable {

    private final Engine engine;
    private final ClusterConfig config;
    private final LocalNodes localNodes;
    private final DurationEstimator estimator = new DurationEstimator();
    /** Outputs of failed keyed batches, by key and job id (see {@link BatchOptions#key()}). */
    private final Map<String, Map<Long, byte[]>> kept = new HashMap<>();

    private StrandCluster(Engine engine, ClusterConfig config, LocalNodes localNodes) {
        this.engine = engine;
        this.config = config;
        this.localNodes = localNodes;
    }

    /** No cluster: jobs run on a new local pool with one worker per core. */
    public static StrandCluster local() {
        return local(Runtime.getRuntime().availableProcessors());
    }

    /**
     * No cluster: jobs run on a new local pool of {@code parallelism} workers, with the stacks of
     * a node's pool ({@link NodeRuntime#STACK_BYTES}), so that what runs on a node runs here.
     */
    public static StrandCluster local(int parallelism) {
        StrandPool pool = StrandPool.builder().name("strand-cluster-local").parallelism(parallelism)
                .stackSize(NodeRuntime.STACK_BYTES).build();
        ClusterConfig c = ClusterConfig.loopback();
        return new StrandCluster(new LocalEngine(pool, true, c.taskTimeout()), c, null);
    }

    /** No cluster: jobs run on {@code pool}, which {@link #close()} leaves open. */
    public static StrandCluster local(StrandPool pool, Duration timeout) {
        return new StrandCluster(new LocalEngine(Objects.requireNonNull(pool, "pool"), false, timeout),
                ClusterConfig.loopback().withTaskTimeout(timeout), null);
    }

    /**
     * Joins running Strand server nodes (started with {@code dev.strand.cluster.ignite.NodeMain})
     * as a client.
     *
     * @param minNodes how many server nodes to wait for (within the join timeout)
     * @throws ClusterException if the cluster cannot be joined in time, or this JVM lacks the
     *     flags Ignite needs (the message lists them)
     */
    public static StrandCluster connect(ClusterConfig config, int minNodes) {
        return connect(config, ClusterSecurity.none(), minNodes);
    }

    /**
     * As {@link #connect(ClusterConfig, int)}, with TLS and the shared secret the nodes use
     * ({@link ClusterSecurity#read} reads them from a node's configuration file).
     */
    public static StrandCluster connect(ClusterConfig config, ClusterSecurity security, int minNodes) {
        return new StrandCluster(IgniteEngine.connect(config, security, minNodes), config, null);
    }

    /**
     * Starts {@code nodes} server nodes as JVMs on this machine (loopback by default), joins them,
     * and stops them on {@link #close()}.
     *
     * @param config the configuration; port 0 chooses a free block
     * @throws ClusterException if a node does not start or the cluster cannot be joined in time
     */
    public static StrandCluster startLocal(int nodes, ClusterConfig config) {
        return startLocal(nodes, config, null);
    }

    /**
     * As {@link #startLocal(int, ClusterConfig)}, the nodes with the given class path (null: this
     * JVM's).
     */
    public static StrandCluster startLocal(int nodes, ClusterConfig config, String classPath) {
        return startLocal(nodes, config, classPath, ClusterSecurity.none());
    }

    /** As {@link #startLocal(int, ClusterConfig, String)}, the nodes and this driver with {@code security}. */
    public static StrandCluster startLocal(int nodes, ClusterConfig config, String classPath,
            ClusterSecurity security) {
        JvmFlags.requirePresent();       // before any node starts: this JVM must join them
        int parallelism = config.nodeParallelism() > 0 ? config.nodeParallelism()
                : Math.max(1, Runtime.getRuntime().availableProcessors() / nodes);
        LocalNodes started = LocalNodes.start(nodes, config, parallelism, classPath, security);
        try {
            ClusterConfig c = started.config();
            return new StrandCluster(IgniteEngine.connect(c, security, nodes), c, started);
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
    }

    /**
     * Runs a batch: every job once, its output by id.
     *
     * @param fn what each job computes (serializable; on every node's class path)
     * @param jobs ids unique
     * @throws ClusterException if a job fails (the message names it and its node), the function is
     *     not serializable, or the batch times out
     */
    public BatchResult runBatch(JobFunction fn, List<BatchJob> jobs) {
        return runBatch(fn, jobs, () -> { });
    }

    /**
     * As {@link #runBatch(JobFunction, List)}, calling {@code onJobDone} as each job's result
     * arrives (from another thread; for a progress bar).
     */
    public BatchResult runBatch(JobFunction fn, List<BatchJob> jobs, Runnable onJobDone) {
        return runBatch(fn, jobs, config.chunking(), onJobDone);
    }

    /**
     * As {@link #runBatch(JobFunction, List, Runnable)}, with {@code chunking} instead of the
     * configuration's (to compare chunk sizes on one cluster).
     */
    public BatchResult runBatch(JobFunction fn, List<BatchJob> jobs, Chunking chunking, Runnable onJobDone) {
        Objects.requireNonNull(chunking, "chunking");
        Objects.requireNonNull(onJobDone, "onJobDone");
        return runBatch(fn, jobs, BatchOptions.defaults().withChunking(chunking).withProgress(onJobDone));
    }

    /**
     * Runs a batch with per-batch options: a key that keeps its finished results if it fails, a
     * timeout, a chunking and a progress callback.
     *
     * @throws BatchFailedException if a job fails or the batch times out: the outputs that
     *     finished are in it, and kept under the options' key if there is one
     * @throws ClusterException if the function is not serializable or no node is left
     */
    public BatchResult runBatch(JobFunction fn, List<BatchJob> jobs, BatchOptions options) {
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(options, "options");
        Chunking chunking = options.chunking() != null ? options.chunking() : config.chunking();
        Runnable onJobDone = options.onJobDone();
        String key = options.key();
        Map<Long, byte[]> reused = key == null ? Map.of() : kept.getOrDefault(key, Map.of());
        List<BatchJob> toRun = new ArrayList<>(jobs.size());
        for (BatchJob j : jobs) {
            if (reused.containsKey(j.id())) {
                onJobDone.run();
            } else {
                toRun.add(j);
            }
        }
        List<NodeInfo> nodes = engine.nodes();
        if (nodes.isEmpty()) {
            throw new ClusterException("no server node is left in the cluster");
        }
        Link link = engine.link();
        boolean costAware = (options.costRule() != null ? options.costRule() : config.costAware()) && link != null;
        List<PlannedJob> plan = Planner.plan(toRun, nodes, estimator, link, costAware);
        List<Chunk> chunks = plan.isEmpty() ? List.of() : engine.sendsChunks() && !chunking.isOff()
                ? Planner.chunk(plan, nodes, link, costAware, chunking) : Planner.singletons(plan);
        Map<Long, Integer> chunkOf = new HashMap<>();
        for (Chunk c : chunks) {
            for (PlannedJob p : c.jobs()) {
                chunkOf.put(p.job().id(), c.index());
            }
        }
        Map<Long, BatchJob> byId = new HashMap<>();
        for (BatchJob j : toRun) {
            byId.put(j.id(), j);
        }
        // Every job's measured compute updates its kind's estimate as its result arrives, so that
        // the steal decisions later in this batch use it (Dask updates per task too).
        Scheduling scheduling = new Scheduling(estimator, costAware, o -> {
            BatchJob j = byId.get(o.id());
            if (j != null) {
                estimator.observe(j.kind(), j.work(), o.computeNanos());
            }
        });
        EngineRun run;
        try {
            run = plan.isEmpty() ? new EngineRun(Map.of(), Map.of(), 0, 0)
                    : engine.run(fn, chunks, onJobDone, scheduling, options.timeout() != null ? options.timeout()
                            : config.taskTimeout());
        } catch (EngineFailure e) {
            Map<Long, byte[]> done = new LinkedHashMap<>(reused);
            for (Map.Entry<Long, JobOutcome> o : e.completed().entrySet()) {
                done.put(o.getKey(), o.getValue().output());
            }
            List<Long> missing = new ArrayList<>();
            for (BatchJob j : jobs) {
                if (!done.containsKey(j.id())) {
                    missing.add(j.id());
                }
            }
            if (key != null) {
                kept.put(key, done);
            }
            throw new BatchFailedException(e.getMessage() + "; " + done.size() + " of " + jobs.size()
                    + " jobs finished" + (key == null ? "" : ", kept under key '" + key + "'"), e.getCause(), done,
                    missing, e.timedOut(), key);
        }
        if (key != null) {
            kept.remove(key);
        }

        List<JobRecord> records = new ArrayList<>(plan.size());
        Map<Long, byte[]> outputs = new LinkedHashMap<>();
        List<Long> ids = new ArrayList<>(plan.size());
        List<PlannedJob> all = new ArrayList<>(plan);
        all.addAll(run.spawned());
        for (PlannedJob p : all) {
            long id = p.job().id();
            JobOutcome o = run.outcomes().get(id);
            boolean moved = !o.ranOn().equals(p.home());
            boolean stolen = moved && o.steals() > 0;
            // A job whose chunk the rule refused to move, and that ran at home, was kept there by it.
            Decision decision = run.declinedChunks().contains(chunkOf.getOrDefault(id, -1)) && !moved ? Decision.PINNED
                    : p.decision();
            records.add(new JobRecord(id, p.job().kind(), p.home(), o.ranOn(), decision, stolen,
                    o.failovers() > 0, p.job().input().length, o.computeNanos(), run.arrivalNanos().get(id),
                    chunkOf.getOrDefault(id, -1)));
            outputs.put(id, o.output());
            if (chunkOf.containsKey(id)) {
                ids.add(id);           // the batch's own jobs; parts given away are reached by parts()
            }
        }
        List<String> names = new ArrayList<>();
        for (NodeInfo n : nodes) {
            names.add(n.name());
        }
        RunStats stats = RunStats.of(all, records, names, run.wallNanos(), run.duplicates(),
                chunks.size() + run.spawned().size(),
                new StealDecisions(run.stealsAccepted(), run.stealsDeclined(), run.stealsRefused(),
                        run.declinedChunks().size(), run.spawned().size(), run.shedRequests()));
        if (!reused.isEmpty()) {
            // Submission order, the reused outputs with the new ones; the statistics are this run's.
            ids.clear();
            Map<Long, byte[]> merged = new LinkedHashMap<>();
            for (BatchJob j : jobs) {
                ids.add(j.id());
                byte[] out = reused.get(j.id());
                merged.put(j.id(), out != null ? out : outputs.get(j.id()));
            }
            for (Map.Entry<Long, byte[]> o : outputs.entrySet()) {
                merged.putIfAbsent(o.getKey(), o.getValue());   // parts given away, reached by parts()
            }
            return new BatchResult(ids, merged, stats, reused.size(), run.parts());
        }
        return new BatchResult(ids, outputs, stats, 0, run.parts());
    }

    /**
     * Runs a divide-and-conquer computation in two levels: {@code cut} splits the top of it into
     * jobs, the jobs run on the nodes, and their results are combined as the recursion says.
     *
     * @throws ClusterException as {@link #runBatch}, and if a problem or result is not serializable
     */
    public <P extends Serializable, R extends Serializable> Computed<R> compute(Recursion<P, R> recursion,
            P problem, CutRule<P> cut) {
        return compute(recursion, problem, cut, jobs -> () -> { });
    }

    /**
     * As {@link #compute(Recursion, Serializable, CutRule)}, telling {@code progress} how many
     * jobs the cut made, before they are sent, and then when each job's result arrives.
     *
     * @param progress given the job count, returns what to call as each job ends (from another
     *     thread)
     */
    public <P extends Serializable, R extends Serializable> Computed<R> compute(Recursion<P, R> recursion,
            P problem, CutRule<P> cut, IntFunction<Runnable> progress) {
        Objects.requireNonNull(recursion, "recursion");
        Objects.requireNonNull(cut, "cut");
        Objects.requireNonNull(progress, "progress");
        Cut<P, R> top = Cut.of(recursion, problem, cut);
        List<BatchJob> jobs = top.jobs();
        BatchResult batch = runBatch(top.function(), jobs, Objects.requireNonNull(progress.apply(jobs.size()),
                "progress's job callback"));
        return new Computed<>(top.combine(batch), jobs.size(), batch.stats());
    }

    /**
     * Drops the outputs kept under {@code key} by a keyed batch that failed.
     *
     * @return how many outputs were dropped
     */
    public int forget(String key) {
        Map<Long, byte[]> m = kept.remove(key);
        return m == null ? 0 : m.size();
    }

    /**
     * What each server node runs now and has run: jobs started, ended and running, chunks
     * running, jobs of cancelled chunks skipped, chunks orphaned by a driver that left. Asks every
     * node (a broadcast); empty on a local pool.
     */
    public Map<String, NodeActivity.Snapshot> nodeActivity() {
        return engine.activity();
    }

    /** @return the nodes jobs are placed on now */
    public List<NodeInfo> nodes() {
        return engine.nodes();
    }

    /** @return the link the cost rule uses (measured or configured); empty when local */
    public Optional<Link> link() {
        return Optional.ofNullable(engine.link());
    }

    /** @return the compute-time estimates learned so far */
    public DurationEstimator estimator() {
        return estimator;
    }

    /** @return the nodes this handle started, to inspect or kill one; empty unless {@link #startLocal} */
    public Optional<LocalNodes> localNodes() {
        return Optional.ofNullable(localNodes);
    }

    /** @return the configuration in force (with the ports chosen, for {@link #startLocal}) */
    public ClusterConfig config() {
        return config;
    }

    /**
     * Leaves the cluster (or closes the local pool) and stops the nodes this handle started;
     * drops the outputs kept for failed keyed batches.
     */
    @Override
    public void close() {
        kept.clear();
        try {
            engine.close();
        } finally {
            if (localNodes != null) {
                localNodes.close();
            }
        }
    }
}
