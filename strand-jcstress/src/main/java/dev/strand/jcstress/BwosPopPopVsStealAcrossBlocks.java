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
 * A BWoS deque of two-slot blocks holds A and B (oldest) in a granted block and C in the owner's
 * block. The owner pops twice: C from its own block with no atomic instruction, then, across the
 * block boundary, B by taking the granted block back; a thief steals once, A, unless the owner's
 * takeover came first (A is then the owner's, and the thief finds nothing stealable).
 *
 * <p>r1, r2: the owner's pops (1 = A, 2 = B, 3 = C, 0 = null). r3: the steal (1 = A, 2 = B,
 * 0 = Empty, -1 = Retry). r4: size afterwards.
 */
@JCStressTest
@Outcome(id = "3, 2, 1, 0", expect = ACCEPTABLE, desc = "owner took C and B, thief took A")
@Outcome(id = "3, 2, 0, 1", expect = ACCEPTABLE, desc = "owner took the block back first; A is the owner's")
@Outcome(id = "3, 2, -1, 1", expect = ACCEPTABLE_INTERESTING, desc = "thief read A, lost to the takeover")
@Outcome(expect = FORBIDDEN, desc = "an element lost or duplicated, B stolen before A, or inconsistent size")
@State
public class BwosPopPopVsStealAcrossBlocks {

    private final BwosDeque<Object> deque = new BwosDeque<>(4, 2);

    public BwosPopPopVsStealAcrossBlocks() {
        deque.push(Codes.A);
        deque.push(Codes.B);
        deque.push(Codes.C);                      // block 0 [A B] granted, block 1 [C]
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
