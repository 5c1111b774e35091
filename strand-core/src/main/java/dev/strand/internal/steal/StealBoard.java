package dev.strand.internal.steal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The leapfrogging board of one pool: for each worker, the stolen task it is running (innermost)
 * and the index its deque would push at when it started that task (see the package essay).
 *
 * <p>Slots are a cache line apart, in arrays of their own, away from the workers' counters. A
 * worker writes only its own slot pair: the base with a plain store, then the task with release;
 * a reader reads the task with acquire, then the base. Invariant: a base read after its task
 * belongs to that task's record, or to a later one (then the re-check after the steal fails).
 */
public final class StealBoard {
    /** Spacing of task slots: 16 references span a 64-byte line (or more). */
    static final int TASK_SPACING = 16;
    /** Spacing of base slots: 8 longs are a 64-byte line. */
    static final int BASE_SPACING = 8;

    private static final VarHandle TASKS = MethodHandles.arrayElementVarHandle(Runnable[].class);

    /** Slot {@code TASK_SPACING * i}: worker i's current steal, or null. */
    private final Runnable[] tasks;
    /** Slot {@code BASE_SPACING * i}: the push index of worker i's deque when that steal started. */
    private final long[] bases;
    private final int workers;

    /** @param workers the pool's parallelism, {@code >= 1} */
    public StealBoard(int workers) {
        assert workers >= 1;
        this.workers = workers;
        this.tasks = new Runnable[workers * TASK_SPACING];
        this.bases = new long[workers * BASE_SPACING];
    }

    /** @return how many workers the board has slots for */
    public int workers() {
        return workers;
    }

    /**
     * Marks {@code t} as worker {@code i}'s current steal, its descendants pushed from {@code base}
     * on: the base first, then the task with release (pairs with the acquire in {@link #running}).
     * Also restores an enclosing steal's record after a helping run. Owner {@code i} only.
     */
    public void record(int i, Runnable t, long base) {
        bases[i * BASE_SPACING] = base;
        TASKS.setRelease(tasks, i * TASK_SPACING, t);
    }

    /** Worker {@code i} no longer runs a steal. Owner {@code i} only. */
    public void clear(int i) {
        TASKS.setRelease(tasks, i * TASK_SPACING, null);
    }

    /** Clears worker {@code i}'s record, base included (its recovery after an error). Owner only. */
    public void reset(int i) {
        bases[i * BASE_SPACING] = 0L;
        TASKS.setRelease(tasks, i * TASK_SPACING, null);
    }

    /**
     * Clears worker {@code i}'s record if it is {@code t}: run by a thief just before it completes
     * a join frame, whose owner may reuse the frame as soon as it sees it complete; a record left
     * behind would let a joiner of the frame's next use take this deque's tasks for its
     * descendants. Owner {@code i} only.
     */
    public void clearIf(int i, Runnable t) {
        if (tasks[i * TASK_SPACING] == t) {
            TASKS.setRelease(tasks, i * TASK_SPACING, null);
        }
    }

    /** @return worker {@code i}'s own current steal (a plain read: owner {@code i} only) */
    public Runnable own(int i) {
        return tasks[i * TASK_SPACING];
    }

    /** @return worker {@code i}'s own current base (a plain read: owner {@code i} only) */
    public long ownBase(int i) {
        return bases[i * BASE_SPACING];
    }

    /** @return the stolen task worker {@code i} runs now, or null (acquire; any thread) */
    public Runnable running(int i) {
        return (Runnable) TASKS.getAcquire(tasks, i * TASK_SPACING);
    }

    /**
     * @return the base of worker {@code i}'s record; read after {@link #running}, whose acquire
     *     pairs with the release of {@link #record} that follows the base's store
     */
    public long base(int i) {
        return bases[i * BASE_SPACING];
    }
}
