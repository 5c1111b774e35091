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
 * The idle protocol's Dekker pairing. A worker that was not searching registers as a sleeper (S2)
 * and re-scans its victim's deque (S3); concurrently a publisher pushes onto that deque (P1) and calls
 * {@code workPublished} (P2 fence, P3 read of the control word). Either the re-scan sees the task or
 * the publisher sees the sleeper and claims it; never neither (a lost wake-up).
 *
 * <p>r1: the re-scan saw the task (the worker then cancels its sleep). r2: the worker is still
 * SLEEPING at the end. r3, r4: searchers and sleepers in the control word at the end.
 */
@JCStressTest
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "re-scan saw the task; the worker searches (cancelled or claimed)")
@Outcome(id = "0, 0, 1, 0", expect = ACCEPTABLE, desc = "re-scan missed it; the publisher claimed the sleeper")
@Outcome(id = "0, 1, 0, 1", expect = FORBIDDEN, desc = "LOST WAKE-UP: task unseen and the worker still asleep")
@Outcome(expect = FORBIDDEN, desc = "inconsistent accounting")
@State
public class ParkWakeDekker {

    /** Registered as the worker's thread: never started, so unparking it does nothing. */
    static final Thread NOBODY = new Thread(() -> { }, "never-started");

    private final SleepCoordinator coordinator = new SleepCoordinator(1, 1);
    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(1);

    public ParkWakeDekker() {
        coordinator.register(0, NOBODY);
    }

    @Actor
    public void sleeper(IIII_Result r) {
        coordinator.workerPrepareSleep(0, false);          // S2
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
