package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.lang.IgniteUuid;
import org.apache.ignite.spi.collision.CollisionContext;
import org.apache.ignite.spi.collision.CollisionJobContext;
import org.junit.jupiter.api.Test;

/**
 * A node starts a batch's waiting chunks in the order the driver sent them, whatever order they
 * reached its queue in: Ignite's public pool can queue a chunk sent first behind later ones (a
 * failing job behind minute-long ones, which the driver, taking it as running, never moves).
 */
class SendOrderTest {

    private static final IgniteUuid BATCH = IgniteUuid.randomUuid();
    private static final IgniteUuid OTHER = IgniteUuid.randomUuid();

    /** A node with one slot: each round starts one job, the queue's head as the SPI orders it. */
    @Test
    void aBatchsChunksStartInSendOrderAndOtherJobsKeepTheirPlaces() {
        StrandCollisionSpi spi = new StrandCollisionSpi();
        spi.setActiveJobsThreshold(1);
        spi.setWaitJobsThreshold(0);
        spi.setStealingEnabled(false);
        List<Fake> active = new ArrayList<>();
        List<Fake> waiting = new ArrayList<>();
        // Arrival order as a node saw it: chunk 20, sent first, queued after the chunks sent after it.
        for (int c : new int[] {21, 22, 23, 24, 25}) {
            waiting.add(chunk(BATCH, c, c));
        }
        waiting.add(other("probe"));
        waiting.add(chunk(BATCH, 20, 20));
        waiting.add(chunk(OTHER, 7, 0));
        List<String> started = new ArrayList<>();
        while (!waiting.isEmpty()) {
            spi.onCollision(context(active, waiting));
            assertThat(active).as("one slot").hasSize(1);
            Fake ran = active.remove(0);
            waiting.remove(ran);
            started.add(ran.name);
        }
        // Chunk 20 first (it takes the head, the place 21 held); the probe and the other batch's
        // chunk keep their places after the batch's first five.
        assertThat(started).containsExactly("20", "21", "22", "23", "24", "25", "probe", "7");
    }

    @Test
    void inSendOrderLeavesAQueueInSendOrderAsItIs() {
        List<Fake> waiting = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            waiting.add(chunk(BATCH, c, c));
        }
        waiting.add(other("probe"));
        CollisionContext ordered = StrandCollisionSpi.inSendOrder(context(new ArrayList<>(), waiting));
        assertThat(ordered.waitingJobs()).containsExactlyElementsOf(waiting);
    }

    private static Fake chunk(IgniteUuid session, int chunk, long sequence) {
        StrandJob j = new StrandJob(chunk, "node-1", in -> in, List.of());
        j.sequence(sequence);
        return new Fake(Integer.toString(chunk), j, session);
    }

    private static Fake other(String name) {
        ComputeJob j = new ComputeJob() {
            @Override
            public void cancel() {}

            @Override
            public Object execute() {
                return null;
            }
        };
        return new Fake(name, j, IgniteUuid.randomUuid());
    }

    private static CollisionContext context(List<Fake> active, List<Fake> waiting) {
        for (Fake f : waiting) {
            f.activeList = active;
        }
        return new CollisionContext() {
            @Override
            public java.util.Collection<CollisionJobContext> activeJobs() {
                return java.util.Collections.unmodifiableList(active);
            }

            @Override
            public java.util.Collection<CollisionJobContext> waitingJobs() {
                List<CollisionJobContext> w = new ArrayList<>();
                for (Fake f : waiting) {
                    if (!active.contains(f)) {
                        w.add(f);
                    }
                }
                return w;
            }

            @Override
            public java.util.Collection<CollisionJobContext> heldJobs() {
                return List.of();
            }
        };
    }

    /** A waiting job as the collision SPI sees it; activating it puts it in {@code active}. */
    private static final class Fake extends WaitingJob {
        final String name;
        List<Fake> activeList;

        Fake(String name, ComputeJob job, IgniteUuid sessionId) {
            super(job, sessionId);
            this.name = name;
        }

        @Override
        public boolean activate() {
            activeList.add(this);
            return true;
        }

        @Override
        public boolean cancel() {
            return false;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
