package dev.strand.internal.deque;

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
 * by the owner. Four orderings make it correct on a weak memory model; each is labelled F1..F4 in
 * the code and names the one it pairs with:
 * <ul>
 *   <li>F1 (push, release): the element store happens-before the new {@code bottom}; pairs with F3's
 *       read of {@code bottom}, so a thief that sees the new bottom sees the element.</li>
 *   <li>F2 (pop: a volatile store of {@code bottom-1}, then a volatile load of {@code top}) and
 *       F3 (steal: volatile loads of {@code top}, then {@code bottom}). Volatile accesses are totally
 *       ordered consistently with each thread's program order (JLS 17.4.4), which is the sequential
 *       consistency the Chase-Lev proof assumes for exactly these four accesses: either the thief
 *       sees the decremented bottom and backs off, or the owner sees the thief's advanced top; both
 *       cannot miss each other. F2 is the one locked instruction on the owner's path (x86), and it
 *       is on pop, not push (work-first principle). F3 costs plain loads on x86 and {@code ldar} on
 *       ARMv8; an earlier version used a full fence there, a locked instruction per steal attempt.</li>
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
 * <h2>Errors</h2>
 * An owner deep in a recursion can run out of stack in the middle of an operation: in interpreted
 * and C1 code every VarHandle access is a call, and any call can throw StackOverflowError. No
 * operation may lose an element that way. A push changes nothing before its release of
 * {@code bottom}, and an element so queued stays queued if the wake-up that follows fails. A steal's last call is its CAS, after which nothing can fail. A pop's claim of
 * slot {@code b} is undone, on any error after it, by a plain store of {@code bottom} (a store calls
 * nothing, so it cannot fail in turn), and a pop that won the last element by CAS returns it even if
 * a later call failed; a split-mode pop moves {@code end} before it clears the slot, and returns its
 * element even if the offer to thieves that follows fails.
 *
 * <h2>Steal-half</h2>
 * {@link #stealBatchAndPop} moves up to half of the victim's elements. It takes them one CAS at a
 * time, re-reading {@code bottom} between CASes, as crossbeam-deque does for its LIFO flavour: a
 * single CAS of {@code top} by k would race with the owner's fence-free pops of the same elements.
 *
 * <h2>Split mode (private elements)</h2>
 * Van Dijk and van de Pol, "Lace: non-blocking split deque for work-stealing" (Euro-Par 2014 workshops),
 * after Dinan et al.'s split queues (SC 2009): with {@code split} set, the array holds
 * {@code [top, bottom)} shared and {@code [bottom, end)} private. Thieves read only {@code top} and
 * {@code bottom}, so the owner's pushes and pops of private elements are plain array accesses with
 * neither fence nor CAS, and the shared part follows the classic protocol above exactly: for thieves,
 * the owner's {@code share} is a push of k elements (F1, a release of the raised {@code bottom}),
 * and popping into the shared part is the classic pop (F2, and F4 on the last element). Private slots
 * are written and cleared only by the owner and only at indices {@code >= bottom}, which a thief
 * never reads: it reads slot {@code t} only after seeing {@code t < bottom}, and an index the owner
 * took back from the shared part is never reused while a thief could still win it (the classic pop
 * leaves {@code bottom} above every index a thief may CAS for).
 * <ul>
 *   <li>Sharing: a push shares the oldest private element when the shared part looks empty; a thief
 *       that finds the shared part empty while private elements exist sets {@code request}, and the
 *       owner's next push or pop shares half of its private elements. Sharing runs {@code onShare},
 *       where a scheduler wakes a sleeping thief.</li>
 *   <li>Cost: an owner busy in one long task does not see a request until its next push or pop, so a
 *       thief may wait up to one task's length for private work (Lace accepts the same).</li>
 * </ul>
 *
 * @param <T> the element type; {@code null} elements are rejected
 */
public final class ChaseLevDeque<T> extends DequeFields implements WorkerDeque<T> {

    // The trailing pad: bottom's line shared with no neighbouring object (see DequeFields).
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle ARRAY;
    private static final VarHandle END;
    private static final VarHandle REQUEST;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Internal steal outcome: the race for the element was lost (distinct from null, "empty"). */
    private static final Object LOST = new Object();

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TOP = l.findVarHandle(DequeFields.class, "top", long.class);
            BOTTOM = l.findVarHandle(DequeFields.class, "bottom", long.class);
            ARRAY = l.findVarHandle(DequeFields.class, "array", Object[].class);
            END = l.findVarHandle(DequeFields.class, "end", long.class);
            REQUEST = l.findVarHandle(DequeFields.class, "request", int.class);
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

    private final boolean split;
    private final Runnable onShare;

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
        this(initialCapacity, false, null);
    }

    /**
     * Creates a deque, optionally in split mode (see the class documentation).
     *
     * @param initialCapacity initial array length, rounded up to a power of two
     * @param split           keep new elements private until the shared part runs dry or a thief
     *                        asks (Lace's split deque); false for the classic deque
     * @param onShare         run by the owner, on the rare path, whenever elements became stealable
     *                        in a deque that thieves may have found empty; may be null
     * @throws IllegalArgumentException if {@code initialCapacity < 1} or above 2^30
     */
    public ChaseLevDeque(int initialCapacity, boolean split, Runnable onShare) {
        this.split = split;
        this.onShare = onShare;
        if (initialCapacity < 1 || initialCapacity > (1 << 30)) {
            throw new IllegalArgumentException(
                    "deque capacity must be in [1, 2^30], got " + initialCapacity);
        }
        int n = 1;
        while (n < initialCapacity) {
            n <<= 1;
        }
        array = new Object[n];
        wanted = 1L;                              // a new owner's first split point offers
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
    @Override
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
    @Override
    public int tryPush(T x, int maxSize) {
        Objects.requireNonNull(x, "deque elements must not be null");
        if (split) {
            return pushPrivate(x, maxSize);
        }
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
        wanted = 0L;                              // the owner now holds something stealable
        BOTTOM.setRelease(this, b + 1);           // F1: element before bottom; pairs with F3
        if (size == 0 && onShare != null) {
            onShare.run();
        }
        return (int) size;
    }

    /**
     * Split mode push: the element goes to the private part, {@code [bottom, end)}, which thieves
     * never read. Then, if the shared part looked empty or a thief asked, part of the private work
     * is shared.
     */
    private int pushPrivate(T x, int maxSize) {
        long e = end;                             // owner-private: plain read
        long t = (long) TOP.getAcquire(this);     // may be stale (too small): harmless, as above
        long size = e - t;
        if (size >= maxSize) {
            return -1;
        }
        Object[] a = array;
        if (size >= a.length) {
            a = grow(a, t, e);
        } else if (t - cleared >= CLEAR_BATCH) {
            clearStolen(a, t - CLEAR_LAG, e);
        }
        a[(int) e & (a.length - 1)] = x;          // no fence: no thief reads at or above bottom
        END.setOpaque(this, e + 1);
        long b = bottom;
        if (b <= t || (int) REQUEST.getOpaque(this) != 0) {
            share(b, e + 1);
        }
        return (int) size;
    }

    /**
     * Invariant: owner thread only, split mode, {@code b < e}. Makes the oldest private elements
     * stealable: half of them if a thief asked, else one (the shared part ran dry).
     */
    private void share(long b, long e) {
        long k = 1;
        if ((int) REQUEST.getOpaque(this) != 0) {
            REQUEST.setOpaque(this, 0);
            k = (e - b + 1) / 2;
        }
        BOTTOM.setRelease(this, b + k);           // F1: the slots were written before; pairs with F3
        if (onShare != null) {
            onShare.run();
        }
    }

    /**
     * Pops the most recently pushed element (LIFO).
     *
     * <p>Invariant: owner thread only.
     *
     * @return the element, or {@code null} if the deque is empty (or a thief took the last one)
     */
    @SuppressWarnings("unchecked")
    @Override
    public T pop() {
        if (split) {
            return popPrivate();
        }
        return popShared();
    }

    /** Split mode pop: private elements need neither fence nor CAS (the work-first principle). */
    @SuppressWarnings("unchecked")
    private T popPrivate() {
        long e = end;
        long b = bottom;                          // owner-written: plain read
        if (e > b) {
            e--;
            Object[] a = array;
            int i = (int) e & (a.length - 1);
            Object x = a[i];
            END.setOpaque(this, e);               // before the slot is cleared: see "Errors" above
            a[i] = null;
            try {
                if (e > b && (int) REQUEST.getOpaque(this) != 0) {
                    share(b, e);                  // serve a thief that found only private work
                }
            } catch (Throwable err) {
                // An offer to thieves that failed (a stack overflow in its calls) leaves the deque
                // consistent, and the owner still holds every element: x must not be lost with it.
                return (T) x;
            }
            return (T) x;
        }
        T x = popShared();                        // the private part is empty: race thieves
        END.setOpaque(this, bottom);
        return x;
    }

    /** The Chase-Lev pop of the shared part {@code [top, bottom)}. */
    @SuppressWarnings("unchecked")
    private T popShared() {
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
        BOTTOM.setVolatile(this, b);              // F2: tentatively claim slot b; pairs with F3
        Object x = null;
        boolean owned = false;                    // slot b's element is ours (the CAS below won)
        try {
            long t = (long) TOP.getVolatile(this); // F2: ordered after the store (both volatile)
            if (t - cleared >= CLEAR_BATCH) {
                clearStolen(a, t - CLEAR_LAG, b + 1);
            }
            if (t > b) {                          // was empty
                BOTTOM.setOpaque(this, b + 1);
                return null;
            }
            int i = (int) b & (a.length - 1);
            x = a[i];
            if (t == b) {                         // last element: race thieves for it on top (F4)
                owned = TOP.compareAndSet(this, t, t + 1);
                if (!owned) {
                    x = null;                     // a thief won (it already read the element)
                }
                a[i] = null;
                BOTTOM.setOpaque(this, b + 1);    // empty again: top == bottom
                return (T) x;
            }
            a[i] = null;                          // t < b: no thief can reach slot b
            return (T) x;
        } catch (Throwable e) {
            // A call above failed (a stack overflow: in interpreted code each VarHandle access is a
            // call) after the claim. Undo it with a plain store, which calls nothing and so cannot
            // fail again: the deque is as it was before this pop, unless the CAS took the last
            // element, which then is returned (the deque is empty either way). Never a lost element.
            bottom = b + 1;
            if (owned) {
                return (T) x;
            }
            throw e;
        }
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
        long b = (split ? end : bottom) - 1;
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
        return x == LOST ? Steal.retry() : Steal.success((T) x);
    }

    /**
     * Allocation-free steal for schedulers: the oldest element, or {@code null} if the deque looked
     * empty or the race was lost (tell them apart with {@link #isEmpty}).
     *
     * @return the stolen element or {@code null}
     */
    @SuppressWarnings("unchecked")
    @Override
    public T stealOrNull() {
        Object x = tryStealAttempt();
        return x == LOST ? null : (T) x;
    }

    /**
     * Steals the oldest element only if it was pushed at deque index {@code minIndex} or later
     * (see {@link #pushIndex()}): a joiner uses it to take only what its target's thief pushed
     * after it started the target, that is, the target's descendants.
     *
     * @param minIndex the lowest index the caller may take
     * @return the element, or {@code null} if the deque was empty, the oldest element is older than
     *     {@code minIndex}, or another thief won the race
     */
    @SuppressWarnings("unchecked")
    @Override
    public T stealAtOrAbove(long minIndex) {
        long t = (long) TOP.getVolatile(this);    // F3: top, then bottom; pairs with F2
        if (t < minIndex) {
            return null;
        }
        long b = (long) BOTTOM.getVolatile(this); // F3; and F1: slots below b are published
        if (t >= b) {
            requestIfPrivate(b);
            return null;
        }
        Object[] a = (Object[]) ARRAY.getAcquire(this);
        Object x = SLOT.getAcquire(a, (int) t & (a.length - 1));
        if (x == null || !TOP.compareAndSet(this, t, t + 1)) {   // F4
            return null;
        }
        if (!split) {
            askSplit();
        }
        return (T) x;
    }

    /**
     * The index the owner's next push will use. Elements at this index or above are pushed after
     * this call. Invariant: owner thread only.
     *
     * @return the next push's index
     */
    @Override
    public long pushIndex() {
        return split ? end : bottom;
    }

    /**
     * Whether a thief could take an element now, asking the owner to share when only private
     * elements exist (as a failed steal does). A sleeping worker's last look for work uses it, so
     * that it never holds a task while counted as a sleeper.
     *
     * @return whether the deque holds a stealable element
     */
    @Override
    public boolean hasStealable() {
        long t = (long) TOP.getVolatile(this);
        long b = (long) BOTTOM.getVolatile(this);
        if (t >= b) {
            requestIfPrivate(b);
            return false;
        }
        return true;
    }

    /**
     * One steal attempt. Empty and lost are told apart from the same reads of {@code top} and
     * {@code bottom} that decided the attempt: a later, separate emptiness check could see an empty
     * deque that never existed (a bottom read before a push, a top read after the next steal).
     *
     * @return the element, {@code null} if the deque was empty, or {@link #LOST}
     */
    private Object tryStealAttempt() {
        long t = (long) TOP.getVolatile(this);    // F3: top, then bottom; pairs with F2
        long b = (long) BOTTOM.getVolatile(this); // F3; and F1: slots below b are published
        if (t >= b) {
            requestIfPrivate(b);
            return null;
        }
        Object[] a = (Object[]) ARRAY.getAcquire(this);
        Object x = SLOT.getAcquire(a, (int) t & (a.length - 1));
        if (x == null || !TOP.compareAndSet(this, t, t + 1)) {   // F4
            return LOST;                          // lost the race (x == null: slot already cleared)
        }
        if (!split) {
            askSplit();                           // lazy splitting offers again after a steal
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
        long t = (long) TOP.getVolatile(this);    // F3
        long b = (long) BOTTOM.getVolatile(this);
        long n = b - t;
        if (n <= 0) {
            requestIfPrivate(b);
            return null;
        }
        int batch = (int) Math.min(limit, (n + 1) / 2);
        T first = null;
        for (int k = 0; k < batch; k++) {
            if (k > 0) {
                b = (long) BOTTOM.getVolatile(this);   // F3 again: the owner may have popped
                                                       // meanwhile (after our CAS, a volatile write)
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
        if (first != null && !split) {
            askSplit();
        }
        return first;
    }

    /** Both deques of a pool are Chase-Lev deques: see {@link #stealBatchAndPop(ChaseLevDeque, int)}. */
    @Override
    public T stealBatchAndPop(WorkerDeque<T> dest, int limit) {
        return stealBatchAndPop((ChaseLevDeque<T>) dest, limit);
    }

    /** @return {@link Integer#MAX_VALUE}: the deque grows */
    @Override
    public int room() {
        return Integer.MAX_VALUE;
    }

    /**
     * Does nothing: a classic deque's elements are stealable at once, and a split deque shares
     * on its own protocol.
     *
     * @return false
     */
    @Override
    public boolean share() {
        return false;
    }

    /**
     * Split mode: the shared part was empty at {@code b}; if the owner holds private elements, ask
     * it to share (it does at its next push or pop). The flag is read before it is written so that
     * idle thieves polling a busy owner do not keep invalidating its cache line.
     */
    private void requestIfPrivate(long b) {
        if (split) {
            if (thievesRequest && (long) END.getOpaque(this) > b && (int) REQUEST.getOpaque(this) == 0) {
                REQUEST.setOpaque(this, 1);
            }
        } else {
            askSplit();
        }
    }

    /** Split mode: {@link #ownerSeesEmpty}; otherwise thieves' requests ({@link #splitRequested}). */
    @Override
    public boolean splitWanted() {
        return split ? ownerSeesEmpty() : splitRequested();
    }

    /**
     * Test hook: with {@code false}, thieves never set the request flag, and {@link #askToShare}
     * (an owner operation) does. A thief's request depends on a racy read of {@code end}, which a
     * deterministic sequential specification cannot model; as an owner operation it can, and the
     * flag's effect (the owner's share) is the same whoever sets it.
     */
    boolean thievesRequest = true;

    /** Test hook: sets the request flag as a thief would. */
    void askToShare() {
        REQUEST.setOpaque(this, 1);
    }

    /**
     * Number of elements, private ones included. Exact for the owner between its own operations;
     * a snapshot for others.
     *
     * @return the size, never negative
     */
    @Override
    public int size() {
        long b = split ? (long) END.getOpaque(this) : (long) BOTTOM.getAcquire(this);
        long t = (long) TOP.getAcquire(this);
        return (int) Math.max(0, b - t);
    }

    /**
     * @return whether the deque looked empty to a thief: no stealable element (in split mode,
     *     private elements do not count; a thief that finds them has asked the owner to share)
     */
    @Override
    public boolean isEmpty() {
        return (long) BOTTOM.getAcquire(this) - (long) TOP.getAcquire(this) <= 0;
    }

    /**
     * The owner's {@link #isEmpty}: its own {@code bottom} (only it writes it) and an opaque read of
     * {@code top}, so that the test orders nothing around it (a hint; see the interface).
     */
    @Override
    public boolean ownerSeesEmpty() {
        return (long) BOTTOM.get(this) - (long) TOP.getOpaque(this) <= 0;
    }

    /** @return whether this deque keeps new elements private (split mode) */
    public boolean isSplit() {
        return split;
    }

    /** @return the current array length (for tests) */
    int capacity() {
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
