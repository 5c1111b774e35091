package dev.strand.internal.worker;

import dev.strand.DequeKind;
import dev.strand.Multiprogramming;
import dev.strand.WorkerStats;
import dev.strand.internal.cpu.Oversubscription;
import dev.strand.internal.deque.ChaseLevDeque;
import dev.strand.internal.deque.NextSlots;
import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.feedback.Feedback;
import dev.strand.internal.jfr.JfrGate;
import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.profile.Profiling;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.steal.StealBoard;
import dev.strand.internal.steal.StealPace;
import dev.strand.internal.victim.Locality;
import dev.strand.internal.victim.TieredVictims;
import dev.strand.internal.victim.VictimCursor;
import dev.strand.internal.victim.VictimOrder;
import dev.strand.trace.SchedulerListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;

/**
 * A worker thread: owns one deque, runs the scheduling loop, and performs greedy joins (see the
 * package essay). Its members are public for {@code dev.strand}, in this unexported package.
 * Every worker is a {@code dev.strand.StrandWorkerThread}, the public subclass that a pool's
 * thread factory may extend further: so the thread is the worker, and finding the current
 * worker stays one type check of {@code Thread.currentThread()}. Subclasses cannot change the
 * engine: every public method here is final, and the loop runs only once the pool launched the
 * thread ({@link #launch}).
 *
 * <p>Every counter here is written only by this thread (plain writes) and read racily by
 * {@link StrandPool#stats()}; on 64-bit JVMs a long read is never torn.
 */
public class Worker extends Thread {

    /** Task's package-private protocol: a constant of one class, so every call inlines. */
    static final TaskAccess TASKS = TaskAccess.get();

    /**
     * Reads another slot's deque: a spare slot's is created at its first start, which may still
     * be under way when the slots in use already cover it (StrandPool publishes it with a release
     * store). A joiner's {@code stealDescendant} reads it plainly: it reads only the deque of a
     * worker whose steal record it saw, so that worker's thread, started after its deque was
     * stored, wrote the record.
     */
    static final VarHandle DEQUES = MethodHandles.arrayElementVarHandle(WorkerDeque[].class);
    /** Reads another slot's current Worker (a revived slot gets a new one). */
    static final VarHandle WORKERS = MethodHandles.arrayElementVarHandle(Worker[].class);

    /** Every FAIRNESS_TICKS-th scheduling decision polls the submission queue first (Go: 61). */
    static final int FAIRNESS_TICKS = 61;

    /** This worker's pool (the API object, for identity checks and its configuration). */
    public final Object pool;
    /** The pool's settings. */
    final EngineSettings settings;
    /** The pool's operations for its workers. */
    final PoolAccess poolAccess;
    /** This worker's slot in the pool. */
    public final int index;
    /** This worker's own deque. */
    public final WorkerDeque<Runnable> deque;
    /**
     * Whether the deque is block-based ({@link DequeKind#BWOS}): bounded, with private elements. A
     * submission then goes to the submission queue when it is full, else is granted to thieves at once.
     */
    final boolean blockDeque;
    /**
     * Every worker's deque, by index. Thieves reach a victim's deque through this shared, read-only
     * array, never through the victim's Worker object, whose counters its owner writes all the time
     * (reading them from another core would be false sharing on every steal).
     */
    final WorkerDeque<Runnable>[] deques;

