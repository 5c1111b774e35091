package dev.strand.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.sleep.SleepCoordinator;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The idle protocol's Dekker pairing for external submissions, which skip the explicit P2 fence:
 * the publisher offers to a {@link ConcurrentLinkedQueue} (a CAS: a volatile write) and calls
 * {@code workPublishedByVolatileWrite} (P3, a volatile read of the control word), relying on the
 * total order of volatile accesses. The sleeper registers (S2, a CAS on the control word) and
 * re-scans the queue (S3). Either the re-scan sees the task or the publisher sees the sleeper.
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
public class ParkWakeDekkerExternal {

    /** Registered as the worker's thread: never started, so unparking it does nothing. */
    static final Thread NOBODY = new Thread(() -> { }, "never-started");

    private final SleepCoordinator coordinator = new SleepCoordinator(1, 1);
    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();

    public ParkWakeDekkerExternal() {
        coordinator.register(0, NOBODY);
    }

    @Actor
    public void sleeper(IIII_Result r) {
        coordinator.workerPrepareSleep(0, false);          // S2
        boolean saw = !queue.isEmpty();                    // S3: re-scan
        if (saw) {
            coordinator.workerCancelSleep(0);              // S3a
        }
        r.r1 = saw ? 1 : 0;
    }

    @Actor
    public void publisher() {
        queue.offer(Codes.A);                              // P1 (a CAS)
        coordinator.workPublishedByVolatileWrite(-1);      // P3, no fence
    }

    @Arbiter
    public void after(IIII_Result r) {
        r.r2 = coordinator.isSleeping(0) ? 1 : 0;
        long w = coordinator.controlWord();
        r.r3 = ControlWord.searching(w);
        r.r4 = ControlWord.sleepers(w);
    }
}
