package dev.strand.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.strand.internal.deque.ChaseLevDeque;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The owner pops and a thief steals the only element of a deque: the pop's F2 fence and the steal's
 * F3 fence, and the CAS on top (F4) they both use for the last element, must give it to exactly one.
 *
 * <p>r1: owner's pop (1 = the element, 0 = null). r2: thief's steal (1 = Success, 0 = Empty,
 * -1 = Retry). r3: size afterwards.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "owner popped it; thief saw an empty deque")
@Outcome(id = "1, -1, 0", expect = ACCEPTABLE_INTERESTING, desc = "owner popped it; thief lost the CAS (Retry)")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "thief stole it; owner found it gone")
@Outcome(expect = FORBIDDEN, desc = "both got it, neither got it, or the deque is left inconsistent")
@State
public class PopVsStealLastElement {

    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(1);

    public PopVsStealLastElement() {
        deque.push(Codes.A);
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
