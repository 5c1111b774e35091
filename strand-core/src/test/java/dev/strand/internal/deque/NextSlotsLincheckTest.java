package dev.strand.internal.deque;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of one {@link NextSlots} slot against a sequential cell: the owner puts (getting
 * the displaced task back) and takes; thieves steal what they saw, so that a task is never taken
 * twice and never vanishes. A thief's steal is specified as "take the cell's value if any".
 */
@Param(name = "value", gen = IntGen.class, conf = "1:4")
public class NextSlotsLincheckTest {

    private final NextSlots slots = new NextSlots(1);

    /** A distinct Runnable per value, so that a steal of a stale sighting is visible. */
    private static Runnable task(int v) {
        return new Tagged(v);
    }

    private record Tagged(int v) implements Runnable {
        @Override
        public void run() { }
    }

    private static Integer value(Runnable r) {
        return r == null ? null : ((Tagged) r).v();
    }

    @Operation(nonParallelGroup = "owner")
    public Integer put(@Param(name = "value") int value) {
        return value(slots.put(0, task(value)));
    }

    @Operation(nonParallelGroup = "owner")
    public Integer take() {
        return value(slots.take(0));
    }

    @Operation
    public Integer steal() {
        while (true) {
            Runnable seen = slots.peek(0);
            if (seen == null) {
                return null;
            }
            if (slots.steal(0, seen)) {
                return value(seen);
            }
        }
    }

    /** The sequential specification: one cell. */
    public static final class Spec {
        private Integer cell;

        public Integer put(int value) {
            Integer old = cell;
            cell = value;
            return old;
        }

        public Integer take() {
            Integer old = cell;
            cell = null;
            return old;
        }

        public Integer steal() {
            return take();
        }
    }

    @Test
    void modelChecking() {
        // One cell and three operations: 300 interleavings per scenario cover its races.
        LincheckRuns.modelCheck(NextSlotsLincheckTest.class, Spec.class, 300);
    }

    @Test
    void stress() {
        LincheckRuns.stress(NextSlotsLincheckTest.class, Spec.class);
    }
}
