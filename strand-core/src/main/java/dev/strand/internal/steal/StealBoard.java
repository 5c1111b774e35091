package dev.strand.internal.steal;

import dev.strand.internal.victim.Locality;
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

    /** Spacing of thief words: 16 ints are a 64-byte line. */
    static final int THIEF_SPACING = 16;

    private static final VarHandle TASKS = MethodHandles.arrayElementVarHandle(Runnable[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    /** Slot {@code TASK_SPACING * i}: worker i's current steal, or null. */
    private final Runnable[] tasks;
    /** Slot {@code BASE_SPACING * i}: the push index of worker i's deque when that steal started. */
    private final long[] bases;
    /**
     * Slot {@code THIEF_SPACING * i}: the last two thieves of worker i's work ({@link Thieves});
     * written by thieves, read by worker i. Null when steal-back is off.
     */
    private final int[] thieves;
    private final int workers;
    private final Locality locality;
    /**
     * Slot {@link #BACKED_OFF}: how many workers are backed off after tiny steals ({@link StealPace}),
     * alone on its line; written as workers enter and leave the back-off, read at owners' pop-backs.
     */
    private final int[] backedOff = new int[2 * THIEF_SPACING];
    private static final int BACKED_OFF = THIEF_SPACING;

    /** @param workers the pool's parallelism, {@code >= 1} */
    public StealBoard(int workers) {
        this(workers, null);
    }

    /**
     * @param workers  the pool's worker slots, {@code >= 1}
     * @param locality the pool's locality settings, or null for none: with steal-back, the board
     *                 keeps the thieves of each worker's work
     */
    public StealBoard(int workers, Locality locality) {
        assert workers >= 1;
        this.workers = workers;
        this.locality = locality;
        this.tasks = new Runnable[workers * TASK_SPACING];
        this.bases = new long[workers * BASE_SPACING];
        this.thieves = locality != null && locality.stealBack() ? new int[workers * THIEF_SPACING] : null;
    }

    /** @return the pool's locality settings (its workers' victim plans), or null for none */
    public Locality locality() {
        return locality;
    }

    /**
     * Records {@code thief} as the latest thief of {@code victim}'s work, after a successful steal.
     * Racy by design: the word is a hint, two thieves storing at once may lose one entry, and the
     * line is written only when the word changes (a thief that steals from the same victim again
     * reads it and leaves it shared). Opaque accesses: no ordering is needed, only no tearing and no
     * hoisting.
     */
    public void noteThief(int victim, int thief) {
        int i = victim * THIEF_SPACING;
        int w = (int) INTS.getOpaque(thieves, i);
        int n = Thieves.push(w, thief);
        if (n != w) {
            INTS.setOpaque(thieves, i, n);
        }
    }

    /** A worker entered ({@code +1}) or left ({@code -1}) the back-off after tiny steals. */
    void backOff(int delta) {
        INTS.getAndAdd(backedOff, BACKED_OFF, delta);
    }

    /**
     * @param others how many other workers could take an offer
     * @return whether all of them are backed off after tiny steals (opaque: a hint)
     */
    public boolean othersBackedOff(int others) {
        return (int) INTS.getOpaque(backedOff, BACKED_OFF) >= others;
    }

    /** @return the {@link Thieves} word of worker {@code i}'s work (opaque; any thread) */
    public int thieves(int i) {
        return (int) INTS.getOpaque(thieves, i * THIEF_SPACING);
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
