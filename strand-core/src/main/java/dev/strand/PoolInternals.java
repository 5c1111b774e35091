package dev.strand;

import dev.strand.internal.deque.NextSlots;
import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.profile.Profiling;
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.worker.Contexts;
import dev.strand.internal.worker.EngineSettings;
import dev.strand.internal.worker.PoolAccess;
import dev.strand.internal.worker.Worker;
import java.util.function.IntConsumer;

/**
 * A pool's operations for its workers (the {@link PoolAccess} of {@code internal.worker}):
 * they stay package-private here, and the workers reach them through nothing public.
 */
final class PoolInternals extends PoolAccess implements IntConsumer {
    private final StrandPool pool;

    PoolInternals(StrandPool pool) {
        super(new PoolCallbacks(pool, PoolCallbacks.STOPPING, -1), new PoolCallbacks(pool, PoolCallbacks.VISIBLE, -1),
                new PoolCallbacks(pool, PoolCallbacks.SURPLUS, -1));
        this.pool = pool;
    }

    // ---------------------------------------------------------------- the engine's view of a configuration
    // Read from the configuration's fields, not through its accessors: a setting left at its
    // default is null there (no tuning object, no enum constant), and a pool of defaults loads no
    // class for it on its way to the first task (docs/design.md, "Start-up").

    /** @return the settings the pool's workers run with: the engine's value of {@code c} */
    static EngineSettings engineSettings(PoolConfig c) {
        PoolConfig.Tuning t = c.tuning;
        return new EngineSettings(c.name(), c.parallelism(), c.stackSize(), c.daemon(), c.keepAliveNanos(),
                c.listener(), c.uncaughtExceptionHandler(), c.onWorkerStart(), c.onWorkerExit(), c.multiprogramming,
                t != null && t.deque != null && t.deque == DequeKind.BWOS,
                t != null && t.stealPolicy != null && t.stealPolicy == StealPolicy.HALF,
                c.experimental != null ? c.experimental.stealHalfLimit : ExperimentalSettings.DEFAULT_STEAL_HALF_LIMIT,
                t != null ? t.spawnBound : PoolConfig.Tuning.DEFAULT_SPAWN_BOUND,
                c.experimental != null ? c.experimental.spinRounds : ExperimentalSettings.DEFAULT_SPIN_ROUNDS,
                t != null ? t.stealPaceNanos : PoolConfig.Tuning.DEFAULT_STEAL_PACE_NANOS,
                t == null || t.joinPolicy == null || t.joinPolicy == JoinPolicy.GREEDY,
                t == null || t.lazySplitting);
    }

    /** @return whether {@code c}'s tuning sets a topology, hierarchical victims or steal-back */
    static boolean hasLocality(PoolConfig c) {
        PoolConfig.Tuning t = c.tuning;
        return t != null && (t.topology != null || t.hierarchicalVictims || t.stealBack);
    }

    /** @return {@code c}'s run-next setting */
    static boolean runNext(PoolConfig c) {
        return c.tuning != null && c.tuning.runNext;
    }

    /** @return {@code c}'s split-deques setting */
    static boolean splitDeques(PoolConfig c) {
        return c.experimental != null && c.experimental.splitDeques;
    }

    /** @return {@code c}'s cap on searching workers */
    static int maxSearchers(PoolConfig c) {
        return c.experimental != null ? c.experimental.maxSearchers : Math.max(1, c.parallelism() / 2);
    }

    /** The sleep protocol's reviver: starts a thread for the claimed dormant or reserve slot {@code index}. */
    @Override
    public void accept(int index) {
        PoolSpares.revive(pool, index);
    }

    /**
     * Takes external work for worker {@code w}: the oldest submission, and a batch of the next ones
     * onto its deque; nothing once the pool is stopping ({@link StrandPool#shutdownNow()} takes what is queued
     * then).
     */
    @Override
    public Runnable takeExternal(Worker w) {
        if (pool.submissions.isEmpty() || !beginMove(w)) {
            return null;                          // the common idle case costs no fence
        }
        try {
            return pool.submissions.stealBatchAndPop(w.deque, StrandPool.EXTERNAL_BATCH, pool.config.parallelism());
        } finally {
            w.endMove();
        }
    }

