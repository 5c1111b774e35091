package dev.strand.cluster;

import dev.strand.cluster.ignite.NodeActivity;
import java.util.concurrent.CancellationException;

/**
 * What a running job can ask about itself: whether it was cancelled. A job is cancelled when its
 * batch failed (another job threw) or timed out, or when its driver left the cluster (crashed, or
 * was stopped) while the job ran: nobody will read its result, and a long job should stop.
 *
 * <p>Cancellation is cooperative, as in {@code ForkJoinTask}: a job of a cancelled chunk that has
 * not started does not start, and a running job stops only where its function polls
 * {@link #cancelled()} (or calls {@link #checkCancelled()}), say once per loop iteration or per
 * subproblem. A job that never polls runs to its end and its result is dropped. Poll from the
 * thread that runs the job's function (the function itself, or {@link Recursion#solve}); tasks
 * it forks on the node's pool may run on other workers, which see {@code false}: read the flag
 * before forking and pass it down, or poll where the forks are joined.
 */
public final class JobContext {

    private JobContext() {}

    /**
     * @return whether the job this thread runs was cancelled (false outside a job); on a local
     *     pool ({@link StrandCluster#local()}), whether this thread was interrupted, which is how a
     *     local batch that timed out cancels its jobs
     */
    public static boolean cancelled() {
        return NodeActivity.currentJobCancelled() || Thread.currentThread().isInterrupted();
    }

    /** @throws CancellationException if {@link #cancelled()} */
    public static void checkCancelled() {
        if (cancelled()) {
            throw new CancellationException("the job was cancelled: its batch ended or its driver left");
        }
    }
}
