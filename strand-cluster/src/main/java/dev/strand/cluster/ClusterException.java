package dev.strand.cluster;

import java.io.Serial;

/**
 * A cluster computation that could not complete: the cluster could not be reached or started, a
 * job failed (its cause attached), a job or function could not be sent or read on a node, or the
 * batch timed out. The message names the problem and, where there is one, the job and the node.
 */
public class ClusterException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    public ClusterException(String message) {
        super(message);
    }

    public ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
