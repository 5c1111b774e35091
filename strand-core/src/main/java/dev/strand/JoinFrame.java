package dev.strand;

import dev.strand.internal.worker.Worker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The second half of a {@link Strand#join} call, offered to thieves: a task that its worker
 * reuses, one per nesting level, so that {@code join} allocates no task. This is Rayon's
 * {@code StackJob} (rayon-core {@code job.rs}) moved from the stack, which Java cannot point
 * into, to a per-worker array indexed by join depth.
 *
 * <p>Why reuse is safe:
 * <ul>
 *   <li>Joins nest: a join restores the frame depth it started at in a {@code finally} block, also
 *       when an exception (a stack overflow included) leaves it early, so a worker's frames form a
 *       stack ({@code JoinFrameStack.at}, {@code Worker.offerFrame}, {@code Worker.joinFrame}).
 *       <b>Invariant:</b> a frame in use has a depth below {@code JoinFrameStack.depth}, and only
 *       its owner changes its fields or depth. (The converse can fail for a while: a
 *       {@code finally} block that overflowed on entry leaves the depth raised until an enclosing
 *       join restores it.)</li>
 *   <li>The owner reuses a frame only if it saw it {@link #settled}: popped back and run inline,
 *       never pushed, or a final status written by the thread that ran (or cancelled) it. A join
 *       that ends before that (an overflow while the frame is queued or being run by a thief)
 *       leaves the frame unsettled, and the next join at that depth takes a new frame
 *       ({@code JoinFrameStack.at} checks), while the old one finishes with nobody waiting for it.
 *       The check sits where the frame is taken, not in the ending join's {@code finally}: that
 *       block can itself fail to run, since entering it can overflow the stack.</li>
 *   <li>That thread touches nothing mutable after its final status write: {@link #finish} reads
 *       only the final {@link #owner} after the {@code getAndSet}. So a thief that is slow to
 *       return can never disturb the frame's next use.</li>
 *   <li>Thieves cannot take a stale copy: the Chase-Lev CAS on {@code top} gives each deque
 *       index to exactly one taker, and a stolen slot's old reference is never read again.
 *       A thief's {@code StealBoard} record of an old use can only make a joiner steal from
 *       that thief's deque, which is harmless.</li>
 * </ul>
 *
 * <p>Status: {@code NEW} while offered or running; {@link #PARKED} once the owner blocks on it
 * (only the owner sets it, only from {@code NEW}); then one final state. The completer's
 * {@code getAndSet} and the owner's {@code NEW -> PARKED} CAS are the Dekker pair that makes
 * the owner's park safe: whichever comes second sees the other.
 */
final class JoinFrame extends Task<Object> {
    /** The owner is parked in {@link #awaitBlocking} and must be unparked on completion. */
    static final int PARKED = 4;

    private static final VarHandle STATUS;
    private static final VarHandle JOINED;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(JoinFrame.class, "status", int.class);
            JOINED = MethodHandles.lookup().findVarHandle(JoinFrame.class, "joinedAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The body of a frame that applies {@link #longFn} to {@link #arg} and keeps the result in
     * {@link #longResult}, unboxed: a sentinel, so that the function and its argument need no
     * wrapper object (a tag and not a type test, since a user's object may implement both
     * {@code ToLongFunction} and {@code Supplier}).
     */
    static final Object LONG_CALL = new Object();

    /**
     * NEW, PARKED, then NORMAL, EXCEPTIONAL or CANCELLED. A frame keeps its own status word, not
     * Task's state, because it goes back to NEW for its next use and has one waiter at most.
     */
    private volatile int status;
    /** The worker whose join this frame belongs to (any thread in the frame's model test). */
    private final Thread owner;
    /**
     * The offered computation, a Supplier, a Runnable, or {@link #LONG_CALL} for a
     * {@link Strand#joinLong} half ({@link #longFn} applied to {@link #arg}); set by the owner
     * before the push that publishes it.
     */
    Object body;
    /** The function of a {@link #LONG_CALL} body; set with {@link #arg} before {@link #prepare}. */
    ToLongFunction<Object> longFn;
    /** The argument of a {@link #LONG_CALL} body. */
    Object arg;
    /** The result of a {@link #LONG_CALL} body; written by its runner before the final status. */
    long longResult;
    /** The result or exception; written by the completer before its final status write. */
    private Object result;
    /** The deque was full at the push (spawn bound): the owner runs the body at the join. */
    boolean throttled;
    /** No other thread can touch the frame any more, so the owner may reuse it. Owner only. */
    boolean settled = true;
    /**
     * When the owner reached the join and found the frame taken ({@code System.nanoTime()}), or 0
     * before that. Written by the owner (opaque: the thief may be running the body), read by the
     * thief as it completes the frame, to tell its steal pace how long the owner waited for it.
     */
    private long joinedAt;

    /**
     * @param owner the thread that offers and joins this frame
     * @param pool  its pool
     */
    JoinFrame(Thread owner, StrandPool pool) {
        this.owner = owner;
        claimFor(pool);
    }

    /**
     * Prepares the frame for a new use with {@code b} as its body. Owner only, before the push
     * that publishes it (a release store).
     */
    void prepare(Object b) {
        STATUS.set(this, NEW);
        body = b;
        result = null;
        throttled = false;
        settled = false;
        joinedAt = 0L;                            // published with the rest by the push
    }

    /** The owner waits for the frame, which another thread took, from {@code now}. Owner only. */
    void ownerWaits(long now) {
        JOINED.setOpaque(this, now);
    }

    /** Run by a thief (or by the owner when the frame was moved to it by steal-half). */
    @Override
    void exec() {
        Object r;
        int s;
        try {
            r = runBody();
            s = NORMAL;
        } catch (Throwable e) {
            r = e;
            s = EXCEPTIONAL;
        }
        result = r;
        if (Thread.currentThread() instanceof Worker w) {
            long joined = (long) JOINED.getOpaque(this);
            if (joined != 0L) {                   // the owner waited: the steal saved it less
                w.pacing.waited(System.nanoTime() - joined);
            }
            w.clearStealIf(this);                 // before the owner can see the frame done
        }
        finish(s);
    }

    /** The deferred completion of a frame whose thief ran out of stack finishing it. */
    @Override
    void abort(Throwable e) {
        if (pending()) {
            result = e;
            finish(EXCEPTIONAL);
        }
    }

    /** Runs the body in the calling thread: the owner's inline run, or a thief's. */
    Object runBody() {
        Object b = body;
        if (b == LONG_CALL) {
            longResult = longFn.applyAsLong(arg);
            return null;
        }
        if (b instanceof Supplier<?> s) {
            return s.get();
        }
        ((Runnable) b).run();
        return null;
    }

    /** Only a worker draining its deque on {@code shutdownNow} cancels a frame; it is not running. */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        finish(CANCELLED);
        return true;
    }

    private void finish(int finalState) {
        // The release of this getAndSet publishes result; pairs with the owner's CAS NEW->PARKED.
        if ((int) STATUS.getAndSet(this, finalState) == PARKED) {
            LockSupport.unpark(owner);
        }
    }

    /** The owner is the only possible joiner: no waiter list, just the PARKED state. */
    @Override
    boolean registerJoiner(Worker w) {
        return STATUS.compareAndSet(this, NEW, PARKED);
    }

    @Override
    boolean pending() {
        int s = status;
        return s == NEW || s == PARKED;
    }

    /** The stalling wait of the owner: no waiter list, the owner is the only possible waiter. */
    @Override
    void awaitBlocking(long unused) {
        if (!STATUS.compareAndSet(this, NEW, PARKED)) {
            return;                               // already final
        }
        boolean interrupted = false;
        while (status == PARKED) {
            // Timed: a completer that overflowed between its status write and its unpark leaves
            // the frame final without waking us.
            LockSupport.parkNanos(this, 1_000_000L);
            interrupted |= Thread.interrupted();  // park returns at once while interrupted
        }
        if (interrupted) {
            owner.interrupt();
        }
    }

    /** @return the result of a frame that another thread completed; owner only, after it is done */
    Object completedResult() {
        return switch (status) {
            case NORMAL -> result;
            case EXCEPTIONAL -> throw failed((Throwable) result);
            default -> throw new CancellationException("join() second computation was cancelled "
                    + "(the pool was shut down with shutdownNow)");
        };
    }

    static CompletionException failed(Throwable e) {
        return e instanceof CompletionException ce ? ce : new CompletionException("task failed: " + e, e);
    }

    /**
     * Drops the references of a settled frame, so that an idle worker does not keep a finished
     * join's body and result alive. Plain stores only: it runs in a {@code finally} block that
     * must not overflow. Owner only.
     */
    void release() {
        body = null;
        result = null;
        longFn = null;
        arg = null;
    }

    @Override
    protected Object compute() {
        throw new UnsupportedOperationException("a join frame runs through exec()");
    }
}
