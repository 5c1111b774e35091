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
 * Linearizability of {@link ChaseLevDeque} against a sequential {@link ArrayDeque}, with Lincheck's
 * model checker (systematic interleavings) and its stress strategy (real threads).
 *
 * <p>Owner operations ({@code push}, {@code pop}) form one non-parallel group, so Lincheck runs all
 * of them on a single thread; {@code steal} runs anywhere. A raw {@link ChaseLevDeque#steal()} may
 * answer {@link Steal.Retry} when it loses a race, which no sequential deque does; the operation
 * therefore retries until it gets {@code Empty} or {@code Success} and is specified as "poll the
 * oldest element, or null if empty". {@code Empty} must be linearizable as a moment when the deque
 * really was empty.
 *
 * <p>The deque starts with capacity 1 so that a handful of pushes exercises growth and reuse of
 * array slots (wrap-around); values come from a small range, so equal boxed {@code Integer}s are
 * often the very same reference (the cache), which the slot clearing must tolerate.
 */
@Param(name = "value", gen = IntGen.class, conf = "1:4")
public class ChaseLevDequeLincheckTest {

    private final ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(1);

    @Operation(nonParallelGroup = "owner")
    public void push(@Param(name = "value") int value) {
        deque.push(value);
    }

    @Operation(nonParallelGroup = "owner")
    public Integer pop() {
        return deque.pop();
    }

    @Operation
    public Integer steal() {
        return Steals.untilSettled(deque);
    }

    /** The sequential specification: a plain deque, pushes and pops at the tail, steals at the head. */
    public static final class Spec {
        private final ArrayDeque<Integer> d = new ArrayDeque<>();

        public void push(int value) {
            d.addLast(value);
        }

        public Integer pop() {
            return d.pollLast();
        }

        public Integer steal() {
            return d.pollFirst();
        }
    }

    @Test
    void modelChecking() {
        LincheckRuns.modelCheck(ChaseLevDequeLincheckTest.class, Spec.class);
    }

    /**
     * Hand-written scenarios for two races that random scenarios reach only rarely; each needs just
     * two or three context switches, so the model checker covers them within a few thousand
     * invocations.
     * <ol>
     *   <li>The steal classification: the thief's attempt loses the race for element 1 to the owner's
     *       own steal, then the owner pushes 3 and steals 2. The deque is never empty during the
     *       thief's call, so the thief must not answer Empty (an emptiness re-check made after the
     *       failed attempt could read bottom before the push and top after the second steal).</li>
     *   <li>Slot reuse with the same reference: a thief wins element 2 of a capacity-1 deque, the
     *       owner pushes the same (cached) {@code Integer} 2 into the recycled slot and pops it. A
     *       thief that cleared "its" slot after winning would erase the new push.</li>
     * </ol>
     */
    @Test
    void modelCheckingTargetedScenarios() throws NoSuchMethodException {
        ExecutionScenario lostRaceIsNotEmpty = new ExecutionScenario(
                List.of(pushActor(1), pushActor(2)),
                List.of(List.of(actor("steal"), pushActor(3), actor("steal")), List.of(actor("steal"))),
                List.of(),
                null);
        ExecutionScenario sameReferenceInRecycledSlot = new ExecutionScenario(
                List.of(pushActor(2)),
                List.of(List.of(pushActor(2), actor("pop")), List.of(actor("steal"))),
                List.of(actor("pop")),
                null);
        new ModelCheckingOptions()
                .sequentialSpecification(Spec.class)
                .iterations(0)
                .invocationsPerIteration(5_000)
                .addCustomScenario(lostRaceIsNotEmpty)
                .addCustomScenario(sameReferenceInRecycledSlot)
                .check(ChaseLevDequeLincheckTest.class);
    }

    private static Actor pushActor(int value) throws NoSuchMethodException {
        Method m = ChaseLevDequeLincheckTest.class.getMethod("push", int.class);
        return new Actor(m, List.of(value));
    }

    private static Actor actor(String name) throws NoSuchMethodException {
        return new Actor(ChaseLevDequeLincheckTest.class.getMethod(name), List.of());
    }

    @Test
    void stress() {
        LincheckRuns.stress(ChaseLevDequeLincheckTest.class, Spec.class);
    }
}
