package dev.strand.cluster.ignite;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.lang.IgniteBiPredicate;
import org.apache.ignite.spi.IgniteSpiContext;
import org.apache.ignite.spi.IgniteSpiException;
import org.apache.ignite.spi.collision.CollisionContext;
import org.apache.ignite.spi.collision.CollisionExternalListener;
import org.apache.ignite.spi.collision.CollisionJobContext;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;

/**
 * A server node's job queue, with steals decided by the driver: Ignite's
 * {@link JobStealingCollisionSpi} with its own stealing off (it runs {@code activeJobsThreshold}
 * jobs and queues the rest), plus the victim's half of Strand's steal protocol. The driver's
 * {@code Balancer} decides a move and sends a {@link StealRequest} for one chunk; at the next
 * collision round this node looks for that chunk among its waiting jobs. Found: it names the
 * thief in the job's context ({@link JobStealingCollisionSpi#THIEF_NODE_ATTR}, which travels
 * back with the rejection) and cancels the waiting job, which Ignite answers to the driver as a
 * rejection; the batch task sends a new copy to the thief. Running here: it answers
 * {@link StealRefused} on the request's reply topic, as a Dask worker answers a steal request for
 * a task it is already executing.
 *
 * <p>Neither waiting nor running: the chunk may not have reached the queue yet. The driver sends
 * a chunk and may ask for it at once; on one connection the request arrives after the chunk's
 * input, but Ignite unmarshals a job request (megabytes, for a large input) on a pool thread
 * before it queues the job, while the small request is handed over at once, so a request could
 * look for its chunk before the chunk was queued, be refused, and the driver would take the chunk
 * as started for good. Such a request waits here instead, looked at again at every collision
 * round (a job queued makes one), for {@value #NOT_HERE_WAIT_NANOS} ns at most; then it is
 * dropped unanswered (the chunk finished here, or was given up to an earlier request), which the
 * driver reads as it reads a lost request: the thief is free, the chunk's state unknown.
 *
 * <p>Send order. Ignite hands job requests to its public pool, whose threads queue them in
 * whatever order they finish unmarshalling, so a node can hold a batch's chunks in an order other
 * than the one the driver sent them in; the driver's balancer takes a node's first chunks sent as
 * the ones running and never moves them. A chunk sent first but queued last (a failing job,
 * say, behind chunks of a minute each) then waited unseen for every chunk queued before it. Each
 * round therefore starts a batch's waiting chunks in the order the driver sent them
 * ({@link StrandJob#sequence()}): the positions that a batch's chunks hold in the waiting queue
 * are refilled with those chunks sorted by send order, and other jobs keep their places.
 */
final class StrandCollisionSpi extends JobStealingCollisionSpi {

    /** The topic of steal requests, on every server node. */
    static final String REQUEST_TOPIC = "strand.steal.request";
    /** The topic of requests to give running work away ({@link ShedRequest}), on every server node. */
    static final String SHED_TOPIC = "strand.shed.request";

    private static final System.Logger LOG = System.getLogger(StrandCollisionSpi.class.getName());

    private final Queue<Request> requests = new ConcurrentLinkedQueue<>();
    /** Where refusals leave from: one daemon thread, off the collision round; made with the context. */
    private volatile java.util.concurrent.ExecutorService replies;
    private volatile CollisionExternalListener external;
    private IgniteBiPredicate<UUID, Object> listener;
    private IgniteBiPredicate<UUID, Object> shedListener;

    /** How long a request for a chunk neither waiting nor running here waits for it, ns. */
    static final long NOT_HERE_WAIT_NANOS = 10_000_000_000L;

    /**
     * @param since when it arrived, ns ({@code System.nanoTime})
     */
    record Request(UUID from, StealRequest body, long since) {}

    /** What a collision round makes of a steal request. */
    enum Answer {
        /** The chunk waited here: it is given up to the thief. */
        RELEASED,
        /** The chunk runs here: the driver is told. */
        REFUSED,
        /** The chunk is neither waiting nor running here (not queued yet, or gone). */
        NOT_HERE
    }

