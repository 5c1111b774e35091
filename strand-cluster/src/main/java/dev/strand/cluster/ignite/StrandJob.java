package dev.strand.cluster.ignite;

import dev.strand.Strand;
import dev.strand.cluster.JobFunction;
import dev.strand.cluster.engine.ShedPort;
import dev.strand.cluster.engine.SheddingFunction;
import dev.strand.cluster.stats.JobOutcome;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteException;
import org.apache.ignite.compute.ComputeExecutionRejectedException;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.compute.ComputeJobMasterLeaveAware;
import org.apache.ignite.compute.ComputeTaskSession;
import org.apache.ignite.resources.IgniteInstanceResource;
import org.apache.ignite.resources.TaskSessionResource;

/**
 * One chunk of a batch as Ignite sends it: the chunk's index, the home node's name, the function
 * and the chunk's jobs (id, kind, input), one or more, and how many times the chunk was stolen
 * and failed over before this copy was sent. It runs them on the node's {@link NodeRuntime#pool()}
 * in one {@code invoke}, in parallel ({@code Strand.joinAll}), and returns one {@link JobOutcome}
 * per job that says where it ran and those two counts. Stealable; {@link PinnedJob} is not.
 *
 * <p>Every copy is sent once, as a new Ignite job ({@link BatchTask} makes a new copy for each
 * steal and failover): the counts are therefore the chunk's own fields, not Ignite's job-context
 * attributes, which belong to one Ignite job.
 *
 * <p>Cancellation is cooperative. {@link #cancel()} (the batch failed or timed out, or Ignite
 * cancels the job) and {@link #onMasterNodeLeft} (the driver left: nobody is waiting for the
 * result) set a flag: a job of the chunk that has not started yet does not start, and a running
 * job's function sees it through {@link dev.strand.cluster.JobContext#cancelled()}. A function
 * that never polls runs to its end; its result is dropped. A cancelled chunk ends with
 * {@link ComputeExecutionRejectedException}, which a batch still running sends again elsewhere.
 */
class StrandJob implements ComputeJob, ComputeJobMasterLeaveAware {

    @Serial
    private static final long serialVersionUID = 3L;

    /**
     * One job of the chunk: its id, kind and either its input (not copied) or the key of its input
     * in {@link InputStore}'s cache. Invariant: exactly one of the two is set.
     */
    static final class Item implements Serializable {
        @Serial
        private static final long serialVersionUID = 2L;

        private final long id;
        private final String kind;
        private final byte[] input;
        private final String key;

        Item(long id, String kind, byte[] input) {
            this(id, kind, input, null);
        }

        private Item(long id, String kind, byte[] input, String key) {
            assert (input == null) != (key == null) : "an item carries its input or its key, not both";
            this.id = id;
            this.kind = kind;
            this.input = input;
            this.key = key;
        }

        /** @return an item whose input is in the input cache under {@code key} */
        static Item keyed(long id, String kind, String key) {
            return new Item(id, kind, null, java.util.Objects.requireNonNull(key, "key"));
        }

        /** @return the key of its input in the input cache, or null if it carries its input */
        String key() {
            return key;
        }

        long id() {
            return id;
        }

        String kind() {
            return kind;
        }

        /** @return its input, or null if it carries a key */
        byte[] input() {
            return input;
        }
    }

    private final int chunk;
    private final String home;
    private final JobFunction fn;
    private final List<Item> items;
    private final int steals;
    private final int failovers;
    /**
     * Where this copy stands in the batch's send order (set by the driver just before it is sent;
     * -1: not set): a node starts a batch's waiting chunks in this order, whatever order Ignite
     * delivered them in ({@link StrandCollisionSpi}).
     */
    private long sequence = -1;

    @IgniteInstanceResource
    private transient Ignite ignite;

    /** Set once by {@link #cancel()} or {@link #onMasterNodeLeft}; read by the chunk's jobs. */
    private transient volatile boolean cancelled;

    @TaskSessionResource
    private transient ComputeTaskSession session;

    StrandJob(int chunk, String home, JobFunction fn, List<Item> items) {
        this(chunk, home, fn, items, 0, 0);
    }

