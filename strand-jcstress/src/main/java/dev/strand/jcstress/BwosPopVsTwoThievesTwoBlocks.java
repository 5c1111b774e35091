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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A BWoS deque of one-slot blocks holds A (oldest) and B in two granted blocks; the owner's block
 * is empty. The owner pops once (taking B's block back); two thieves steal once each. The thieves
 * race for A, the one that drains A's block moves the thieves' block counter on, and then a thief
 * and the owner race for B.
 *
 * <p>r1: the pop (1 = A, 2 = B, 0 = null). r2, r3: the steals (1 = A, 2 = B, 0 = Empty,
 * -1 = Retry). r4: size afterwards.
 */
@JCStressTest
@Outcome(id = {"2, 1, 0, 0", "2, 0, 1, 0"}, expect = ACCEPTABLE, desc = "owner took B, a thief took A, the other found nothing")
@Outcome(id = {"2, 1, -1, 0", "2, -1, 1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "owner took B, a thief took A, the other lost a CAS")
@Outcome(id = {"0, 1, 2, 0", "0, 2, 1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "the thieves took both; the owner found B's block drained")
@Outcome(expect = FORBIDDEN, desc = "an element lost or duplicated, the owner took A, or inconsistent size")
@State
public class BwosPopVsTwoThievesTwoBlocks {

    private final BwosDeque<Object> deque = new BwosDeque<>(4, 1);

    public BwosPopVsTwoThievesTwoBlocks() {
        deque.push(Codes.A);
        deque.push(Codes.B);
        deque.push(Codes.C);                      // [A] and [B] granted, [C] the owner's
        deque.pop();                              // C
    }

    @Actor
    public void owner(IIII_Result r) {
        r.r1 = Codes.of(deque.pop());
    }

    @Actor
    public void thief1(IIII_Result r) {
        r.r2 = Codes.of(deque.steal());
    }

    @Actor
    public void thief2(IIII_Result r) {
        r.r3 = Codes.of(deque.steal());
    }

    @Arbiter
    public void after(IIII_Result r) {
        r.r4 = deque.size();
    }
}