    @Override
    public void setExternalCollisionListener(CollisionExternalListener lsnr) {
        super.setExternalCollisionListener(lsnr);
        external = lsnr;
    }

    @Override
    protected void onContextInitialized0(IgniteSpiContext spiCtx) throws IgniteSpiException {
        super.onContextInitialized0(spiCtx);
        replies = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "strand-steal-replies");
            t.setDaemon(true);
            return t;
        });
        listener = (from, msg) -> {
            if (msg instanceof StealRequest r) {
                offer(from, r, System.nanoTime());
                CollisionExternalListener l = external;
                if (l != null) {
                    l.onExternalCollision();       // a collision round now, not at the next job event
                }
            }
            return true;
        };
        spiCtx.addLocalMessageListener(REQUEST_TOPIC, listener);
        shedListener = (from, msg) -> {
            if (msg instanceof ShedRequest r) {
                ShedBoard.add(r);
            }
            return true;
        };
        spiCtx.addLocalMessageListener(SHED_TOPIC, shedListener);
    }

    @Override
    public void onContextDestroyed0() {
        java.util.concurrent.ExecutorService r = replies;
        if (r != null) {
            r.shutdownNow();
        }
        if (listener != null) {
            getSpiContext().removeLocalMessageListener(REQUEST_TOPIC, listener);
            getSpiContext().removeLocalMessageListener(SHED_TOPIC, shedListener);
        }
        super.onContextDestroyed0();
    }

    @Override
    public void onCollision(CollisionContext ctx) {
        List<Request> refused = takeRequests(ctx, System.nanoTime());
        super.onCollision(inSendOrder(ctx));
        for (Request r : refused) {
            ClusterNode driver = getSpiContext().node(r.from());
            if (driver != null) {
                answer(driver, r.body());
            }
        }
    }

    /** A steal request from {@code from} arrived at {@code now}, ns. */
    void offer(UUID from, StealRequest r, long now) {
        requests.add(new Request(from, r, now));
    }

    /** @return requests waiting for their chunk to be queued here */
    int pendingRequests() {
        return requests.size();
    }

    /**
     * Handles every request received: releases the chunks waiting here, keeps the requests whose
     * chunk is not here yet (until {@link #NOT_HERE_WAIT_NANOS} after they arrived), and returns
     * the ones to refuse, for the caller to answer.
     */
    List<Request> takeRequests(CollisionContext ctx, long now) {
        List<Request> refused = new ArrayList<>();
        List<Request> notHere = new ArrayList<>();
        for (Request r; (r = requests.poll()) != null; ) {
            switch (handle(ctx, r.body())) {
                case RELEASED -> { }
                case REFUSED -> refused.add(r);
                case NOT_HERE -> {
                    if (now - r.since() < NOT_HERE_WAIT_NANOS) {
                        notHere.add(r);
                    } else {
                        LOG.log(System.Logger.Level.DEBUG, "a steal request for chunk {0} found it neither "
                                + "waiting nor running here; dropped unanswered", r.body().chunk());
                    }
                }
            }
        }
        requests.addAll(notHere);
        return refused;
    }

    /**
     * @return what becomes of {@code r} now: the chunk released if it waits here, refused if it
     *     runs here, else not here
     */
    static Answer handle(CollisionContext ctx, StealRequest r) {
        if (release(ctx, r)) {
            return Answer.RELEASED;
        }
        for (CollisionJobContext a : ctx.activeJobs()) {
            if (isChunk(a, r)) {
                return Answer.REFUSED;
            }
        }
        return Answer.NOT_HERE;
    }

    private static boolean isChunk(CollisionJobContext w, StealRequest r) {
        return w.getJob() instanceof StrandJob j && j.chunk() == r.chunk()
                && w.getTaskSession().getId().equals(r.session());
    }

    /**
     * Answers a refusal from the SPI's own thread: a collision round runs inside the job
     * processor, and a send that blocks (the driver dying, a connection being made) must not
     * hold it. A refusal not sent is no loss: the driver frees the thief after a second
     * and may ask again (the chunk has started: the next request is refused).
     */
    private void answer(ClusterNode driver, StealRequest r) {
        java.util.concurrent.ExecutorService out = replies;
        if (out == null) {
            return;                              // not started: no request can have arrived
        }
        try {
            out.execute(() -> {
                try {
                    getSpiContext().send(driver, new StealRefused(r.session(), r.chunk()), r.replyTopic());
                } catch (IgniteSpiException e) {
                    // The driver left: nobody waits for the answer.
                    LOG.log(System.Logger.Level.DEBUG, "could not answer a steal request: {0}", e.toString());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "the node is stopping; a steal request stays unanswered: {0}",
                    e.toString());
        }
    }

    /**
     * {@code ctx} with its waiting jobs reordered: within each batch (task session), its chunks by
     * send order, in the positions its chunks held; every other job where it was. The active and
     * held jobs are {@code ctx}'s own, live (the activation loop reads the active count as it goes).
     */
    static CollisionContext inSendOrder(CollisionContext ctx) {
        List<CollisionJobContext> waiting = new ArrayList<>(ctx.waitingJobs());
        java.util.Map<Object, List<Integer>> positions = new java.util.HashMap<>();
        java.util.Map<Object, List<CollisionJobContext>> chunks = new java.util.HashMap<>();
        for (int i = 0; i < waiting.size(); i++) {
            CollisionJobContext w = waiting.get(i);
            if (w.getJob() instanceof StrandJob j && j.sequence() >= 0) {
                Object session = w.getTaskSession().getId();
                positions.computeIfAbsent(session, k -> new ArrayList<>()).add(i);
                chunks.computeIfAbsent(session, k -> new ArrayList<>()).add(w);
            }
        }
        for (java.util.Map.Entry<Object, List<CollisionJobContext>> e : chunks.entrySet()) {
            List<CollisionJobContext> sorted = e.getValue();
            sorted.sort(java.util.Comparator.comparingLong(w -> ((StrandJob) w.getJob()).sequence()));
            List<Integer> at = positions.get(e.getKey());
            for (int k = 0; k < at.size(); k++) {
                waiting.set(at.get(k), sorted.get(k));
            }
        }
        List<CollisionJobContext> ordered = java.util.Collections.unmodifiableList(waiting);
        return new CollisionContext() {
            @Override
            public java.util.Collection<CollisionJobContext> activeJobs() {
                return ctx.activeJobs();
            }

            @Override
            public java.util.Collection<CollisionJobContext> waitingJobs() {
                return ordered;
            }

            @Override
            public java.util.Collection<CollisionJobContext> heldJobs() {
                return ctx.heldJobs();
            }
        };
    }

    /**
     * Cancels the requested chunk if it waits here; false if it is not waiting (running, gone, or
     * not queued yet).
     *
     * <p>Naming the thief, cancelling and un-naming it when the job had started are one step under
     * the job context's monitor, the one Ignite's collision rounds activate a waiting job under.
     * Rounds run on several threads at once, and Ignite's {@code cancel()} marks the job cancelled
     * before it takes it off the waiting list: an activation in between rejects the job itself,
     * and this method, finding it gone, would un-name the thief while that rejection is on its way
     * to the driver, which then sends the chunk on as a failover instead of to the thief.
     *
     * <p>Invariant: a job this node rejected for a steal names its thief for good.
     */
    static boolean release(CollisionContext ctx, StealRequest r) {
        for (CollisionJobContext w : ctx.waitingJobs()) {
            if (isChunk(w, r)) {
                synchronized (w.getJobContext()) {
                    if (w.getJobContext().getAttribute(THIEF_NODE_ATTR) != null) {
                        return true;             // already being given up
                    }
                    w.getJobContext().setAttribute(THIEF_NODE_ATTR, r.thief());
                    if (w.cancel()) {
                        return true;
                    }
                    // Started before the cancel: no rejection can follow, so the name can go.
                    w.getJobContext().setAttribute(THIEF_NODE_ATTR, null);
                    return false;
                }
            }
        }
        return false;
    }
}