    StrandJob(int chunk, String home, JobFunction fn, List<Item> items, int steals, int failovers) {
        assert steals >= 0 && failovers >= 0 : "negative counts";
        this.chunk = chunk;
        this.home = home;
        this.fn = fn;
        this.items = List.copyOf(items);
        this.steals = steals;
        this.failovers = failovers;
    }

    /**
     * @param pinned whether the copy may not be stolen again
     * @return a copy to send to the thief that asked for this one: one more steal
     */
    StrandJob stolen(boolean pinned) {
        return pinned ? new PinnedJob(chunk, home, fn, items, steals + 1, failovers)
                : new StrandJob(chunk, home, fn, items, steals + 1, failovers);
    }

    /** @return a copy to send to another node after this one's node failed or refused it: one more failover */
    StrandJob failedOver() {
        return this instanceof PinnedJob ? new PinnedJob(chunk, home, fn, items, steals, failovers + 1)
                : new StrandJob(chunk, home, fn, items, steals, failovers + 1);
    }

    /**
     * @param inputOf the input of a job id (the driver's)
     * @return a copy whose items carry their inputs, keys replaced: for a node that may not reach
     *     the input cache's entries (their node left)
     */
    StrandJob inlined(java.util.function.LongFunction<byte[]> inputOf) {
        List<Item> inline = new ArrayList<>(items.size());
        for (Item it : items) {
            inline.add(it.key() == null ? it : new Item(it.id(), it.kind(), inputOf.apply(it.id())));
        }
        return this instanceof PinnedJob ? new PinnedJob(chunk, home, fn, inline, steals, failovers)
                : new StrandJob(chunk, home, fn, inline, steals, failovers);
    }

    /** @return the input bytes this copy carries itself (not through the input cache) */
    long inlineBytes() {
        long b = 0;
        for (Item it : items) {
            b += it.input() == null ? 0 : it.input().length;
        }
        return b;
    }

    int chunk() {
        return chunk;
    }

    /** Sets this copy's place in the batch's send order; once, before the copy is sent. */
    void sequence(long s) {
        assert sequence == -1 && s >= 0 : "a copy is sequenced once, before it is sent";
        sequence = s;
    }

    /** @return this copy's place in the batch's send order, or -1 if it was never set */
    long sequence() {
        return sequence;
    }

    int steals() {
        return steals;
    }

    int failovers() {
        return failovers;
    }

    @Override
    public Object execute() {
        String me = ignite.cluster().localNode().attribute(IgniteConfigs.NODE_ATTR);
        int s = steals;
        int f = failovers;
        // Inputs in the cache are read here, on Ignite's job thread, in one request to their
        // primary (this node for a chunk at home): never on a pool worker, which would block.
        List<Item> resolved = resolve();
        List<Supplier<Object>> bodies = new ArrayList<>(resolved.size());
        for (Item item : resolved) {
            bodies.add(() -> runOne(item, me, s, f));
        }
        List<Object> done;
        NodeActivity.chunkStarted();
        try {
            done = NodeRuntime.pool().invoke(() -> bodies.size() == 1 ? List.of(bodies.get(0).get())
                    : Strand.joinAll(bodies));
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IgniteException("chunk " + chunk + " failed on node " + me + ": " + cause, cause);
        } catch (RuntimeException | Error e) {
            throw new IgniteException("chunk " + chunk + " failed on node " + me + ": " + e, e);
        } finally {
            NodeActivity.chunkEnded();
        }
        if (cancelled) {
            // Its results (those that ran) are dropped: the batch that wanted them has ended, or
            // it sends the chunk again.
            throw new ComputeExecutionRejectedException("chunk " + chunk + " was cancelled on node " + me);
        }
        ArrayList<JobOutcome> outcomes = new ArrayList<>(done.size());
        for (Object o : done) {
            if (o instanceof Failure x) {
                // The first failing job of the chunk, named; the others' results are dropped.
                throw new IgniteException("job " + x.item.id() + " (" + x.item.kind() + ") failed on node " + me
                        + ": " + x.cause, x.cause);
            }
            outcomes.add((JobOutcome) o);
        }
        return outcomes;
    }

