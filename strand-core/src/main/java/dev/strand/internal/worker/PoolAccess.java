package dev.strand.internal.worker;

/**
 * The pool operations a worker calls, on its own pool: implemented by a private class of
 * {@code StrandPool}, one instance per pool, handed to each of its workers. One implementation
 * class, so every call site is monomorphic and inlined.
 */
public abstract class PoolAccess {
    /**
     * For the one implementation in {@code dev.strand}, which hands over the three questions the
     * sleep protocol asks as {@code BooleanSupplier}s: the pool's own callback class answers them,
     * so that starting a pool loads no class of its own for them and spins no lambda class (see
     * docs/design.md, "Start-up").
     *
     * @param stopping answers {@link #isStopping()}
     * @param visible  answers {@link #workVisible()}
     * @param surplus  answers {@link #spareSurplus()}
     */
    protected PoolAccess(java.util.function.BooleanSupplier stopping, java.util.function.BooleanSupplier visible,
                         java.util.function.BooleanSupplier surplus) {
        this.stopping = stopping;
        this.visible = visible;
        this.surplus = surplus;
    }

    /** {@link #isStopping()} as the sleep protocol asks it. */
    final java.util.function.BooleanSupplier stopping;
    /** {@link #workVisible()} as the sleep protocol asks it. */
    final java.util.function.BooleanSupplier visible;
    /** {@link #spareSurplus()} as the sleep protocol asks it. */
    final java.util.function.BooleanSupplier surplus;

    /**
     * Takes external work for worker {@code w}: the oldest submission, and a batch of the next
     * ones onto its deque; nothing once the pool is stopping.
     */
    public abstract Runnable takeExternal(Worker w);

    /**
     * Takes the oldest submission, alone (a wait's help: a batch moved onto the waiter's deque
     * would run nested too, uncounted); nothing once the pool is stopping.
     */
    public abstract Runnable takeOneExternal();

    /** @return whether the submission queue holds a task (a snapshot) */
    public abstract boolean externalQueued();

    /**
     * @return whether a blocking wait would be compensated now: a worker sleeps (it can take
     *     over) or a spare slot is left (a snapshot)
     */
    public abstract boolean canCompensate();

    /**
     * Begins a move of a batch into {@code w}'s deque (the stop handshake, see
     * {@link Worker#moving}).
     *
     * @return false if stopping (nothing begun); otherwise the caller must call {@link Worker#endMove}
     */
    public abstract boolean beginMove(Worker w);

    /** @return whether the pool was shut down ({@code isShutdown}: it accepts no submissions from outside) */
    public abstract boolean isShutdown();

    /** @return whether the pool is stopping (shutdownNow, or quiescent after shutdown) */
    public abstract boolean isStopping();

    /** @return whether any queue holds work (a snapshot: the sleep protocol's scan) */
    public abstract boolean workVisible();

    /**
     * Queues {@code r}, an element the pool accepted already (taken by a joiner that may not run
     * it, or one its worker's bounded deque cannot hold), for any worker; once the pool is
     * stopping, a plain Runnable runs here and a task is cancelled.
     */
    public abstract void requeue(Runnable r);

    /**
     * Queues {@code r}, a new submission from a task that its worker's bounded deque cannot hold,
     * for any worker.
     *
     * @throws java.util.concurrent.RejectedExecutionException if the pool is stopping (a task is
     *                                                         cancelled)
     */
    public abstract void submitOverflow(Runnable r);

    /** The runtime failed beyond a worker's recovery: report and stop the pool. */
    public abstract void fail(Throwable e);

    /** Every worker was a sleeper, nothing queued, after shutdown: the pool stops. */
    public abstract void quiescentAfterShutdown();

    /** Waits until no {@code shutdownNow} is draining (a stopping worker, before its own drain). */
    public abstract void awaitStopDrains();

    /** A worker's thread retired after the keep-alive: its slot is dormant. */
    public abstract void workerRetired();

    /** Worker {@code w} exited its loop for good (the pool stopped). */
    public abstract void workerExited(Worker w);

    /** @return whether the pool has more spare threads out than workers blocked (a spare then leaves) */
    public abstract boolean spareSurplus();

    /**
     * Takes a spare out of the reserve if fewer are out than workers are blocked. Called by a
     * spare that just joined the reserve (a worker may have blocked meanwhile, or another spare
     * left at the same time) and by a joiner that just counted itself blocked.
     */
    public abstract void compensate();

    /** @return the pool's work/span profiler, or null when it does not profile */
    public abstract dev.strand.internal.profile.PoolProfiler profiler();

    /** @return the pool's context propagation, or null if it has no propagator */
    public abstract Contexts contexts();

    /** @return the core workers' run-next slots, or null when the pool does not use them */
    public abstract dev.strand.internal.deque.NextSlots nextSlots();
}
