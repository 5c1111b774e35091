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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A deque holds A (oldest) and B. The owner pops once; two thieves steal once each. The thieves race
 * each other for A on top; if one gets A, the owner and the other thief race for B, the last element.
 *
 * <p>r1: the pop (1 = A, 2 = B, 0 = null). r2, r3: the steals (1 = A, 2 = B, 0 = Empty,
 * -1 = Retry). r4: size afterwards.
 */
@JCStressTest
@Outcome(id = {"2, 1, 0, 0", "2, 0, 1, 0"}, expect = ACCEPTABLE, desc = "owner took B, a thief took A, the other saw empty")
@Outcome(id = {"2, 1, -1, 0", "2, -1, 1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "owner took B, a thief took A, the other lost a CAS")
@Outcome(id = {"0, 1, 2, 0", "0, 2, 1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "the thieves took both; the owner lost B")
@Outcome(expect = FORBIDDEN, desc = "an element lost or duplicated, the owner took A, or inconsistent size")
@State
public class PopVsTwoThievesTwoElements {

    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(2);

    public PopVsTwoThievesTwoElements() {
        deque.push(Codes.A);
        deque.push(Codes.B);
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
