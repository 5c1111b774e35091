package dev.strand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A unit of fork-join work: fork it, then join it. Subclass and implement {@link #compute()}, or wrap a
 * lambda with {@link Strand#fork(Supplier)} / {@link #of(Supplier)}.
 *
 * <p>A task runs at most once. Its outcome is one of: a result, an exception (rethrown by
 * {@link #join()} as a {@link CompletionException} whose cause is the original), or cancellation.
 *
 * <p>{@link #join()} inside a pool is greedy: while the task is not done, the joining worker runs
 * other work (its own deque first, then the deque of the worker that stole this task, then any),
 * so joins never idle a worker that could help. Outside a pool, {@code join()} blocks.
 *
 * @param <T> the result type ({@code Void} for actions)
 */
public abstract class Task<T> implements RunnableFuture<T> {

    // Status: NEW until exactly one CAS moves it to a final state (completion and cancellation
    // race on that CAS; the loser's outcome is dropped). A task is 28 bytes plus its own fields (a
    // Task subclass with one int is 32 bytes, like a RecursiveTask).
    static final int NEW = 0;
    static final int NORMAL = 1;
    static final int EXCEPTIONAL = 2;
    static final int CANCELLED = 3;

    private static final VarHandle STATUS;
    private static final VarHandle WAITERS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATUS = l.findVarHandle(Task.class, "status", int.class);
            WAITERS = l.findVarHandle(Task.class, "waiters", Waiter.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int status;
    /** The result, or the Throwable if EXCEPTIONAL. Published by the status CAS. */
    private Object outcome;
    /** Stack of threads and callbacks to notify on completion (Treiber stack, then a tombstone). */
    private volatile Waiter waiters;
    /** The pool this task was forked or submitted into; set once, by the forking thread. */
    StrandPool pool;

    /** Creates a task in its initial state. */
    protected Task() { }

    /**
     * The work. Called at most once, by a pool worker (or inline by a joining worker).
     *
     * @return the result
     * @throws Exception any failure, delivered to joiners as the cause of a {@link CompletionException}
     */
    protected abstract T compute() throws Exception;

    /**
     * Wraps a supplier.
     *
     * @param body the work
     * @param <T>  its result type
     * @return a new, unforked task
     */
    public static <T> Task<T> of(Supplier<? extends T> body) {
        return new Tasks.SupplierTask<>(body);
    }

    /**
     * Forks this task into the current worker's deque so another worker may steal it.
     *
     * @return this task
     * @throws IllegalStateException if not called from a Strand worker thread, or if this task was
     *                               already forked or submitted
     */
    public final Task<T> fork() {
        Worker w = Worker.current("Task.fork()");
        w.fork(this);
        return this;
    }

    /**
     * Waits for this task and returns its result. In a worker of the task's pool the wait helps run
     * other tasks; elsewhere it blocks.
     *
     * @return the result
     * @throws CompletionException   if the task threw; the cause is the original exception
     * @throws CancellationException if the task was cancelled
     * @throws IllegalStateException if the task was never forked or submitted, or if a worker of
     *                               another pool would have to wait for it (use {@link #get()} to
     *                               block across pools); a finished task's result is returned to
     *                               any caller
     */
    public final T join() {
        if (phase() == NEW) {
            if (Thread.currentThread() instanceof Worker w && w.pool == pool) {
                w.awaitJoin(this);                // the common case: inline, or help
            } else {
                awaitForJoin();                   // never forked, a foreign pool, or outside
            }
        }
        return reportJoin();
    }

    private IllegalStateException foreignJoin(Worker w) {
        return new IllegalStateException("join() from a worker of pool '" + w.pool.name()
                + "' on a task of pool '" + pool.name() + "': joins must stay inside one pool "
                + "(use get() to block across pools)");
    }

    /** Runs this task inline if it was not forked, then returns its result like {@link #join()}. */
    public final T invoke() {
        claimUnforked();
        exec();
        return reportJoin();
    }

    private void awaitForJoin() {
        StrandPool p = pool;
        if (p == null) {
            throw new IllegalStateException("join() on a task that was never forked or submitted; "
                    + "call fork() first, or invoke() to run it inline");
        }
        Thread t = Thread.currentThread();
        if (t instanceof Worker w) {
            if (w.pool != p) {
                throw foreignJoin(w);
            }
            w.awaitJoin(this);
        } else {
            awaitBlocking(0L);
        }
    }

    /** Runs the task body and records the outcome. Skipped if the task is already done (cancelled). */
    void exec() {
        if (phase() != NEW) {
            return;
        }
        T r;
        try {
            r = compute();
        } catch (Throwable e) {
            complete(EXCEPTIONAL, e);
            return;
        }
        complete(NORMAL, r);
    }

    private boolean complete(int finalState, Object value) {
        if (finalState != CANCELLED) {
            outcome = value;                      // only the executor gets here, once
        }
        if (STATUS.compareAndSet(this, NEW, finalState)) {   // pairs with the waiter push (Dekker)
            if (waiters != null) {
                signalWaiters();
            }
            return true;
        }
        return false;
    }

    /** @return the state bits: NEW, NORMAL, EXCEPTIONAL or CANCELLED (Future.state() is the public view) */
    final int phase() {
        return status;
    }

    // Status access for JoinFrame, the one subclass that reuses a task (see its invariants).

    final boolean casStatus(int expect, int update) {
        return STATUS.compareAndSet(this, expect, update);
    }

    final int getAndSetStatus(int update) {
        return (int) STATUS.getAndSet(this, update);
    }

    /** Plain store: the frame's next push (a release) publishes it. */
    final void resetStatus() {
        STATUS.set(this, NEW);
    }


    /** Marks this task forked into pool {@code p}; rejects a second fork or submission. */
    final void claimFor(StrandPool p) {
        if (pool != null) {
            throw new IllegalStateException("task already forked or submitted (a task runs at most once)");
        }
        pool = p;
    }

    private void claimUnforked() {
        if (pool != null) {
            throw new IllegalStateException("invoke() on a task that was already forked; use join()");
        }
    }

    @SuppressWarnings("unchecked")
    private T reportJoin() {
        if (phase() == NORMAL) {
            return (T) outcome;
        }
        return reportAbnormal();
    }

    private T reportAbnormal() {
        if (phase() == CANCELLED) {
            throw new CancellationException("task was cancelled");
        }
        Throwable e = (Throwable) outcome;
        throw new CompletionException("task failed: " + e, e);
    }

    // ---------------------------------------------------------------- Future

    /** {@inheritDoc} Runs the task in the calling thread if it was not already run. */
    @Override
    public final void run() {
        exec();
    }

    /**
     * Cancels the task if it has not completed. A task that has not started will not run; one that
     * is running finishes but its result is discarded. The interrupt flag is ignored.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return complete(CANCELLED, null) || phase() == CANCELLED;
    }

    @Override
    public final boolean isCancelled() {
        return phase() == CANCELLED;
    }

    @Override
    public final boolean isDone() {
        return phase() != NEW;
    }

    /** @return true if the task threw or was cancelled */
    public final boolean isCompletedAbnormally() {
        int s = phase();
        return s == EXCEPTIONAL || s == CANCELLED;
    }

    /** @return the exception the task threw, or {@code null} */
    public final Throwable exceptionOrNull() {
        return phase() == EXCEPTIONAL ? (Throwable) outcome : null;
    }

    @Override
    public final T get() throws InterruptedException, ExecutionException {
        if (phase() == NEW) {
            if (pool == null) {
                throw new IllegalStateException("get() on a task that was never forked or submitted");
            }
            if (Thread.currentThread() instanceof Worker w && w.pool == pool) {
                w.awaitJoin(this);
            } else {
                awaitInterruptibly(0L);
            }
        }
        return reportGet();
    }

    @Override
    public final T get(long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        long nanos = unit.toNanos(timeout);
        if (phase() == NEW) {
            if (pool == null) {
                throw new IllegalStateException("get() on a task that was never forked or submitted");
            }
            awaitInterruptibly(Math.max(1L, nanos));
            if (phase() == NEW) {
                throw new TimeoutException("task not done after " + timeout + " " + unit);
            }
        }
        return reportGet();
    }

    @SuppressWarnings("unchecked")
    private T reportGet() throws ExecutionException {
        int s = phase();
        if (s == NORMAL) {
            return (T) outcome;
        }
        if (s == CANCELLED) {
            throw new CancellationException("task was cancelled");
        }
        throw new ExecutionException((Throwable) outcome);
    }

    /**
     * A {@link CompletableFuture} completed with this task's outcome (exceptions wrapped as by
     * {@code CompletableFuture} itself). Completing or cancelling the returned future does not
     * affect this task.
     *
     * @return a new future
     */
    public final CompletableFuture<T> toCompletableFuture() {
        CompletableFuture<T> f = new CompletableFuture<>();
        onDone(() -> {
            int s = phase();
            if (s == NORMAL) {
                @SuppressWarnings("unchecked") T v = (T) outcome;
                f.complete(v);
            } else if (s == CANCELLED) {
                f.cancel(false);
            } else {
                f.completeExceptionally((Throwable) outcome);
            }
        });
        return f;
    }

    /** Runs {@code callback} when this task completes (immediately if it already has). */
    final void onDone(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        if (!pushWaiter(new Waiter(null, callback))) {
            callback.run();
        }
    }

    // ---------------------------------------------------------------- waiting

    /** A parked thread or a callback, waiting for completion. */
    static final class Waiter {
        final Thread thread;
        final Runnable callback;
        Waiter next;

        Waiter(Thread thread, Runnable callback) {
            this.thread = thread;
            this.callback = callback;
        }
    }

    private static final Waiter DONE_MARK = new Waiter(null, null);

    /** @return false if the task completed (the caller must not wait) */
    private boolean pushWaiter(Waiter w) {
        for (;;) {
            Waiter h = waiters;
            if (h == DONE_MARK || phase() != NEW) {
                return false;
            }
            w.next = h;
            if (WAITERS.compareAndSet(this, h, w)) {
                // Dekker with complete(): we pushed, then re-read status; it CASed status, then reads
                // waiters. One of us sees the other.
                if (phase() != NEW) {
                    signalWaiters();
                    return false;
                }
                return true;
            }
        }
    }

    private void signalWaiters() {
        Waiter h = (Waiter) WAITERS.getAndSet(this, DONE_MARK);
        for (; h != null && h != DONE_MARK; h = h.next) {
            if (h.thread != null) {
                LockSupport.unpark(h.thread);
            } else if (h.callback != null) {
                try {
                    h.callback.run();
                } catch (Throwable ignored) {
                    // a callback's failure must not stop the others
                }
            }
        }
    }

    /**
     * Registers worker {@code w}, a joiner that parks in a loop of its own re-checking
     * {@link #pending()}, to be unparked when this task completes.
     *
     * @return false if the task already completed (nothing was registered)
     */
    boolean registerJoiner(Worker w) {
        return pushWaiter(new Waiter(w, null));
    }

    /** @return whether the task has not completed yet (its joiner may still wait for it) */
    boolean pending() {
        return phase() == NEW;
    }

    /** Blocks, not interruptibly, until done. Used by non-worker joins. */
    void awaitBlocking(long unused) {
        Waiter w = new Waiter(Thread.currentThread(), null);
        if (!pushWaiter(w)) {
            return;
        }
        boolean interrupted = false;
        while (phase() == NEW) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Blocks until done, interrupted, or {@code nanos} elapsed (0: no limit). */
    private void awaitInterruptibly(long nanos) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter w = new Waiter(Thread.currentThread(), null);
        if (!pushWaiter(w)) {
            return;
        }
        long deadline = nanos == 0L ? 0L : System.nanoTime() + nanos;
        while (phase() == NEW) {
            if (nanos == 0L) {
                LockSupport.park(this);
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0L) {
                    return;
                }
                LockSupport.parkNanos(this, left);
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    @Override
    public String toString() {
        String s = switch (phase()) {
            case NEW -> "pending";
            case NORMAL -> "completed normally";
            case EXCEPTIONAL -> "failed: " + outcome;
            default -> "cancelled";
        };
        return getClass().getSimpleName() + "[" + s + "]";
    }
}