    /**
     * Takes the oldest submission alone, for a waiting worker's help; nothing once the pool is
     * stopping. Unlike a batch, a single element needs no move handshake: its one taker runs it.
     */
    @Override
    public Runnable takeOneExternal() {
        if (pool.submissions.isEmpty() || pool.isStopping()) {
            return null;
        }
        return pool.submissions.steal();
    }

    @Override
    public boolean isShutdown() {
        return pool.isShutdown();
    }

    @Override
    public boolean externalQueued() {
        return !pool.submissions.isEmpty();
    }

    @Override
    public boolean canCompensate() {
        long c = pool.sleep.controlWord();
        return ControlWord.sleepers(c) > 0 || ControlWord.reserve(c) > 0;
    }

    /**
     * Begins a move of a batch into worker {@code w}'s deque, unless the pool is stopping. The
     * volatile store of {@code w.moving}, then the read of the run state, pair with
     * {@link StrandPool#shutdownNow()}'s store of STOP, then its read of {@code moving} (a Dekker pair): a
     * move either sees the stop and does not start, or {@code shutdownNow} sees it and waits for its
     * batch to land before it drains the deques. Without it, a batch claimed before the stop and
     * pushed after {@code shutdownNow} drained that deque was neither run nor returned.
     *
     * @return false if stopping (nothing begun); otherwise the caller must call {@code Worker.endMove}
     */
    @Override
    public boolean beginMove(Worker w) {
        assert Thread.currentThread() == w : "only a worker moves work into its own deque";
        w.moving = true;
        if (pool.isStopping()) {
            w.endMove();
            return false;
        }
        return true;
    }

    @Override
    public boolean isStopping() {
        return pool.isStopping();
    }

    /** @return whether any queue holds work (a snapshot; used by the sleep protocol's step S1) */
    @Override
    public boolean workVisible() {
        if (!pool.submissions.isEmpty() || (pool.nexts != null && pool.nexts.anyFull())) {
            return true;
        }
        int self = Thread.currentThread() instanceof Worker w && w.pool == pool ? w.index : -1;
        for (int i = 0, n = pool.sleep.inUse(); i < n; i++) {
            WorkerDeque<Runnable> d = pool.deque(i);
            if (d != null && (i == self ? !d.isEmpty() : d.hasStealable())) {   // a look at another asks it to split
                return true;
            }
        }
        return false;
    }

    /**
     * Queues {@code r}, an element accepted already (a task a joiner stole but may not run, or one
     * its worker's bounded deque cannot hold), for any worker: it is queued even after shutdown.
     * Not once the pool is stopping: the run state is checked under the injector's lock, where
     * {@link StrandPool#shutdownNow} changes it before it drains the queue, so an element queued here is
     * always drained (a check outside the lock let an offer land after the drain, and the element
     * was neither run nor returned). One refused is {@linkplain PoolShutdown#neverRunsAfterStop handled here}.
     */
    @Override
    public void requeue(Runnable r) {
        if (!pool.submissions.offer(r, pool.notStopped)) {
            PoolShutdown.neverRunsAfterStop(r);
            return;
        }
        pool.sleep.workPublishedByVolatileWrite(-1);
    }

    /**
     * Queues {@code r}, a new submission from one of this pool's tasks that its worker's bounded
     * deque cannot hold; rejected once the pool is stopping, as {@link StrandPool#enqueue} rejects it (the
     * check is under the injector's lock, as in {@link #requeue}).
     */
    @Override
    public void submitOverflow(Runnable r) {
        if (!pool.submissions.offer(r, pool.notStopped)) {
            throw pool.rejected(r);
        }
        pool.sleep.workPublishedByVolatileWrite(-1);
    }

