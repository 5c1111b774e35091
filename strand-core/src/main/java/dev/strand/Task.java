package dev.strand;

import dev.strand.internal.profile.Frame;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.stack.StackReserve;
import dev.strand.internal.worker.TaskAccess;
import dev.strand.internal.worker.Worker;
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

    /** The state word's handle; {@link Waiter} pushes and unlinks through it too. */
    static final VarHandle AUX;
    private static final VarHandle POOL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            AUX = l.findVarHandle(Task.class, "aux", Object.class);
            POOL = l.findVarHandle(Task.class, "pool", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The claim of a task that {@link #run()} ran directly (FutureTask style: an
     * ExecutorCompletionService, a caller's own thread): no pool queues it.
     */
    static final Object DETACHED = new Object();   // not an anonymous class: one less to load at start

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

    /** Whether a pool ever profiled, tested first by joins; kept here so they load no profiler class. */
    private static volatile boolean profiling;

    /** Called by a profiling pool before its workers start; never cleared. */
    static void profilingStarts() {
        profiling = true;
    }

    /** The outcome of a task whose result is null. */
    private static final Alt NIL = new Alt(null);
    /** The outcome of a cancelled task. */
    private static final Alt CANCELLED_MARK = new Alt(null);

    /** Pending (null or a Waiter stack) or done (the outcome); see above. */
    volatile Object aux;
    /**
     * Who claimed this task: the {@link StrandPool} it was forked or submitted into, {@link #DETACHED}
     * once {@link #run()} took it, or null while nobody has. Set once: by a CAS for submissions and
     * {@code run()}, by a plain store on the fork path (see {@link #claimFor}).
     */
    Object pool;
    /**
     * Its frame in the work/span profiler, given at the fork or submission by a profiling pool;
     * null otherwise (then the only cost of profiling is the null checks in {@link #exec}).
     */
    Frame profileFrame;
    /**
     * The context captured by the pool's {@link ContextPropagator} when this task was handed to the
     * pool, installed while it runs; null when the pool has none (see {@code internal.worker.Contexts}).
     */
    Object context;

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
        return Tasks.SupplierTask.wrap(body);
    }

    /**
     * Forks this task into the current worker's deque so another worker may steal it.
     *
     * <p>A task runs at most once. Forking is the hot path of fork-join code, so its check against a
     * second fork is a plain read, not an atomic claim: forking one task from two threads at once is
     * a programming error that may go undetected. {@link StrandPool#submit(Task)},
     * {@link StrandPool#execute} and {@link #run()} claim atomically.
     *
     * <p>Called from a thread that is not a Strand worker, it submits this task to the
     * {@linkplain StrandPool#commonPool() common pool} (as {@code ForkJoinTask.fork} does).
     *
     * @return this task
     * @throws IllegalStateException if this task was already forked, submitted or run
     */
    public final Task<T> fork() {
        if (Thread.currentThread() instanceof Worker w) {
            w.fork(this);
        } else {
            StrandPool.commonPool().submit(this);
        }
        return this;
    }

    /**
     * Waits for this task and returns its result. In a worker of the task's pool the wait helps run
     * other tasks; elsewhere it blocks.
     *
     * @return the result
     * @throws CompletionException   if the task threw; the cause is the original exception
     * @throws CancellationException if the task was cancelled
     * @throws IllegalStateException if the task was never forked, submitted or run (a fork-join
     *                               program that joins a task it never started would wait forever;
     *                               {@link #get()}, like {@code FutureTask.get}, waits for whoever
     *                               runs it), or if a worker of another pool would have to wait for
     *                               it (use {@link #get()} to block across pools); a finished task's
     *                               result is returned to any caller
     */
    public final T join() {
        if (profiling) {
            return joinProfiled();
        }
        if (!isDone()) {
            if (Thread.currentThread() instanceof Worker w && w.pool == pool) {
                w.awaitJoin(this);                // the common case: inline, or help
            } else {
                awaitForJoin();                   // never forked, a foreign pool, or outside
            }
        }
        return reportJoin();
    }

    /** {@link #join()} in a program that profiles: the join also adds this task's frame to the joiner's. */
    private T joinProfiled() {
        Thread t = Thread.currentThread();
        WorkerProfiler wp = t instanceof Worker w && w.pool == pool ? w.prof : null;
        try {
            if (!isDone()) {
                if (wp != null) {
                    wp.beforeJoin();
                    ((Worker) t).awaitJoin(this);
                } else {
                    awaitForJoin();
                }
            }
            return reportJoin();
        } finally {
            profileJoined(t, wp);
        }
    }

    /** Adds this task's frame to the joining worker's frame, or to the outside thread's. */
    private void profileJoined(Thread t, WorkerProfiler wp) {
        if (this instanceof Scope.Member<?>) {
            return;                               // its scope joins it, at the scope's end
        }
        if (wp != null) {
            wp.joined(profileFrame);
        } else if (!(t instanceof Worker) && pool instanceof StrandPool p && p.profiler != null
                && profileFrame != null) {
            p.profiler.joinedFromOutside(profileFrame);
        }
    }

    private IllegalStateException foreignJoin(Worker w) {
        return new IllegalStateException("join() from a worker of pool '" + ((StrandPool) w.pool).name()
                + "' on a task of pool '" + ((StrandPool) pool).name() + "': joins must stay inside "
                + "one pool (use get() to block across pools)");
    }

    /** Runs this task inline if it was not forked, then returns its result like {@link #join()}. */
    public final T invoke() {
        claimUnforked();
        exec();
        return reportJoin();
    }

    private void awaitForJoin() {
        Object p = pool;
        if (p == null) {
            throw new IllegalStateException("join() on a task that was never forked or submitted; "
                    + "call fork() first, or invoke() to run it inline");
        }
        Thread t = Thread.currentThread();
        if (t instanceof Worker w && p != DETACHED) {
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
        WorkerProfiler wp = profileFrame == null ? null : beginProfile();
        Object outcome;
        try {
            T r = compute();
            outcome = r == null ? NIL : r;
        } catch (Throwable e) {
            outcome = Alt.failure(e);
        }
        if (wp != null) {
            wp.end();                             // before the completion publishes the frame
        }
        complete(outcome);
    }

    /** Starts this task's frame on the running worker's profiler; null off a profiling worker. */
    final WorkerProfiler beginProfile() {
        if (Thread.currentThread() instanceof Worker w && w.prof != null) {
            w.prof.begin(profileFrame);
            return w.prof;
        }
        return null;
    }

    /**
     * Completes a task that runs its body by other means (a scope member) with result {@code r},
     * or with failure {@code f} if that is non-null.
     *
     * @return false if it was already done (this outcome is dropped)
     */
    final boolean settle(T r, Throwable f) {
        return complete(f != null ? Alt.failure(f) : r == null ? NIL : r);
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
                    Waiter.signal((Waiter) a);
                }
                return true;
            }
        }
    }

    /** @return whether state {@code a} is an outcome (done), not null or a waiter stack (pending) */
    static boolean isOutcome(Object a) {
        return a != null && !(a instanceof Waiter);
    }

    /**
     * Marks this task forked into pool {@code p}; rejects a second fork or submission. The fork
     * path's claim: a plain check, then a plain store (no CAS per fork). Only the owner of a task
     * forks it, so no other thread races this; a concurrent double fork is a programming error
     * (see {@link #fork()}). Submissions and {@link #run()} claim with {@link #claimSubmission}.
     */
    final void claimFor(StrandPool p) {
        if (pool != null) {
            throw alreadyClaimed();
        }
        pool = p;
    }

    /**
     * Atomically marks this task submitted to {@code p}: of two threads submitting (or running) the
     * same task at once, exactly one wins, and the other gets the exception.
     *
     * @throws IllegalStateException if the task was already forked, submitted or run
     */
    final void claimSubmission(StrandPool p) {
        if (pool != null || !POOL.compareAndSet(this, null, p)) {
            throw alreadyClaimed();
        }
    }

    private static IllegalStateException alreadyClaimed() {
        return new IllegalStateException("task already forked, submitted or run (a task runs at most once)");
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

    @SuppressWarnings("TypeParameterUnusedInFormals") // always throws: T lets callers `return reportAbnormal(a)`
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

    /**
     * Runs the task in the calling thread, unless it was already forked, submitted or run: like
     * {@code FutureTask.run}, it computes the task at most once, and a call that finds the task
     * claimed returns at once (the claimer runs it). This is how an {@code Executor} that is handed
     * the task as a {@code Runnable} (an {@code ExecutorCompletionService}, say) runs it.
     */
    @Override
    public final void run() {
        if (pool == null && POOL.compareAndSet(this, null, DETACHED)) {
            exec();
        }
    }

    /**
     * Cancels the task if it has not completed. A task that has not started will not run; its
     * waiters see {@link CancellationException}.
     *
     * <p>{@code mayInterruptIfRunning}: the tasks that {@link StrandPool} creates for
     * {@code submit(Callable)}, {@code submit(Runnable)}, {@code invokeAll} and {@code invokeAny}
     * record the thread running them, and {@code cancel(true)} interrupts it, as
     * {@code ThreadPoolExecutor}'s and {@code ForkJoinPool}'s do; the interrupt reaches the task
     * only while it runs, never a later task of the same worker. Forked tasks ({@link #fork()},
     * {@link Strand#fork}, subclasses of this class) record no thread, so that a fork costs no
     * more than it must: for them, as for {@code ForkJoinTask}, the flag is ignored and a running
     * task finishes, its result discarded. Use a flag of your own to stop a long computation.
     *
     * @return true if this call cancelled the task or it was already cancelled; false if it had
     *         completed
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return complete(CANCELLED_MARK) || aux == CANCELLED_MARK;
    }

    /** @return whether this call cancelled the task (false if it was already done, cancelled or not) */
    final boolean tryCancel() {
        return complete(CANCELLED_MARK);
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

    /**
     * Waits for the task like {@code FutureTask.get}: a task nobody has started yet is waited for
     * too (whoever forks, submits or runs it later completes the wait). In a worker of any pool the
     * wait helps run that worker's pool's tasks meanwhile (so a task may wait for another at one
     * worker, and a worker waiting on another pool's task still serves its own); elsewhere it
     * blocks.
     *
     * @throws CancellationException if the task was cancelled
     * @throws ExecutionException    if the task threw; the cause is the original exception
     * @throws InterruptedException  if the calling thread was interrupted while waiting
     */
    @Override
    public final T get() throws InterruptedException, ExecutionException {
        if (!isDone()) {
            awaitUntil(0L);
        }
        if (profiling && !(Thread.currentThread() instanceof Worker)) {
            profileJoined(Thread.currentThread(), null);
        }
        return reportGet();
    }

    /**
     * {@link #get()} with a time limit; in a worker the wait helps as {@code get()} does, and stops
     * helping at the deadline's first check after the task it is running returns.
     *
     * @throws TimeoutException if the task is not done in time
     */
    @Override
    public final T get(long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        long nanos = unit.toNanos(timeout);
        if (!isDone()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (nanos <= 0L || !awaitUntil(deadlineAfter(nanos))) {
                throw new TimeoutException("task not done after " + timeout + " " + unit);
            }
        }
        return reportGet();
    }

    /**
     * @return a {@code System.nanoTime()} deadline {@code nanos} from now, never 0 (0 means "no
     *     deadline" to {@link #awaitUntil}); differences of nanoTime values stay right across
     *     overflow, so a huge {@code nanos} is fine
     */
    static long deadlineAfter(long nanos) {
        long d = System.nanoTime() + nanos;
        return d == 0L ? 1L : d;
    }

    /**
     * Waits until this task is done or {@code deadlineNanos} (a {@code System.nanoTime()} value, 0
     * for none) passes: in a worker, helping its pool ({@code Worker.awaitJoinUntil}); elsewhere
     * parked.
     *
     * @return whether the task is done
     * @throws InterruptedException if the thread was interrupted while the task was pending
     */
    final boolean awaitUntil(long deadlineNanos) throws InterruptedException {
        if (Thread.currentThread() instanceof Worker w) {
            if (!w.awaitJoinUntil(this, deadlineNanos) && Thread.interrupted()) {
                throw new InterruptedException();
            }
        } else {
            Waiter.awaitInterruptibly(this, deadlineNanos);
        }
        return isDone();
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
     * affect this task. Its {@code join} and {@code get}, and those of the stages that depend on
     * it, may be called from inside a task: there they join this task (or wait through
     * {@link Strand#blocking}) instead of holding the worker, so they cannot deadlock a pool of
     * one worker.
     *
     * @return a new future
     */
    public final CompletableFuture<T> toCompletableFuture() {
        CompletableFuture<T> f = TaskFuture.of(this);   // a factory: linking Task loads no TaskFuture
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

    /**
     * For {@link TaskFuture}: on a worker of this task's pool, waits for the task as
     * {@link #join()} does (inline, or helping its thief) without reporting its outcome.
     *
     * @return false, without waiting, on any other thread
     */
    final boolean awaitInOwnPool() {
        if (!(Thread.currentThread() instanceof Worker w) || w.pool != pool) {
            return false;
        }
        if (!profiling) {
            if (!isDone()) {
                w.awaitJoin(this);
            }
            return true;
        }
        WorkerProfiler wp = w.prof;               // as joinProfiled: the join adds the task's frame
        try {
            if (!isDone()) {
                if (wp != null) {
                    wp.beforeJoin();
                }
                w.awaitJoin(this);
            }
        } finally {
            profileJoined(w, wp);
        }
        return true;
    }

    /** Runs {@code callback} when this task completes (immediately if it already has). */
    final void onDone(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        if (!Waiter.push(this, new Waiter(null, callback))) {
            callback.run();
        }
    }

    /**
     * Pushes a waiter for {@code t} to be unparked at completion.
     *
     * @return the node (pass it to {@link #stopWaiting} when giving up), or null if the task is done
     */
    final Waiter addWaiter(Thread t) {
        Waiter w = new Waiter(t, null);
        return Waiter.push(this, w) ? w : null;
    }

    /** The thread of {@code node} stops waiting before completion: unlink it (see {@link Waiter}). */
    final void stopWaiting(Waiter node) {
        if (node != null && pending()) {
            Waiter.remove(this, node);
        }
    }

    /** @return how many nodes the waiter stack holds, removed ones not yet unlinked included (tests) */
    final int waiterCount() {
        int n = 0;
        for (Object a = aux; a instanceof Waiter w; a = w.next) {
            n++;
        }
        return n;
    }

    /**
     * Registers worker {@code w}, a joiner that parks in a loop of its own re-checking
     * {@link #pending()}, to be unparked when this task completes.
     *
     * @return false if the task already completed (nothing was registered)
     */
    boolean registerJoiner(Worker w) {
        return Waiter.push(this, new Waiter(w, null));
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

    /** Blocks, not interruptibly, until done. Used by non-worker joins; a join frame overrides it. */
    void awaitBlocking(long unused) {
        Waiter.awaitBlocking(this);
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

    static {
        TaskAccess.register(new TaskInternals());    // last: every static above is initialized
    }
}
