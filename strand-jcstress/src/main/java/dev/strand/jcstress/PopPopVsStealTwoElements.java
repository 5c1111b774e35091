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
 * A deque holds A (oldest) and B. The owner pops twice; a thief steals once. The owner's first pop
 * takes B without a CAS (no thief can reach it); its second pop and the steal race for A.
 *
 * <p>r1, r2: the owner's pops (1 = A, 2 = B, 0 = null). r3: the steal (1 = A, 2 = B, 0 = Empty,
 * -1 = Retry). r4: size afterwards.
 */
@JCStressTest
@Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "owner took both; thief saw empty")
@Outcome(id = "2, 1, -1, 0", expect = ACCEPTABLE_INTERESTING, desc = "owner took both; thief lost the CAS for A")
@Outcome(id = "2, 0, 1, 0", expect = ACCEPTABLE, desc = "owner took B, thief took A")
@Outcome(expect = FORBIDDEN, desc = "an element lost or duplicated, B stolen before A, or inconsistent size")
@State
public class PopPopVsStealTwoElements {

    private final ChaseLevDeque<Object> deque = new ChaseLevDeque<>(2);

    public PopPopVsStealTwoElements() {
        deque.push(Codes.A);
        deque.push(Codes.B);
    }

    @Actor
    public void owner(IIII_Result r) {
        r.r1 = Codes.of(deque.pop());
        r.r2 = Codes.of(deque.pop());
    }

    @Actor
    public void thief(IIII_Result r) {
        r.r3 = Codes.of(deque.steal());
    }

    @Arbiter
    public void after(IIII_Result r) {
        r.r4 = deque.size();
    }
}
