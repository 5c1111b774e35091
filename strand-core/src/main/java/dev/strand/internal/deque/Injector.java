package dev.strand.internal.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * An unbounded FIFO queue for work submitted from outside the workers: any thread pushes at the
 * tail, any thread takes from the head, one element or a batch at a time (crossbeam-deque's
 * {@code Injector}, Go's global run queue).
 *
 * <h2>Protocol</h2>
 * Elements live in a power-of-two circular array at indices {@code [head, tail)}.
 * <ul>
 *   <li>Producers serialize on a spin lock (as ForkJoinPool's external submission queues do): a
 *       push writes slot {@code tail}, then publishes it with a volatile store of {@code tail + 1}
 *       (I1). Volatile, not release: a scheduler that reads its sleep word after the push needs the
 *       store ordered before that read (the Dekker pairing of the sleep protocol).</li>
 *   <li>Consumers claim {@code k >= 1} elements with one CAS of {@code head} from {@code h} to
 *       {@code h + k} (I2), having read the slots first. No producer removes elements, so nothing
 *       races a consumer for them but other consumers, and the CAS settles that. A claim is never
 *       more than the elements the consumer saw below {@code tail}.</li>
 *   <li>Why reading the slots before the CAS is safe: a producer writes slot {@code i mod n} for
 *       index {@code i} only after it saw {@code head > i - n}. While {@code head} is still
 *       {@code h} (the CAS succeeds only then, and {@code head} only grows), no index in
 *       {@code [h, h + k)} has been overwritten by a later lap.</li>
 *   <li>Growth (under the lock) copies {@code [head, tail)} into an array twice as long and leaves
 *       the old one intact, so a consumer still reading it finds its elements there. A consumer that
 *       reads the new array below the copied range finds {@code null} and retries.</li>
 * </ul>
 *
 * <h2>Memory</h2>
 * Consumers never write slots (a clearing store could erase a later lap's element). The producer
 * holding the lock nulls consumed slots, below {@code head - CLEAR_LAG}, every {@code CLEAR_BATCH}
 * pushes; and a consumer whose claim emptied the queue clears everything consumed, under the lock,
 * if it gets it at once. So a queue that a burst grew and the workers drained keeps at most one
 * batch and {@code CLEAR_BATCH + CLEAR_LAG} references to finished elements.
 *
 * @param <T> the element type; {@code null} elements are rejected
 */
public final class Injector<T> extends InjectorFields {

    // The trailing pad: the producers' line shared with no neighbouring object (see InjectorFields).
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle LOCK;
    private static final VarHandle ARRAY;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(InjectorFields.class, "head", long.class);
            TAIL = l.findVarHandle(InjectorFields.class, "tail", long.class);
            LOCK = l.findVarHandle(InjectorFields.class, "lock", int.class);
            ARRAY = l.findVarHandle(InjectorFields.class, "array", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int CLEAR_BATCH = 64;
    private static final int CLEAR_LAG = 32;
    /** Spins on a held lock before yielding the processor to its (possibly preempted) holder. */
    private static final int LOCK_SPINS = 64;

    /** Creates an empty injector with room for 256 elements before it first grows. */
    public Injector() {
        this(256);
    }

    /** For tests: a small power-of-two capacity exercises growth and wrap-around. */
    Injector(int capacity) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, got " + capacity);
        }
        array = new Object[capacity];
    }

    // ---------------------------------------------------------------- producers

    /**
     * Appends {@code x} at the tail.
     *
     * @param x the element
     * @throws NullPointerException if {@code x} is null
     */
    public void push(T x) {
        offer(x, null);
    }

    /**
     * Appends {@code x} at the tail if {@code admit} (checked under the producers' lock) allows it.
     * A pool checks its run state here and changes it inside {@link #whileLocked}, so that no
     * submission straddles a shutdown: each one either is queued before it or is refused.
     *
     * @param x     the element
     * @param admit evaluated under the lock; {@code null} admits
     * @return whether {@code x} was queued
     * @throws NullPointerException if {@code x} is null
     */
    public boolean offer(T x, BooleanSupplier admit) {
        return offerCounted(x, admit) > 0;
    }

    /**
     * As {@link #offer}, telling how long the queue was once {@code x} joined it.
     *
     * @param x     the element
     * @param admit evaluated under the lock; {@code null} admits
     * @return the elements queued when {@code x} was appended, {@code x} included (read before a
     *     consumer could take {@code x}: at least 1), or 0 if {@code admit} refused it
     * @throws NullPointerException if {@code x} is null
     */
    public int offerCounted(T x, BooleanSupplier admit) {
        Objects.requireNonNull(x, "queued elements must not be null");
        lock();
        try {
            if (admit != null && !admit.getAsBoolean()) {
                return 0;
            }
            long t = tail;                        // only lock holders write tail
            Object[] a = array;
            if (t - headSeen >= a.length || (t & (CLEAR_BATCH - 1)) == 0) {
                headSeen = (long) HEAD.getVolatile(this);
                clearConsumed(a, headSeen - CLEAR_LAG, t);
                if (t - headSeen >= a.length) {
                    a = grow(a, headSeen, t);
                }
            }
            a[(int) t & (a.length - 1)] = x;
            // Before I1 no consumer can take x, so head <= t here and the length counts x.
            long queued = t + 1 - (long) HEAD.getVolatile(this);
            assert queued >= 1 : queued;
            TAIL.setVolatile(this, t + 1);        // I1: the slot before tail; pairs with I2's reads
            return (int) Math.min(Integer.MAX_VALUE, queued);
        } finally {
            unlock();
        }
    }

    /**
     * Runs {@code action} holding the producers' lock: no push is in progress while it runs.
     *
     * @param action the action
     */
    public void whileLocked(Runnable action) {
        lock();
        try {
            action.run();
        } finally {
            unlock();
        }
    }

    @SuppressWarnings("ThreadPriorityCheck") // a spin lock held for a few writes: yield to a descheduled holder
    private void lock() {
        int spins = 0;
        while (!LOCK.compareAndSet(this, 0, 1)) {
            if (++spins < LOCK_SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();                   // the holder may be descheduled
            }
        }
    }

    private void unlock() {
        LOCK.setRelease(this, 0);
    }

    /** Invariant: lock held. Copies {@code [h, t)} into an array twice as long. */
    private Object[] grow(Object[] old, long h, long t) {
        int n = old.length;
        if (n >= (1 << 30)) {
            throw new IllegalStateException("injector queue is full (2^30 elements)");
        }
        Object[] a = new Object[n << 1];
        for (long i = h; i < t; i++) {
            a[(int) i & (a.length - 1)] = old[(int) i & (n - 1)];
        }
        ARRAY.setRelease(this, a);                // before any tail beyond it (I1 is later)
        cleared = h;                              // the copy holds nothing below h
        return a;
    }

    /**
     * Invariant: lock held. Nulls the slots of consumed indices in {@code [cleared, upTo)} whose slot
     * no later index has reused, i.e. only indices {@code >= t - length}.
     */
    private void clearConsumed(Object[] a, long upTo, long t) {
        int mask = a.length - 1;
        for (long i = Math.max(cleared, t - a.length); i < upTo; i++) {
            a[(int) i & mask] = null;
        }
        if (upTo > cleared) {
            cleared = upTo;
        }
    }

    // ---------------------------------------------------------------- consumers

    /**
     * Takes the oldest element. Safe from any thread.
     *
     * @return the element, or {@code null} if the queue was empty
     */
    @SuppressWarnings("unchecked")
    public T steal() {
        for (;;) {
            long h = (long) HEAD.getVolatile(this);
            long t = (long) TAIL.getVolatile(this);   // I2: slots below t are published (I1)
            if (t - h <= 0) {
                return null;
            }
            Object[] a = (Object[]) ARRAY.getAcquire(this);
            Object x = SLOT.getAcquire(a, (int) h & (a.length - 1));
            if (x != null && HEAD.compareAndSet(this, h, h + 1)) {
                if (h + 1 == t) {
                    clearIfIdle(h + 1);
                }
                return (T) x;
            }
            Thread.onSpinWait();                  // another consumer won, or a growth is midway
        }
    }

    /**
     * Takes a batch: up to {@code limit} of the oldest elements, and no more than
     * {@code size / parts + 1} of them (Go's globrunqget), so that {@code parts} consumers can share
     * a long queue.
     * Returns the oldest and pushes the others onto {@code dest} newest first, so that its owner's
     * pops run them in queue order (and its thieves take the newest). A bounded {@code dest} gets
     * no more than its {@link WorkerDeque#room()}, so that none of the pushes is refused.
     *
     * <p>Invariant: called by the owner of {@code dest}.
     *
     * @param dest  the caller's own deque
     * @param limit the most elements to take, {@code >= 1}
     * @param parts how many consumers share the queue, {@code >= 1}
     * @return the oldest element taken, or {@code null} if the queue was empty
     */
    @SuppressWarnings("unchecked")
    public T stealBatchAndPop(WorkerDeque<T> dest, int limit, int parts) {
        if (limit < 1 || parts < 1) {
            throw new IllegalArgumentException("limit and parts must be >= 1, got " + limit
                    + " and " + parts);
        }
        Object[] batch = null;
        for (;;) {
            long h = (long) HEAD.getVolatile(this);
            long t = (long) TAIL.getVolatile(this);   // I2
            long n = t - h;
            if (n <= 0) {
                return null;
            }
            int k = (int) Math.min(Math.min(limit, n), n / parts + 1);
            k = (int) Math.min(k, dest.room() + 1L); // the first is returned, not pushed
            Object[] a = (Object[]) ARRAY.getAcquire(this);
            int mask = a.length - 1;
            if (k > 1 && (batch == null || batch.length < k)) {
                batch = new Object[k];
            }
            Object first = null;
            boolean complete = true;
            for (int j = 0; j < k; j++) {
                Object x = SLOT.getAcquire(a, (int) (h + j) & mask);
                if (x == null) {                  // the new array's uncopied part: retry
                    complete = false;
                    break;
                }
                if (j == 0) {
                    first = x;
                } else {
                    batch[j] = x;
                }
            }
            if (complete && HEAD.compareAndSet(this, h, h + k)) {   // I2: the claim
                for (int j = k - 1; j >= 1; j--) {
                    int pushed = dest.push((T) batch[j]);
                    assert pushed >= 0 : "Invariant: no more than the deque's room is pushed";
                }
                if (h + k == t) {
                    clearIfIdle(h + k);
                }
                return (T) first;
            }
            Thread.onSpinWait();
        }
    }

    /**
     * A claim emptied the queue: if no producer holds the lock, null every consumed slot now (a
     * drained queue would otherwise keep its last elements reachable until the next pushes).
     */
    private void clearIfIdle(long upTo) {
        if (LOCK.compareAndSet(this, 0, 1)) {
            try {
                clearConsumed(array, upTo, tail);
            } finally {
                unlock();
            }
        }
    }

    /** @return whether the queue looked empty (a snapshot) */
    public boolean isEmpty() {
        return (long) TAIL.getVolatile(this) - (long) HEAD.getVolatile(this) <= 0;
    }

    /** @return the number of queued elements (a snapshot, never negative) */
    public int size() {
        long h = (long) HEAD.getVolatile(this);
        long t = (long) TAIL.getVolatile(this);
        return (int) Math.max(0, t - h);
    }

    /** @return how many slots still reference an element, queued or consumed (for tests) */
    int referencedSlots() {
        int n = 0;
        for (Object x : (Object[]) ARRAY.getAcquire(this)) {
            if (x != null) {
                n++;
            }
        }
        return n;
    }

    /** @return the current array length (for tests) */
    int capacity() {
        return ((Object[]) ARRAY.getAcquire(this)).length;
    }

    @Override
    public String toString() {
        return "Injector[size=" + size() + "]";
    }
}

/*
 * Field layout: head (CASed by consumers) and the producers' fields sit on separate cache lines,
 * away from neighbouring objects: superclass fields come first on HotSpot, a class's longs in the
 * order they are declared and its references after its primitives, so one class holds a pad,
 * head, a pad and the producers' fields, and the injector the trailing pad (a class per pad was
 * four more classes on a fresh JVM's path to its first task). The layout puts an int where the
 * object header leaves a gap, so the lock word sits on the header's line, away from head and tail.
 */
abstract class InjectorFields {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
    long head;           // through VarHandles only
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
    long tail;           // written under the lock; read by consumers through VarHandles
    int lock;            // 0 free, 1 held
    Object[] array;      // replaced under the lock; read by consumers through VarHandles
    long headSeen;       // lock holders only: a head no newer than the real one
    long cleared;        // lock holders only: consumed slots below this index are nulled
}