    /**
     * @return the items with their inputs, those in the input cache read from it
     * @throws InputStore.Lost if an input is no longer in the cache: the driver sends a copy that
     *     carries it
     */
    private List<Item> resolve() {
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (Item it : items) {
            if (it.key() != null) {
                keys.add(it.key());
            }
        }
        if (keys.isEmpty()) {
            return items;
        }
        Map<String, byte[]> got = InputStore.read(ignite, keys, chunk);
        List<Item> out = new ArrayList<>(items.size());
        for (Item it : items) {
            out.add(it.key() == null ? it : new Item(it.id(), it.kind(), got.get(it.key())));
        }
        return out;
    }

    private Object runOne(Item item, String me, int steals, int failovers) {
        if (cancelled) {
            NodeActivity.skipped();
            return new Failure(item, new java.util.concurrent.CancellationException("chunk " + chunk
                    + " cancelled"));
        }
        long t0 = System.nanoTime();
        StrandJob outer = NodeActivity.enter(this);
        NodeActivity.jobStarted();
        try {
            if (fn instanceof SheddingFunction s) {
                Port port = new Port(item.id());
                byte[] out = s.apply(item.input(), port);
                return new JobOutcome(item.id(), home, me, steals, failovers, System.nanoTime() - t0, out,
                        port.given());
            }
            byte[] out = fn.apply(item.input());
            return new JobOutcome(item.id(), home, me, steals, failovers, System.nanoTime() - t0, out);
        } catch (Exception | Error e) {
            return new Failure(item, e);
        } finally {
            NodeActivity.jobEnded();
            NodeActivity.exit(outer);
        }
    }

    /** @return whether this chunk was cancelled (its jobs' functions poll it through JobContext) */
    boolean isCancelled() {
        return cancelled;
    }

    /**
     * A running job's way to give work away: a claim takes a request of this batch from the
     * node's {@link ShedBoard}; an offer sends the parts to the driver at once, for the request's
     * thief, and keeps them for the job's outcome too (the driver starts each part once).
     */
    private final class Port implements ShedPort {
        private final long job;
        private final List<byte[]> given = new ArrayList<>();
        private ShedRequest claimed;

        Port(long job) {
            this.job = job;
        }

        @Override
        public boolean claim() {
            ShedRequest r = ShedBoard.take(session.getId());
            if (r == null) {
                return false;
            }
            synchronized (this) {
                claimed = r;
            }
            return true;
        }

        @Override
        public void offer(List<byte[]> parts) {
            ShedRequest r;
            int first;
            synchronized (this) {
                r = claimed;
                claimed = null;
                first = given.size();
                given.addAll(parts);
            }
            if (r == null) {
                throw new IllegalStateException("offer without a claim");
            }
            if (parts.isEmpty()) {
                return;
            }
            try {
                ignite.message(ignite.cluster().forNodeId(session.getTaskNodeId())).send(r.replyTopic(),
                        new ShedOffer(session.getId(), job, first, parts, r.thief()));
            } catch (IgniteException e) {
                // The driver left or is unreachable: the parts still travel in the outcome.
                System.getLogger(StrandJob.class.getName()).log(System.Logger.Level.DEBUG,
                        "could not send an offer of job {0}: {1}", job, e.toString());
            }
        }

        synchronized List<byte[]> given() {
            return List.copyOf(given);
        }
    }

    /** A job that threw: kept as a value so that its chunk's other jobs still end first. */
    private record Failure(Item item, Throwable cause) { }

    @Override
    public void cancel() {
        cancelled = true;
    }

    /**
     * The driver left (crashed, or closed without waiting): nobody will read this chunk's result,
     * so it stops as {@link #cancel()} stops it, instead of running to its end for nothing.
     */
    @Override
    public void onMasterNodeLeft(ComputeTaskSession ses) {
        cancelled = true;
        NodeActivity.orphaned();
    }

    @Override
    public String toString() {
        return "chunk " + chunk + " (" + items.size() + " jobs, home " + home + ", stolen " + steals
                + ", failed over " + failovers + ", sent #" + sequence + ")";
    }
}
