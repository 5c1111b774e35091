package dev.strand.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.strand.internal.deque.ChaseLevDeque;
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.sleep.SleepCoordinator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * As {@link ParkWakeDekker}, but the worker was the (only) searcher when it gave up: S2 moves it from
 * searching to sleeping in one atomic step. A publisher that reads the word before S2 sees a searcher
 * and wakes nobody, relying on that searcher's re-scan (proof case A); one that reads it after sees a
 * sleeper and no searcher, and claims it.
 *
 * <p>r1: the re-scan saw the task. r2: still SLEEPING at the end. r3, r4: searchers, sleepers.
 */
@JCStressTest
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "re-scan saw the task; the worker searches (cancelled or claimed)")
@Outcome(id = "0, 0, 1, 0", expect = ACCEPTABLE, desc = "re-scan missed it; the publisher claimed the sleeper")
@Outcome(id = "0, 1, 0, 1", expect = FORBIDDEN, desc = "LOST WAKE-UP: task unseen and the worker still asleep")
@Outcome(expect = FORBIDDEN, desc = "inconsistent accounting")
@State
public class ParkWakeDekkerFromSearching {

    private final SleepCoordinator coordinator = new SleepCoordinator(1, 1);
    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(1);

    public ParkWakeDekkerFromSearching() {
        coordinator.register(0, ParkWakeDekker.NOBODY);
        if (!coordinator.workerTryStartSearching()) {
            throw new IllegalStateException("cannot start searching");
        }
    }

    @Actor
    public void sleeper(IIII_Result r) {
        coordinator.workerPrepareSleep(0, true);           // S2: searching -> sleeping
        boolean saw = !deque.isEmpty();                    // S3: re-scan
        if (saw) {
            coordinator.workerCancelSleep(0);              // S3a
        }
        r.r1 = saw ? 1 : 0;
    }

    @Actor
    public void publisher() {
        deque.push(Codes.A);                               // P1
        coordinator.workPublished(-1);                     // P2, P3
    }

    @Arbiter
    public void after(IIII_Result r) {
        r.r2 = coordinator.isSleeping(0) ? 1 : 0;
        long w = coordinator.controlWord();
        r.r3 = ControlWord.searching(w);
        r.r4 = ControlWord.sleepers(w);
    }
}
