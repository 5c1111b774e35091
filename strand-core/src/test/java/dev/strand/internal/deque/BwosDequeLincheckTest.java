package dev.strand.internal.deque;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.List;

import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of {@link BwosDeque} against a sequential block-based deque, with Lincheck's
 * model checker (systematic interleavings) and its stress strategy (real threads).
 *
 * <p>Owner operations ({@code push}, {@code pop}, {@code askToShare}) form one non-parallel group;
 * {@code steal} runs anywhere and retries a lost race (see {@link Steals}). The specification is the
 * BWoS deque's abstract behaviour, not its code: the owner's block holds the newest elements, which
 * are private; a full block, or a request, grants it (its elements become stealable, oldest first)
 * and opens a fresh block; a pop from an empty block takes back what the thieves left of the newest
 * granted block. Thieves' own requests are switched off (see {@link BwosDeque#thievesRequest}); a
 * request is the owner operation {@code askToShare}, which exercises the same grants under every
 * interleaving.
 *
 * <p>Four blocks of two slots: a handful of pushes crosses several block boundaries, fills the
 * deque (a refused push is part of the specification: the deque is full when the block the owner
 * would open next still holds stealable elements) and reuses blocks (round wrap-around).
 */
@Param(name = "value", gen = IntGen.class, conf = "1:4")
public class BwosDequeLincheckTest {

    private static final int NB = 4;
    private static final int NE = 2;

    private final BwosDeque<Integer> deque = new BwosDeque<>(NB, NE, true, null);

    public BwosDequeLincheckTest() {
        deque.thievesRequest = false;
    }

    @Operation(nonParallelGroup = "owner")
    public boolean push(@Param(name = "value") int value) {
        return deque.push(value) >= 0;
    }

    @Operation(nonParallelGroup = "owner")
    public Integer pop() {
        return deque.pop();
    }

    @Operation(nonParallelGroup = "owner")
    public void askToShare() {
        deque.askToShare();
    }

    @Operation
    public Integer steal() {
        return Steals.untilSettled(deque);
    }

    /**
     * The sequential block deque. {@code d} holds every element, oldest first; the owner's block
     * holds the newest {@code committed - head}; each granted block records how many of its
     * elements are left to steal, and where its owner stopped ({@code committed}).
     */
    public static final class Spec {
        private final ArrayDeque<Integer> d = new ArrayDeque<>();
        private final ArrayDeque<int[]> granted = new ArrayDeque<>();   // {left, committed}
        private int committed;
        private int head;
        private boolean request;

        public boolean push(int value) {
            if (committed == NE && !grant()) {
                return false;
            }
            d.addLast(value);
            committed++;
            if (request) {
                serve();
            }
            return true;
        }

        public Integer pop() {
            if (committed > head) {
                committed--;
                Integer x = d.pollLast();
                if (request && committed > head) {
                    serve();
                }
                return x;
            }
            int[] newest = granted.peekLast();
            if (newest == null || newest[0] == 0) {
                return null;                      // nothing left to take back
            }
            granted.pollLast();                   // take it over: what is left is private again
            committed = newest[1];
            head = committed - newest[0];
            committed--;
            return d.pollLast();
        }

        public void askToShare() {
            request = true;
        }

        public Integer steal() {
            for (int[] b : granted) {
                if (b[0] > 0) {
                    b[0]--;
                    return d.pollFirst();
                }
            }
            return null;
        }

        private void serve() {
            request = false;
            if (committed > head) {
                grant();
            }
        }

        /**
         * Grants the owner's block and opens the next, unless the deque is full: the blocks from
         * the oldest one with elements to the new one would not fit. Any grant, and any attempt,
         * serves a pending request.
         */
        private boolean grant() {
            request = false;
            while (!granted.isEmpty() && granted.peekFirst()[0] == 0) {
                granted.pollFirst();              // drained: thieves (or the owner) move past it
            }
            if (granted.size() + 2 > NB) {
                return false;
            }
            granted.addLast(new int[] {committed - head, committed});
            committed = 0;
            head = 0;
            return true;
        }
    }

    @Test
    void modelChecking() {
        LincheckRuns.modelCheck(BwosDequeLincheckTest.class, Spec.class);
    }

    /**
     * Hand-written scenarios for the block-boundary races that random scenarios reach less often.
     * <ol>
     *   <li>Takeover against a steal: 1 and 2 fill the first block, 3 grants it; the owner pops 3,
     *       then takes the granted block back while a thief steals from it.</li>
     *   <li>Two thieves across a boundary: a request grants 1 and 2 as two blocks; the thieves must
     *       move their block counter past the drained first one, while the owner takes the second
     *       back.</li>
     * </ol>
     */
    @Test
    void modelCheckingTargetedScenarios() throws NoSuchMethodException {
        ExecutionScenario takeoverVsSteal = new ExecutionScenario(
                List.of(pushActor(1), pushActor(2), pushActor(3)),
                List.of(List.of(actor("pop"), actor("pop")), List.of(actor("steal"))),
                List.of(actor("pop")),
                null);
        ExecutionScenario thievesCrossABoundary = new ExecutionScenario(
                List.of(actor("askToShare"), pushActor(1), actor("askToShare"), pushActor(2)),
                List.of(List.of(actor("pop")), List.of(actor("steal")), List.of(actor("steal"))),
                List.of(actor("pop")),
                null);
        new ModelCheckingOptions()
                .sequentialSpecification(Spec.class)
                .iterations(0)
                .invocationsPerIteration(5_000)
                .addCustomScenario(takeoverVsSteal)
                .addCustomScenario(thievesCrossABoundary)
                .check(BwosDequeLincheckTest.class);
    }

    /**
     * A thief that read a block's {@code reserved} before the owner took the block back, and its
     * {@code committed} after the owner popped it down to where the thieves had stopped, sees the
     * block as drained. By the time it moves {@code thiefBlk} on, the owner may have refilled and
     * granted the block again and granted the next one: moving on then skips the refilled
     * elements, which nobody can take any more. Here 1 and 2 are granted; the owner pops 3, takes
     * the block back and pops 2 and 1, pushes 4 and 5 into it, grants it with 6, and grants 6 and
     * 7 on request. A thief that skipped 4 and 5 steals 6, and the later pops never return 4 and
     * 5.
     */
    @Test
    void modelCheckingATakeoverRefilledUnderAThief() throws NoSuchMethodException {
        ExecutionScenario refilledUnderAThief = new ExecutionScenario(
                List.of(pushActor(1), pushActor(2), pushActor(3), actor("pop")),
                List.of(List.of(actor("pop"), actor("pop"), pushActor(4), pushActor(5),
                        pushActor(6), actor("askToShare"), pushActor(7)),
                        List.of(actor("steal"))),
                List.of(actor("pop"), actor("pop"), actor("pop"), actor("pop")),
                null);
        new ModelCheckingOptions()
                .sequentialSpecification(Spec.class)
                .iterations(0)
                .invocationsPerIteration(20_000)
                .addCustomScenario(refilledUnderAThief)
                .check(BwosDequeLincheckTest.class);
    }

    private static Actor pushActor(int value) throws NoSuchMethodException {
        Method m = BwosDequeLincheckTest.class.getMethod("push", int.class);
        return new Actor(m, List.of(value));
    }

    private static Actor actor(String name) throws NoSuchMethodException {
        return new Actor(BwosDequeLincheckTest.class.getMethod(name), List.of());
    }

    @Test
    void stress() {
        LincheckRuns.stress(BwosDequeLincheckTest.class, Spec.class);
    }
}
