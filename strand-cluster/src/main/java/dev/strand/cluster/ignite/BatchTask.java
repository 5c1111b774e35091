package dev.strand.cluster.ignite;

import dev.strand.cluster.JobFunction;
import dev.strand.cluster.plan.Balancer;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobOutcome;
import java.io.Serial;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.cluster.ClusterTopologyException;
import org.apache.ignite.compute.ComputeExecutionRejectedException;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.compute.ComputeJobResult;
import org.apache.ignite.compute.ComputeJobResultPolicy;
import org.apache.ignite.compute.ComputeTaskAdapter;
import org.apache.ignite.compute.ComputeTaskContinuousMapper;
import org.apache.ignite.compute.ComputeTaskNoResultCache;
import org.apache.ignite.compute.ComputeTaskSession;
import org.apache.ignite.resources.IgniteInstanceResource;
import org.apache.ignite.resources.TaskContinuousMapperResource;
import org.apache.ignite.resources.TaskSessionResource;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;

/**
 * A batch as one Ignite task, run on the driver: {@link #map} sends each chunk of planned jobs to
 * its home node as one Ignite job (a {@link PinnedJob} if the cost rule pinned it),
 * {@link #result} keeps the first outcome per job id as results arrive, and sends again, itself,
 * a chunk that a busy node rejected for a thief (to the thief) and a chunk whose node left or
 * refused it (to the live node with the fewest chunks in flight).
 *
 * <p>One Ignite job id, one node. Ignite's failover resends a job under its old id, and a node's
 * job processor keeps the id of every job it rejected for a thief and refuses that id for good
 * ({@code GridJobProcessor}: the steal's {@code cancel()} records the id in its cancel requests,
 * and {@code onBeforeActivateJob} rejects a job whose id is there, "Job was cancelled before
 * execution"). A chunk stolen from a node and later stolen or failed over back to it was then
 * refused there, counted as a failure of that live node by {@code JobStealingFailoverSpi}, and once
 * every node had refused it the batch failed. So a chunk is never failed over by Ignite: each
 * steal and failover sends a new copy of it through the task's continuous mapper, a new Ignite
 * job with a new id, carrying its steal and failover counts. A copy stolen
 * {@code maxStealingAttempts} times travels on pinned, so a chunk is not bounced for ever.
 *
 * <p>No result cache ({@link ComputeTaskNoResultCache}): by default Ignite keeps every job's
 * result in the task session, and then every job request carries the serialized list of all the
 * task's job siblings and every response rebuilds the list of results received so far
 * ({@code GridTaskWorker.sendRequest}, {@code getRemoteResults}), which makes a batch of n jobs
 * cost O(n^2) on the driver. The task keeps its own outcomes, by job id, and needs neither.
 *
 * <p>Idempotence: a job can run twice (its node died after it ran but before its result
 * arrived, and it was sent again); outcomes are keyed by job id and only the first is kept, the
 * others counted as duplicates. Every chunk has one copy in flight at a time, and each response
 * for it either delivers its outcomes or sends a new copy, so a job is never lost while a server
 * node of the task is alive; {@code IgniteEngine} checks that every id has an outcome.
 */
@ComputeTaskNoResultCache
final class BatchTask extends ComputeTaskAdapter<Object, Void> {

    @Serial
    private static final long serialVersionUID = 1L;

    private static final Logger LOG = System.getLogger(BatchTask.class.getName());

    /**
     * Copies of one chunk sent after a failure or refusal before the batch fails: a node failure
     * costs a chunk one, so this many is a cluster losing nodes faster than it runs a chunk.
     */
    static final int MAX_FAILOVERS = 16;

    private final transient JobFunction fn;
    private final transient List<Chunk> plan;
    private final transient long startNanos;
    private final transient ConcurrentMap<Long, JobOutcome> outcomes = new ConcurrentHashMap<>();
    private final transient ConcurrentMap<Long, Long> arrivals = new ConcurrentHashMap<>();
    private final transient AtomicInteger duplicates = new AtomicInteger();
    private final transient Runnable onJobDone;
    private final transient int maxSteals;
    /** Chunks in flight per node id: where a failed-over chunk goes (the least loaded live node). */
    private final transient ConcurrentMap<UUID, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final transient AtomicInteger stealsSent = new AtomicInteger();
    private final transient AtomicInteger failoversSent = new AtomicInteger();
    /** The steal-time scheduler; every call on it holds its monitor. */
    private final transient Balancer balancer;
    private final transient Consumer<JobOutcome> onOutcome;
    /** Where victims answer a steal request for a chunk that had started. */
    private final transient String replyTopic = "strand.steal.reply." + UUID.randomUUID();
    /** Live server nodes of the task by Strand name. */
    private final transient ConcurrentMap<String, ClusterNode> byName = new ConcurrentHashMap<>();