    final Worker[] workers;
    final SleepCoordinator sleep;
    final VictimOrder victims;
    /** The sweep with locality ({@code internal.victim}), or null: the coprime sweep. Core workers only. */
    final VictimCursor cursor;
    /** Whether a thief records itself on its victim's thief word (steal-back is on). */
    final boolean noteThieves;
    /** The plan that groups the workers, or null: then no steal is counted near or far. */
    final TieredVictims places;
    /** This worker's group at the plan's coarsest level. */
    final int group;
    /**
     * The core workers' run-next slots ({@code Tuning.runNext}), or null: then submissions from
     * a task go onto the deque. Thieves (spares included) steal from them; only core workers own one.
     */
    final NextSlots nexts;
    /** Whether this worker owns a run-next slot (the pool uses them and this is a core worker). */
    final boolean ownsNext;
    /** The core workers' count: slots at or above it are spares, started when workers block. */
    final int core;
    /** Whether this slot is a spare: it returns to the reserve when the pool has one too many. */
    final boolean spare;
    /** {@link Multiprogramming}: whether to yield before steal attempts (AUTO asks each time; null is AUTO). */
    final Multiprogramming multiprogramming;
    final SchedulerListener listener;   // null when tracing is off
    /** This worker's side of the work/span profiler; null when the pool does not profile. */
    public final WorkerProfiler prof;
    /** The pool's context propagation, or null: then forks capture and runs install nothing. */
    public final Contexts contexts;
    /** The pool's name, for Flight Recorder events. */
    final String poolName;
    /** The Flight Recorder park event under way, or null. */
    Object parkEvent;
    /** The pool's profiler, or null. */
    final PoolProfiler profiler;
    final boolean stealHalf;
    final int stealHalfLimit;
    final int spawnBound;
    final int spinRounds;
    /** Its steal pace; joins and thieves report waits to it (see StealPace#waited). */
    public final StealPace pacing;
    final boolean greedyJoin;
    /** {@code PoolConfig.Tuning.lazySplitting()}: read by {@code Strand.join}. */
    public final boolean lazySplitting;
    /** How {@code Strand.wantsSplit} answers here, a {@link SplitMode}; profiling does not change it. */
    public final byte splitMode;
    /** The deque, if lazy splitting reads thieves' requests from it (classic Chase-Lev); else null. */
    public final ChaseLevDeque<Runnable> lazyDeque;
    int tick;
    int seed;
    /** The pool's leapfrogging board, read racily by joiners looking for their child's thief ({@code internal.steal}). */
    final StealBoard board;
    /** S1's scan for remaining work (one instance, no allocation per call). */
    final BooleanSupplier workVisible;
    final BooleanSupplier spareSurplus;
    /**
     * {@code Strand.blocking} calls under way on this thread, nested ones included: the worker
     * counts as blocked while this is above zero. Written only by this thread, and only by field
     * stores in {@code Strand.blocking} itself, which call nothing: a stack overflow can stop the
     * call before its raise or inside it, but cannot skip the lowering in its {@code finally},
     * so the pool's count of blocked workers (a scan of these fields) never stays raised. A
     * field, not a method, because a method's entry could overflow (see {@code internal.stack}).
     */
    @SuppressWarnings("PublicField") // stored to without a call, from dev.strand: see above
    public volatile int blockDepth;

    // Statistics: written by this thread only. A Worker is a Thread, a large object, so these share
    // lines only with this worker's own fields, never with another worker's.
    long tasksRun;
    long spawns;
    long inlinedSpawns;
    long steals;
    long stealAttempts;
    long failedSteals;
    long movedByHalf;
    long joinBlocks;
    long idleNanos;
    int maxDequeSize;
    long nearSteals;
    long farSteals;
    long stealBacks;

    /** Whether this worker is counted as searching in the sleep control word. */
    boolean searching;
    /**
     * Set when this worker's thread retired after the pool's keep-alive (its slot is dormant): the
     * thread then leaves without touching the pool's state, and a waker starts a new Worker for
     * the slot ({@link #continueFrom}).
     */
    boolean retired;
    /** How long an idle pool keeps this thread: {@code PoolConfig.keepAliveNanos()}. */
    final long keepAliveNanos;

    /**
     * Work that an error (a stack overflow, an out-of-memory error) left in this worker's hands, as
     * {@code {Runnable, Throwable}} pairs in a ring: a task whose run or completion failed, or an
     * element taken from a queue whose run could not even start because the call itself
     * overflowed. Settled later at a shallower frame by {@link Recovery#completeUnfinished} (see
     * {@code internal.stack}). Recorded by {@code unfinished[unfinishedCount++ & UNFINISHED_MASK]
     * = new Object[] {r, e}}, written out where it is needed: that expression calls no method, so
     * recording cannot overflow, while a call to a helper could (which is also why the ring is
     * not a class of its own, and public: {@code Scope} and {@code StrandPool.invoke} record the
     * same way). Owner only.
     * Invariant: an element taken from a deque or queue is run, or recorded here, or still held by
     * the frame that took it.
     */
    public final Object[][] unfinished = new Object[UNFINISHED_CAPACITY][];
    /** Entries recorded since the last settlement; above the capacity, some were overwritten. */
    public int unfinishedCount;
    /** Each level an error unwinds returns stack; a handful of entries is the most seen. */
    static final int UNFINISHED_CAPACITY = 64;
    public static final int UNFINISHED_MASK = UNFINISHED_CAPACITY - 1;
    /** Consecutive failures of the scheduling loop itself before the pool gives up. */
    static final int MAX_LOOP_FAILURES = 8;

