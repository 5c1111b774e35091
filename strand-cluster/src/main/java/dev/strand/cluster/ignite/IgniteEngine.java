package dev.strand.cluster.ignite;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.ClusterSecurity;
import dev.strand.cluster.JobFunction;
import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.engine.Engine;
import dev.strand.cluster.engine.EngineFailure;
import dev.strand.cluster.engine.EngineRun;
import dev.strand.cluster.engine.Scheduling;
import dev.strand.cluster.engine.Serialization;
import dev.strand.cluster.launch.JvmFlags;
import dev.strand.cluster.plan.Balancer;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobOutcome;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToDoubleFunction;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteException;
import org.apache.ignite.Ignition;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeTaskTimeoutException;
import org.apache.ignite.lang.IgniteBiPredicate;

/**
 * The engine on Ignite: this JVM joins the cluster as a client node (it places jobs, it runs
 * none) and each batch is one {@link BatchTask} over the server nodes.
 */
public final class IgniteEngine implements Engine {

    private static final Logger LOG = System.getLogger(IgniteEngine.class.getName());

    /** The periodic balance of every running batch of this JVM: one daemon thread. */
    private static final ScheduledExecutorService TICKER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "strand-cluster-balance");
        t.setDaemon(true);
        return t;
    });

    /** How long {@link #close()} waits for the message thread to finish what it is sending. */
    static final Duration MESSAGES_STOP = Duration.ofSeconds(2);

    private final Ignite ignite;
    private final ClusterConfig config;
    private final Link link;
    /** Input bytes the last batch sent inside jobs; for tests. */
    private volatile long lastInlineBytes;
    /**
     * The thread every steal and shed request leaves from: never Ignite's result callback, which
     * holds the task's worker while a send may block (see {@link BatchTask}).
     */
    private final ExecutorService messages = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "strand-cluster-messages");
        t.setDaemon(true);
        return t;
    });

    private IgniteEngine(Ignite ignite, ClusterConfig config, Link link) {
        this.ignite = ignite;
        this.config = config;
        this.link = link;
    }

    /**
     * Joins the cluster that {@code config} describes as a client, waits until at least
     * {@code minNodes} server nodes are in it, and measures the link unless the config gives one.
     *
     * @throws ClusterException if this JVM lacks Ignite's flags, or the cluster cannot be joined
     *     or does not reach {@code minNodes} within the join timeout
     */
    public static IgniteEngine connect(ClusterConfig config, int minNodes) {
        return connect(config, ClusterSecurity.none(), minNodes);
    }

    /** As {@link #connect(ClusterConfig, int)}, with TLS and a shared secret as {@code security} says. */
    public static IgniteEngine connect(ClusterConfig config, ClusterSecurity security, int minNodes) {
        JvmFlags.requirePresent();
        IgniteConfigs.quietProperties();
        String name = "strand-driver-" + UUID.randomUUID().toString().substring(0, 8);
        ClusterConfig c = config;
        if (c.workDirectory() == null) {
            // Ignite's default is ./ignite/work: not in the user's current directory.
            try {
                c = c.withWorkDirectory(Files.createTempDirectory("strand-driver-").toString());
            } catch (IOException e) {
                throw new ClusterException("could not create a work directory for Ignite: " + e, e);
            }
        }
        Ignite ignite;
        try {
            ignite = Ignition.start(IgniteConfigs.client(name, c, security));
        } catch (IgniteException e) {
            throw new ClusterException("could not join the cluster at " + config.effectiveDiscoveryAddresses()
                    + " within " + config.joinTimeout() + ": " + joinFailure(e, security), e);
        }
        try {
            IgniteConfigs.checkSecurity(ignite, security);
            List<NodeInfo> nodes = awaitServers(ignite, config, minNodes);
            WireClasses.register(ignite);
            Link link = config.link() != null ? config.link()
                    : LinkProbe.measure(ignite, new ArrayList<>(ignite.cluster().forServers().nodes()));
            LOG.log(Level.DEBUG, "joined {0} server nodes; link {1}", nodes.size(), link);
            return new IgniteEngine(ignite, config, link);
        } catch (RuntimeException e) {
            ignite.close();
            throw e;
        }
    }

    private static List<NodeInfo> awaitServers(Ignite ignite, ClusterConfig config, int minNodes) {
        long deadline = System.nanoTime() + config.joinTimeout().toNanos();
        while (true) {
            List<NodeInfo> nodes = servers(ignite);
            if (nodes.size() >= Math.max(1, minNodes)) {
                return nodes;
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterException("the cluster has " + nodes.size() + " Strand server nodes, "
                        + Math.max(1, minNodes) + " needed, after waiting " + config.joinTimeout());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while waiting for server nodes", e);
            }
        }
    }

    private static List<NodeInfo> servers(Ignite ignite) {
        List<NodeInfo> nodes = new ArrayList<>();
        for (ClusterNode n : ignite.cluster().forServers().nodes()) {
            String name = n.attribute(IgniteConfigs.NODE_ATTR);
            Integer p = n.attribute(IgniteConfigs.PARALLELISM_ATTR);
            if (name != null && p != null) {
                nodes.add(new NodeInfo(name, p));
            }
        }
        nodes.sort(Comparator.comparing(NodeInfo::name));
        return nodes;
    }

    @Override
    public List<NodeInfo> nodes() {
        return servers(ignite);
    }

    @Override
    public Link link() {
        return link;
    }

    /** Yes: an Ignite job costs a round of messages and Ignite's job processing. */
    @Override
    public boolean sendsChunks() {
        return true;
    }

    @Override
    public EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling) {
        return run(fn, chunks, onJobDone, scheduling, config.taskTimeout());
    }

    /**
     * Runs a batch as one Ignite task that times out after {@code timeout}. When it fails or
     * times out, Ignite cancels the chunks still on the nodes ({@link StrandJob#cancel()}), and
     * the exception carries the outcomes that had arrived.
     */
    @Override
    public EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling,
                         Duration timeout) {
        Serialization.requireSerializable(fn);
        List<PlannedJob> plan = new ArrayList<>();
        for (Chunk c : chunks) {
            plan.addAll(c.jobs());
        }
        long start = System.nanoTime();
        // A chunk's compute, asked at each steal decision: the sum of its jobs' current estimates.
        DurationEstimator est = scheduling.estimator();
        BatchTask[] holder = new BatchTask[1];
        IntToDoubleFunction computeOf = i -> {
            double sum = 0;
            for (PlannedJob p : holder[0].chunk(i).jobs()) {
                sum += est.estimateOrPrior(p.job().kind(), p.job().work());
            }
            return sum;
        };
        Balancer balancer = new Balancer(nodes(), config.activeJobsPerNode(), computeOf,
                (chunk, node) -> holder[0].runningFor(chunk, node), link, scheduling.costAware() && link != null);
        BatchTask task = new BatchTask(fn, chunks, start, onJobDone, config.maxStealingAttempts(), balancer,
                scheduling.onOutcome(), link, messages);
        holder[0] = task;
        Map<Long, String> inputKeys = Map.of();
        IgniteBiPredicate<UUID, Object> refusals = (from, msg) -> {
            if (msg instanceof StealRefused r) {
                task.onRefused(r);
            } else if (msg instanceof ShedOffer o) {
                task.onOffer(o);
            }
            return true;
        };
        ignite.message().localListen(task.replyTopic(), refusals);
        // Dask balances every 100 ms as well as on events: a thief refused by the rule, or
        // waiting for a running job to give work away, is looked at again.
        ScheduledFuture<?> tick = TICKER.scheduleWithFixedDelay(() -> {
            try {
                task.rebalance();
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "periodic balance failed: {0}", e.toString());
            }
        }, 100, 100, TimeUnit.MILLISECONDS);
        try {
            inputKeys = putLargeInputs(chunks, timeout);
            task.inputKeys(inputKeys);
            ignite.compute(ignite.cluster().forServers()).withTimeout(timeout.toMillis())
                    .execute(task, null);
        } catch (ComputeTaskTimeoutException e) {
            throw new EngineFailure("the batch did not finish within " + timeout
                    + " (" + task.outcomes().size() + " of " + plan.size() + " jobs done)", e, task.outcomes(), true);
        } catch (IgniteException e) {
            throw new EngineFailure("the batch failed: " + rootMessage(e), e, task.outcomes(), false);
        } finally {
            tick.cancel(false);
            ignite.message().stopLocalListen(task.replyTopic(), refusals);
            removeInputs(inputKeys);
            lastInlineBytes = task.inlineBytesSent();
        }
        long wall = System.nanoTime() - start;
        Map<Long, JobOutcome> outcomes = new LinkedHashMap<>();
        Map<Long, Long> arrivals = new LinkedHashMap<>();
        for (PlannedJob p : plan) {
            long id = p.job().id();
            JobOutcome o = task.outcomes().get(id);
            if (o == null) {
                throw new ClusterException("job " + id + " has no result although the batch completed");
            }
            outcomes.put(id, o);
            arrivals.put(id, task.arrivals().get(id));
        }
        List<PlannedJob> spawned = task.spawned();
        for (PlannedJob p : spawned) {
            long id = p.job().id();
            JobOutcome o = task.outcomes().get(id);
            if (o == null) {
                throw new ClusterException("part " + id + " has no result although the batch completed");
            }
            outcomes.put(id, o);
            arrivals.put(id, task.arrivals().get(id));
        }
        int[] steals = task.stealCounts();
        return new EngineRun(outcomes, arrivals, task.duplicates(), wall, steals[0], steals[1], steals[2],
                task.declinedChunks(), spawned, task.parts(), task.shedRequests());
    }

    /**
     * Puts the inputs above the configuration's threshold into the input cache, each on its
     * chunk's home node, before any job is sent. Not with an emulated link: it shapes only what
     * the driver sends, so a thief's read from another node would cross no emulated link at all.
     *
     * @return the key of each input put, by job id
     */
    private Map<Long, String> putLargeInputs(List<Chunk> chunks, Duration timeout) {
        if (config.emulatedLink() != null || config.largeInputBytes() == Long.MAX_VALUE) {
            return Map.of();
        }
        Map<String, ClusterNode> byName = new java.util.HashMap<>();
        for (ClusterNode n : ignite.cluster().forServers().nodes()) {
            String name = n.attribute(IgniteConfigs.NODE_ATTR);
            if (name != null) {
                byName.put(name, n);
            }
        }
        try {
            return InputStore.put(ignite, UUID.randomUUID().toString(), chunks, byName, config.largeInputBytes(),
                    timeout);
        } catch (javax.cache.CacheException e) {
            throw new IgniteException("could not put the batch's large inputs into the input cache: " + e, e);
        }
    }

    /**
     * Removes a batch's inputs from the input cache, however the batch ended. A removal that
     * fails (the cluster is going away) is logged; the entries expire on their own.
     */
    private void removeInputs(Map<Long, String> keys) {
        try {
            InputStore.remove(ignite, keys.values());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not remove {0} inputs of the batch from the input cache; they expire"
                    + " by themselves: {1}", keys.size(), e.toString());
        }
    }

    /** @return input bytes the last batch's driver sent inside jobs (not through the input cache) */
    long lastInlineBytes() {
        return lastInlineBytes;
    }

    /** Asks every server node for its {@link NodeActivity} counts. */
    @Override
    public Map<String, NodeActivity.Snapshot> activity() {
        Map<String, NodeActivity.Snapshot> m = new java.util.TreeMap<>();
        for (NodeActivity.Snapshot s : ignite.compute(ignite.cluster().forServers())
                .withTimeout(config.failureDetection().toMillis() * 2).execute(new NodeActivity.Probe(), null)) {
            m.put(s.node(), s);
        }
        return m;
    }

    /** @return the client node this engine places jobs from */
    Ignite ignite() {
        return ignite;
    }

    /**
     * Leaves the cluster, in bounded time: the message thread gets {@link #MESSAGES_STOP} to
     * finish its send, Ignite gets {@link #stopTimeout()} to stop (it cancels the batches still
     * running). Past either, a warning names what did not stop and closing goes on: a member that
     * cannot leave cleanly is one that the others' failure detection removes.
     */
    @Override
    public void close() {
        messages.shutdownNow();
        try {
            if (!messages.awaitTermination(MESSAGES_STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.log(Level.WARNING, "a message to a node was still being sent {0} after close; closing anyway",
                        MESSAGES_STOP);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopWithin(ignite::close, stopTimeout(), "the cluster client " + ignite.name());
    }

    /** How long Ignite may take to stop: twice the failure detection, at least ten seconds. */
    Duration stopTimeout() {
        Duration twice = config.failureDetection().multipliedBy(2);
        return twice.compareTo(Duration.ofSeconds(10)) > 0 ? twice : Duration.ofSeconds(10);
    }

    /**
     * Runs {@code stop} on a daemon thread of its own and waits at most {@code limit} for it. A
     * stop that throws rethrows here; one that does not return in time is left running and
     * logged, at WARNING, with where it is stuck.
     *
     * @return whether {@code stop} returned within {@code limit}
     */
    static boolean stopWithin(Runnable stop, Duration limit, String what) {
        java.util.concurrent.FutureTask<Void> f = new java.util.concurrent.FutureTask<>(stop, null);
        Thread t = new Thread(f, "strand-cluster-stop");
        t.setDaemon(true);
        t.start();
        try {
            f.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            StringBuilder where = new StringBuilder();
            for (StackTraceElement el : t.getStackTrace()) {
                where.append("\n\tat ").append(el);
            }
            LOG.log(Level.WARNING, "{0} did not stop within {1}; going on without it. It is stuck in:{2}", what,
                    limit, where);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.log(Level.WARNING, "interrupted while waiting for {0} to stop; going on without it", what);
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new ClusterException("stopping " + what + " failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * Why joining failed, with a hint where the cause is likely a security mismatch: a member
     * whose TLS differs from the cluster's sees only a handshake that fails or a join that times out.
     */
    static String joinFailure(Throwable e, ClusterSecurity security) {
        String m = rootMessage(e);
        if (m.contains("refused this node")) {
            return m;
        }
        String hint = security.tls()
                ? " (this member uses TLS: if the cluster does not, or its certificates are not in this"
                        + " member's trust store, no connection succeeds)"
                : " (this member does not use TLS: if the cluster does, set tls.keystore and tls.truststore)";
        return m + hint;
    }

    /** The innermost message of a chain, which is where Ignite puts the one that names the problem. */
    static String rootMessage(Throwable e) {
        StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
        Throwable c = e.getCause();
        int depth = 0;
        while (c != null && c != c.getCause() && depth++ < 8) {
            if (c.getMessage() != null && !sb.toString().contains(c.getMessage())) {
                sb.append(" <- ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
            }
            c = c.getCause();
        }
        return sb.toString();
    }
}
