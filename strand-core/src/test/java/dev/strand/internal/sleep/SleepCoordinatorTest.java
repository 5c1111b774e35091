package dev.strand.internal.sleep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.internal.deque.ChaseLevDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SleepCoordinatorTest {

    @SuppressWarnings("UnnecessaryLambda") // a constant answer passed to many calls
    private static final java.util.function.BooleanSupplier WORK = () -> true;
    @SuppressWarnings("UnnecessaryLambda") // a constant answer passed to many calls
    private static final java.util.function.BooleanSupplier NO_WORK = () -> false;

    private static long word(int searching, int sleepers) {
        return ControlWord.pack(searching, sleepers);
    }

    /** A coordinator whose workers are registered with the test thread (unpark of it is harmless). */
    private static SleepCoordinator coordinator(int size, int maxSearchers) {
        SleepCoordinator c = new SleepCoordinator(size, maxSearchers);
        for (int i = 0; i < size; i++) {
            c.register(i, Thread.currentThread());
        }
        return c;
    }

    // ---------------------------------------------------------------- single-threaded accounting

    @Test
    void badArgumentsRejected() {
        assertThatThrownBy(() -> new SleepCoordinator(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SleepCoordinator(1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SleepCoordinator(-3, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void startsIdleAndAwake() {
        SleepCoordinator c = coordinator(4, 2);
        assertThat(c.size()).isEqualTo(4);
        assertThat(c.controlWord()).isEqualTo(word(0, 0));
        for (int i = 0; i < 4; i++) {
            assertThat(c.isSleeping(i)).isFalse();
            assertThat(c.parks(i)).isZero();
            assertThat(c.unparks(i)).isZero();
        }
    }

    @Test
    void tryStartSearchingRespectsMaxSearchers() {
        SleepCoordinator c = coordinator(8, 3);
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isFalse();
        assertThat(c.workerTryStartSearching()).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(3, 0));
        c.workerStopSearching(0, NO_WORK);
        assertThat(c.controlWord()).isEqualTo(word(2, 0));
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isFalse();
        // Sleepers do not count against the cap.
        c.workerPrepareSleep(5, true);
        assertThat(c.controlWord()).isEqualTo(word(2, 1));
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isFalse();
    }

    @Test
    void prepareSleepMovesSearcherToSleepers() {
        SleepCoordinator c = coordinator(4, 4);
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(ControlWord.sleepers(c.workerPrepareSleep(0, true))).isEqualTo(1);
        assertThat(c.isSleeping(0)).isTrue();
        assertThat(c.controlWord()).isEqualTo(word(1, 1));
        assertThat(ControlWord.sleepers(c.workerPrepareSleep(1, false))).isEqualTo(2);   // was not searching
        assertThat(c.controlWord()).isEqualTo(word(1, 2));
        assertThat(ControlWord.sleepers(c.workerPrepareSleep(2, true))).isEqualTo(3);
        assertThat(c.controlWord()).isEqualTo(word(0, 3));
        assertThat(c.isSleeping(0)).isTrue();
        assertThat(c.isSleeping(1)).isTrue();
        assertThat(c.isSleeping(2)).isTrue();
        assertThat(c.isSleeping(3)).isFalse();
    }

    @Test
    void cancelSleepMakesTheWorkerASearcherOnce() {
        SleepCoordinator c = coordinator(2, 2);
        c.workerPrepareSleep(0, false);
        assertThat(c.controlWord()).isEqualTo(word(0, 1));
        c.workerCancelSleep(0);
        assertThat(c.isSleeping(0)).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        c.workerCancelSleep(0);                       // not sleeping: no effect
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        c.workerStopSearching(0, NO_WORK);
        assertThat(c.controlWord()).isEqualTo(word(0, 0));
    }

    @Test
    void workPublishedWithSleeperAndNoSearcherClaimsIt() {
        SleepCoordinator c = coordinator(3, 2);
        c.workerPrepareSleep(1, false);
        assertThat(c.controlWord()).isEqualTo(word(0, 1));
        c.workPublished(2);
        assertThat(c.isSleeping(1)).isFalse();
        assertThat(c.controlWord()).as("the claimed sleeper is now the searcher").isEqualTo(word(1, 0));
        assertThat(c.unparks(2)).isEqualTo(1);
        // The claimed worker re-scans, finds work and cancels: already awake, nothing counted twice.
        c.workerCancelSleep(1);
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        // Its park returns at once, without parking.
        c.workerPark(1, () -> false);
        assertThat(c.parks(1)).isZero();
    }

    @Test
    void workPublishedFromExternalThreadClaimsOneSleeperOnly() {
        SleepCoordinator c = coordinator(4, 4);
        for (int i = 0; i < 4; i++) {
            c.workerPrepareSleep(i, false);
        }
        assertThat(c.controlWord()).isEqualTo(word(0, 4));
        c.workPublished(-1);
        int sleeping = 0;
        for (int i = 0; i < 4; i++) {
            sleeping += c.isSleeping(i) ? 1 : 0;
        }
        assertThat(sleeping).isEqualTo(3);
        assertThat(c.controlWord()).isEqualTo(word(1, 3));
        // A searcher exists now: further publications wake nobody (the searcher will find the work).
        c.workPublished(-1);
        c.workPublished(0);
        assertThat(c.controlWord()).isEqualTo(word(1, 3));
        assertThat(c.unparks(0)).isZero();
    }

    @Test
    void workPublishedWithoutSleepersDoesNothing() {
        SleepCoordinator c = coordinator(2, 2);
        c.workPublished(0);
        assertThat(c.controlWord()).isEqualTo(word(0, 0));
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workPublished(0);
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        assertThat(c.unparks(0)).isZero();
    }

    @Test
    void lastSearcherStoppingHandsOverToASleeperWhenWorkIsVisible() {
        SleepCoordinator c = coordinator(3, 3);
        assertThat(c.workerTryStartSearching()).isTrue();   // worker 0
        assertThat(c.workerTryStartSearching()).isTrue();   // worker 1
        c.workerPrepareSleep(2, false);
        assertThat(c.controlWord()).isEqualTo(word(2, 1));
        c.workerStopSearching(0, WORK);                    // not the last searcher: no wake
        assertThat(c.isSleeping(2)).isTrue();
        assertThat(c.controlWord()).isEqualTo(word(1, 1));
        c.workerStopSearching(1, WORK);                    // the last, work left: wakes worker 2
        assertThat(c.isSleeping(2)).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        assertThat(c.unparks(1)).isEqualTo(1);
    }

    @Test
    void lastSearcherStoppingWithoutVisibleWorkWakesNobody() {
        SleepCoordinator c = coordinator(3, 3);
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerPrepareSleep(2, false);
        c.workerStopSearching(0, NO_WORK);                 // a lone task: one worker, not two
        assertThat(c.isSleeping(2)).isTrue();
        assertThat(c.controlWord()).isEqualTo(word(0, 1));
        assertThat(c.unparks(0)).isZero();
    }

    @Test
    void stopSearchingScansForWorkOnlyAfterLeavingTheSearch() {
        SleepCoordinator c = coordinator(3, 3);
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerPrepareSleep(2, false);
        long[] seen = {-1};
        c.workerStopSearching(0, () -> {
            seen[0] = c.controlWord();
            return true;
        });
        // The scan ran after the searcher count was decremented (after the RMW's fence), so a
        // publisher that read the word before it saw a searcher, and this scan sees its task.
        assertThat(seen[0]).isEqualTo(word(0, 1));
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
    }

    @Test
    void stopSearchingDoesNotScanWhenNoHandOverIsPossible() {
        SleepCoordinator c = coordinator(3, 3);
        int[] scans = {0};
        java.util.function.BooleanSupplier counting = () -> {
            scans[0]++;
            return true;
        };
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerStopSearching(0, counting);                // no sleepers
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerPrepareSleep(2, false);
        c.workerStopSearching(0, counting);                // another searcher remains
        assertThat(scans[0]).isZero();
        c.workerStopSearching(1, counting);                // last searcher, a sleeper: scans
        assertThat(scans[0]).isEqualTo(1);
    }

    @Test
    void lastSearcherStoppingWithoutSleepersWakesNobody() {
        SleepCoordinator c = coordinator(2, 2);
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerStopSearching(0, WORK);
        assertThat(c.controlWord()).isEqualTo(word(0, 0));
        assertThat(c.unparks(0)).isZero();
    }

    @Test
    void wakeAllClaimsEverySleeper() {
        SleepCoordinator c = coordinator(5, 1);
        assertThat(c.workerTryStartSearching()).isTrue();
        c.workerPrepareSleep(0, true);
        c.workerPrepareSleep(1, false);
        c.workerPrepareSleep(3, false);
        assertThat(c.controlWord()).isEqualTo(word(0, 3));
        c.wakeAll();
        for (int i = 0; i < 5; i++) {
            assertThat(c.isSleeping(i)).isFalse();
        }
        assertThat(c.controlWord()).as("woken workers count as searching").isEqualTo(word(3, 0));
        c.wakeAll();                                       // idempotent
        assertThat(c.controlWord()).isEqualTo(word(3, 0));
        // Each woken worker leaves the search in turn.
        c.workerStopSearching(0, NO_WORK);
        c.workerStopSearching(1, NO_WORK);
        c.workerStopSearching(3, NO_WORK);
        assertThat(c.controlWord()).isEqualTo(word(0, 0));
    }

    @Test
    void wakeAllToleratesUnregisteredWorkers() {
        SleepCoordinator c = new SleepCoordinator(3, 1);   // nobody registered
        c.workerPrepareSleep(2, false);
        c.wakeAll();
        assertThat(c.isSleeping(2)).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
    }

    @Test
    void parkWithStopCancelsTheSleep() {
        SleepCoordinator c = coordinator(2, 2);
        c.workerPrepareSleep(0, false);
        c.workerPark(0, () -> true);
        assertThat(c.isSleeping(0)).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
        assertThat(c.parks(0)).isZero();
    }

    @Test
    void fullCycleKeepsCountsConsistent() {
        SleepCoordinator c = coordinator(4, 2);
        // Workers 0..3 search (two at most), give up, sleep; a publication wakes one; it finds work.
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isTrue();
        assertThat(c.workerTryStartSearching()).isFalse();
        c.workerPrepareSleep(0, true);
        c.workerPrepareSleep(1, true);
        c.workerPrepareSleep(2, false);
        c.workerPrepareSleep(3, false);
        assertThat(c.controlWord()).isEqualTo(word(0, 4));
        c.workPublished(-1);
        assertThat(c.controlWord()).isEqualTo(word(1, 3));
        int woken = -1;
        for (int i = 0; i < 4; i++) {
            if (!c.isSleeping(i)) {
                assertThat(woken).as("only one worker woken").isEqualTo(-1);
                woken = i;
            }
        }
        assertThat(woken).isNotNegative();
        c.workerStopSearching(woken, WORK);    // found work, more visible; last searcher: hands over
        assertThat(c.controlWord()).isEqualTo(word(1, 2));
        c.wakeAll();
        assertThat(c.controlWord()).isEqualTo(word(3, 0));
    }

    // ---------------------------------------------------------------- real parking

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void parkedWorkerIsWokenByWorkPublished() throws Exception {
        SleepCoordinator c = new SleepCoordinator(2, 1);
        CountDownLatch registered = new CountDownLatch(1);
        AtomicBoolean returned = new AtomicBoolean();
        Thread w = new Thread(() -> {
            c.register(0, Thread.currentThread());
            c.workerPrepareSleep(0, false);
            registered.countDown();
            c.workerPark(0, () -> false);
            returned.set(true);
        });
        w.start();
        registered.await();
        // Wait until it actually parks (or at least is about to), then publish.
        while (c.parks(0) == 0 && w.isAlive()) {
            Thread.onSpinWait();
        }
        assertThat(returned.get()).isFalse();
        c.workPublished(-1);
        w.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(w.isAlive()).as("woken worker returned from park").isFalse();
        assertThat(returned.get()).isTrue();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
    }

    // ---------------------------------------------------------------- keep-alive

    /** Parks worker 0 of {@code c} with a keep-alive and nothing visible; returns whether it retired. */
    private static boolean parkWithKeepAlive(SleepCoordinator c, long keepAliveNanos) {
        c.register(0, Thread.currentThread());
        c.workerPrepareSleep(0, false);
        return c.workerPark(0, () -> false, () -> false, keepAliveNanos);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRetiringWorkerAndAWakerRaceWithExactlyOneWinner() throws Exception {
        for (int round = 0; round < 2_000; round++) {
            java.util.concurrent.atomic.AtomicInteger revived = new java.util.concurrent.atomic.AtomicInteger();
            SleepCoordinator c = new SleepCoordinator(1, 1, i -> revived.incrementAndGet());
            long keepAlive = java.util.concurrent.ThreadLocalRandom.current().nextLong(200_000);
            long delay = java.util.concurrent.ThreadLocalRandom.current().nextLong(200_000);
            AtomicBoolean retired = new AtomicBoolean();
            Thread w = new Thread(() -> retired.set(parkWithKeepAlive(c, keepAlive)));
            w.start();
            // Publish only after S2 (the count, not just the state): a publish before it is found by
            // the worker's re-scan, which this test's scan, seeing nothing, would not model.
            while (ControlWord.sleepers(c.controlWord()) == 0 && w.isAlive()) {
                Thread.onSpinWait();
            }
            long until = System.nanoTime() + delay;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            c.workPublished(-1);
            w.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(w.isAlive()).isFalse();
            // Woken (its thread goes on) or retired and then revived (a new thread goes on): never
            // both, never neither. Either way one searcher and no sleeper remain.
            assertThat(revived.get()).as("round %d, retired %s", round, retired.get())
                    .isEqualTo(retired.get() ? 1 : 0);
            assertThat(c.controlWord()).isEqualTo(word(1, 0));
            assertThat(c.isSleeping(0)).isFalse();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aDormantWorkerIsRevivedOnlyWhenClaimedAndAFailedRevivalIsUndone() throws Exception {
        java.util.concurrent.atomic.AtomicInteger revived = new java.util.concurrent.atomic.AtomicInteger();
        AtomicBoolean failNext = new AtomicBoolean(true);
        SleepCoordinator c = new SleepCoordinator(1, 1, i -> {
            if (failNext.getAndSet(false)) {
                throw new IllegalStateException("no thread for you");
            }
            revived.incrementAndGet();
        });
        Thread w = new Thread(() -> assertThat(parkWithKeepAlive(c, 1_000_000L)).isTrue());
        w.start();
        w.join();
        assertThat(c.isDormant(0)).isTrue();
        assertThat(c.controlWord()).as("dormant is still a sleeper").isEqualTo(word(0, 1));

        c.wakeAll(false);                         // a stopping pool leaves it dormant
        assertThat(c.isDormant(0)).isTrue();
        assertThat(c.controlWord()).isEqualTo(word(0, 1));

        assertThatThrownBy(() -> c.workPublished(-1)).hasMessage("no thread for you");
        assertThat(c.isDormant(0)).as("failed revival undone").isTrue();
        assertThat(c.controlWord()).isEqualTo(word(0, 1));
        assertThat(revived.get()).isZero();

        c.wakeAll(true);                          // a shutdown revives it
        assertThat(revived.get()).isEqualTo(1);
        assertThat(c.isSleeping(0)).isFalse();
        assertThat(c.controlWord()).isEqualTo(word(1, 0));
    }

    /**
     * A sleeping spare whose keep-alive ends returns to the reserve even when its last surplus
     * check said it was still needed (a stale answer: the block ended and every worker went to
     * sleep in between). Going dormant instead left the slot out of the reserve in an idle pool,
     * where no waker ever claims it: the pool reported a spare running with no thread behind it.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSpareWhoseKeepAliveEndsReturnsToTheReserveNeverDormant() throws Exception {
        AtomicInteger started = new AtomicInteger();
        SleepCoordinator c = new SleepCoordinator(1, 1, 1, i -> started.incrementAndGet());
        c.register(0, Thread.currentThread());
        c.workerPrepareSleep(0, false);           // the core worker sleeps
        assertThat(c.activateSpare()).isEqualTo(1);
        assertThat(c.sparesOut(c.controlWord())).isEqualTo(1);
        AtomicBoolean retired = new AtomicBoolean();
        Thread spare = new Thread(() -> {
            c.register(1, Thread.currentThread());
            c.workerPrepareSleep(1, true);
            retired.set(c.workerPark(1, () -> false, () -> false, 1_000_000L, () -> false));
        });
        spare.start();
        spare.join();
        assertThat(retired.get()).isTrue();
        assertThat(c.isDormant(1)).as("a spare slot never goes dormant").isFalse();
        assertThat(c.isSpareIdle(1)).as("it waits for reuse in the reserve").isTrue();
        assertThat(c.sparesOut(c.controlWord())).isZero();
        assertThat(ControlWord.sleepers(c.controlWord())).isEqualTo(1);
        assertThat(started.get()).isEqualTo(1);
    }

    /** A task may leave the worker's interrupt flag set; park must still block, not spin. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void parkDoesNotSpinWhenTheWorkerIsInterrupted() throws Exception {
        SleepCoordinator c = new SleepCoordinator(1, 1);
        CountDownLatch registered = new CountDownLatch(1);
        Thread w = new Thread(() -> {
            c.register(0, Thread.currentThread());
            c.workerPrepareSleep(0, false);
            Thread.currentThread().interrupt();
            registered.countDown();
            c.workerPark(0, () -> false);
        });
        w.start();
        registered.await();
        while (c.parks(0) == 0 && w.isAlive()) {
            Thread.onSpinWait();
        }
        Thread.sleep(200);
        // A spinning park (interrupt flag never cleared) would count millions of parks by now.
        assertThat(c.parks(0)).isLessThan(100);
        assertThat(w.isAlive()).isTrue();
        c.workPublished(-1);
        w.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(w.isAlive()).isFalse();
    }

    // ---------------------------------------------------------------- Dekker pairing stress

    /**
     * Many rounds of: a worker registers as sleeper (S2) then re-scans the deque (S3); concurrently a
     * publisher pushes onto that deque (P1) then calls {@link SleepCoordinator#workPublished} (P2-P3).
     * A lost wake-up is a round where the re-scan saw nothing AND nobody claimed the worker. After
     * every round the accounting must also be exact: one searcher (the canceller or the claimed
     * sleeper), no sleeper.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void noLostWakeUpSingleSleeper() throws Exception {
        runDekkerRounds(1, 2_000);
    }

    /** Same with two sleepers: at least one must end up awake (saw the work or was claimed). */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void noLostWakeUpTwoSleepers() throws Exception {
        runDekkerRounds(2, 1_500);
    }

    private static void runDekkerRounds(int sleepers, long budgetMillis) throws Exception {
        final int chunk = 4_096;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMillis);
        long rounds = 0;
        long claimed = 0;
        long sawWork = 0;
        do {
            SleepCoordinator[] coords = new SleepCoordinator[chunk];
            @SuppressWarnings("unchecked")
            ChaseLevDeque<Object>[] deques = (ChaseLevDeque<Object>[]) new ChaseLevDeque<?>[chunk];
            boolean[][] saw = new boolean[sleepers][chunk];
            boolean[][] wasSearching = new boolean[sleepers][chunk];
            for (int r = 0; r < chunk; r++) {
                coords[r] = new SleepCoordinator(sleepers, sleepers);
                deques[r] = new ChaseLevDeque<>(1);
                for (int s = 0; s < sleepers; s++) {
                    wasSearching[s][r] = ((r >> s) & 1) == 0;
                }
            }
            int parties = sleepers + 1;
            AtomicInteger[] arrived = new AtomicInteger[chunk];
            for (int r = 0; r < chunk; r++) {
                arrived[r] = new AtomicInteger();
            }
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[parties];
            Object task = new Object();
            for (int s = 0; s < sleepers; s++) {
                final int me = s;
                threads[s] = new Thread(() -> {
                    try {
                        for (int r = 0; r < chunk; r++) {
                            SleepCoordinator c = coords[r];
                            c.register(me, Thread.currentThread());
                            if (wasSearching[me][r] && !c.workerTryStartSearching()) {
                                throw new AssertionError("searcher slot refused");
                            }
                            rendezvous(arrived[r], parties);
                            c.workerPrepareSleep(me, wasSearching[me][r]);   // S2
                            boolean found = !deques[r].isEmpty();          // S3: re-scan
                            saw[me][r] = found;
                            if (found) {
                                c.workerCancelSleep(me);                   // S3a
                            }
                        }
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }, "sleeper-" + s);
            }
            threads[sleepers] = new Thread(() -> {
                try {
                    for (int r = 0; r < chunk; r++) {
                        rendezvous(arrived[r], parties);
                        deques[r].push(task);                               // P1
                        coords[r].workPublished(-1);                        // P2, P3
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "publisher");
            for (Thread t : threads) {
                t.start();
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(t.isAlive()).as(t.getName() + " finished").isFalse();
            }
            if (failure.get() != null) {
                throw new AssertionError("round thread failed", failure.get());
            }
            for (int r = 0; r < chunk; r++) {
                SleepCoordinator c = coords[r];
                boolean someoneAwake = false;
                int awake = 0;
                for (int s = 0; s < sleepers; s++) {
                    boolean up = !c.isSleeping(s);
                    if (saw[s][r]) {
                        sawWork++;
                        assertThat(up).as("round %d: sleeper %d saw work but stayed asleep", r, s).isTrue();
                    } else if (up) {
                        claimed++;
                    }
                    someoneAwake |= up;
                    awake += up ? 1 : 0;
                }
                if (!someoneAwake) {
                    throw new AssertionError("lost wake-up in round " + (rounds + r)
                            + ": no sleeper saw the published work and none was woken; ctl="
                            + ControlWord.toString(c.controlWord()));
                }
                // Exact accounting: every awake worker is a searcher, the rest are sleepers.
                assertThat(c.controlWord()).as("round %d", r).isEqualTo(word(awake, sleepers - awake));
            }
            rounds += chunk;
        } while (System.nanoTime() < deadline);
        assertThat(rounds).isPositive();
        // Both halves of the pairing must have been exercised for the test to mean anything.
        assertThat(sawWork).as("rounds where the re-scan saw the work").isPositive();
        assertThat(claimed).as("rounds where the publisher claimed the sleeper").isPositive();
    }

    /** A one-shot spin barrier (threads run freely otherwise, to keep the racing window tight). */
    @SuppressWarnings("ThreadPriorityCheck") // spin, then yield to a descheduled party
    private static void rendezvous(AtomicInteger arrived, int parties) {
        arrived.incrementAndGet();
        int spins = 0;
        while (arrived.get() < parties) {
            if (++spins > 1_000) {
                Thread.yield();
                spins = 0;
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Case C of the proof: work that appears without a signal is found by the watch. */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void theWatchFindsUnsignalledWorkWhileAnotherWorkerIsAwake() throws Exception {
        SleepCoordinator c = new SleepCoordinator(2, 1);
        c.register(0, Thread.currentThread());
        assertThat(ControlWord.sleepers(c.workerPrepareSleep(0, false))).isEqualTo(1);   // worker 1 is awake: watch
        AtomicBoolean work = new AtomicBoolean();
        Thread pusher = new Thread(() -> {
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            work.set(true);                                         // no workPublished()
        });
        pusher.start();
        c.workerPark(0, () -> false, work::get);
        pusher.join();
        assertThat(c.isSleeping(0)).isFalse();
        assertThat(ControlWord.searching(c.controlWord())).isEqualTo(1);
        assertThat(ControlWord.sleepers(c.controlWord())).isZero();
    }
}
