package dev.strand.cluster.engine;

import dev.strand.cluster.JobFunction;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.ignite.NodeActivity;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Where a planned batch runs: a local pool ({@link LocalEngine}) or Ignite nodes. The planning,
 * the cost rule and the statistics are the same above both.
 */
public interface Engine extends AutoCloseable {

    /** @return the nodes jobs can be placed on, in a fixed order */
    List<NodeInfo> nodes();

    /** @return the link between nodes (measured or configured), or null where nothing moves */
    Link link();

    /**
     * @return whether this engine sends jobs in chunks (one message, one Ignite job, several
     *     jobs): true where a job has a fixed cost worth amortizing
     */
    boolean sendsChunks();

    /**
     * Runs every job of the plan once (at least once; one outcome per job id is kept).
     *
     * @param chunks the plan's jobs in chunks, each sent as one unit, in plan order
     * @param onJobDone called once per job, when its first outcome arrives (any thread)
     * @param scheduling the estimates and the cost rule's switch for steal-time decisions, and
     *     the per-job callback that updates the estimates
     * @throws dev.strand.cluster.ClusterException when a job fails or the batch times out
     */
    EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling);

    /**
     * As {@link #run(JobFunction, List, Runnable, Scheduling)}, within {@code timeout} instead of
     * the configuration's.
     *
     * @throws EngineFailure when a job fails or the batch times out, with the outcomes that
     *     arrived before
     */
    default EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling,
                          Duration timeout) {
        return run(fn, chunks, onJobDone, scheduling);
    }

    /** @return what each node runs now and has run, by node name; empty where nothing counts it */
    default Map<String, NodeActivity.Snapshot> activity() {
        return Map.of();
    }

    @Override
    void close();
}
