package dev.strand.cluster.ignite;

import dev.strand.cluster.JobFunction;
import java.io.Serial;
import java.util.List;
import org.apache.ignite.spi.collision.jobstealing.JobStealingDisabled;

/**
 * A chunk the cost rule kept on its home node. {@link JobStealingDisabled} is how Ignite lets a
 * job opt out of stealing: {@code JobStealingCollisionSpi} skips waiting jobs whose class carries
 * it when it picks jobs to hand to a thief (the annotation is read from the job's own class, not
 * inherited: hence a subclass rather than a flag). A chunk that has been stolen as many times as
 * {@code maxStealingAttempts} allows travels on as one too.
 */
@JobStealingDisabled
final class PinnedJob extends StrandJob {

    @Serial
    private static final long serialVersionUID = 3L;

    PinnedJob(int chunk, String home, JobFunction fn, List<Item> items) {
        super(chunk, home, fn, items);
    }

    PinnedJob(int chunk, String home, JobFunction fn, List<Item> items, int steals, int failovers) {
        super(chunk, home, fn, items, steals, failovers);
    }
}