    /**
     * @param pool       the pool
     * @param poolAccess its operations for workers
     * @param index      this worker's slot
     * @param workers    every slot's worker, filled in by the pool
     * @param deques     every slot's deque
     * @param board      the pool's leapfrogging board
     * @param sleep      the pool's sleep protocol
     * @param c          the pool's settings
     */
    protected Worker(Object pool, PoolAccess poolAccess, int index, Worker[] workers,
                  WorkerDeque<Runnable>[] deques, StealBoard board, SleepCoordinator sleep, EngineSettings c) {
        // Workers do not inherit InheritableThreadLocal values: a revived worker is started by
        // whichever thread publishes work, and must not carry that thread's values.
        super(null, null, "strand-" + c.poolName + "-worker-" + index, c.stackSize, false);
        assert board.workers() == deques.length && workers.length == deques.length;
        this.pool = pool;
        this.settings = c;
        this.poolAccess = poolAccess;
        this.index = index;
        this.deques = deques;
        this.deque = deques[index];
        this.blockDeque = c.blockDeque;
        this.board = board;
        this.workers = workers;
        this.sleep = sleep;
        this.core = c.parallelism;
        this.spare = index >= core;
        this.multiprogramming = c.multiprogramming;
        this.victims = new VictimOrder(core);
        Locality locality = board.locality();     // null for none: Locality's class stays unloaded
        this.cursor = locality != null && locality.walk() != null && !spare
                ? new VictimCursor(locality.walk(), index) : null;
        this.noteThieves = locality != null && locality.stealBack();
        this.places = locality == null ? null : locality.places();
        this.group = places == null ? 0 : places.topGroup(index);
        this.listener = c.listener;
        this.poolName = c.poolName;
        this.profiler = poolAccess.profiler();
        this.prof = profiler == null || spare ? null : profiler.worker(index);   // spares: not profiled
        this.contexts = poolAccess.contexts();
        this.nexts = poolAccess.nextSlots();
        this.ownsNext = nexts != null && !spare;
        this.stealHalf = c.stealHalf;
        this.stealHalfLimit = c.stealHalfLimit;
        this.spawnBound = c.spawnBound;
        this.spinRounds = c.spinRounds;
        this.pacing = new StealPace(c.stealPaceNanos, board, poolAccess.visible);
        this.greedyJoin = c.greedyJoin;
        this.lazySplitting = c.lazySplitting;
        this.splitMode = !lazySplitting ? SplitMode.ALWAYS : core == 1 && !spare ? SplitMode.NEVER
                : SplitMode.LAZY;
        this.lazyDeque = splitMode != SplitMode.ALWAYS && deque instanceof ChaseLevDeque<Runnable> cl && !cl.isSplit()
                ? cl : null;
        if (splitMode == SplitMode.NEVER && lazyDeque != null) {
            lazyDeque.noRequest();                // a pool of one: only a spare would ever ask
        }
        this.seed = 0x9E3779B9 * (index + 1) | 1;
        this.workVisible = poolAccess.visible;
        this.spareSurplus = poolAccess.surplus;
        this.joins = new JoinFrameStack(this, pool);
        this.keepAliveNanos = c.keepAliveNanos;
        setDaemon(c.daemon);
        if (c.uncaughtExceptionHandler != null) {
            setUncaughtExceptionHandler(c.uncaughtExceptionHandler);
        }
    }

    /**
     * Makes this unstarted thread the next one of the dormant slot of {@code retired}: the same
     * deque, steal slots and counters. The waker that claimed the slot counted it as searching.
     *
     * <p>Invariant: {@code retired}'s thread writes nothing that this reads after it went dormant
     * (the claim's CAS on the slot's sleep state orders its last writes before these reads). It
     * does write its own {@code retired} flag after the slot went dormant (it learns that it
     * retired from the park's result), so that flag is not checked here: a waker may claim the
     * slot before the old thread has set it.
     */
    public final void continueFrom(Worker retired) {
        assert retired.index == index && retired.pool == pool && getState() == State.NEW;
        searching = true;
        tasksRun = retired.tasksRun;
        spawns = retired.spawns;
        inlinedSpawns = retired.inlinedSpawns;
        steals = retired.steals;
        stealAttempts = retired.stealAttempts;
        failedSteals = retired.failedSteals;
        movedByHalf = retired.movedByHalf;
        joinBlocks = retired.joinBlocks;
        idleNanos = retired.idleNanos;
        maxDequeSize = retired.maxDequeSize;
        nearSteals = retired.nearSteals;
        farSteals = retired.farSteals;
        stealBacks = retired.stealBacks;
    }

