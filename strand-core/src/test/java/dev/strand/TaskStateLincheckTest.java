package dev.strand;

import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import dev.strand.internal.stack.StackReserve;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of a task's one-word state ({@code Task.aux}): completion, failure and
 * cancellation race on one CAS, and callbacks join the waiters' stack on the same word. The task's
 * body is run directly and concurrently ({@code Task.exec()}, with no pool and no claim: the
 * public {@link Task#run()} claims the task first, so only one of several callers would compute
 * it), which stresses the state word harder than any schedule a pool produces.
 *
 * <p>The validation checks what linearizability alone cannot: once the task is done, every
 * callback registered has run exactly once (the completer runs the stack it took after its CAS, so
 * a concurrent count could see a done task with callbacks still to run).
 *
 * <p>With the earlier layout (an int status CASed after a plain store of the outcome), two
 * concurrent runs let the loser's result overwrite the winner's: both checks found
 * it, a ClassCastException from a result read as an exception.
 */
public class TaskStateLincheckTest {

    /** Lincheck creates the test class and its Spec by reflection. */
    public TaskStateLincheckTest() { }

    /** Returns 7, or throws if {@link #fail} ran first. */
    private static final class Probe extends Task<Integer> {
        volatile boolean failing;

        @Override
        protected Integer compute() {
            if (failing) {
                throw new IllegalStateException("probe failed");
            }
            return 7;
        }
    }

    private final Probe task = new Probe();
    private final AtomicInteger registered = new AtomicInteger();
    private final AtomicInteger ran = new AtomicInteger();

    @Operation
    public void run() {
        task.exec();
    }

    /** Runs the task so that it throws (unless it is already done). */
    @Operation
    public void fail() {
        task.failing = true;
        task.exec();
    }

    @Operation
    public boolean cancel() {
        return task.cancel(false);
    }

    @Operation
    public void callback() {
        registered.incrementAndGet();
        task.onDone(ran::incrementAndGet);
    }

    /** @return what a caller sees: "pending", the result, "failed" or "cancelled" */
    @Operation
    public String outcome() {
        if (!task.isDone()) {
            return "pending";
        }
        if (task.isCancelled()) {
            return "cancelled";
        }
        Throwable e = task.exceptionOrNull();
        return e == null ? String.valueOf(task.join()) : "failed";
    }

    @Validate
    public void everyCallbackRanOnceTheTaskIsDone() {
        int want = task.isDone() ? registered.get() : 0;
        if (ran.get() != want) {
            throw new IllegalStateException("done=" + task.isDone() + ": " + ran.get()
                    + " callbacks ran of " + registered.get() + " registered");
        }
    }

    /**
     * The sequential specification: the first of run, fail and cancel decides the outcome; a
     * callback registered on a done task runs at once. ({@code fail} sets its flag even when the
     * task is done, as the concurrent version does: it changes nothing then.)
     */
    public static final class Spec {
        /** Lincheck creates the sequential specification by reflection. */
        public Spec() { }

        private String outcome = "pending";

        public void run() {
            if (outcome.equals("pending")) {
                outcome = "7";
            }
        }

        public void fail() {
            if (outcome.equals("pending")) {
                outcome = "failed";
            }
        }

        public boolean cancel() {
            if (outcome.equals("pending")) {
                outcome = "cancelled";
                return true;
            }
            return outcome.equals("cancelled");
        }

        public void callback() { }

        public String outcome() {
            return outcome;
        }
    }

    @Test
    void modelCheck() {
        // The stack probe is a plain recursion with no shared state: one step for the checker.
        shaped(new ModelCheckingOptions())
                .addGuarantee(forClasses(StackReserve.class.getName()).allMethods().ignore())
                .check(TaskStateLincheckTest.class);
    }

    @Test
    void stress() {
        shaped(new StressOptions()).check(TaskStateLincheckTest.class);
    }

    /** 30 scenarios of three threads, 1 000 runs each: enough for every pair of the five operations. */
    private static <O extends Options<O, ?>> O shaped(O options) {
        return options.sequentialSpecification(Spec.class)
                .iterations(30).invocationsPerIteration(1_000)
                .threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(2);
    }
}