    @TaskContinuousMapperResource
    private transient ComputeTaskContinuousMapper mapper;

    @TaskSessionResource
    private transient ComputeTaskSession session;

    @IgniteInstanceResource
    private transient Ignite ignite;

    /**
     * @param maxSteals how many times one chunk may be stolen; the copy sent after the last
     *     allowed steal is pinned
     */
    BatchTask(JobFunction fn, List<Chunk> plan, long startNanos, Runnable onJobDone, int maxSteals,
            Balancer balancer, Consumer<JobOutcome> onOutcome) {
        if (maxSteals < 1) {
            throw new IllegalArgumentException("maxSteals must be >= 1, got " + maxSteals);
        }
        this.balancer = balancer;
        this.onOutcome = onOutcome;
        this.fn = fn;
        this.onJobDone = onJobDone;
        this.plan = plan;
        this.startNanos = startNanos;
        this.maxSteals = maxSteals;
    }

    @Override
    public Map<? extends ComputeJob, ClusterNode> map(List<ClusterNode> subgrid, Object arg) {
        for (ClusterNode n : subgrid) {
            String name = n.attribute(IgniteConfigs.NODE_ATTR);
            if (name != null) {
                byName.put(name, n);
            }
        }
        if (byName.isEmpty()) {
            throw new IgniteException("no Strand server node in the task's topology");
        }
        Map<ComputeJob, ClusterNode> jobs = new HashMap<>();
        for (Chunk c : plan) {
            ClusterNode node = byName.get(c.home());
            if (node == null) {
                // The home left between planning and mapping: any live node will do.
                node = byName.values().iterator().next();
                LOG.log(Level.WARNING, "node {0} left before chunk {1} was sent; sending it to {2}",
                        c.home(), c.index(), node.attribute(IgniteConfigs.NODE_ATTR));
            }
            List<StrandJob.Item> items = new ArrayList<>(c.jobs().size());
            for (PlannedJob p : c.jobs()) {
                items.add(new StrandJob.Item(p.job().id(), p.job().kind(), p.job().input()));
            }
            StrandJob job = c.stealable()
                    ? new StrandJob(c.index(), c.home(), fn, items)
                    : new PinnedJob(c.index(), c.home(), fn, items);
            jobs.put(job, node);
            inFlight.computeIfAbsent(node.id(), k -> new AtomicInteger()).incrementAndGet();
            synchronized (balancer) {
                balancer.sent(c.index(), node.attribute(IgniteConfigs.NODE_ATTR), c.inputBytes(), c.stealable());
            }
        }
        return jobs;
    }

    @Override
    public ComputeJobResultPolicy result(ComputeJobResult res, List<ComputeJobResult> received) {
        AtomicInteger n = inFlight.get(res.getNode().id());
        if (n != null) {
            n.decrementAndGet();
        }
        IgniteException e = res.getException();
        if (e != null) {
            StrandJob job = res.getJob();
            if (e instanceof ComputeExecutionRejectedException || e instanceof ClusterTopologyException) {
                resend(job, res);
                return ComputeJobResultPolicy.WAIT;
            }
            // The job threw: the batch fails (ComputeTaskAdapter's message, which names the cause).
            return super.result(res, received);
        }
        List<JobOutcome> chunk = res.getData();
        long at = System.nanoTime() - startNanos;
        synchronized (balancer) {
            balancer.done(((StrandJob) res.getJob()).chunk());
        }
        for (JobOutcome o : chunk) {
            if (outcomes.putIfAbsent(o.id(), o) == null) {
                arrivals.put(o.id(), at);
                onOutcome.accept(o);
                onJobDone.run();
            } else {
                duplicates.incrementAndGet();
                LOG.log(Level.DEBUG, "dropped a second result for job {0}", o.id());
            }
        }
        rebalance();
        return ComputeJobResultPolicy.WAIT;
    }

    /**
     * Asks the balancer for the moves worth making now and sends each victim its request. Called
     * after every event that changes occupancies or estimates: a result, a refused request, a
     * resent chunk. A request to a node that left is dropped; its chunks fail over.
     */
    void rebalance() {
        List<Balancer.Steal> steals;
        synchronized (balancer) {
            for (String name : List.copyOf(byName.keySet())) {
                ClusterNode n = byName.get(name);
                if (n == null || ignite.cluster().node(n.id()) == null) {
                    byName.remove(name);
                    balancer.removeNode(name);
                }
            }
            steals = balancer.balance();
        }
        for (Balancer.Steal s : steals) {
            ClusterNode victim = byName.get(s.victim());
            ClusterNode thief = byName.get(s.thief());
            if (victim == null || thief == null) {
                synchronized (balancer) {
                    balancer.refused(s.chunk());
                }
                continue;
            }
            try {
                ignite.message(ignite.cluster().forNodeId(victim.id())).send(StrandCollisionSpi.REQUEST_TOPIC,
                        new StealRequest(session.getId(), s.chunk(), thief.id(), replyTopic));
            } catch (IgniteException e) {
                LOG.log(Level.DEBUG, "steal request for chunk {0} to {1} failed: {2}", s.chunk(), s.victim(),
                        e.toString());
                synchronized (balancer) {
                    balancer.refused(s.chunk());
                }
            }
        }
    }

