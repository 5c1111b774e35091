package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A spare that leaves for the reserve while asleep races a block that takes a spare out of the
 * reserve: the block's activation may claim the leaving spare's slot ({@code SPARE_IDLE -> AWAKE})
 * before the spare's thread has looked at its own state. That thread must then run as the
 * activated spare. If it took the claimed slot for a dormant one and exited, the slot stayed out
 * of the reserve and counted as searching with no thread behind it: the block it was activated
 * for waited for ever (one worker blocked in {@code Strand.blocking}, no spare thread alive).
 *
 * <p>One core worker, a keep-alive of 1 ms, and blocks that each wait for a task only a spare can
 * run, one after the other with random gaps, so that the spare of the last block leaves (asleep or
 * awake) as the next block begins. Several such pools run at once, so that threads are often
 * descheduled between two steps. Every spare thread that exits while its pool runs must have put
 * its slot back in the reserve, and every task runs once.
 */
class SpareLeaveRaceTest {

    private static final int POOLS = 4;
    private static final int ROUNDS = 150;
    private static final int BLOCKS = 200;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aSpareClaimedAsItLeavesRunsTheBlockItWasActivatedFor() throws Exception {
        ConcurrentLinkedQueue<String> strayExits = new ConcurrentLinkedQueue<>();
        List<StrandPool> pools = new ArrayList<>();
        List<AtomicLong> ran = new ArrayList<>();
        try {
            for (int i = 0; i < POOLS; i++) {
                AtomicReference<StrandPool> self = new AtomicReference<>();
                StrandPool pool = StrandPool.builder().name("spare-race-" + i).parallelism(1)
                        .keepAlive(Duration.ofMillis(1))
                        .onWorkerExit(t -> {
                            // On an exiting spare thread: its slot must be back in the reserve
                            // unless the pool is stopping. An activation may claim the slot again
                            // as soon as it is, and start a new thread for it (a new Worker in the
                            // slot): only a slot still awake and still this thread's a while
                            // later was left out of the reserve by it.
                            StrandPool p = self.get();
                            int slot = Strand.workerIndex();
                            if (p != null && slot >= 1 && strayed(p, slot, t)) {
                                try {
                                    Thread.sleep(50);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                if (strayed(p, slot, t)) {
                                    strayExits.add(t.getName() + " (slot " + slot + ", "
                                            + dev.strand.internal.sleep.ControlWord.toString(p.sleep.controlWord()) + ")");
                                }
                            }
                        })
                        .build();
                self.set(pool);
                pools.add(pool);
                ran.add(new AtomicLong());
            }
            for (int round = 0; round < ROUNDS && strayExits.isEmpty(); round++) {
                List<Future<Integer>> fs = new ArrayList<>();
                for (int i = 0; i < POOLS; i++) {
                    StrandPool pool = pools.get(i);
                    AtomicLong count = ran.get(i);
                    fs.add(pool.submit(() -> blocks(pool, count)));
                }
                for (int i = 0; i < POOLS; i++) {
                    try {
                        assertThat(fs.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(BLOCKS);
                    } catch (TimeoutException e) {
                        throw new AssertionError("pool " + i + " hung in round " + round + ": "
                                + pools.get(i).dump() + "\nstray exits: " + strayExits, e);
                    }
                }
            }
            assertThat(strayExits).as("spare threads that exited with their slot out of the reserve")
                    .isEmpty();
            for (int i = 0; i < POOLS; i++) {
                assertThat(ran.get(i).get()).as("tasks run in pool %d", i)
                        .isEqualTo((long) ROUNDS * BLOCKS);
            }
        } finally {
            for (StrandPool p : pools) {
                p.shutdownNow();
            }
        }
    }

    /** @return whether spare {@code slot} is awake and still {@code t}'s while the pool runs */
    private static boolean strayed(StrandPool p, int slot, Thread t) {
        return !p.isShutdown() && p.worker(slot) == t && !p.sleep.isIdle(slot);
    }

    /** One after the other: submit a task, block until it ran, pause a random few microseconds. */
    private static int blocks(StrandPool pool, AtomicLong ran) throws InterruptedException {
        int done = 0;
        for (int k = 0; k < BLOCKS; k++) {
            CountDownLatch latch = new CountDownLatch(1);
            pool.execute(() -> {
                ran.incrementAndGet();
                latch.countDown();
            });
            Strand.blocking(() -> {
                latch.await();                    // only a spare can run it: P = 1
                return null;
            });
            done++;
            long until = System.nanoTime() + ThreadLocalRandom.current().nextLong(50_000);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        return done;
    }
}
