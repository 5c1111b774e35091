package dev.strand.internal.sleep;

import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import dev.strand.internal.stack.StackReserve;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model checks the sleep protocol of {@link SleepCoordinator} (the package essay's S0-S3 and P1-P3)
 * with two workers and an external publisher, over every interleaving Lincheck explores.
 *
 * <p>The model: published work is a counter. A worker's {@code step} is one turn of the real loop
 * ({@code Worker.step} and {@code idle}): take work if any (stopping its search, S1, if it was
 * searching), else start searching if the cap allows, look once more, register as a sleeper (S2),
 * re-scan, and cancel the sleep (S3a) or park (S3b). Parking is modelled as a state: a parked
 * worker's later steps do nothing until a waker has moved its state back to awake, when it resumes
 * counted as a searcher, as the real one does after {@code workerPark} returns. {@code publish} is
 * an external submission, P1 (add work) followed by {@link SleepCoordinator#workPublished}; a
 * worker's {@code fork} is the same from a worker running a task (a push onto its empty deque).
 *
 * <p>After the operations, {@link #protocolInvariants} checks, at a moment when nothing is in flight:
 * <ul>
 *   <li>accounting: the control word counts exactly the workers whose state is sleeping as sleepers,
 *       and exactly the awake workers the model counts as searching (searching, or woken and not yet
 *       resumed) as searchers;</li>
 *   <li>no lost wake-up: if work remains, some worker is awake;</li>
 *   <li>hand-over: if work remains and a worker sleeps, some worker searches (a publisher or the
 *       last searcher woke one).</li>
 * </ul>
 *
 * <p>The model checker explores sequentially consistent interleavings only, so the fences' role
 * (the Dekker pairing under the Java memory model) is {@code strand-jcstress}'s to check. Against
 * the protocol's logic, the test is known to catch these mutants of {@link SleepCoordinator}:
 * <ul>
 *   <li>a mutant whose {@code workPublished} fences but never wakes fails it (hand-over);</li>
 *   <li>a mutant whose {@code wakeOne} claims a sleeper without taking the search token fails it
 *       (the woken worker is not counted as searching);</li>
 *   <li>a mutant whose {@code workerStopSearching} never hands the search over fails it.</li>
 * </ul>
 * Not caught: a {@code wakeOne} that gives up after a failed claim instead of retrying (the race
 * needs about six context switches; random scenarios do not reach it), and a missing fence.
 */
public class SleepProtocolLincheckTest {

    private static final int WORKERS = 2;

    private final SleepCoordinator sleep = new SleepCoordinator(WORKERS, 1);
    /** Published, unclaimed work items. */
    private final AtomicInteger work = new AtomicInteger();
    /** Per worker, touched only by that worker's steps: counted as searching. */
    private final boolean[] searching = new boolean[WORKERS];
    /** Per worker: registered as a sleeper, found nothing, and parked. */
    private final boolean[] parked = new boolean[WORKERS];

    @Operation(nonParallelGroup = "worker0")
    public void step0() {
        step(0);
    }

    @Operation(nonParallelGroup = "worker1")
    public void step1() {
        step(1);
    }

    @Operation(nonParallelGroup = "worker0")
    public void fork0() {
        fork(0);
    }

    @Operation(nonParallelGroup = "worker1")
    public void fork1() {
        fork(1);
    }

    /** P1-P3: an external submission. */
    @Operation
    public void publish() {
        work.incrementAndGet();
        sleep.workPublished(-1);
    }

    private void step(int i) {
        sleep.register(i, Thread.currentThread());
        if (parked[i]) {
            if (sleep.isSleeping(i)) {
                return;                                   // still parked: nobody woke it
            }
            parked[i] = false;
            searching[i] = true;                          // the waker handed it the search token
        }
        if (tryTake(i)) {
            return;
        }
        if (!searching[i]) {
            searching[i] = sleep.workerTryStartSearching();   // S0
        }
        if (searching[i] && tryTake(i)) {
            return;                                       // the search found work
        }
        sleep.workerPrepareSleep(i, searching[i]);        // S2
        searching[i] = false;
        if (workVisible()) {
            sleep.workerCancelSleep(i);                   // S3a: a searcher again
            searching[i] = true;
            return;
        }
        parked[i] = true;                                 // S3b
    }

    /**
     * P1-P3 from a worker running a task: a push onto its empty deque. A parked or searching worker
     * runs no task, so it forks nothing.
     */
    private void fork(int i) {
        if (parked[i] || searching[i]) {
            return;
        }
        work.incrementAndGet();
        sleep.workPublished(i);
    }

    /** Takes one work item if there is one; a searcher that found work stops searching (S1). */
    private boolean tryTake(int i) {
        for (int n = work.get(); n > 0; n = work.get()) {
            if (work.compareAndSet(n, n - 1)) {
                if (searching[i]) {
                    searching[i] = false;
                    sleep.workerStopSearching(i, this::workVisible);
                }
                return true;
            }
        }
        return false;
    }

    private boolean workVisible() {
        return work.get() > 0;
    }

    @Validate
    public void protocolInvariants() {
        int sleepers = 0;
        int searchers = 0;
        for (int i = 0; i < WORKERS; i++) {
            boolean asleep = sleep.isSleeping(i);
            if (asleep) {
                sleepers++;
            }
            if (searching[i] || (parked[i] && !asleep)) {
                searchers++;
            }
        }
        long c = sleep.controlWord();
        String state = ControlWord.toString(c) + ", model: sleepers=" + sleepers + " searchers="
                + searchers + ", work=" + work.get();
        if (ControlWord.sleepers(c) != sleepers || ControlWord.searching(c) != searchers) {
            throw new IllegalStateException("control word miscounts: " + state);
        }
        if (work.get() > 0 && sleepers == WORKERS) {
            throw new IllegalStateException("lost wake-up: work remains and every worker sleeps: " + state);
        }
        if (work.get() > 0 && sleepers > 0 && searchers == 0) {
            throw new IllegalStateException("work remains, a worker sleeps and nobody searches: " + state);
        }
    }

    @Test
    void modelCheck() {
        options().iterations(20).invocationsPerIteration(1_000)
                .threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(2)
                .check(SleepProtocolLincheckTest.class);
    }

    private static ModelCheckingOptions options() {
        // The stack probe is a plain recursion with no shared state: one step for the checker.
        return new ModelCheckingOptions()
                .addGuarantee(forClasses(StackReserve.class.getName()).allMethods().ignore());
    }
}