    /**
     * Set by the pool just before it starts this thread, once it accepted it from the factory:
     * a thread that a factory started itself finds it unset and returns at once (the pool then
     * refuses the thread). Written before {@code start()}, so the thread reads it set.
     */
    private boolean launched;

    /** Admits this thread to its slot and starts it: the only way the loop runs. */
    public final void launch() {
        launched = true;
        start();
    }

    /** Runs on this thread before it takes any task; what it throws is reported, never fatal. */
    protected void onStart() { }

    /** Runs on this thread as the last thing before it exits; what it throws is reported. */
    protected void onTermination() { }

    /**
     * Marks a spare slot's first thread as searching, as its activation counted it (a revived
     * slot's thread is marked by the copying constructor). Called before the thread starts.
     */
    public final void searchingAtStart() {
        assert spare && getState() == State.NEW;
        searching = true;
    }

    /**
     * @param op the operation, for the error message
     * @return the calling worker
     * @throws IllegalStateException if the caller is not a Strand worker
     */
    public static Worker current(String op) {
        if (Thread.currentThread() instanceof Worker w) {
            return w;
        }
        throw notInWorker(op);                    // kept out of line: current() must stay tiny
    }

    static IllegalStateException notInWorker(String op) {
        return new IllegalStateException(op + " must be called from a task running in a StrandPool "
                + "(current thread: '" + Thread.currentThread().getName()
                + "'); start the computation with pool.invoke(...)");
    }

    // ---------------------------------------------------------------- spawn

    /**
     * Forks {@code t}: push it for thieves, or run it inline when the deque reached the spawn bound.
     *
     * <p>Invariant: called on this worker's own thread.
     */
    public final void fork(Runnable t) {
        if (contexts != null) {
            TASKS.setContext(t, contexts.capture());  // first: if it throws, nothing is claimed
        }
        TASKS.claimFor(t, pool);
        if (prof != null) {
            TASKS.setProfileFrame(t, prof.fork());    // before the push publishes the task
        }
        int size = deque.tryPush(t, spawnBound);
        if (size < 0 || size >= maxDequeSize || listener != null) {
            forkSlow(t, size);                    // bound reached, empty deque, new maximum, tracing
        } else {
            spawns++;
        }
        if (prof != null) {
            prof.forked();
        }
    }

    void forkSlow(Runnable t, int size) {
        if (size < 0) {                           // throttled child-stealing: bounded space
            inlinedSpawns++;
            traceSpawn(true);
            runTask(t);
            return;
        }
        spawns++;
        if (size >= maxDequeSize) {
            maxDequeSize = size + 1;
        }
        traceSpawn(false);
        // A thief may be asleep: the deque's onShare wakes one when the push made work stealable
        // in a deque that looked empty (classic: size 0; split: the shared part ran dry).
    }

    // ---------------------------------------------------------------- join frames (Strand.join)

    /** This worker's join frames by depth (see JoinFrame). Owner only. */
    public final JoinFrameStack joins;

    /**
     * Offers {@code body} (a Supplier or a Runnable) to thieves in frame {@code f}, taken by
     * {@link JoinFrameStack#at} for the current depth, which the caller has raised.
     * Invariant: owner only; every call is followed by one {@link #joinFrame} or by the frame's
     * abandonment in the caller's {@code finally} (see Strand.join).
     */
    public final void offerFrame(Runnable f, Object body) {
        if (contexts != null) {
            TASKS.setContext(f, contexts.capture());  // a frame is reused: set at every offer
        }
        TASKS.prepare(f, body);                   // published by the push's release store
        int size = deque.tryPush(f, spawnBound);
        if (size < 0 || size >= maxDequeSize || listener != null) {
            if (size < 0) {                       // bounded space: run it at the join instead
                TASKS.throttle(f);
                inlinedSpawns++;
                traceSpawn(true);
            } else {
                forkSlow(f, size);
            }
        } else {
            spawns++;
        }
    }