    /**
     * The runtime itself failed in a way no worker can recover from: report it and stop the pool,
     * so that callers see their tasks cancelled instead of a pool that limps.
     */
    @Override
    public void fail(Throwable e) {
        System.getLogger(StrandPool.class.getName()).log(System.Logger.Level.ERROR,
                "StrandPool '" + pool.name() + "' failed and is shutting down", e);
        pool.shutdownNow();
    }

    /** Called by the worker that saw every worker asleep, nothing queued, after shutdown. */
    @Override
    public void quiescentAfterShutdown() {
        if (pool.runState.compareAndSet(StrandPool.SHUTDOWN, StrandPool.STOP)) {   // nothing can be queued once StrandPool.SHUTDOWN
            pool.sleep.wakeAll();
        }
    }

    /**
     * Called by a stopping worker before it handles what is left in its deque: waits until no
     * {@code shutdownNow} is draining, so that each queued task is either taken by
     * {@code shutdownNow} (and returned) or handled by its worker, never lost between the two.
     * Short: a drain takes a bounded number of elements.
     */
    @SuppressWarnings("ThreadPriorityCheck") // yield while a short drain by another thread ends
    @Override
    public void awaitStopDrains() {
        if (!pool.stopNow) {
            return;                               // stopped by quiescence: nothing queued
        }
        while (pool.stopDrains.get() != 0) {
            Thread.yield();
        }
    }

    /**
     * A worker's thread retired after the keep-alive: its slot is dormant, counted as a sleeper,
     * and holds nothing. If it was the last live thread of a stopping pool, the pool terminates.
     */
    @Override
    public void workerRetired() {
        if (pool.liveWorkers.decrementAndGet() == 0) {
            tryTerminate();
        }
    }

    @Override
    public void workerExited(Worker w) {
        if (pool.liveWorkers.decrementAndGet() == 0) {
            // Nothing is queued from outside after StrandPool.SHUTDOWN (offers check the state under the
            // injector's lock), so this finds work only if the quiescence check raced a last
            // batch; what it finds was accepted, so it runs. After shutdownNow, the queue is
            // shutdownNow's alone to drain: what it takes, it returns.
            Runnable r;
            while (!pool.stopNow && (r = pool.submissions.steal()) != null) {
                w.runTask(r);
            }
            tryTerminate();
        } else {
            pool.sleep.wakeAll();                      // make sure the others see STOP promptly
        }
    }

    @Override
    public boolean spareSurplus() {
        return PoolSpares.spareSurplus(pool);
    }

    /**
     * For a joiner that counted itself blocked, and a spare that just left: a spare that the
     * thread factory cannot make leaves the wait uncompensated, as at the cap on spares, and the
     * failure goes to the caller's uncaught-exception handler. The join does not fail for it: the
     * worker it waits for got its own spare (or its {@code Strand.blocking} failed).
     */
    @Override
    public void compensate() {
        try {
            PoolSpares.compensate(pool);
        } catch (IllegalStateException e) {
            if (!StrandWorkerThread.FactoryFailure.is(e)) {
                throw e;
            }
            pool.uncompensated.incrementAndGet();
            ((Worker) Thread.currentThread()).reportUncaught(e);
        }
    }

    @Override
    public PoolProfiler profiler() {
        return pool.profiler;
    }

    @Override
    public Contexts contexts() {
        return pool.contexts;
    }

    @Override
    public NextSlots nextSlots() {
        return pool.nexts;
    }

    /**
     * Terminates once every worker has exited and no {@code shutdownNow} is still draining: only
     * then has every accepted task run or been returned. Called by the last worker to exit and by
     * each {@code shutdownNow} as it ends; whichever comes last terminates.
     */
    void tryTerminate() {
        if (pool.liveWorkers.get() == 0 && pool.stopDrains.get() == 0
                && pool.runState.compareAndSet(StrandPool.STOP, StrandPool.TERMINATED)) {
            if (pool.profiler != null) {
                Profiling.finish(pool.profiler);       // writes the report if -Dstrand.profile asked
            }
            pool.terminated.countDown();
        }
    }
}
