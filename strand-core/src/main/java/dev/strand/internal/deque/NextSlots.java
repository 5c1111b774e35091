package dev.strand.internal.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One slot per worker for the task it submitted last: Go's {@code runnext} ({@code runqput} with
 * {@code next = true} in Go's proc.go). A task that submits another and then ends, as an
 * asynchronous chain does at every step, has its successor run next on the same worker instead
 * of racing a woken thief for it.
 *
 * <p>Protocol, per slot {@code i}:
 * <ul>
 *   <li>Only worker {@code i} stores a task ({@link #put}); it receives the task it displaced and
 *       pushes that onto its deque, so a displaced task is never lost.</li>
 *   <li>Worker {@code i} takes its task back with {@link #take}; a thief takes it with
 *       {@link #steal}, a compare-and-set from the task it saw to null. Exactly one of them gets
 *       it: both are atomic read-modify-writes of the same slot.</li>
 *   <li>A thief waits a short grace before it steals ({@code Worker}), as Go's thief sleeps 3 us
 *       first: the owner usually ends its task and takes the successor itself within that time.</li>
 * </ul>
 * Invariant: a task is in at most one place at a time: a slot, a deque, or a thread that took it.
 *
 * <p>The slots are 128 bytes apart, so that a thief's reads of one slot do not contend with the
 * writes of a neighbour's owner (adjacent-line prefetch pairs 64-byte lines).
 */
public final class NextSlots {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Runnable[].class);
    /** Elements between two slots: 128 bytes with 4-byte (compressed) references, 256 with 8. */
    private static final int STRIDE = 32;

    private final Runnable[] slots;
    private final int size;

    /** @param size the number of slots (workers), {@code >= 0} */
    public NextSlots(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0, got " + size);
        }
        this.size = size;
        this.slots = new Runnable[(size + 2) * STRIDE];   // a stride of padding at each end
    }

    /** @return the number of slots */
    public int size() {
        return size;
    }

    private static int at(int i) {
        return (i + 1) * STRIDE;
    }

    /**
     * Owner only: puts {@code t} in slot {@code i}. A volatile read-modify-write: it publishes
     * {@code t}'s contents to a thief's acquire, and orders the store before the caller's read of
     * the sleep control word (the Dekker pairing of a publish with a sleeper's re-scan).
     *
     * @return the task {@code t} displaced, for the caller's deque, or null
     */
    public Runnable put(int i, Runnable t) {
        assert t != null;
        return (Runnable) SLOT.getAndSet(slots, at(i), t);
    }

    /**
     * Owner only: takes the task in slot {@code i}. Only the owner stores non-null values, so a
     * plain-order read that sees null is exact and the common case costs one load.
     *
     * @return the task, or null if the slot is empty or a thief took it
     */
    public Runnable take(int i) {
        int k = at(i);
        if (SLOT.getOpaque(slots, k) == null) {
            return null;
        }
        return (Runnable) SLOT.getAndSet(slots, k, null);
    }

    /** @return the task in slot {@code i} now (acquire), or null; it may be gone a moment later */
    public Runnable peek(int i) {
        return (Runnable) SLOT.getAcquire(slots, at(i));
    }

    /**
     * A thief takes {@code seen} from slot {@code i}, if it is still there.
     *
     * @return whether this caller took it
     */
    public boolean steal(int i, Runnable seen) {
        return seen != null && SLOT.compareAndSet(slots, at(i), seen, null);
    }

    /** @return whether any slot holds a task (a volatile read of each: the sleep protocol's re-scan) */
    public boolean anyFull() {
        for (int i = 0; i < size; i++) {
            if (SLOT.getVolatile(slots, at(i)) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Empties slot {@code i} for someone other than its owner (a shutdown draining the pool).
     *
     * @return what it held, or null
     */
    public Runnable drain(int i) {
        return (Runnable) SLOT.getAndSet(slots, at(i), null);
    }
}
