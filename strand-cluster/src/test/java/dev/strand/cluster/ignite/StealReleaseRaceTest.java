package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.ignite.lang.IgniteUuid;
import org.apache.ignite.spi.collision.CollisionContext;
import org.apache.ignite.spi.collision.CollisionJobContext;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;
import org.junit.jupiter.api.Test;

/**
 * A steal request handled while another collision round activates the same waiting job. The
 * waiting job below behaves as Ignite's job processor does: {@code cancel()} marks the job
 * cancelled, then takes it off the waiting list; {@code activate()} takes it off the list and,
 * finding the mark, rejects it; a rejection reaches the driver with the job context's
 * attributes as they are when it is sent, some time later. The other round activates under the
 * job context's monitor, as {@link JobStealingCollisionSpi} does.
 */
class StealReleaseRaceTest {

    @Test
    void anActivationBetweenTheCancelMarkAndTheRemovalCannotUnNameTheThief() throws Exception {
        IgniteUuid session = IgniteUuid.randomUuid();
        UUID thief = UUID.randomUUID();
        RacingJob job = new RacingJob(session, 7);
        CollisionContext ctx = new CollisionContext() {
            @Override
            public Collection<CollisionJobContext> activeJobs() {
                return List.of();
            }

            @Override
            public Collection<CollisionJobContext> waitingJobs() {
                return List.of(job);
            }

            @Override
            public Collection<CollisionJobContext> heldJobs() {
                return List.of();
            }
        };

        boolean released = StrandCollisionSpi.release(ctx, new StealRequest(session, 7, thief, "reply"));
        job.otherRound.join(5_000);

        assertThat(job.otherRound.isAlive()).as("the other round ended").isFalse();
        if (job.rejected.get()) {
            assertThat(job.getJobContext().<String, UUID>getAttribute(JobStealingCollisionSpi.THIEF_NODE_ATTR))
                    .as("a job rejected for a steal still names its thief when the rejection leaves").isEqualTo(thief);
            assertThat(released).as("a rejected job is not also refused").isTrue();
        } else {
            assertThat(released).as("a job that runs is refused").isFalse();
        }
    }

    /** A waiting job; its first {@code cancel()} lets another collision round try to activate it in the gap. */
    private static final class RacingJob extends WaitingJob {
        private final AtomicBoolean waiting = new AtomicBoolean(true);
        private final AtomicBoolean rejected = new AtomicBoolean();
        private volatile boolean cancelMarked;
        private final CountDownLatch activationTried = new CountDownLatch(1);
        final Thread otherRound = new Thread(() -> {
            synchronized (getJobContext()) {
                activate();
            }
            activationTried.countDown();
        }, "other-collision-round");

        RacingJob(IgniteUuid sessionId, int chunk) {
            super(new StrandJob(chunk, "home", null, List.of()), sessionId);
        }

        @Override
        public boolean activate() {
            if (!waiting.compareAndSet(true, false)) {
                return false;
            }
            if (cancelMarked) {
                rejected.set(true);
                return false;
            }
            return true;
        }

        @Override
        public boolean cancel() {
            cancelMarked = true;
            otherRound.start();
            try {
                // The gap: long enough for the other round, unless it must wait for the monitor.
                activationTried.await(300, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (waiting.compareAndSet(true, false)) {
                rejected.set(true);
                return true;
            }
            return false;
        }
    }
}
