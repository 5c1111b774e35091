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
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
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
 * <p>Steal and shed requests leave from the engine's message thread, never from {@link #result}:
 * Ignite calls it on a thread that holds the task's worker, and a message send can block there for
 * ever (a first send of a class registers its name and binary type through discovery, which waits
 * behind the topology change that a killed node causes, and the task worker is what that change
 * needs). The only sends left on the callback are the continuous mapper's, which Ignite expects
 * there; the engine registers every class that crosses the wire when it joins, so none of them
 * registers anything under load.
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
    /**
     * How long a steal request may go unanswered before its thief is freed and the chunk may be
     * asked for again (an unanswered request is not a refusal: see {@link #rebalance}).
     */
    private static final long STEAL_ANSWER_NANOS = 1_000_000_000L;
    /** Retry period of a request to give work away that brought nothing. */
    private static final long SHED_RETRY_NANOS = 300_000_000L;
    /** What a part given away is assumed to weigh on the wire, for the cost rule. */
    private static final long SHED_PART_BYTES = 4096;

    private final transient Runnable onJobDone;
    /** The engine's message thread: every steal or shed request leaves from it. */
    private final transient Executor sender;
    private final transient dev.strand.cluster.cost.Link link;
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

    // Work given away by running jobs (Shedding): each part becomes a job and a chunk of its own.
    private final transient boolean shedding;
    /** Chunks made for parts given away, by index (after the plan's). */
    private final transient ConcurrentMap<Integer, Chunk> spawnedChunks = new ConcurrentHashMap<>();
    private final transient AtomicInteger nextChunk;
    private final transient java.util.concurrent.atomic.AtomicLong nextJobId;
    /** Every job by id, the plan's and the spawned ones: a part inherits its parent's kind. */
    private final transient ConcurrentMap<Long, dev.strand.cluster.BatchJob> jobsById = new ConcurrentHashMap<>();
    /** "parent:position" to the part's job id: each part starts once, from the offer or the outcome. */
    private final transient ConcurrentMap<String, Long> partIds = new ConcurrentHashMap<>();
    /** A parent's parts' job ids, by position. */
    private final transient ConcurrentMap<Long, java.util.concurrent.ConcurrentSkipListMap<Integer, Long>> parts =
            new ConcurrentHashMap<>();
    /** When each chunk was last sent, ns: how long a running chunk has run, at least. */
    private final transient ConcurrentMap<Integer, Long> sentAt = new ConcurrentHashMap<>();
    /** Thieves with a request to give work away outstanding, since when. */
    private final transient ConcurrentMap<String, Long> shedPending = new ConcurrentHashMap<>();
    private final transient AtomicInteger shedRequests = new AtomicInteger();
    /** Steal requests sent and not answered yet, by chunk: when. */
    private final transient ConcurrentMap<Integer, Long> stealAskedAt = new ConcurrentHashMap<>();
    /** When each node's last result arrived, ns: its running chunk started about then. */
    private final transient ConcurrentMap<String, Long> lastResultAt = new ConcurrentHashMap<>();
    private volatile boolean mapped;
    /**
     * The next copy's place in send order: a node starts this batch's waiting chunks in it, as
     * the balancer assumes, whatever order Ignite's job pool delivered them in.
     */
    private final transient java.util.concurrent.atomic.AtomicLong nextSequence =
            new java.util.concurrent.atomic.AtomicLong();

    /** The key in {@link InputStore}'s cache of each job whose input is there, by job id; set before the task runs. */
    private transient volatile Map<Long, String> inputKeys = Map.of();
    /** Input bytes the driver sent inside job copies (not through the input cache). */
    private final transient java.util.concurrent.atomic.AtomicLong inlineBytesSent =
            new java.util.concurrent.atomic.AtomicLong();

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
            Balancer balancer, Consumer<JobOutcome> onOutcome, dev.strand.cluster.cost.Link link,
            Executor sender) {
        this.link = link;
        this.sender = sender;
        if (maxSteals < 1) {
            throw new IllegalArgumentException("maxSteals must be >= 1, got " + maxSteals);
        }
        this.balancer = balancer;
        this.onOutcome = onOutcome;
        this.shedding = fn instanceof dev.strand.cluster.engine.SheddingFunction;
        this.nextChunk = new AtomicInteger(plan.size());
        long maxId = -1;
        for (Chunk c : plan) {
            for (PlannedJob p : c.jobs()) {
                maxId = Math.max(maxId, p.job().id());
                jobsById.put(p.job().id(), p.job());
            }
        }
        this.nextJobId = new java.util.concurrent.atomic.AtomicLong(maxId + 1);
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
        // In plan order: Ignite sends the jobs in the map's order and a node queues them as they
        // arrive, and the balancer takes a node's first chunks sent as the ones running. In a
        // HashMap's order (identity hashes, different each run) a node could start a chunk placed
        // late while the balancer took an earlier one, still waiting, as running and never
        // offered it to an idle node.
        Map<ComputeJob, ClusterNode> jobs = new java.util.LinkedHashMap<>();
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
                String key = inputKeys.get(p.job().id());
                items.add(key == null ? new StrandJob.Item(p.job().id(), p.job().kind(), p.job().input())
                        : StrandJob.Item.keyed(p.job().id(), p.job().kind(), key));
            }
            StrandJob job = c.stealable()
                    ? new StrandJob(c.index(), c.home(), fn, items)
                    : new PinnedJob(c.index(), c.home(), fn, items);
            job.sequence(nextSequence.getAndIncrement());
            inlineBytesSent.addAndGet(job.inlineBytes());
            jobs.put(job, node);
            inFlight.computeIfAbsent(node.id(), k -> new AtomicInteger()).incrementAndGet();
            synchronized (balancer) {
                balancer.sent(c.index(), node.attribute(IgniteConfigs.NODE_ATTR), c.inputBytes(), c.stealable());
            }
            sentAt.put(c.index(), System.nanoTime());
        }
        mapped = true;
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
        String from = res.getNode().attribute(IgniteConfigs.NODE_ATTR);
        if (from != null) {
            lastResultAt.put(from, System.nanoTime());
        }
        for (JobOutcome o : chunk) {
            if (outcomes.putIfAbsent(o.id(), o) == null) {
                arrivals.put(o.id(), at);
                if (!o.shed().isEmpty()) {
                    // Parts whose offer did not arrive (or not yet) start now, before this
                    // result is taken: the task cannot end with a part unsent.
                    spawn(o.id(), 0, o.shed(), null);
                }
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
        if (!mapped) {
            return;
        }
        List<Balancer.Steal> steals;
        List<String> idle;
        long now = System.nanoTime();
        synchronized (balancer) {
            // A request neither granted (the chunk comes back rejected) nor refused within
            // STEAL_ANSWER_NANOS frees its thief, and the chunk's state is unknown, not started:
            // on a slow link the request can still be queued behind a large input to the victim,
            // or be lost. The chunk stays a candidate and may be asked for again below; a late
            // grant moves it to the thief named in the request, a late refusal marks it started.
            for (Map.Entry<Integer, Long> e : stealAskedAt.entrySet()) {
                if (balancer.thiefOf(e.getKey()) == null) {
                    stealAskedAt.remove(e.getKey(), e.getValue());
                } else if (now - e.getValue() > STEAL_ANSWER_NANOS) {
                    stealAskedAt.remove(e.getKey(), e.getValue());
                    balancer.unanswered(e.getKey());
                }
            }
            for (String name : List.copyOf(byName.keySet())) {
                ClusterNode n = byName.get(name);
                if (n == null || ignite.cluster().node(n.id()) == null) {
                    byName.remove(name);
                    balancer.removeNode(name);
                }
            }
            steals = balancer.balance();
            idle = shedding ? balancer.freeNodes() : List.of();
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
            stealAskedAt.put(s.chunk(), now);
            StealRequest request = new StealRequest(session.getId(), s.chunk(), thief.id(), replyTopic);
            send(victim, StrandCollisionSpi.REQUEST_TOPIC, request, e -> {
                LOG.log(Level.DEBUG, "steal request for chunk {0} to {1} failed: {2}", s.chunk(), s.victim(),
                        e.toString());
                synchronized (balancer) {
                    balancer.refused(s.chunk());
                }
            });
        }
        for (String thief : idle) {
            askToShed(thief);
        }
    }

    /**
     * Nothing waits anywhere that {@code thief} may take: asks the node whose running chunk has
     * run longest to give part of its work away, if the cost rule lets the move pay off with that
     * chunk's remaining work taken as at least what it has run (its estimate, the kind's mean,
     * does not know it is the big one) and half of it moved.
     */
    private void askToShed(String thief) {
        long now = System.nanoTime();
        Long pending = shedPending.get(thief);
        if (pending != null && now - pending < SHED_RETRY_NANOS) {
            return;
        }
        ClusterNode thiefNode = byName.get(thief);
        if (thiefNode == null) {
            return;
        }
        String best = null;
        double bestRemaining = 0;
        double thiefOccupancy;
        synchronized (balancer) {
            thiefOccupancy = balancer.occupancy(thief);
            for (String v : byName.keySet()) {
                for (int chunk : balancer.held(v)) {
                    // It started when it was sent or when the node's previous result came back,
                    // whichever is later: how long it has run since is the best guess of what
                    // remains (a job that has run long is probably a long one).
                    Long sent = sentAt.get(chunk);
                    Long last = lastResultAt.get(v);
                    long started = Math.max(sent == null ? now : sent, last == null ? 0 : last);
                    double remaining = Math.max(balancer.compute(chunk), (double) (now - started));
                    if (remaining > bestRemaining) {
                        best = v;
                        bestRemaining = remaining;
                    }
                    break;                      // the oldest chunk held: running
                }
            }
        }
        if (best == null) {
            return;
        }
        double transfer = best.equals(thief) || link == null ? 0 : link.transferNanos(SHED_PART_BYTES);
        if (!dev.strand.cluster.cost.CostRule.worthStealing(thiefOccupancy, bestRemaining, bestRemaining / 2,
                transfer)) {
            return;
        }
        ClusterNode victim = byName.get(best);
        if (victim == null) {
            return;
        }
        shedPending.put(thief, now);
        shedRequests.incrementAndGet();
        String victimName = best;
        send(victim, StrandCollisionSpi.SHED_TOPIC, new ShedRequest(session.getId(), thiefNode.id(), replyTopic),
                e -> LOG.log(Level.DEBUG, "request to give work away to {0} failed: {1}", victimName, e.toString()));
    }

    /**
     * Sends {@code msg} to {@code to} on the engine's message thread, never on the caller's: the
     * caller may be Ignite's result callback, which holds the task's worker, and a send can block
     * (a class name or binary type registered through discovery, a connection to a node that is
     * dying). A send that fails, or that the closed engine no longer takes, reaches
     * {@code onFailure}, which sees the request as not delivered.
     */
    private void send(ClusterNode to, String topic, Object msg, Consumer<RuntimeException> onFailure) {
        try {
            sender.execute(() -> {
                try {
                    ignite.message(ignite.cluster().forNodeId(to.id())).send(topic, msg);
                } catch (IgniteException e) {
                    onFailure.accept(e);
                }
            });
        } catch (RejectedExecutionException e) {
            onFailure.accept(e);
        }
    }

    /** A running job gave parts away: each starts as a job of its own on the thief. */
    void onOffer(ShedOffer o) {
        if (!mapped || !o.session().equals(session.getId())) {
            return;
        }
        ClusterNode thief = ignite.cluster().node(o.thief());
        spawn(o.job(), o.first(), o.parts(), thief);
        rebalance();
    }

    /**
     * Starts each part not started yet (keyed by parent and position) as a job and a chunk of its
     * own, on {@code to} if it is alive, else on the live node with the fewest chunks in flight.
     */
    private void spawn(long parent, int first, List<byte[]> given, ClusterNode to) {
        dev.strand.cluster.BatchJob parentJob = jobsById.get(parent);
        if (parentJob == null) {
            throw new IllegalStateException("parts offered by unknown job " + parent);
        }
        for (int k = 0; k < given.size(); k++) {
            int pos = first + k;
            String key = parent + ":" + pos;
            if (partIds.containsKey(key)) {
                continue;
            }
            long id = nextJobId.getAndIncrement();
            if (partIds.putIfAbsent(key, id) != null) {
                continue;
            }
            dev.strand.cluster.BatchJob job = new dev.strand.cluster.BatchJob(id, parentJob.kind(), given.get(k));
            jobsById.put(id, job);
            parts.computeIfAbsent(parent, x -> new java.util.concurrent.ConcurrentSkipListMap<>()).put(pos, id);
            ClusterNode dest = to != null && session.getTopology().contains(to.id()) ? to : leastLoaded(null);
            if (dest == null) {
                throw new IgniteException("no server node of the batch is left to run a part of job " + parent);
            }
            String destName = dest.attribute(IgniteConfigs.NODE_ATTR);
            Chunk c = new Chunk(nextChunk.getAndIncrement(), destName, true,
                    List.of(new PlannedJob(job, destName, null, dev.strand.cluster.cost.CostRule.Decision.NOT_EVALUATED)));
            spawnedChunks.put(c.index(), c);
            shedPending.remove(destName);
            Integer parallelism = dest.attribute(IgniteConfigs.PARALLELISM_ATTR);
            byName.putIfAbsent(destName, dest);
            synchronized (balancer) {
                balancer.addNode(new NodeInfo(destName, parallelism == null ? 1 : parallelism));
                balancer.sent(c.index(), destName, c.inputBytes(), true);
            }
            sentAt.put(c.index(), System.nanoTime());
            inFlight.computeIfAbsent(dest.id(), x -> new AtomicInteger()).incrementAndGet();
            StrandJob part = new StrandJob(c.index(), destName, fn,
                    List.of(new StrandJob.Item(id, job.kind(), job.input())));
            part.sequence(nextSequence.getAndIncrement());
            inlineBytesSent.addAndGet(part.inlineBytes());
            mapper.send(part, dest);
        }
    }

    /** @return chunk {@code i}: of the plan, or made for a part given away */
    Chunk chunk(int i) {
        return i < plan.size() ? plan.get(i) : spawnedChunks.get(i);
    }

    /** @return the jobs made for parts given away, in id order */
    List<PlannedJob> spawned() {
        List<PlannedJob> out = new ArrayList<>();
        for (Chunk c : spawnedChunks.values()) {
            out.addAll(c.jobs());
        }
        out.sort(java.util.Comparator.comparingLong(p -> p.job().id()));
        return out;
    }

    /** @return each parent's parts' job ids, in offer order */
    Map<Long, List<Long>> parts() {
        Map<Long, List<Long>> out = new HashMap<>();
        for (Map.Entry<Long, java.util.concurrent.ConcurrentSkipListMap<Integer, Long>> e : parts.entrySet()) {
            out.put(e.getKey(), List.copyOf(e.getValue().values()));
        }
        return out;
    }

    /** @return requests sent to running jobs to give work away */
    int shedRequests() {
        return shedRequests.get();
    }

    /**
     * How long {@code chunk}, taken as running on {@code node}, has run, ns: since the later of its
     * arrival (sent, plus its input's time over the link) and the node's previous result.
     */
    double runningFor(int chunk, String node) {
        Long sent = sentAt.get(chunk);
        if (sent == null) {
            return 0;
        }
        // The input reaches the node that runs the chunk over the link, from the driver inside
        // the job or from its home through the input cache, except at home, where it is local.
        Chunk c = chunk(chunk);
        boolean local = node.equals(c.home()) && inputKeys.keySet().containsAll(ids(c));
        long arrived = sent + (link == null ? 0 : link.transferNanos(local ? 0 : c.inputBytes()));
        Long last = lastResultAt.get(node);
        long started = Math.max(arrived, last == null ? 0 : last);
        return Math.max(0, System.nanoTime() - started);
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

    /** @return steal requests with no answer within {@link #STEAL_ANSWER_NANOS} */
    int unansweredRequests() {
        synchronized (balancer) {
            return balancer.unansweredRequests();
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
        if (res.getException() instanceof ComputeExecutionRejectedException
                && !(res.getException() instanceof InputStore.Lost) && thief != null
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
            // The copy carries its inputs: the node that held them in the input cache may be the
            // one that left. (A steal keeps the keys: the thief reads from the owner.)
            next = job.failedOver().inlined(id -> jobsById.get(id).input());
            failoversSent.incrementAndGet();
            LOG.log(Level.DEBUG, "chunk {0} did not run on {1} ({2}); sending it to {3}", job.chunk(),
                    from.attribute(IgniteConfigs.NODE_ATTR), res.getException().getMessage(),
                    to.attribute(IgniteConfigs.NODE_ATTR));
        }
        inFlight.computeIfAbsent(to.id(), k -> new AtomicInteger()).incrementAndGet();
        String toName = to.attribute(IgniteConfigs.NODE_ATTR);
        Integer parallelism = to.attribute(IgniteConfigs.PARALLELISM_ATTR);
        Chunk c = chunk(job.chunk());
        assert c != null && c.index() == job.chunk() : "chunk indices are plan positions, then spawned ones";
        byName.putIfAbsent(toName, to);
        synchronized (balancer) {
            balancer.addNode(new NodeInfo(toName, parallelism == null ? 1 : parallelism));
            balancer.sent(job.chunk(), toName, c.inputBytes(), !(next instanceof PinnedJob));
        }
        sentAt.put(job.chunk(), System.nanoTime());
        next.sequence(nextSequence.getAndIncrement());
        inlineBytesSent.addAndGet(next.inlineBytes());
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
            int load = (f == null ? 0 : f.get()) + (avoid != null && id.equals(avoid.id()) ? 1 << 20 : 0);
            if (load < bestLoad) {
                best = c;
                bestLoad = load;
            }
        }
        return best;
    }

    private static List<Long> ids(Chunk c) {
        List<Long> ids = new ArrayList<>(c.jobs().size());
        for (PlannedJob p : c.jobs()) {
            ids.add(p.job().id());
        }
        return ids;
    }

    /** Sets the keys of the inputs put in {@link InputStore}'s cache, by job id; before the task runs. */
    void inputKeys(Map<Long, String> keys) {
        assert !mapped : "the keys are set before the chunks are sent";
        inputKeys = Map.copyOf(keys);
    }

    /** @return input bytes the driver sent inside job copies, not through the input cache */
    long inlineBytesSent() {
        return inlineBytesSent.get();
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
