package dev.strand.cluster.ignite;

import dev.strand.cluster.JobFunction;
import java.io.Serial;
import org.apache.ignite.spi.collision.jobstealing.JobStealingDisabled;

/**
 * A job the cost rule kept on its home node. {@link JobStealingDisabled} is how Ignite lets a job
 * opt out of stealing: {@code JobStealingCollisionSpi} skips waiting jobs whose class carries it
 * when it picks jobs to hand to a thief (the annotation is read from the job's own class, not
 * inherited: hence a subclass rather than a flag).
 */
@JobStealingDisabled
final class PinnedJob extends StrandJob {

    @Serial
    private static final long serialVersionUID = 1L;

    PinnedJob(long id, String kind, String home, JobFunction fn, byte[] input) {
        super(id, kind, home, fn, input);
    }
}
