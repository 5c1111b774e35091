package dev.strand.cluster;

import java.io.Serial;
import java.util.List;
import java.util.Map;

/**
 * A batch that failed (a job threw, or no node was left to run a job) or timed out, with what it
 * had finished: the outputs that arrived, by job id, and the ids that have none. The jobs still
 * on the nodes when it ended were cancelled ({@link JobContext}).
 *
 * <p>With a key ({@link BatchOptions#key()}), the {@link StrandCluster} handle keeps the finished
 * outputs, and running the batch again with the same key runs only {@link #missing()}; they are
 * kept until a batch with that key completes, {@link StrandCluster#forget(String)}, or the handle
 * closes, in the driver's memory.
 */
public final class BatchFailedException extends ClusterException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Map<Long, byte[]> completed;
    private final transient List<Long> missing;
    private final boolean timedOut;
    private final String key;

    BatchFailedException(String message, Throwable cause, Map<Long, byte[]> completed, List<Long> missing,
            boolean timedOut, String key) {
        super(message, cause);
        this.completed = Map.copyOf(completed);
        this.missing = List.copyOf(missing);
        this.timedOut = timedOut;
        this.key = key;
    }

    /** @return the outputs of the jobs that finished (reused ones included), by job id (not copies) */
    public Map<Long, byte[]> completed() {
        return completed == null ? Map.of() : completed;
    }

    /** @return the ids of the jobs with no output, in submission order */
    public List<Long> missing() {
        return missing == null ? List.of() : missing;
    }

    /** @return whether the batch ran out of time (else it failed) */
    public boolean timedOut() {
        return timedOut;
    }

    /** @return the batch's key, or null: with a key, the handle keeps {@link #completed()} */
    public String key() {
        return key;
    }
}