    /**
     * Waits for frame {@code f}, running it inline if nobody stole it, and marks it settled once
     * no other thread can touch it. If this throws before that (an overflow while waiting), the
     * frame stays unsettled and the caller abandons it.
     * Invariant: owner only; {@code f} is the most recently offered frame not yet joined.
     *
     * @return the frame's result
     * @throws java.util.concurrent.CompletionException if its body threw
     */
    public final Object joinFrame(Runnable f) {
        if (!TASKS.isThrottled(f)) {
            Runnable t = deque.pop();
            if (t != f) {
                try {
                    if (t != null) {
                        Runs.runNested(this, t);
                        t = null;
                    }
                    long joined = System.nanoTime();
                    TASKS.ownerWaits(f, joined);      // reported to the thief's pace
                    Joins.awaitJoinSlow(this, f);
                    pacing.waited(System.nanoTime() - joined);
                } catch (Throwable e) {
                    if (t != null) {              // runTask may have overflowed on entry
                        unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
                    }
                    throw e;
                }
                TASKS.settle(f);                  // done: its completer no longer touches it
                return TASKS.completedResult(f);
            }
        }
        TASKS.settle(f);                          // popped back or never pushed: only we hold it
        if (lazyDeque != null && !pacing.othersBackedOff(core - 1)) {
            lazyDeque.askSplitAgain();            // lazy splitting offers again after a pop-back
        }
        tasksRun++;
        try {
            return TASKS.runBody(f);              // the common case: not stolen, run inline
        } catch (Throwable e) {
            throw TASKS.failed(e);
        }
    }

    /**
     * @return this worker's next task of its own: its run-next task, else the newest on its deque.
     *     Every loop that runs this worker's own tasks takes them here (a join's helping included:
     *     what it waits for may be in the slot), except a join's first pop, whose slow path follows
     */
    Runnable popLocal() {
        Runnable t;
        if (ownsNext && (t = nexts.take(index)) != null) {
            return t;
        }
        return deque.pop();
    }

    /**
     * The innermost interruptible task ({@code submit(Callable)} and the like) whose own code runs on
     * this thread, or null: none does, or the innermost code is another task's that a wait runs
     * nested in it. Owner only (see {@code Tasks.InterruptibleTask}).
     */
    Runnable interruptible;

    /**
     * Makes {@code t} the innermost interruptible task on this worker; called by the task as it
     * starts ({@code t}) and ends (what this returned). Owner only. Returns the previous one.
     */
    public final Runnable swapInterruptible(Runnable t) {
        Runnable previous = interruptible;
        interruptible = t;
        return previous;
    }

    /**
     * Runs a queued element: a {@code Task}, or a plain Runnable queued by {@code execute}. A task
     * whose completion fails (its body's failures are its outcome, so only the runtime's own
     * bookkeeping can throw here: a stack overflow, an out-of-memory error) is recorded for a
     * deferred completion and the error goes on to the caller.
     */
    public final void runTask(Runnable r) {
        tasksRun++;
        try {
            if (TASKS.isTask(r)) {
                if (contexts == null) {
                    TASKS.exec(r);
                } else {
                    Runs.execInContext(this, r);
                }
            } else if (prof == null) {
                Runs.runPlain(this, r);                      // throws only if its own call overflowed
            } else {
                Runs.runPlainProfiled(this, r);
            }
        } catch (Throwable e) {
            unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {r, e};
            throw e;
        }
    }

    /** Hands {@code e} to this thread's uncaught-exception handler; a failing handler goes to stderr. */
    public final void reportUncaught(Throwable e) {
        try {
            getUncaughtExceptionHandler().uncaughtException(this, e);
        } catch (Throwable h) {
            h.addSuppressed(e);
            h.printStackTrace();                  // the handler itself failed: last resort
        }
    }

    // ---------------------------------------------------------------- tracing
    // Guarded here, so that a pool without a listener or a recording never loads Trace.

    void traceSpawn(boolean inlined) {
        if (listener != null) {
            Trace.spawn(this, listener, inlined);
        }
    }

    void traceSteal(int victim, int moved) {
        if (listener != null || JfrGate.recorderUp()) {
            Trace.steal(this, listener, poolName, victim, moved);
        }
    }

    void traceSync() {
        if (listener != null) {
            Trace.sync(this, listener);
        }
    }

    void tracePark(boolean park) {
        if (listener != null || parkEvent != null || JfrGate.recorderUp()) {
            parkEvent = Trace.park(this, listener, poolName, parkEvent, park);
        }
    }

    // ---------------------------------------------------------------- join

    /**
     * Waits for {@code target} greedily (or stalling, by policy).
     *
     * <p>Invariant: called on this worker's own thread, for a task of this pool.
     */
    public final void awaitJoin(Runnable target) {
        // 1. Own deque, LIFO. In fork-join code an unstolen child is at the bottom, so this is
        //    usually one pop and an inline run (the child nobody stole runs at its join). Kept
        //    tiny so that the JIT inlines it into join().
        Runnable t = deque.pop();
        try {
            if (t == target) {
                if (interruptible == null) {
                    runTask(target);
                } else {
                    Runs.runJoinedTarget(this, target);
                }
                return;
            }
            if (t != null) {
                Runs.runNested(this, t);
                t = null;
            }
            Joins.awaitJoinSlow(this, target);
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        }
    }

