package dev.strand.cluster.ignite;

import dev.strand.cluster.JobFunction;
import dev.strand.cluster.stats.JobOutcome;
import java.io.Serial;
import java.util.concurrent.CompletionException;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteException;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.compute.ComputeJobContext;
import org.apache.ignite.resources.IgniteInstanceResource;
import org.apache.ignite.resources.JobContextResource;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;

/**
 * One job of a batch, as Ignite sends it: the id, the home node's name, the function and the
 * input. It runs the function on the node's {@link NodeRuntime#pool()} and returns a
 * {@link JobOutcome} that says where it ran and how many times it was stolen or failed over (read
 * from its Ignite job context, which travels with it). Stealable; {@link PinnedJob} is not.
 */
class StrandJob implements ComputeJob {

    @Serial
    private static final long serialVersionUID = 1L;

    /** JobStealingFailoverSpi's context attribute counting failovers (not public there). */
    static final String FAILOVER_ATTEMPTS_ATTR = "gg:failover:attemptcount";

    private final long id;
    private final String kind;
    private final String home;
    private final JobFunction fn;
    private final byte[] input;

    @IgniteInstanceResource
    private transient Ignite ignite;

    @JobContextResource
    private transient ComputeJobContext context;

    StrandJob(long id, String kind, String home, JobFunction fn, byte[] input) {
        this.id = id;
        this.kind = kind;
        this.home = home;
        this.fn = fn;
        this.input = input;
    }

    long id() {
        return id;
    }

    @Override
    public Object execute() {
        String me = ignite.cluster().localNode().attribute(IgniteConfigs.NODE_ATTR);
        Integer steals = context.getAttribute(JobStealingCollisionSpi.STEALING_ATTEMPT_COUNT_ATTR);
        Integer failovers = context.getAttribute(FAILOVER_ATTEMPTS_ATTR);
        long t0 = System.nanoTime();
        byte[] out;
        try {
            out = NodeRuntime.pool().invoke(() -> {
                try {
                    return fn.apply(input);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IgniteException("job " + id + " (" + kind + ") failed on node " + me + ": " + cause, cause);
        } catch (RuntimeException | Error e) {
            throw new IgniteException("job " + id + " (" + kind + ") failed on node " + me + ": " + e, e);
        }
        long nanos = System.nanoTime() - t0;
        return new JobOutcome(id, home, me, steals == null ? 0 : steals, failovers == null ? 0 : failovers,
                nanos, out);
    }

    @Override
    public void cancel() {
        // A running job is not interrupted: its pool.invoke runs to the end (the batch has failed
        // or timed out by then, and its result is dropped).
    }

    @Override
    public String toString() {
        return "job " + id + " (" + kind + ", home " + home + ")";
    }
}
