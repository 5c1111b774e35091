package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.apache.ignite.lang.IgniteUuid;
import org.apache.ignite.spi.collision.CollisionContext;
import org.apache.ignite.spi.collision.CollisionJobContext;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;
import org.junit.jupiter.api.Test;

/**
 * A steal request that reaches a node before the chunk it asks for is queued there: the driver
 * asks for a chunk it has just sent, and the node unmarshals the chunk's job request (its input,
 * megabytes for a large one) on a pool thread while the small request is handed over at once.
 * The request must wait for the chunk rather than be refused, since a refusal makes the driver
 * take the chunk as started for good; a request for a running chunk is refused at once, and one
 * whose chunk never comes is dropped unanswered after a bounded wait.
 */
class EarlyStealRequestTest {

    private static final long MS = 1_000_000L;

    private final IgniteUuid session = IgniteUuid.randomUuid();
    private final UUID driver = UUID.randomUUID();
    private final UUID thief = UUID.randomUUID();
    private final List<Job> waiting = new ArrayList<>();
    private final List<Job> active = new ArrayList<>();
    private final CollisionContext ctx = new CollisionContext() {
        @Override
        public Collection<CollisionJobContext> activeJobs() {
            return List.copyOf(active);
        }

        @Override
        public Collection<CollisionJobContext> waitingJobs() {
            return List.copyOf(waiting);
        }

        @Override
        public Collection<CollisionJobContext> heldJobs() {
            return List.of();
        }
    };

    @Test
    void aRequestThatArrivesBeforeItsChunkWaitsForItAndReleasesIt() {
        StrandCollisionSpi spi = new StrandCollisionSpi();
        active.add(new Job(session, 0));                      // the node's one slot is taken
        spi.offer(driver, request(1), 0);

        assertThat(spi.takeRequests(ctx, 5 * MS)).as("chunk 1 is not queued yet: no refusal").isEmpty();
        assertThat(spi.pendingRequests()).as("the request waits for its chunk").isEqualTo(1);

        Job chunk1 = new Job(session, 1);
        waiting.add(chunk1);                                  // unmarshalled and queued: a collision round
        assertThat(spi.takeRequests(ctx, 40 * MS)).isEmpty();
        assertThat(chunk1.cancelled).as("the chunk, once queued, is given up to the thief").isTrue();
        assertThat(chunk1.getJobContext().<String, UUID>getAttribute(JobStealingCollisionSpi.THIEF_NODE_ATTR))
                .isEqualTo(thief);
        assertThat(spi.pendingRequests()).isZero();
    }

    @Test
    void aRequestForARunningChunkIsRefusedAtOnce() {
        StrandCollisionSpi spi = new StrandCollisionSpi();
        active.add(new Job(session, 3));
        active.add(new Job(IgniteUuid.randomUuid(), 4));     // another batch's chunk 4
        spi.offer(driver, request(3), 0);
        spi.offer(driver, request(4), 0);

        List<StrandCollisionSpi.Request> refused = spi.takeRequests(ctx, MS);

        assertThat(refused).extracting(r -> r.body().chunk()).containsExactly(3);
        assertThat(spi.pendingRequests()).as("chunk 4 of this batch is not here: it waits").isEqualTo(1);
    }

    @Test
    void aRequestWhoseChunkNeverComesIsDroppedUnansweredAfterTheWait() {
        StrandCollisionSpi spi = new StrandCollisionSpi();
        spi.offer(driver, request(5), 0);

        assertThat(spi.takeRequests(ctx, StrandCollisionSpi.NOT_HERE_WAIT_NANOS - MS)).isEmpty();
        assertThat(spi.pendingRequests()).isEqualTo(1);
        assertThat(spi.takeRequests(ctx, StrandCollisionSpi.NOT_HERE_WAIT_NANOS)).as("not refused").isEmpty();
        assertThat(spi.pendingRequests()).as("dropped").isZero();
    }

    private StealRequest request(int chunk) {
        return new StealRequest(session, chunk, thief, "reply");
    }

    /** A job of the node's queue; cancelling a waiting one succeeds, as Ignite's does. */
    private final class Job extends WaitingJob {
        boolean cancelled;

        Job(IgniteUuid sessionId, int chunk) {
            super(new StrandJob(chunk, "home", null, List.of()), sessionId);
        }

        @Override
        public boolean activate() {
            throw new UnsupportedOperationException("no round activates here");
        }

        @Override
        public boolean cancel() {
            cancelled = waiting.remove(this);
            return cancelled;
        }
    }
}
