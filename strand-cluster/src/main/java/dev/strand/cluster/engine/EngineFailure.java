package dev.strand.cluster.engine;

import dev.strand.cluster.ClusterException;
import dev.strand.cluster.stats.JobOutcome;
import java.io.Serial;
import java.util.Map;

/**
 * A batch that failed or timed out on an engine, with the outcomes that had arrived by then: the
 * batch's caller keeps them (see {@code BatchFailedException}) instead of losing finished work.
 */
public final class EngineFailure extends ClusterException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Map<Long, JobOutcome> completed;
    private final boolean timedOut;

    /**
     * @param completed the first outcome of each job that finished, by id (copied)
     * @param timedOut whether the batch ran out of time (else a job failed, or the cluster did)
     */
    public EngineFailure(String message, Throwable cause, Map<Long, JobOutcome> completed, boolean timedOut) {
        super(message, cause);
        this.completed = Map.copyOf(completed);
        this.timedOut = timedOut;
    }

    /** @return the outcomes that arrived before the batch ended, by job id */
    public Map<Long, JobOutcome> completed() {
        return completed == null ? Map.of() : completed;
    }

    /** @return whether the batch ran out of time */
    public boolean timedOut() {
        return timedOut;
    }
}
