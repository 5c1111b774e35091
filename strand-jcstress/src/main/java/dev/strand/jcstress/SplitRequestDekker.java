package dev.strand.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.steal.SplitRequest;
import java.util.function.BooleanSupplier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The split request's Dekker pairing. An owner that has just offered work clears its pending
 * request unless the sleep control word counts a worker idle (the clear, a full fence, a read of
 * the word); concurrently a worker registers as a sleeper (S2, an atomic add to the word) and then
 * asks (as an idle worker does before it parks). Either the owner's read sees the sleeper and
 * keeps the request, or the ask comes after the clear; never a sleeper whose request was wiped
 * (it would stay parked while the owner, asked by nobody, never splits).
 *
 * <p>r1: the request is pending at the end. r2: sleepers in the control word at the end.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the sleeper's request stands")
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "LOST REQUEST: a sleeper, and nobody asks its owner to split")
@Outcome(expect = FORBIDDEN, desc = "inconsistent accounting")
@State
public class SplitRequestDekker {

    private final SleepCoordinator coordinator = new SleepCoordinator(2, 2);
    private final SplitRequest request = new SplitRequest();
    private final BooleanSupplier anyIdle = () -> {
        long w = coordinator.controlWord();
        return ControlWord.searching(w) != 0 || ControlWord.sleepers(w) != 0;
    };

    public SplitRequestDekker() {
        request.ask();                                     // an earlier request, now answered
    }

    @Actor
    public void owner() {
        request.clearUnlessIdle(anyIdle);                  // after an offer
    }

    @Actor
    public void idle() {
        coordinator.workerPrepareSleep(1, false);          // S2: counted asleep
        request.ask();                                     // then asks, before it parks
    }

    @Arbiter
    public void after(II_Result r) {
        r.r1 = request.asked() ? 1 : 0;
        r.r2 = ControlWord.sleepers(coordinator.controlWord());
    }
}