    /** Marks {@code t}, just stolen, as this worker's current steal (base first, then the task). */
    void recordSteal(Runnable t) {
        board.record(index, t, deque.pushIndex());
    }

    // ---------------------------------------------------------------- entries of the helpers

    /** See {@link Joins#awaitJoinUntil}. */
    public final boolean awaitJoinUntil(Runnable target, long deadlineNanos) {
        return Joins.awaitJoinUntil(this, target, deadlineNanos);
    }

    /** See {@link Submits#submitLocal}. */
    public final void submitLocal(Runnable t) {
        Submits.submitLocal(this, t);
    }

    /** See {@link Submits#flushNext}. */
    public final void flushNext() {
        Submits.flushNext(this);
    }

    // ---------------------------------------------------------------- scheduling loop

    @Override
    public final void run() {
        if (!launched || Thread.currentThread() != this) {
            return;                               // started or run by a factory: the pool refuses it
        }
        // Sampled for competition while it runs (AUTO only; spares run only while a worker blocks).
        int tid = Feedback.samples(multiprogramming, spare) ? Feedback.register() : -1;
        try {
            if (prof != null) {
                Profiling.bindWorker(prof);       // regions opened in tasks find it here
            }
            RunLoop.hook(this, settings.onWorkerStart);
            RunLoop.subclassHook(this, true);
            RunLoop.loop(this);
        } finally {
            if (!spare) {
                // Counted by the pool when it started this thread. Removed before the pool can
                // terminate (the last exit terminates it), so close() returns with it removed.
                Oversubscription.remove(1);
            }
            if (tid >= 0) {
                Feedback.unregister(tid);
            }
            RunLoop.subclassHook(this, false);
            RunLoop.hook(this, settings.onWorkerExit);
            if (retired) {
                poolAccess.workerRetired();
            } else {
                poolAccess.workerExited(this);
            }
        }
    }

    /**
     * Clears this worker's current-steal record if it is {@code t}: run by a thief just before it
     * completes a join frame (see {@link StealBoard#clearIf}).
     */
    public final void clearStealIf(Runnable t) {
        board.clearIf(index, t);
    }

    /** @return this worker's statistics (racy snapshot) */
    public final WorkerStats snapshot() {
        return TASKS.workerStats(index, tasksRun, spawns, inlinedSpawns, steals, stealAttempts,
                failedSteals, movedByHalf, sleep.parks(index), sleep.unparks(index), joinBlocks,
                idleNanos, maxDequeSize, deque.size(), sleep.isIdle(index), nearSteals, farSteals,
                stealBacks);
    }

    // ================================================================ java.util.concurrent waits
    // Support for StrandPool's ExecutorService methods and Task.get: the timed, interruptible
    // helping wait, the interrupt hygiene between top-level tasks, and the handshake that lets
    // shutdownNow find every queued submission. Kept apart from the fork/join paths above.

    /**
     * Set while this worker moves a batch into its own deque (from the submission queue, or half
     * a victim's deque), so that {@code shutdownNow} can wait for the batch to land before it
     * drains the deques. Written by the owner only: a volatile store before the move (the Dekker
     * pair of {@link PoolAccess#beginMove}), a release store after it.
     */
    public volatile boolean moving;

    static final VarHandle MOVING;

    static {
        try {
            MOVING = MethodHandles.lookup()
                    .findVarHandle(Worker.class, "moving", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Ends a move begun by {@link PoolAccess#beginMove}: the batch is in the deque. Owner only. */
    public final void endMove() {
        MOVING.setRelease(this, false);
    }

    /**
     * Marks a failure of a plain Runnable that ran but whose report overflowed: report only. A
     * sentinel compared by identity, never run; in a class of its own, loaded at the first
     * failure, not by every pool's start.
     */
    static final class ReportOnly implements Runnable {
        static final Runnable REPORT_ONLY = new ReportOnly();

        @Override
        public void run() {
            throw new AssertionError("REPORT_ONLY marks a report; it never runs");
        }
    }

    /** Unrelated tasks (see {@link Joins#MAX_UNRELATED_DEPTH}) that waits run nested on this stack now. Owner only. */
    int unrelatedDepth;

}
