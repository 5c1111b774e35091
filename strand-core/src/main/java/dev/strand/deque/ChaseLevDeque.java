package dev.strand.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A lock-free work-stealing deque: Chase and Lev, "Dynamic Circular Work-Stealing Deque" (SPAA 2005),
 * with the memory orders of Lê, Pop, Cohen and Zappa Nardelli, "Correct and Efficient Work-Stealing
 * for Weak Memory Models" (PPoPP 2013), expressed with {@link VarHandle}s.
 *
 * <h2>Roles</h2>
 * One thread, the <em>owner</em>, calls {@link #push} and {@link #pop} at the bottom (LIFO). Any
 * thread may call {@link #steal} or {@link #stealBatchAndPop} at the top (FIFO). Owner-only methods
 * say so with an {@code Invariant:} line; calling them from another thread breaks the deque.
 *
 * <h2>Protocol</h2>
 * Elements live in a power-of-two circular array at indices {@code [top, bottom)}. {@code top} only
 * grows, and only by CAS, so a thief's CAS cannot be fooled by ABA. {@code bottom} is written only
 * by the owner. Four fences make it correct on a weak memory model; each is labelled F1..F4 in the
 * code and names the fence it pairs with:
 * <ul>
 *   <li>F1 (push, release): the element store happens-before the new {@code bottom}; pairs with F3's
 *       acquire of {@code bottom}, so a thief that sees the new bottom sees the element.</li>
 *   <li>F2 (pop, full fence between the store of {@code bottom-1} and the load of {@code top}): pairs
 *       with F3. Either the thief sees the decremented bottom and backs off, or the owner sees the
 *       thief's advanced top; both cannot miss each other. This is the one full fence on the owner's
 *       path, and it is on pop, not push (work-first principle).</li>
 *   <li>F3 (steal, full fence between the load of {@code top} and the load of {@code bottom}).</li>
 *   <li>F4 (the CAS on {@code top}, sequentially consistent): all thieves and the owner's last-element
 *       pop agree on one order of top advances; whoever wins the CAS owns the element.</li>
 * </ul>
 *
 * <h2>Memory</h2>
 * The array doubles when full and never shrinks; an old array stays valid for a thief still reading
 * it because it is only replaced, never cleared. Only the owner writes slots: it nulls a slot when it
 * pops the element, and it nulls the slots of stolen elements (every index below {@code top} whose
 * slot it has not refilled) at its next push or pop, so the garbage collector can reclaim finished
 * subtrees. Thieves never write slots: a thief's clearing store could not tell its stolen element
 * from the same reference pushed again into the recycled slot, and would erase the new push.
 *
 * <h2>Steal-half</h2>
 * {@link #stealBatchAndPop} moves up to half of the victim's elements. It takes them one CAS at a
 * time, re-reading {@code bottom} between CASes, as crossbeam-deque does for its LIFO flavour: a
 * single CAS of {@code top} by k would race with the owner's fence-free pops of the same elements.
 *
 * @param <T> the element type; {@code null} elements are rejected
 */
public final class ChaseLevDeque<T> extends ChaseLevDequeFields {

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle ARRAY;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Internal steal outcome: the race for the element was lost (distinct from null, "empty"). */
    private static final Object LOST = new Object();

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TOP = l.findVarHandle(TopField.class, "top", long.class);
            BOTTOM = l.findVarHandle(BottomField.class, "bottom", long.class);
            ARRAY = l.findVarHandle(BottomField.class, "array", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Stolen slots are cleared in batches, and not the last {@code CLEAR_LAG} below {@code top}:
     * writing next to the slots thieves are reading would bounce their cache line on every steal.
     * At most {@code CLEAR_BATCH} stale references stay behind while the deque is in use; an empty
     * deque's next pop clears them all.
     */
    private static final int CLEAR_BATCH = 64;
    private static final int CLEAR_LAG = 32;

    /** Default initial capacity. */
    public static final int DEFAULT_CAPACITY = 64;

    /** Creates a deque with {@link #DEFAULT_CAPACITY}. */
    public ChaseLevDeque() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates a deque.
     *
     * @param initialCapacity initial array length, rounded up to a power of two
     * @throws IllegalArgumentException if {@code initialCapacity < 1} or above 2^30
     */
    public ChaseLevDeque(int initialCapacity) {
        if (initialCapacity < 1 || initialCapacity > (1 << 30)) {
            throw new IllegalArgumentException(
                    "deque capacity must be in [1, 2^30], got " + initialCapacity);
        }
        int n = 1;
        while (n < initialCapacity) {
            n <<= 1;
        }
        array = new Object[n];
    }

    /**
     * Pushes an element at the bottom.
     *
     * <p>Invariant: owner thread only.
     *
     * @param x the element
     * @return the number of elements the deque held just before this push, as the owner saw it
     *     (a scheduler wakes a sleeper only when this is 0)
     * @throws NullPointerException if {@code x} is null
     */
    public int push(T x) {
        return tryPush(x, Integer.MAX_VALUE);
    }

    /**
     * Pushes an element at the bottom unless the deque already holds {@code maxSize} elements.
     * A scheduler uses the bound to throttle child-stealing's space (run the child inline instead).
     *
     * <p>Invariant: owner thread only.
     *
     * @param x       the element
     * @param maxSize the size at or above which the push is refused
     * @return the size just before the push, or {@code -1} if refused
     * @throws NullPointerException if {@code x} is null
     */
    public int tryPush(T x, int maxSize) {
        Objects.requireNonNull(x, "deque elements must not be null");
        long b = bottom;                          // owner-private: plain read
        long t = (long) TOP.getAcquire(this);     // may be stale (too small): we only grow early
        long size = b - t;
        if (size >= maxSize) {
            return -1;
        }
        Object[] a = array;
        if (size >= a.length) {
            a = grow(a, t, b);
        } else if (t - cleared >= CLEAR_BATCH) {
            clearStolen(a, t - CLEAR_LAG, b);
        }
        a[(int) b & (a.length - 1)] = x;
        BOTTOM.setRelease(this, b + 1);           // F1: element before bottom; pairs with F3
        return (int) size;
    }

    /**
     * Pops the most recently pushed element (LIFO).
     *
     * <p>Invariant: owner thread only.
     *
     * @return the element, or {@code null} if the deque is empty (or a thief took the last one)
     */
    @SuppressWarnings("unchecked")
    public T pop() {
        long b = bottom;
        long t0 = (long) TOP.getAcquire(this);
        if (b - t0 <= 0) {                        // empty: top only grows, so no fence is needed
            if (cleared < t0) {
                clearStolen(array, t0, b);
            }
            return null;
        }
        b--;
        Object[] a = array;
        BOTTOM.setOpaque(this, b);                // tentatively claim slot b
        VarHandle.fullFence();                    // F2: bottom store before top load; pairs with F3
        long t = (long) TOP.getOpaque(this);
        if (t - cleared >= CLEAR_BATCH) {
            clearStolen(a, t - CLEAR_LAG, b + 1);
        }
        if (t > b) {                              // was empty
            BOTTOM.setOpaque(this, b + 1);
            return null;
        }
        int i = (int) b & (a.length - 1);
        Object x = a[i];
        if (t == b) {                             // last element: race thieves for it on top (F4)
            if (!TOP.compareAndSet(this, t, t + 1)) {
                x = null;                         // a thief won (it already read the element)
            }
            a[i] = null;
            BOTTOM.setOpaque(this, b + 1);        // empty again: top == bottom
            return (T) x;
        }
        a[i] = null;                              // t < b: no thief can reach slot b
        return (T) x;
    }

    /**
     * Returns, without removing it, the element at the bottom.
     *
     * <p>Invariant: owner thread only.
     *
     * @return the element {@link #pop} would return if no thief interferes, or {@code null}
     */
    @SuppressWarnings("unchecked")
    public T peekBottom() {
        long b = bottom - 1;
        if (b < (long) TOP.getAcquire(this)) {
            return null;
        }
        Object[] a = array;
        return (T) a[(int) b & (a.length - 1)];
    }

    /**
     * Steals the oldest element (FIFO). Safe from any thread, including the owner.
     *
     * @return {@link Steal.Success} with the element, {@link Steal.Empty}, or {@link Steal.Retry}
     *     if another thread won the race for it
     */
    @SuppressWarnings("unchecked")
    public Steal<T> steal() {
        Object x = tryStealAttempt();
        if (x == null) {
            return Steal.empty();
        }
        return x == LOST ? Steal.retry() : new Steal.Success<>((T) x);
    }

    /**
     * Allocation-free steal for schedulers: the oldest element, or {@code null} if the deque looked
     * empty or the race was lost (tell them apart with {@link #isEmpty}).
     *
     * @return the stolen element or {@code null}
     */
    @SuppressWarnings("unchecked")
    public T stealOrNull() {
        Object x = tryStealAttempt();
        return x == LOST ? null : (T) x;
    }

    /**
     * One steal attempt. Empty and lost are told apart from the same reads of {@code top} and
     * {@code bottom} that decided the attempt: a later, separate emptiness check could see an empty
     * deque that never existed (a bottom read before a push, a top read after the next steal).
     *
     * @return the element, {@code null} if the deque was empty, or {@link #LOST}
     */
    private Object tryStealAttempt() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();                    // F3: top load before bottom load; pairs with F2
        long b = (long) BOTTOM.getAcquire(this);  // pairs with F1: slots below b are published
        if (t >= b) {
            return null;
        }
        Object[] a = (Object[]) ARRAY.getAcquire(this);
        Object x = SLOT.getAcquire(a, (int) t & (a.length - 1));
        if (x == null || !TOP.compareAndSet(this, t, t + 1)) {   // F4
            return LOST;                          // lost the race (x == null: slot already cleared)
        }
        return x;                                 // the owner clears the slot later (clearStolen)
    }

    /**
     * Steals up to half of the victim's elements (at most {@code limit}), returns the oldest and pushes
     * the rest onto {@code dest} in FIFO order, so {@code dest}'s own thieves again take the oldest.
     *
     * <p>Invariant: called by the owner of {@code dest}, and {@code dest != this}.
     *
     * @param dest  the caller's own deque
     * @param limit the most elements to move, {@code >= 1}
     * @return the oldest stolen element, or {@code null} if nothing was stolen
     */
    @SuppressWarnings("unchecked")
    public T stealBatchAndPop(ChaseLevDeque<T> dest, int limit) {
        if (dest == this) {
            throw new IllegalArgumentException("cannot steal from a deque into itself");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("batch limit must be >= 1, got " + limit);
        }
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();                    // F3
        long b = (long) BOTTOM.getAcquire(this);
        long n = b - t;
        if (n <= 0) {
            return null;
        }
        int batch = (int) Math.min(limit, (n + 1) / 2);
        T first = null;
        for (int k = 0; k < batch; k++) {
            if (k > 0) {
                VarHandle.fullFence();            // F3 again: the owner may have popped meanwhile
                b = (long) BOTTOM.getAcquire(this);
                if (b - t <= 0) {
                    break;
                }
            }
            Object[] a = (Object[]) ARRAY.getAcquire(this);
            Object x = SLOT.getAcquire(a, (int) t & (a.length - 1));
            if (x == null || !TOP.compareAndSet(this, t, t + 1)) {   // F4
                break;
            }
            if (first == null) {
                first = (T) x;
            } else {
                dest.push((T) x);
            }
            t++;
        }
        return first;
    }

    /**
     * Number of elements. Exact for the owner between its own operations; a snapshot for others.
     *
     * @return the size, never negative
     */
    public int size() {
        long b = (long) BOTTOM.getAcquire(this);
        long t = (long) TOP.getAcquire(this);
        return (int) Math.max(0, b - t);
    }

    /** @return whether the deque looked empty */
    public boolean isEmpty() {
        return size() == 0;
    }

    /** @return the current array length (for tests and statistics) */
    public int capacity() {
        return ((Object[]) ARRAY.getAcquire(this)).length;
    }

    /**
     * Invariant: owner thread only. Nulls the slots of elements that thieves took: indices in
     * {@code [cleared, t)} (all below {@code top}, so no thief can win them any more, and the winner
     * read its element before its CAS), except those whose slot a later push already refilled, i.e.
     * only indices {@code >= written - length} where {@code written} is one past the highest index
     * pushed into {@code a}.
     */
    private void clearStolen(Object[] a, long t, long written) {
        int mask = a.length - 1;
        for (long i = Math.max(cleared, written - a.length); i < t; i++) {
            a[(int) i & mask] = null;
        }
        cleared = t;
    }

    /** Invariant: owner thread only. Copies {@code [t, b)} into an array twice as long. */
    private Object[] grow(Object[] old, long t, long b) {
        int n = old.length;
        if (n >= (1 << 30)) {
            throw new IllegalStateException("work-stealing deque is full (2^30 elements)");
        }
        Object[] a = new Object[n << 1];
        for (long i = t; i < b; i++) {
            a[(int) i & (a.length - 1)] = old[(int) i & (n - 1)];
        }
        ARRAY.setRelease(this, a);                // publish the copy before any bottom beyond it (F1)
        cleared = t;                              // the copy holds no slot below t
        return a;
    }

    @Override
    public String toString() {
        return "ChaseLevDeque[size=" + size() + ", capacity=" + capacity() + "]";
    }
}

/*
 * Field layout: top (written by thieves' CASes) and bottom (written by the owner) sit on separate
 * cache lines, away from neighbouring objects, so a steal does not invalidate the owner's line.
 * HotSpot lays superclass fields before subclass fields, which makes this padding reliable.
 */
abstract class Pad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

abstract class TopField extends Pad0 {
    long top;            // accessed through VarHandles only
}

abstract class Pad1 extends TopField {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

abstract class BottomField extends Pad1 {
    long bottom;         // written by the owner only; read by thieves through VarHandles
    Object[] array;      // replaced by the owner on growth; read by thieves through VarHandles
    long cleared;        // owner-private: stolen slots below this index are already nulled
}

abstract class ChaseLevDequeFields extends BottomField {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}
