package dev.strand.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.strand.internal.deque.BwosDeque;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A BWoS deque of one-slot blocks whose only element, A, sits in a granted block; the owner's own
 * block is empty. The owner's pop takes the granted block back (its exchange of {@code reserved},
 * B3) while a thief steals from it (its CAS of {@code reserved}, B4): exactly one gets A.
 *
 * <p>r1: owner's pop (1 = A, 0 = null). r2: thief's steal (1 = Success, 0 = Empty, -1 = Retry).
 * r3: size afterwards.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "owner took the block back; thief found the owner's block")
@Outcome(id = "1, -1, 0", expect = ACCEPTABLE_INTERESTING, desc = "owner took the block back after the thief read it (Retry)")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "thief stole A; owner found the block drained")
@Outcome(expect = FORBIDDEN, desc = "both got it, neither got it, or the deque is left inconsistent")
@State
public class BwosPopVsStealLastElement {

    private final BwosDeque<Object> deque = new BwosDeque<>(2, 1);

    public BwosPopVsStealLastElement() {
        deque.push(Codes.A);
        deque.push(Codes.B);                      // block 0 full: granted; B opens block 1
        deque.pop();                              // B: the owner's block is empty again
    }

    @Actor
    public void owner(III_Result r) {
        r.r1 = Codes.of(deque.pop());
    }

    @Actor
    public void thief(III_Result r) {
        r.r2 = Codes.of(deque.steal());
    }

    @Arbiter
    public void after(III_Result r) {
        r.r3 = deque.size();
    }
}
