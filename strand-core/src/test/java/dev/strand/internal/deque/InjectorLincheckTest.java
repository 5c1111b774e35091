package dev.strand.internal.deque;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of {@link Injector} against a sequential FIFO queue: pushes, single steals and
 * batch steals from any thread. The injector starts with capacity 2 so that a few pushes grow it
 * while consumers may still read the old array, and wrap slots around; values come from a small
 * range, so the same boxed {@code Integer} is often queued twice (slot reuse must tolerate it).
 */
@Param(name = "value", gen = IntGen.class, conf = "1:4")
public class InjectorLincheckTest {

    private final Injector<Integer> queue = new Injector<>(2);

    @Operation
    public void push(@Param(name = "value") int value) {
        queue.push(value);
    }

    @Operation
    public Integer steal() {
        return queue.steal();
    }

    /** A batch of at most 3 into a fresh deque of the caller's, then drained in order. */
    @Operation
    public List<Integer> stealBatch() {
        ChaseLevDeque<Integer> mine = new ChaseLevDeque<>(1);
        List<Integer> got = new ArrayList<>();
        Integer x = queue.stealBatchAndPop(mine, 3, 1);
        while (x != null) {
            got.add(x);
            x = mine.pop();
        }
        return got;
    }

    /** The sequential specification: a FIFO queue; a batch takes min(3, size) from the head. */
    public static final class Spec {
        private final ArrayDeque<Integer> q = new ArrayDeque<>();

        public void push(int value) {
            q.addLast(value);
        }

        public Integer steal() {
            return q.pollFirst();
        }

        public List<Integer> stealBatch() {
            List<Integer> got = new ArrayList<>();
            for (int i = 0; i < 3 && !q.isEmpty(); i++) {
                got.add(q.pollFirst());
            }
            return got;
        }
    }

    @Test
    void modelChecking() {
        // 400 interleavings per scenario: the producers' spin lock makes each one long to explore
        // (1 000 took 70 s of the build); the stress test below runs the same scenarios for real.
        LincheckRuns.modelCheck(InjectorLincheckTest.class, Spec.class, 400);
    }

    @Test
    void stress() {
        LincheckRuns.stress(InjectorLincheckTest.class, Spec.class);
    }
}
