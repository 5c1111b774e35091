package dev.strand;

import dev.strand.internal.stack.StackReserve;
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

    // The whole state is one field, `aux` (CompletableFuture's design, and the name of
    // ForkJoinTask's field that shares the same role):
    //   null           pending, nobody waiting;
    //   a Waiter       pending; the top of a Treiber stack of waiting threads and callbacks;
    //   anything else  done, and it is the outcome: the result itself, or an Alt: NIL for a null
    //                  result, CANCELLED_MARK, or a failure holding its exception.
    // Exactly one CAS moves it from pending to done (completion and cancellation race on it; the
    // loser's outcome is dropped), and that CAS takes the waiter stack it replaces, so waiting and
    // completing need no Dekker pairing: they CAS the same word. Waiter and the marks are private
    // to this package, so no result can be mistaken for one.
    //
    // Rejected: an int status CASed after a plain store of the outcome (this class's first layout).
    // It needs a Dekker pairing with the waiter push, costs 8 bytes more per task, and two
    // concurrent run() calls could pair the winner's status with the loser's outcome
    // (TaskStateLincheckTest found it). A task is now 20 bytes plus its own fields, as a
    // ForkJoinTask (status and aux) is: a Task subclass with one int is 24 bytes.

    /** JoinFrame's status values (a frame keeps an int status of its own; see JoinFrame). */
    static final int NEW = 0;
    static final int NORMAL = 1;
    static final int EXCEPTIONAL = 2;
    static final int CANCELLED = 3;

    private static final VarHandle AUX;

    static {
        try {
            AUX = MethodHandles.lookup().findVarHandle(Task.class, "aux", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** An outcome that is not the result itself: one class, so a join tests it with one check. */
    private static final class Alt {
        /** The failure; null for {@link #NIL} and {@link #CANCELLED_MARK}. */
        final Throwable exception;
        /**
         * What {@link #join()} throws: the CompletionException that carried the failure out of a
         * nested join, rethrown as it is, so a failure deep in a recursion reaches the root with a
         * cause chain of two and one stack-trace fill, not one wrapper per level. Null until a
         * joiner needs one (then set racily; any instance will do).
         */
        volatile CompletionException thrown;

        Alt(Throwable exception) {
            this.exception = exception;
        }

        /** The outcome of a body that threw {@code e}. */
        static Alt failure(Throwable e) {
            if (e instanceof CompletionException ce && ce.getCause() != null) {
                Alt a = new Alt(ce.getCause());
                a.thrown = ce;
                return a;
            }
            return new Alt(e);
        }
    }

    /** The outcome of a task whose result is null. */
    private static final Alt NIL = new Alt(null);
    /** The outcome of a cancelled task. */
    private static final Alt CANCELLED_MARK = new Alt(null);

    /** Pending (null or a Waiter stack) or done (the outcome); see above. */
    private volatile Object aux;
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
        if (!isDone()) {
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
        if (isDone()) {
            return;
        }
        Object outcome;
        try {
            T r = compute();
            outcome = r == null ? NIL : r;
        } catch (Throwable e) {
            outcome = Alt.failure(e);
        }
        complete(outcome);
    }

    /**
     * Marks a task that completes by other means (a scope member) done as it starts, so that a
     * cancellation can no longer win. Its result is null.
     *
     * @return false if it was already done (cancelled): it must not run
     */
    final boolean markStarted() {
        return complete(NIL);
    }

    /** @return true only for the call that moved this task from pending to cancelled */
    final boolean cancelOnce() {
        return complete(CANCELLED_MARK);
    }

    /**
     * Completes this task exceptionally with {@code e} if it is still pending: the deferred
     * completion of a task whose own completion ran out of stack (see the stack package). Called at
     * a shallower frame than the failed attempt.
     */
    void abort(Throwable e) {
        complete(Alt.failure(e));
    }

    /**
     * Moves the task from pending to done with {@code outcome} (already encoded), then wakes the
     * waiters that the CAS took. The CAS is the completion's release: it publishes what compute()
     * wrote (a joiner's volatile read of {@code aux} pairs with it).
     *
     * @return false if the task was already done (this outcome is dropped)
     */
    private boolean complete(Object outcome) {
        return AUX.compareAndSet(this, null, outcome) || completeContended(outcome);
    }

    /**
     * {@link #complete} when the state was not null: waiters to take, or already done. Taking the
     * waiters and waking them are two steps, so stack is reserved before the first (an overflow
     * between them would strand every waiter).
     */
    private boolean completeContended(Object outcome) {
        if (isOutcome(aux)) {
            return false;
        }
        StackReserve.reserve();
        for (;;) {
            Object a = aux;
            if (isOutcome(a)) {
                return false;
            }
            if (AUX.compareAndSet(this, a, outcome)) {
                if (a != null) {
                    signal((Waiter) a);
                }
                return true;
            }
        }
    }

    /** @return whether state {@code a} is an outcome (done), not null or a waiter stack (pending) */
    private static boolean isOutcome(Object a) {
        return a != null && !(a instanceof Waiter);
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
        Object a = aux;
        if (a instanceof Alt alt) {
            return alt == NIL ? null : reportAbnormal(alt);
        }
        return (T) a;
    }

    private static <T> T reportAbnormal(Alt a) {
        if (a == CANCELLED_MARK) {
            throw new CancellationException("task was cancelled");
        }
        CompletionException ce = a.thrown;
        if (ce == null) {
            ce = new CompletionException("task failed: " + a.exception, a.exception);
            a.thrown = ce;
        }
        throw ce;
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
        return complete(CANCELLED_MARK) || aux == CANCELLED_MARK;
    }

    @Override
    public final boolean isCancelled() {
        return aux == CANCELLED_MARK;
    }

    @Override
    public final boolean isDone() {
        return isOutcome(aux);
    }

    /** @return true if the task threw or was cancelled */
    public final boolean isCompletedAbnormally() {
        return aux instanceof Alt alt && alt != NIL;
    }

    /** @return the exception the task threw, or {@code null} */
    public final Throwable exceptionOrNull() {
        return aux instanceof Alt alt ? alt.exception : null;
    }

    @Override
    public final T get() throws InterruptedException, ExecutionException {
        if (!isDone()) {
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
        if (!isDone()) {
            if (pool == null) {
                throw new IllegalStateException("get() on a task that was never forked or submitted");
            }
            awaitInterruptibly(Math.max(1L, nanos));
            if (!isDone()) {
                throw new TimeoutException("task not done after " + timeout + " " + unit);
            }
        }
        return reportGet();
    }

    private T reportGet() throws ExecutionException {
        if (aux instanceof Alt alt && alt.exception != null) {
            throw new ExecutionException(alt.exception);
        }
        return reportJoin();                      // the result, or CancellationException
    }

    /** @return the result of a task known to have completed normally */
    @SuppressWarnings("unchecked")
    private T result() {
        Object a = aux;
        return a == NIL ? null : (T) a;
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
            Object a = aux;
            if (a instanceof Alt alt && alt.exception != null) {
                f.completeExceptionally(alt.exception);
            } else if (a == CANCELLED_MARK) {
                f.cancel(false);
            } else {
                f.complete(result());
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

    /**
     * Pushes {@code w} on the waiter stack while the task is pending. The push and the completion
     * CAS the same field, so either the push comes first and the completion takes {@code w} with
     * the stack, or the push fails and sees the outcome.
     *
     * @return false if the task completed (the caller must not wait)
     */
    private boolean pushWaiter(Waiter w) {
        for (;;) {
            Object a = aux;
            if (isOutcome(a)) {
                return false;
            }
            w.next = (Waiter) a;
            if (AUX.compareAndSet(this, a, w)) {
                return true;
            }
        }
    }

    /**
     * Wakes every waiting thread first (each unpark fits the reserved stack), then runs the
     * callbacks, which are user code of any depth: a callback's failure goes to the current thread's
     * uncaught-exception handler and does not stop the others.
     */
    private static void signal(Waiter h) {
        for (Waiter w = h; w != null; w = w.next) {
            if (w.thread != null) {
                LockSupport.unpark(w.thread);
            }
        }
        for (Waiter w = h; w != null; w = w.next) {
            if (w.callback != null) {
                try {
                    w.callback.run();
                } catch (Throwable e) {
                    Thread t = Thread.currentThread();
                    t.getUncaughtExceptionHandler().uncaughtException(t, e);
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

    /**
     * Whether a worker waiting for this task may help a thief that is running {@code r}, by running
     * the tasks that thief pushed since it started {@code r}: true when {@code r} is this task (they
     * are its descendants). A scope's latch covers the scope's members.
     */
    boolean covers(Runnable r) {
        return r == this;
    }

    /** @return whether the task has not completed yet (its joiner may still wait for it) */
    boolean pending() {
        return !isOutcome(aux);
    }

    /** Blocks, not interruptibly, until done. Used by non-worker joins. */
    void awaitBlocking(long unused) {
        Waiter w = new Waiter(Thread.currentThread(), null);
        if (!pushWaiter(w)) {
            return;
        }
        boolean interrupted = false;
        while (!isDone()) {
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
        while (!isDone()) {
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
        Object a = aux;
        String s;
        if (!isOutcome(a)) {
            s = "pending";
        } else if (a == CANCELLED_MARK) {
            s = "cancelled";
        } else if (a instanceof Alt alt && alt.exception != null) {
            s = "failed: " + alt.exception;
        } else {
            s = "completed normally";
        }
        return getClass().getSimpleName() + "[" + s + "]";
    }
}
