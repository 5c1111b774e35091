package dev.strand.cluster.ignite;

import java.io.Serial;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this node's JVM has run for batches, counted as it happens: jobs started, ended, and
 * running now; chunks running now; jobs of cancelled chunks that never started; chunks orphaned by
 * a driver that left. {@link Probe} reads them from the driver, so that a test (or an operator)
 * can check that no job is left running after a batch ended, however it ended.
 *
 * <p>Also the cancellation flag of the chunk the calling thread runs a job of, for
 * {@link dev.strand.cluster.JobContext#cancelled()}: a thread-local set around each job's
 * function, saved and restored, because a worker that waits in a join may run another chunk's
 * job meanwhile.
 */
public final class NodeActivity {

    private static final AtomicLong STARTED = new AtomicLong();
    private static final AtomicLong ENDED = new AtomicLong();
    private static final AtomicInteger RUNNING = new AtomicInteger();
    private static final AtomicInteger CHUNKS_RUNNING = new AtomicInteger();
    private static final AtomicLong SKIPPED = new AtomicLong();
    private static final AtomicLong ORPHANED = new AtomicLong();
    private static final ThreadLocal<StrandJob> CURRENT = new ThreadLocal<>();

    private NodeActivity() {}

    /** @return whether the chunk whose job this thread runs was cancelled (false outside a job) */
    public static boolean currentJobCancelled() {
        StrandJob j = CURRENT.get();
        return j != null && j.isCancelled();
    }

    /** @return the chunk whose job this thread runs, or null */
    static StrandJob enter(StrandJob job) {
        StrandJob outer = CURRENT.get();
        CURRENT.set(job);
        return outer;
    }

    static void exit(StrandJob outer) {
        if (outer == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(outer);
        }
    }

    static void jobStarted() {
        STARTED.incrementAndGet();
        RUNNING.incrementAndGet();
    }

    static void jobEnded() {
        ENDED.incrementAndGet();
        int r = RUNNING.decrementAndGet();
        assert r >= 0 : "more jobs ended than started";
    }

    static void chunkStarted() {
        CHUNKS_RUNNING.incrementAndGet();
    }

    static void chunkEnded() {
        int r = CHUNKS_RUNNING.decrementAndGet();
        assert r >= 0 : "more chunks ended than started";
    }

    static void skipped() {
        SKIPPED.incrementAndGet();
    }

    static void orphaned() {
        ORPHANED.incrementAndGet();
    }

    /** @return this JVM's counts */
    static Snapshot snapshot(String node) {
        return new Snapshot(node, STARTED.get(), ENDED.get(), RUNNING.get(), CHUNKS_RUNNING.get(), SKIPPED.get(),
                ORPHANED.get());
    }

    /**
     * One node's counts.
     *
     * @param node the node's name
     * @param jobsStarted jobs whose function started, since the node started
     * @param jobsEnded jobs whose function returned or threw
     * @param jobsRunning jobs whose function is running now
     * @param chunksRunning chunks (Ignite jobs) running now
     * @param jobsSkipped jobs of cancelled chunks that never started
     * @param chunksOrphaned chunks whose driver left while they ran
     */
    public record Snapshot(String node, long jobsStarted, long jobsEnded, int jobsRunning, int chunksRunning,
            long jobsSkipped, long chunksOrphaned) { }

    /**
     * Reads every server node's counts ({@link IgniteEngine#activity()}). An Ignite-internal task
     * ({@code @GridInternal}): its jobs run as they arrive, past the job-stealing collision SPI,
     * so the probe answers while the node's job slots are all taken, which is when it is needed.
     * The answer travels as a plain class: Ignite's marshaller cannot build records.
     */
    @org.apache.ignite.internal.processors.task.GridInternal
    static final class Probe extends org.apache.ignite.compute.ComputeTaskAdapter<Void, java.util.List<Snapshot>> {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public java.util.Map<? extends org.apache.ignite.compute.ComputeJob, org.apache.ignite.cluster.ClusterNode> map(
                java.util.List<org.apache.ignite.cluster.ClusterNode> subgrid, Void arg) {
            java.util.Map<ProbeJob, org.apache.ignite.cluster.ClusterNode> jobs = new java.util.HashMap<>();
            for (org.apache.ignite.cluster.ClusterNode n : subgrid) {
                jobs.put(new ProbeJob(), n);
            }
            return jobs;
        }

        @Override
        public java.util.List<Snapshot> reduce(java.util.List<org.apache.ignite.compute.ComputeJobResult> results) {
            java.util.List<Snapshot> out = new java.util.ArrayList<>();
            for (org.apache.ignite.compute.ComputeJobResult r : results) {
                Counts c = r.getData();
                out.add(c.snapshot());
            }
            return out;
        }
    }

    /** One node's part of {@link Probe}. */
    static final class ProbeJob extends org.apache.ignite.compute.ComputeJobAdapter {
        @Serial
        private static final long serialVersionUID = 1L;

        @org.apache.ignite.resources.IgniteInstanceResource
        private transient org.apache.ignite.Ignite ignite;

        @Override
        public Counts execute() {
            return new Counts(snapshot(ignite.cluster().localNode().attribute(IgniteConfigs.NODE_ATTR)));
        }
    }

    /** A {@link Snapshot} on the wire. */
    static final class Counts implements java.io.Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        private final String node;
        private final long[] values;

        Counts(Snapshot s) {
            node = s.node();
            values = new long[] {s.jobsStarted(), s.jobsEnded(), s.jobsRunning(), s.chunksRunning(),
                s.jobsSkipped(), s.chunksOrphaned()};
        }

        Snapshot snapshot() {
            return new Snapshot(node, values[0], values[1], (int) values[2], (int) values[3], values[4],
                    values[5]);
        }
    }
}
