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
 * A spare leaving for the reserve is case B of the idle protocol with "park" read as "leave":
 * core worker 0 sleeps, spare slot 1 is the only searcher, and it leaves
 * ({@code spareLeave}: state, then one read-modify-write out of searching into the reserve, then
 * a scan) while a publisher pushes a task and calls {@code workPublished}. If the publisher read
 * the word while the spare still searched, it woke nobody, so the spare's scan must see the task
 * and wake worker 0. Either way worker 0 ends awake, searching, and the spare is in the reserve.
 *
 * <p>r1: worker 0 still SLEEPING. r2, r3, r4: searchers, sleepers and reserve at the end.
 */
@JCStressTest
@Outcome(id = "0, 1, 0, 1", expect = ACCEPTABLE, desc = "worker 0 was woken (by the publisher or by the leaving spare)")
@Outcome(id = "1, 0, 1, 1", expect = FORBIDDEN, desc = "LOST WAKE-UP: task queued, nobody searching, worker 0 asleep")
@Outcome(expect = FORBIDDEN, desc = "inconsistent accounting or a double wake")
@State
public class SpareLeaveHandOver {

    private final SleepCoordinator coordinator = new SleepCoordinator(1, 1, 2, i -> { });
    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(1);

    public SpareLeaveHandOver() {
        coordinator.register(0, ParkWakeDekker.NOBODY);
        coordinator.register(1, ParkWakeDekker.NOBODY);
        coordinator.workerPrepareSleep(0, false);          // worker 0 is asleep
        if (coordinator.activateSpare() != 1) {            // the spare is out, searching
            throw new IllegalStateException("spare not activated");
        }
    }

    @Actor
    public void spareLeaves() {
        coordinator.spareLeave(1, true, () -> !deque.isEmpty());
    }

    @Actor
    public void publisher() {
        deque.push(Codes.A);                               // P1
        coordinator.workPublished(-1);                     // P2, P3
    }

    @Arbiter
    public void after(IIII_Result r) {
        r.r1 = coordinator.isSleeping(0) ? 1 : 0;
        long w = coordinator.controlWord();
        r.r2 = ControlWord.searching(w);
        r.r3 = ControlWord.sleepers(w);
        r.r4 = ControlWord.reserve(w);
    }
}