    /** A victim had started the chunk asked for: it stays there; its thief looks elsewhere. */
    void onRefused(StealRefused r) {
        if (!r.session().equals(session.getId())) {
            return;
        }
        synchronized (balancer) {
            balancer.refused(r.chunk());
        }
        rebalance();
    }

    /** @return the topic victims answer refusals on */
    String replyTopic() {
        return replyTopic;
    }

    /** @return the balancer's counts: accepted, declined, refused by a victim */
    int[] stealCounts() {
        synchronized (balancer) {
            return new int[] {balancer.accepted(), balancer.declined(), balancer.refusedByVictim()};
        }
    }

    /** @return the chunks the cost rule refused to move at least once */
    java.util.Set<Integer> declinedChunks() {
        synchronized (balancer) {
            return balancer.declinedChunks();
        }
    }

    /**
     * Sends a new copy of a chunk that did not run: to the thief that a busy node rejected it for,
     * if that thief is alive, else (its node left, or refused it) to the live node of the task with
     * the fewest chunks in flight, that node itself only if it is the last one.
     */
    private void resend(StrandJob job, ComputeJobResult res) {
        ClusterNode from = res.getNode();
        UUID thiefId = res.getJobContext().getAttribute(JobStealingCollisionSpi.THIEF_NODE_ATTR);
        ClusterNode thief = thiefId == null ? null : ignite.cluster().node(thiefId);
        StrandJob next;
        ClusterNode to;
        if (res.getException() instanceof ComputeExecutionRejectedException && thief != null
                && session.getTopology().contains(thief.id())) {
            next = job.stolen(job.steals() + 1 >= maxSteals);
            to = thief;
            stealsSent.incrementAndGet();
        } else {
            if (job.failovers() >= MAX_FAILOVERS) {
                throw new IgniteException("chunk " + job.chunk() + " could not run: sent " + (job.failovers() + 1)
                        + " times, last to node " + from.id() + ": " + res.getException().getMessage(),
                        res.getException());
            }
            to = leastLoaded(from);
            if (to == null) {
                throw new IgniteException("no server node of the batch is left to run chunk " + job.chunk(),
                        res.getException());
            }
            next = job.failedOver();
            failoversSent.incrementAndGet();
            LOG.log(Level.DEBUG, "chunk {0} did not run on {1} ({2}); sending it to {3}", job.chunk(),
                    from.attribute(IgniteConfigs.NODE_ATTR), res.getException().getMessage(),
                    to.attribute(IgniteConfigs.NODE_ATTR));
        }
        inFlight.computeIfAbsent(to.id(), k -> new AtomicInteger()).incrementAndGet();
        String toName = to.attribute(IgniteConfigs.NODE_ATTR);
        Integer parallelism = to.attribute(IgniteConfigs.PARALLELISM_ATTR);
        Chunk c = plan.get(job.chunk());
        assert c.index() == job.chunk() : "chunk indices are plan positions";
        byName.putIfAbsent(toName, to);
        synchronized (balancer) {
            balancer.addNode(new NodeInfo(toName, parallelism == null ? 1 : parallelism));
            balancer.sent(job.chunk(), toName, c.inputBytes(), !(next instanceof PinnedJob));
        }
        mapper.send(next, to);
        rebalance();
    }

    /** The live server node of the task with the fewest chunks in flight, {@code avoid} last. */
    private ClusterNode leastLoaded(ClusterNode avoid) {
        ClusterNode best = null;
        int bestLoad = Integer.MAX_VALUE;
        for (UUID id : session.getTopology()) {
            ClusterNode c = ignite.cluster().node(id);
            if (c == null || c.attribute(IgniteConfigs.NODE_ATTR) == null) {
                continue;
            }
            AtomicInteger f = inFlight.get(id);
            int load = (f == null ? 0 : f.get()) + (id.equals(avoid.id()) ? 1 << 20 : 0);
            if (load < bestLoad) {
                best = c;
                bestLoad = load;
            }
        }
        return best;
    }

    @Override
    public Void reduce(List<ComputeJobResult> results) {
        return null;
    }

    Map<Long, JobOutcome> outcomes() {
        return outcomes;
    }

    Map<Long, Long> arrivals() {
        return arrivals;
    }

    int duplicates() {
        return duplicates.get();
    }

    /** @return copies sent to a thief */
    int stealsSent() {
        return stealsSent.get();
    }

    /** @return copies sent after a node left or refused a chunk */
    int failoversSent() {
        return failoversSent.get();
    }
}
