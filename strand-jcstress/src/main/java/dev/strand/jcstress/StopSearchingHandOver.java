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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Proof case B of the idle protocol: worker 0 is the only searcher and worker 1 sleeps. Worker 0
 * finds other work and stops searching (S1: decrement, then scan for remaining work and hand the
 * search to a sleeper if it sees some); concurrently a publisher pushes a task and calls
 * {@code workPublished}. If the publisher read the word while worker 0 still searched, it woke
 * nobody, so worker 0's scan must see the task and wake worker 1. Either way worker 1 ends awake,
 * searching; it must never be left asleep with nobody searching while the task waits.
 *
 * <p>r1: worker 1 still SLEEPING. r2, r3: searchers and sleepers at the end.
 */
@JCStressTest
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "worker 1 was woken (by the publisher or by the hand-over) and searches")
@Outcome(id = "1, 0, 1", expect = FORBIDDEN, desc = "LOST WAKE-UP: task queued, nobody searching, worker 1 asleep")
@Outcome(expect = FORBIDDEN, desc = "inconsistent accounting or a double wake")
@State
public class StopSearchingHandOver {

    private final SleepCoordinator coordinator = new SleepCoordinator(2, 2);
    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(1);

    public StopSearchingHandOver() {
        coordinator.register(0, ParkWakeDekker.NOBODY);
        coordinator.register(1, ParkWakeDekker.NOBODY);
        coordinator.workerPrepareSleep(1, false);          // worker 1 is asleep
        if (!coordinator.workerTryStartSearching()) {      // worker 0 searches
            throw new IllegalStateException("cannot start searching");
        }
    }

    @Actor
    public void searcherFoundOtherWork() {
        coordinator.workerStopSearching(0, () -> !deque.isEmpty());   // S1
    }

    @Actor
    public void publisher() {
        deque.push(Codes.A);                               // P1
        coordinator.workPublished(-1);                     // P2, P3
    }

    @Arbiter
    public void after(III_Result r) {
        r.r1 = coordinator.isSleeping(1) ? 1 : 0;
        long w = coordinator.controlWord();
        r.r2 = ControlWord.searching(w);
        r.r3 = ControlWord.sleepers(w);
    }
}
