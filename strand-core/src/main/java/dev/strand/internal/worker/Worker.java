package dev.strand.internal.worker;

import dev.strand.DequeKind;
import dev.strand.JoinPolicy;
import dev.strand.Multiprogramming;
import dev.strand.PoolConfig;
import dev.strand.StealPolicy;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.WorkerStats;
import dev.strand.internal.cpu.Oversubscription;
import dev.strand.internal.deque.NextSlots;
import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.feedback.Feedback;
import dev.strand.internal.jfr.JfrGate;
import dev.strand.internal.jfr.StrandEvents;
import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.profile.Profiling;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.stack.StackReserve;
import dev.strand.internal.steal.StealBoard;
import dev.strand.internal.steal.StealPace;
import dev.strand.internal.steal.Thieves;
import dev.strand.internal.victim.Locality;
import dev.strand.internal.victim.TieredVictims;
import dev.strand.internal.victim.VictimCursor;
import dev.strand.internal.victim.VictimOrder;
import dev.strand.trace.SchedulerListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker thread: owns one deque, runs the scheduling loop, and performs greedy joins (see the
 * package essay). Its members are public for {@code dev.strand}, in this unexported package.
 *
 * <p>Every counter here is written only by this thread (plain writes) and read racily by
 * {@link StrandPool#stats()}; on 64-bit JVMs a long read is never torn.
 */
public final class Worker extends Thread {

    /** Task's package-private protocol: a constant of one class, so every call inlines. */
    private static final TaskAccess TASKS = TaskAccess.get();

    /**
     * Reads another slot's deque: a spare slot's is created at its first start, which may still
     * be under way when the slots in use already cover it (StrandPool publishes it with a release
     * store). A joiner's {@code stealDescendant} reads it plainly: it reads only the deque of a
     * worker whose steal record it saw, so that worker's thread, started after its deque was
     * stored, wrote the record.
     */
    private static final java.lang.invoke.VarHandle DEQUES =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(WorkerDeque[].class);
    /** Reads another slot's current Worker (a revived slot gets a new one). */
    private static final java.lang.invoke.VarHandle WORKERS =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(Worker[].class);

    /**
     * Sweeps a greedy join makes without finding work before it parks, counted for a pool whose
     * spare slots are unused: each sweep also visits the spare slots in use, so it counts for
     * more as they grow ({@link #sweepCost}). While blocked tasks hold a hundred spares out, a
     * joiner that spun 64 full sweeps took the cores from the threads it waited for.
     */
    private static final int JOIN_SPINS = 64;
    /** A joiner with nothing to help parks this long first, then twice as long each time, up to the cap. */
    private static final long MIN_JOIN_NAP_NANOS = 20_000L;
    private static final long MAX_JOIN_NAP_NANOS = 1_000_000L;
    /** Every FAIRNESS_TICKS-th scheduling decision polls the submission queue first (Go: 61). */
    static final int FAIRNESS_TICKS = 61;

    /** This worker's pool (the API object, for identity checks and its configuration). */
    public final StrandPool pool;
    /** The pool's operations for its workers. */
    private final PoolAccess poolAccess;
    /** This worker's slot in the pool. */
    public final int index;
    /** This worker's own deque. */
    public final WorkerDeque<Runnable> deque;
    /**
     * Whether the deque is block-based ({@link DequeKind#BWOS}): bounded, with private elements.
     * A submission then goes to the submission queue when the deque is full, and is granted to
     * thieves at once otherwise.
     */
    private final boolean blockDeque;
    /**
     * Every worker's deque, by index. Thieves reach a victim's deque through this shared, read-only
     * array, never through the victim's Worker object, whose counters its owner writes all the time
     * (reading them from another core would be false sharing on every steal).
     */
    private final WorkerDeque<Runnable>[] deques;

    private final Worker[] workers;
    private final SleepCoordinator sleep;
    private final VictimOrder victims;
    /**
     * The sweep with locality (steal-back, near victims first; see {@code internal.victim}), or
     * null for the plain coprime sweep. Core workers only: a spare has no place of its own.
     */
    private final VictimCursor cursor;
    /** Whether a thief records itself on its victim's thief word (steal-back is on). */
    private final boolean noteThieves;
    /** The plan that groups the workers, or null: then no steal is counted near or far. */
    private final TieredVictims places;
    /** This worker's group at the plan's coarsest level. */
    private final int group;
    /**
     * The core workers' run-next slots ({@code Tuning.runNext}), or null: then submissions from
     * a task go onto the deque. Thieves (spares included) steal from them; only core workers own one.
     */
    private final NextSlots nexts;
    /** Whether this worker owns a run-next slot (the pool uses them and this is a core worker). */
    private final boolean ownsNext;
    /** The core workers' count: slots at or above it are spares, started when workers block. */
    private final int core;
    /** Whether this slot is a spare: it returns to the reserve when the pool has one too many. */
    private final boolean spare;
    /** {@link Multiprogramming}: whether to yield before steal attempts (AUTO asks each time). */
    private final Multiprogramming multiprogramming;
    private final SchedulerListener listener;   // null when tracing is off
    /** This worker's side of the work/span profiler; null when the pool does not profile. */
    public final WorkerProfiler prof;
    /** The pool's context propagation, or null: then forks capture and runs install nothing. */
    public final Contexts contexts;
    /** The pool's name, for Flight Recorder events. */
    private final String poolName;
    /** The Flight Recorder park event under way, or null. */
    private Object parkEvent;
    /** The pool's profiler, or null. */
    private final PoolProfiler profiler;
    private final boolean stealHalf;
    private final int stealHalfLimit;
    private final int spawnBound;
    private final int spinRounds;
    private final StealPace pacing;
    private final boolean greedyJoin;
    /** {@link PoolConfig.Tuning#lazySplitting()}: read by {@code Strand.join}. */
    public final boolean lazySplitting;
    /**
     * Every split point of this worker offers work: the pool does not split lazily. One read for
     * {@code Strand.wantsSplit}. Profiling does not change it: a profiled run splits where the
     * plain run would.
     */
    public final boolean splitsAlways;
    private int tick;
    private int seed;
    /**
     * The pool's leapfrogging board: each worker's current steal and its base, read racily by
     * joiners looking for the thief of their child (see {@code internal.steal}).
     */
    private final StealBoard board;
    /** S1's scan for remaining work (one instance, no allocation per call). */
    private final java.util.function.BooleanSupplier workVisible;
    private final java.util.function.BooleanSupplier spareSurplus;
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
    private long tasksRun;
    private long spawns;
    private long inlinedSpawns;
    private long steals;
    private long stealAttempts;
    private long failedSteals;
    private long movedByHalf;
    private long joinBlocks;
    private long idleNanos;
    private int maxDequeSize;
    private long nearSteals;
    private long farSteals;
    private long stealBacks;

    /** Whether this worker is counted as searching in the sleep control word. */
    private boolean searching;
    /**
     * Set when this worker's thread retired after the pool's keep-alive (its slot is dormant): the
     * thread then leaves without touching the pool's state, and a waker starts a new Worker for
     * the slot ({@link #Worker(Worker)}).
     */
    private boolean retired;
    /** How long an idle pool keeps this thread: {@link PoolConfig#keepAliveNanos()}. */
    private final long keepAliveNanos;

    /**
     * Work that an error (a stack overflow, an out-of-memory error) left in this worker's hands, as
     * {@code {Runnable, Throwable}} pairs in a ring: a task whose run or completion failed, or an
     * element taken from a queue whose run could not even start because the call itself
     * overflowed. Settled later at a shallower frame by {@link #completeUnfinished} (see
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
    /** Marks a failure of a plain Runnable that ran but whose report overflowed: report only. */
    private static final Runnable REPORT_ONLY = new ReportOnly();
    /** How long a thief leaves a victim's run-next task to its owner before it steals it. */
    static final long NEXT_GRACE_NANOS = 3_000;
    /** Consecutive failures of the scheduling loop itself before the pool gives up. */
    private static final int MAX_LOOP_FAILURES = 8;

    /**
     * @param pool       the pool
     * @param poolAccess its operations for workers
     * @param index      this worker's slot
     * @param workers    every slot's worker, filled in by the pool
     * @param deques     every slot's deque
     * @param board      the pool's leapfrogging board
     * @param sleep      the pool's sleep protocol
     * @param c          the pool's configuration
     */
    public Worker(StrandPool pool, PoolAccess poolAccess, int index, Worker[] workers,
                  WorkerDeque<Runnable>[] deques, StealBoard board, SleepCoordinator sleep, PoolConfig c) {
        // Workers do not inherit InheritableThreadLocal values: a revived worker is started by
        // whichever thread publishes work, and must not carry that thread's values.
        super(null, null, "strand-" + c.name() + "-worker-" + index, c.stackSize(), false);
        assert board.workers() == deques.length && workers.length == deques.length;
        this.pool = pool;
        this.poolAccess = poolAccess;
        this.index = index;
        this.deques = deques;
        this.deque = deques[index];
        this.blockDeque = c.tuning().deque() == DequeKind.BWOS;
        this.board = board;
        this.workers = workers;
        this.sleep = sleep;
        this.core = c.parallelism();
        this.spare = index >= core;
        this.multiprogramming = c.multiprogramming();
        this.victims = new VictimOrder(core);
        Locality locality = board.locality();
        this.cursor = locality.walk() != null && !spare ? new VictimCursor(locality.walk(), index) : null;
        this.noteThieves = locality.stealBack();
        this.places = locality.places();
        this.group = places == null ? 0 : places.topGroup(index);
        this.listener = c.listener();
        this.poolName = c.name();
        this.profiler = poolAccess.profiler();
        this.prof = profiler == null || spare ? null : profiler.worker(index);   // spares: not profiled
        this.contexts = poolAccess.contexts();
        this.nexts = poolAccess.nextSlots();
        this.ownsNext = nexts != null && !spare;
        this.stealHalf = c.tuning().stealPolicy() == StealPolicy.HALF;
        this.stealHalfLimit = c.tuning().stealHalfLimit();
        this.spawnBound = c.tuning().spawnBound();
        this.spinRounds = c.tuning().spinRounds();
        this.pacing = new StealPace(c.tuning().stealPaceNanos());
        this.greedyJoin = c.tuning().joinPolicy() == JoinPolicy.GREEDY;
        this.lazySplitting = c.tuning().lazySplitting();
        this.splitsAlways = !lazySplitting;
        this.seed = 0x9E3779B9 * (index + 1) | 1;
        this.workVisible = poolAccess.visible;
        this.spareSurplus = poolAccess.surplus;
        this.joins = new JoinFrameStack(this, pool);
        this.keepAliveNanos = c.keepAliveNanos();
        setDaemon(c.daemon());
        if (c.uncaughtExceptionHandler() != null) {
            setUncaughtExceptionHandler(c.uncaughtExceptionHandler());
        }
    }

    /**
     * A fresh thread for the dormant slot of {@code retired}: the same deque, steal slots and
     * counters, a new thread. The waker that claimed the slot counted it as searching.
     *
     * <p>Invariant: {@code retired}'s thread writes nothing that this constructor reads after it
     * went dormant (the claim's CAS on the slot's sleep state orders its last writes before these
     * reads). It does write its own {@code retired} flag after the slot went dormant (it learns
     * that it retired from the park's result), so that flag is not checked here: a waker may
     * claim the slot before the old thread has set it.
     */
    @SuppressWarnings("ThreadPriorityCheck") // the new thread keeps the retired one's priority (the pool's choice)
    public Worker(Worker retired) {
        this(retired.pool, retired.poolAccess, retired.index, retired.workers, retired.deques,
                retired.board, retired.sleep, retired.pool.config());
        setPriority(retired.getPriority());
        setContextClassLoader(retired.getContextClassLoader());
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
     * Marks a spare slot's first thread as searching, as its activation counted it (a revived
     * slot's thread is marked by the copying constructor). Called before the thread starts.
     */
    public void searchingAtStart() {
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

    private static IllegalStateException notInWorker(String op) {
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
    public void fork(Task<?> t) {
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

    private void forkSlow(Task<?> t, int size) {
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
    public void offerFrame(Task<?> f, Object body) {
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
    public Object joinFrame(Task<?> f) {
        if (!TASKS.isThrottled(f)) {
            Runnable t = deque.pop();
            if (t != f) {
                try {
                    if (t != null) {
                        runNested(t);
                        t = null;
                    }
                    awaitJoinSlow(f);
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
        tasksRun++;
        try {
            return TASKS.runBody(f);              // the common case: not stolen, run inline
        } catch (Throwable e) {
            throw TASKS.failed(e);
        }
    }

    /**
     * A submission ({@code execute}/{@code submit}) from a task of this pool: onto this worker's
     * deque, like a fork, but never run inline (the caller asked for asynchrony) and not held to the
     * spawn bound (overflowing into the external queue would cost a queue node, a CAS and a fence per
     * task, and a deque slot is the cheapest place to hold it). A block-based deque that is full
     * refuses it: it then goes to the submission queue, or, if the pool began to stop meanwhile, is
     * rejected. Invariant: owner only.
     *
     * @throws java.util.concurrent.RejectedExecutionException if it went for the submission queue
     *                                                         and the pool is stopping
     */
    public void submitLocal(Runnable t) {
        spawns++;
        if (ownsNext) {
            t = nexts.put(index, t);              // Go's runnext: t runs when this task ends
            if (t == null) {
                sleep.workPublishedByVolatileWrite(index);  // put is a volatile RMW; pairs with S2
                return;
            }                                     // the displaced task goes onto the deque
            pushOwn(t, false);
            return;
        }
        pushOwn(t, true);
    }

    /**
     * Pushes a submission onto this worker's deque, tracking the largest size. A block-based deque
     * grants it to thieves at once (a submission is stealable at once, as with Chase-Lev, even if
     * this task goes on to wait for it outside the pool's joins). Pushing and granting take at
     * most two free blocks (see {@code BwosDeque.room}); with less room the submission goes to
     * the pool's submission queue: never lost, never run inline, never left private in a ring
     * that could not grant it. Owner only.
     *
     * @param fresh whether {@code t} is a new submission (rejected if the pool is stopping), not
     *              one accepted earlier (which is then handled as the pool's stop requires)
     */
    private void pushOwn(Runnable t, boolean fresh) {
        if (blockDeque && deque.room() < 1) {
            overflow(t, fresh);                   // (nearly) full ring: the submission queue takes it
            return;
        }
        int size = deque.push(t);
        if (blockDeque) {
            assert size >= 0 : "Invariant: a ring with room takes a push";
            if (size < 0) {
                overflow(t, fresh);               // never lost, even if the bound were wrong
                return;
            }
            deque.share();                        // its onShare wakes a sleeper
        }
        if (size >= maxDequeSize) {
            maxDequeSize = size + 1;
        }
    }

    private void overflow(Runnable t, boolean fresh) {
        if (fresh) {
            poolAccess.submitOverflow(t);
        } else {
            poolAccess.requeue(t);
        }
    }

    /**
     * Moves this worker's run-next task, if any, onto its deque, where thieves take it without a
     * grace, and makes a block-based deque's private tasks stealable: called when the running task
     * blocks ({@code Strand.blocking}). Owner only.
     */
    public void flushNext() {
        if (!ownsNext && !blockDeque) {
            return;
        }
        StackReserve.reserve();                   // the flush takes a task, then pushes it
        if (ownsNext) {
            Runnable t = nexts.take(index);
            if (t != null) {
                pushOwn(t, false);
            }
        }
        if (blockDeque) {
            deque.share();
        }
    }

    /** @return whether this worker's run-next slot holds a task (for assertions) */
    private boolean holdsNext() {
        return ownsNext && nexts.peek(index) != null;
    }

    /**
     * @return this worker's next task of its own: its run-next task, else the newest on its deque.
     *     Every loop that runs this worker's own tasks takes them here (a join's helping included:
     *     what it waits for may be in the slot), except a join's first pop, whose slow path follows
     */
    private Runnable popLocal() {
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
    private Task<?> interruptible;

    /**
     * Makes {@code t} the innermost interruptible task on this worker; called by the task as it
     * starts ({@code t}) and ends (what this returned). Owner only.
     *
     * @return the previous one
     */
    public Task<?> swapInterruptible(Task<?> t) {
        Task<?> previous = interruptible;
        interruptible = t;
        return previous;
    }

    /**
     * Runs {@code r} nested in the running task, inside one of its waits (a join, a {@code get},
     * {@code invokeAll}): {@code r} is another task, which a {@code cancel(true)} of the running
     * task must not interrupt, so an interruptible running task is suspended meanwhile and takes
     * its interrupt, if one came, when {@code r} returns.
     */
    private void runNested(Runnable r) {
        Task<?> outer = interruptible;
        if (outer == null) {
            runTask(r);
        } else {
            runSuspending(r, outer);
        }
    }

    /**
     * Runs {@code target}, popped at its join inside an interruptible task: a task the running one
     * forked is its own computation and runs as it is (a {@code cancel(true)} of the running task
     * may interrupt it, as it would the code that forked it); a submission (an interruptible task
     * of its own) is another task, run nested.
     */
    private void runJoinedTarget(Task<?> target) {
        if (TASKS.isInterruptible(target)) {
            runSuspending(target, interruptible);
        } else {
            runTask(target);
        }
    }

    private void runSuspending(Runnable r, Task<?> outer) {
        int how = TASKS.suspend(outer);
        interruptible = null;
        try {
            runTask(r);
        } finally {
            interruptible = outer;
            TASKS.resume(outer, how);
        }
    }

    /**
     * Runs a queued element: a {@link Task}, or a plain Runnable queued by {@code execute}. A task
     * whose completion fails (its body's failures are its outcome, so only the runtime's own
     * bookkeeping can throw here: a stack overflow, an out-of-memory error) is recorded for a
     * deferred completion and the error goes on to the caller.
     */
    public void runTask(Runnable r) {
        tasksRun++;
        try {
            if (r instanceof Task<?> t) {
                if (contexts == null) {
                    TASKS.exec(t);
                } else {
                    execInContext(t);
                }
            } else if (prof == null) {
                runPlain(r);                      // throws only if its own call overflowed
            } else {
                runPlainProfiled(r);
            }
        } catch (Throwable e) {
            unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {r, e};
            throw e;
        }
    }

    /** Runs {@code t} with the context captured for it, if one was (see {@link Contexts}). */
    private void execInContext(Task<?> t) {
        Object captured = TASKS.context(t);
        if (captured == null) {
            TASKS.exec(t);                        // handed over by no capture point: as it is
            return;
        }
        Object previous = contexts.install(this, captured);
        try {
            TASKS.exec(t);
        } finally {
            contexts.restore(this, previous);
        }
    }

    /**
     * Settles the {@link #unfinished} entries, newest first: a task completes exceptionally with
     * its error (one already done stays as it is), a plain Runnable that never started goes back
     * to the submission queue, a deferred report is reported. Called where the stack is shallower
     * than where they were recorded; an entry whose settlement fails again stays for the next call.
     * An element is recorded once by each frame the error passed that held it; it is settled once.
     */
    private void completeUnfinished() {
        if (unfinishedCount > UNFINISHED_CAPACITY) {
            unfinishedCount = UNFINISHED_CAPACITY;
            poolAccess.fail(new IllegalStateException("worker '" + getName() + "' lost track of work "
                    + "that errors left unfinished (more than " + UNFINISHED_CAPACITY + " at once)"));
        }
        while (unfinishedCount > 0) {
            int n = unfinishedCount - 1;
            Object[] entry = unfinished[n];
            if (!recordedBelow(entry[0], n)) {
                settle((Runnable) entry[0], (Throwable) entry[1]);   // may throw: n stays recorded
            }
            unfinished[n] = null;
            unfinishedCount = n;
        }
    }

    private boolean recordedBelow(Object r, int n) {
        for (int i = 0; i < n; i++) {
            if (unfinished[i][0] == r && r != REPORT_ONLY) {
                return true;
            }
        }
        return false;
    }

    private void settle(Runnable r, Throwable e) {
        if (r instanceof Task<?> t) {
            TASKS.abort(t, e);
        } else if (r == REPORT_ONLY) {
            reportUncaught(e);
        } else {
            poolAccess.requeue(r);                      // never started: it runs later (or is cancelled)
        }
    }

    /**
     * Runs a Runnable that {@code execute} queued without a Task around it (no Future exists for
     * it, so a wrapper would only cost memory). Like ThreadPoolExecutor and ForkJoinPool, a failure
     * goes to the thread's uncaught-exception handler; unlike them, the worker survives it.
     */
    private void runPlain(Runnable r) {
        try {
            r.run();
        } catch (Throwable e) {
            try {
                reportUncaught(e);
            } catch (Throwable overflow) {        // r ran: report later, never run it again
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {REPORT_ONLY, e};
            }
        }
    }

    /** A plain Runnable in a profiling pool: a computation of its own, with no frame around it. */
    private void runPlainProfiled(Runnable r) {
        prof.begin(profiler.looseRoot(index));
        try {
            runPlain(r);
        } finally {
            prof.end();
        }
    }

    /** Hands {@code e} to this thread's uncaught-exception handler; a failing handler goes to stderr. */
    public void reportUncaught(Throwable e) {
        try {
            getUncaughtExceptionHandler().uncaughtException(this, e);
        } catch (Throwable h) {
            h.addSuppressed(e);
            h.printStackTrace();                  // the handler itself failed: last resort
        }
    }

    // ---------------------------------------------------------------- tracing

    // A listener is user code: whatever it throws is reported and never reaches the scheduler,
    // whose state between two of its steps must not be left half-changed.

    private void traceSpawn(boolean inlined) {
        if (listener != null) {
            try {
                Trace.spawn(listener, index, inlined);
            } catch (Throwable e) {
                reportUncaught(e);
            }
        }
    }

    private void traceSteal(int victim, int moved) {
        if (JfrGate.recorderUp()) {
            StrandEvents.steal(poolName, index, victim, moved);
        }
        if (listener != null) {
            try {
                Trace.steal(listener, index, victim, moved);
            } catch (Throwable e) {
                reportUncaught(e);
            }
        }
    }

    private void traceSync() {
        if (listener != null) {
            try {
                Trace.sync(listener, index);
            } catch (Throwable e) {
                reportUncaught(e);
            }
        }
    }

    private void tracePark(boolean park) {
        if (park) {
            parkEvent = JfrGate.recorderUp() ? StrandEvents.parkBegin() : null;
        } else {
            if (parkEvent != null) {
                StrandEvents.parkEnd(parkEvent, poolName, index);
            }
            parkEvent = null;
        }
        if (listener != null) {
            try {
                if (park) {
                    Trace.park(listener, index);
                } else {
                    Trace.wake(listener, index);
                }
            } catch (Throwable e) {
                reportUncaught(e);
            }
        }
    }

    // ---------------------------------------------------------------- join

    /**
     * Waits for {@code target} greedily (or stalling, by policy).
     *
     * <p>Invariant: called on this worker's own thread, for a task of this pool.
     */
    public void awaitJoin(Task<?> target) {
        // 1. Own deque, LIFO. In fork-join code an unstolen child is at the bottom, so this is
        //    usually one pop and an inline run (the child nobody stole runs at its join). Kept
        //    tiny so that the JIT inlines it into join().
        Runnable t = deque.pop();
        try {
            if (t == target) {
                if (interruptible == null) {
                    runTask(target);
                } else {
                    runJoinedTarget(target);
                }
                return;
            }
            if (t != null) {
                runNested(t);
                t = null;
            }
            awaitJoinSlow(target);
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        }
    }

    /**
     * The join's slow path. What a joiner may run is restricted (see the package essay, "Helping"):
     * its own deque's tasks, as a stalling join runs them, and tasks that the thief of its target
     * pushed after it started the target (the target's descendants). Never a task stolen from an
     * unrelated worker: such a task could wait for what this worker does after the join.
     */
    private void awaitJoinSlow(Task<?> target) {
        traceSync();
        if (unfinishedCount != 0) {
            completeUnfinished();                 // the target may be one of them
        }
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (TASKS.pending(target) && (t = popLocal()) != null) {
                runNested(t);
                t = null;
                if (unfinishedCount != 0) {
                    completeUnfinished();         // recorded deeper in t's run, which then recovered
                }
            }
            if (!TASKS.pending(target)) {
                return;
            }
            if (!greedyJoin) {
                joinBlocks++;
                TASKS.awaitBlocking(target);
                return;
            }
            helpUntilDone(target);
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        }
    }

    /**
     * 2. The child was stolen. Help its thief with the child's descendants (leapfrogging). Park
     * between attempts only after repeated failure (3).
     */
    private void helpUntilDone(Task<?> target) {
        Runnable mine = board.own(index);                      // restored after each helping run
        long mineBase = board.ownBase(index);
        int fails = 0;
        boolean registered = false;
        boolean interrupted = false;
        long nap = MIN_JOIN_NAP_NANOS;
        boolean counted = false;                  // counted as blocked: see joinBlocked
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (TASKS.pending(target)) {
                t = popLocal();
                boolean unrelated = false;
                boolean tooDeep = false;
                if (t == null) {
                    StackReserve.reserve();       // a steal's steps after its CAS must fit
                    t = stealDescendant(target);
                    if (t == null && !runningElsewhere(target)) {
                        if (unrelatedDepth < MAX_UNRELATED_DEPTH || !poolAccess.canCompensate()) {
                            t = poolAccess.takeOneExternal();   // the target may be a submission still queued
                            unrelated = t != null;
                        } else {
                            tooDeep = poolAccess.externalQueued();
                        }
                    }
                }
                if (t != null) {
                    if (counted) {
                        blockDepth = 0;           // running again; t may block in turn
                        counted = false;
                    }
                    if (unrelated) {
                        runUnrelated(t);
                    } else {
                        runNested(t);
                    }
                    t = null;
                    if (unfinishedCount != 0) {
                        completeUnfinished();     // recorded deeper in t's run, which then recovered
                    }
                    board.record(index, mine, mineBase);
                    fails = 0;
                    nap = MIN_JOIN_NAP_NANOS;
                } else if (tooDeep) {
                    awaitCompensated(target, 0L, false);   // done: the loop ends
                } else if ((fails += sweepCost()) < JOIN_SPINS) {
                    Thread.onSpinWait();
                    yieldIfShared();              // the thief we wait for may be descheduled
                } else {
                    // 3. Nothing to help with: park until the target completes (its completion
                    //    unparks us), but look for work again after a nap that doubles up to a cap,
                    //    since the thief (with lazy splitting) offers new work at its next join.
                    if (!registered) {
                        if (!TASKS.registerJoiner(target, this)) {
                            break;                // completed meanwhile
                        }
                        registered = true;
                        joinBlocks++;
                    }
                    counted = joinBlocked(target, counted);
                    if (counted) {
                        nap = MAX_JOIN_NAP_NANOS; // a blocked thief offers no work until it resumes
                    }
                    LockSupport.parkNanos(target, nap);
                    if (Thread.interrupted()) {
                        interrupted = true;       // a set flag would make every park return at once
                    }
                    nap = Math.min(nap << 1, MAX_JOIN_NAP_NANOS);
                    fails = JOIN_SPINS - 1;       // after each nap, one attempt, then nap again
                }
            }
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        } finally {
            if (counted) {
                blockDepth = 0;                   // a store, no call: cannot overflow
            }
        }
        if (interrupted) {
            interrupt();
        }
    }

    /**
     * Before a join parks (step 3): a joiner whose target's subtree is held up by a blocked worker
     * ({@link #waitsOnBlocked}) while other work waits counts itself blocked until it runs again,
     * the holdup ends or its join ends, so that the pool keeps P threads for that work, as for
     * {@code Strand.blocking}: it waits for a wait. Not counted: a join held up by running
     * workers only (they progress, and its park is short), and one that sees no work waiting (a
     * thread could not help; work that comes later is seen after the next nap, at most
     * {@link #MAX_JOIN_NAP_NANOS} away). Checked again after each nap. The caller lowers the
     * count with a field store in its own frame (a {@code finally}, and before it runs a task),
     * which cannot overflow; this method lowers it itself if the compensation throws.
     *
     * @param counted whether the joiner is counted now (its {@link #blockDepth} is 1)
     * @return whether it is counted after the call
     */
    private boolean joinBlocked(Task<?> target, boolean counted) {
        if (!counted && blockDepth != 0) {
            return false;                         // inside Strand.blocking: counted already
        }
        boolean waits = waitsOnBlocked(target) && (counted || poolAccess.workVisible());
        if (waits == counted) {
            return counted;
        }
        if (!waits) {
            blockDepth = 0;
            return false;
        }
        blockDepth = 1;
        try {
            poolAccess.compensate();
        } catch (Throwable e) {
            blockDepth = 0;
            throw e;
        }
        return true;
    }

    /**
     * @return whether a worker that runs, as its current steal, a task that {@code target}
     *     covers is blocked ({@code Strand.blocking}, or a join that waits for such a worker)
     */
    private boolean waitsOnBlocked(Task<?> target) {
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            if (i != index) {
                Runnable r = board.running(i);
                if (r != null && TASKS.covers(target, r)) {
                    Worker w = (Worker) WORKERS.getVolatile(workers, i);
                    if (w != null && w.blockDepth > 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Steals one of {@code target}'s descendants from a worker running a task that the target
     * covers ({@code Task.covers}) as its current steal: the oldest element it pushed since it
     * started that task. If the thief moved on between the check and the steal, the element is
     * not a descendant and goes to the submission queue instead of running here.
     *
     * @return a descendant to run, or null
     */
    private Runnable stealDescendant(Task<?> target) {
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            if (i == index) {
                continue;
            }
            Runnable running = board.running(i);
            if (running == null || !TASKS.covers(target, running)) {
                continue;
            }
            long base = board.base(i);            // written before the slot's release
            stealAttempts++;
            Runnable t = deques[i].stealAtOrAbove(base);
            if (t == null) {
                failedSteals++;
                continue;
            }
            if (board.running(i) != running) {
                failedSteals++;                   // every attempt is a steal or a failed steal
                poolAccess.requeue(t);                  // not provably a descendant: not ours to run
                continue;
            }
            steals++;
            if (stealHalf) {
                movedByHalf++;                    // a steal under steal-half that takes one task
            }
            recordSteal(t);
            noteSteal(i);
            traceSteal(i, 1);
            return t;
        }
        return null;
    }

    /** @return whether another worker runs, as its current steal, a task that {@code target} covers */
    private boolean runningElsewhere(Task<?> target) {
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            if (i != index) {
                Runnable r = board.running(i);
                if (r != null && TASKS.covers(target, r)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @return how many of a join's {@link #JOIN_SPINS} one failed sweep uses up: one while only
     *     the core workers' slots are in use, more as spare slots lengthen the sweep
     */
    private int sweepCost() {
        return 1 + (sleep.inUse() - core) / core;
    }

    /** Marks {@code t}, just stolen, as this worker's current steal (base first, then the task). */
    private void recordSteal(Runnable t) {
        board.record(index, t, deque.pushIndex());
    }

    // ---------------------------------------------------------------- stealing

    private Runnable stealFrom(int victim) {
        @SuppressWarnings("unchecked")
        WorkerDeque<Runnable> vd = (WorkerDeque<Runnable>) DEQUES.getAcquire(deques, victim);
        if (vd == null) {
            return null;                          // a spare slot whose first start is under way
        }
        stealAttempts++;
        Runnable t;
        if (stealHalf) {
            int before = deque.size();
            t = stealBatchAndPop(vd);
            if (t != null) {
                recordSteal(t);
                int moved = 1 + deque.size() - before;
                movedByHalf += moved;
                steals++;
                noteSteal(victim);
                traceSteal(victim, moved);
                return t;
            }
        } else {
            t = vd.stealOrNull();
        }
        if (t == null && nexts != null && victim < core) {
            t = stealNext(victim);
        }
        if (t != null) {
            recordSteal(t);
            steals++;
            noteSteal(victim);
            traceSteal(victim, 1);
            return t;
        }
        failedSteals++;
        return null;
    }

    /**
     * Takes {@code victim}'s run-next task if it is still there after {@link #NEXT_GRACE_NANOS}:
     * the grace lets the victim end its task and run its successor itself, as it usually does in
     * an asynchronous chain (Go's thief sleeps 3 us for the same reason, in runqgrab).
     */
    private Runnable stealNext(int victim) {
        Runnable seen = nexts.peek(victim);
        if (seen == null) {
            return null;
        }
        long until = System.nanoTime() + NEXT_GRACE_NANOS;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
            if (nexts.peek(victim) != seen) {
                return null;                      // the owner (or another thief) took it
            }
        }
        return nexts.steal(victim, seen) ? seen : null;
    }

    /**
     * After a successful steal from {@code victim}: records this worker as the thief of the
     * victim's work (steal-back), and counts the steal near or far when the topology groups the
     * workers. Two branches on final fields when locality is off.
     */
    private void noteSteal(int victim) {
        if (noteThieves) {
            board.noteThief(victim, index);
        }
        if (places != null) {
            if (places.topGroup(victim) == group) {
                nearSteals++;
            } else {
                farSteals++;
            }
        }
    }

    /**
     * Yields the processor before a steal attempt when the machine is shared (Arora, Blumofe and
     * Plaxton's multiprogrammed work stealer; see {@code internal.cpu}).
     */
    @SuppressWarnings("ThreadPriorityCheck") // the multiprogrammed mode's yield is the point
    private void yieldIfShared() {
        if (shared()) {
            Thread.yield();
        }
    }

    /**
     * @return whether this worker may be descheduled: {@code ALWAYS}, or {@code AUTO} while the
     *     process's workers outnumber its cores or met competition last quantum ({@code internal.feedback})
     */
    private boolean shared() {
        Multiprogramming m = multiprogramming;
        return m == Multiprogramming.ALWAYS || (m == Multiprogramming.AUTO && Feedback.shared());
    }

    /**
     * One walk over every other core worker in a random coprime-stride order, then over the spare
     * slots ever started, in order (they exist only while workers block, so they are few and
     * usually empty).
     */
    private Runnable stealSweep() {
        if (cursor != null) {
            return stealSweepLocal();
        }
        Runnable t;
        if (core > 1 || spare) {
            long walk = victims.start(nextRandom());
            for (int k = 0; k < core; k++) {
                int v = victims.victim(walk, k);
                if (v != index) {
                    yieldIfShared();
                    if ((t = stealFrom(v)) != null) {
                        return t;
                    }
                }
            }
        }
        for (int v = core, n = sleep.inUse(); v < n; v++) {
            if (v != index) {
                yieldIfShared();
                if ((t = stealFrom(v)) != null) {
                    return t;
                }
            }
        }
        return null;
    }

    /**
     * The sweep with locality: the last thieves of this worker's own work first (their deques
     * likely hold its subtree), then the core workers nearest first, then the spare slots; every
     * other slot once ({@link VictimCursor}).
     */
    private Runnable stealSweepLocal() {
        int back = noteThieves ? board.thieves(index) : Thieves.NONE;
        VictimCursor c = cursor;
        c.begin(nextRandom(), Thieves.last(back), Thieves.previous(back), sleep.inUse());
        for (int v; (v = c.next()) >= 0; ) {
            yieldIfShared();
            Runnable t = stealFrom(v);
            if (t != null) {
                if (c.fromBack()) {
                    stealBacks++;
                }
                return t;
            }
        }
        return null;
    }

    private int nextRandom() {
        int x = seed;                              // xorshift32
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        seed = x;
        return x;
    }

    // ---------------------------------------------------------------- scheduling loop

    @Override
    public void run() {
        // Sampled for competition while it runs (AUTO only; spares run only while a worker blocks).
        int tid = !spare && multiprogramming == Multiprogramming.AUTO ? Feedback.register() : -1;
        try {
            if (prof != null) {
                Profiling.bindWorker(prof);       // regions opened in tasks find it here
            }
            hook(pool.config().onWorkerStart());
            loop();
        } finally {
            if (!spare) {
                // Counted by the pool when it started this thread. Removed before the pool can
                // terminate (the last exit terminates it), so close() returns with it removed.
                Oversubscription.remove(1);
            }
            if (tid >= 0) {
                Feedback.unregister(tid);
            }
            hook(pool.config().onWorkerExit());
            if (retired) {
                poolAccess.workerRetired();
            } else {
                poolAccess.workerExited(this);
            }
        }
    }

    /** Runs a start or exit hook on this thread; what it throws is reported, never fatal. */
    private void hook(java.util.function.Consumer<? super Thread> h) {
        if (h != null) {
            try {
                h.accept(this);
            } catch (Throwable e) {
                reportUncaught(e);
            }
        }
    }

    /** Finds the next task: fairness poll, own deque, submissions, then a steal sweep. */
    private Runnable findWork() {
        Runnable t;
        if (++tick >= FAIRNESS_TICKS) {           // runLocal counts its tasks here too
            tick = 0;
            if ((t = poolAccess.takeExternal(this)) != null) {
                return t;
            }
        }
        if ((t = popLocal()) != null || (t = poolAccess.takeExternal(this)) != null) {
            return t;
        }
        return stealSweep();
    }

    /**
     * The scheduling loop. A throwable that reaches it (a task's completion that ran out of memory,
     * a stack overflow in the runtime's bookkeeping) is handled by {@link #recover} and the worker
     * goes on: a worker never dies while the pool runs, so it never leaves the sleep accounting
     * with a phantom searcher or its deque unserved. If recovery keeps failing, the pool fails
     * loudly ({@link PoolAccess#fail}) rather than limp.
     */
    private void loop() {
        int failures = 0;
        while (!poolAccess.isStopping() && !retired) {
            try {
                step();
                failures = 0;
            } catch (Throwable e) {
                try {
                    recover(e);
                } catch (Throwable again) {
                    again.addSuppressed(e);
                    if (++failures >= MAX_LOOP_FAILURES) {
                        poolAccess.fail(again);
                    }
                }
            }
        }
        if (retired) {
            return;                               // dormant: idle, its deque empty, nothing held
        }
        if (unfinishedCount != 0) {
            completeUnfinished();                 // their joiners must not wait for a dead worker
        }
        drainOnStop();
    }

    /** One decision of the loop: find a task and run it (with what follows it locally), or idle. */
    private void step() {
        Runnable t = findWork();
        if (t == null) {
            long idleStart = System.nanoTime();
            t = idle();
            if (retired) {
                return;                           // write nothing more: a new Worker copies these
            }
            idleNanos += System.nanoTime() - idleStart;
            if (t == null) {
                return;                           // woken: counted as searching; look again
            }
        } else if (searching) {
            searching = false;
            sleep.workerStopSearching(index, workVisible); // S1: may wake the next searcher
        }
        runLocal(t);
    }

    /**
     * Puts the worker back in a consistent state after {@code e} escaped a decision: completes the
     * tasks whose completion failed, releases join frames left in use, leaves a sleep it was
     * registered for, forgets an interruptible task whose end it skipped, and reports {@code e}
     * unless a task already carries it to its joiners.
     */
    private void recover(Throwable e) {
        Throwable delivered = unfinishedCount > 0
                ? (Throwable) unfinished[(unfinishedCount - 1) & UNFINISHED_MASK][1] : null;
        completeUnfinished();
        joins.abandon();
        interruptible = null;                     // an error may have skipped a task's finally
        unrelatedDepth = 0;
        board.reset(index);
        if (sleep.isSleeping(index)) {
            sleep.workerCancelSleep(index);       // now counted as searching
            searching = true;
        }
        if (e != delivered) {
            reportUncaught(e);
        }
    }

    /**
     * Runs {@code t}, then this worker's own tasks (LIFO) until its deque is empty, the fairness
     * tick is due, or the pool stops. Kept out of {@link #loop}: a method that returns often is
     * compiled normally, with its whole profile, rather than only on stack (ForkJoinPool's
     * topLevelExec has the same shape).
     */
    private void runLocal(Runnable t) {
        if (joins.depth != 0) {
            joins.abandon();                      // no join is in progress at the top level: a join
        }                                         // whose finally overflowed left the depth raised
        long stolenAt = pacing.enabled() && board.own(index) != null ? System.nanoTime() : 0L;
        try {
            runTask(t);
        } finally {
            board.clear(index);                   // set only if t was stolen
        }
        if (unfinishedCount != 0) {
            completeUnfinished();                 // recorded deep in t's run, which then recovered
        }
        while (!stopAfterTopLevelTask() && ++tick < FAIRNESS_TICKS && (t = popLocal()) != null) {
            runTask(t);
            if (unfinishedCount != 0) {
                completeUnfinished();
            }
        }
        if (stolenAt != 0L) {
            pacing.afterSteal(stolenAt);          // steal pacing: see internal.steal
        }
    }

    /**
     * No work was found. Spin briefly as a searcher (if the cap allows), then run the sleep
     * protocol (S2-S3 of the sleep package's proof) and park.
     *
     * <p>The re-scan after S2 only looks: a worker counted as a sleeper never holds a task, so a
     * worker whose S2 counts every worker asleep can conclude that no task is running.
     *
     * @return a task found while spinning (the caller is then no longer searching), or null (the
     *     caller is counted as searching and looks again)
     */
    private Runnable idle() {
        if (spare && poolAccess.spareSurplus()) {
            assert deque.isEmpty() && joins.depth == 0 && unfinishedCount == 0 : "spare leaving with work";
            long word = sleep.spareLeave(index, searching, workVisible);   // back to the reserve
            searching = false;
            if (pool.isShutdown() && everyoneAsleep(word) && everyoneAsleep(sleep.controlWord())) {
                poolAccess.quiescentAfterShutdown();               // as a last sleeper would (S2)
            }
            return spareIdle();
        }
        if (!searching) {
            searching = sleep.workerTryStartSearching();
        }
        if (searching) {
            // While descheduling is likely, a thief sleeps after one failed sweep instead of
            // spinning: the pool's awake thieves shrink to those that find work (internal.feedback).
            for (int r = 0, n = shared() ? 0 : spinRounds; r < n && !poolAccess.isStopping(); r++) {
                Thread.onSpinWait();
                Runnable t = findWork();
                if (t != null) {
                    searching = false;
                    sleep.workerStopSearching(index, workVisible);
                    return t;
                }
            }
        }
        long word = sleep.workerPrepareSleep(index, searching);   // S2
        searching = false;
        if (poolAccess.workVisible()) {                            // the re-scan after S2
            sleep.workerCancelSleep(index);                        // S3a: now a searcher
            searching = true;
            return null;
        }
        if (pool.isShutdown() && everyoneAsleep(word) && everyoneAsleep(sleep.controlWord())) {
            // Every worker was a sleeper at S2 and still is after the re-scan found nothing: none
            // woke to take a task in between, so none is running one, none is queued, and none
            // can be submitted.
            poolAccess.quiescentAfterShutdown();
        }
        tracePark(true);
        if (prof != null) {
            prof.parked(true);
        }
        if (sleep.workerPark(index, poolAccess.stopping, workVisible, keepAliveNanos,
                spare ? spareSurplus : null)) {                    // S3b
            assert deque.isEmpty() && joins.depth == 0 && unfinishedCount == 0 && !holdsNext()
                    : "retired holding work";
            if (spare && sleep.isSpareIdle(index)) {
                return spareIdle();                                // left for the reserve asleep
            }
            retired = true;                                        // dormant: the thread exits
            return null;
        }
        searching = true;                                          // the waker counted us
        Feedback.resumed();                                        // restarts an idle sampler
        tracePark(false);
        if (prof != null) {
            prof.parked(false);
        }
        return null;
    }

    /**
     * A spare in the reserve keeps its thread parked for the keep-alive, so that the next block
     * unparks it instead of starting a thread.
     *
     * @return null: either activated again (counted as searching) or retired (the thread exits)
     */
    private Runnable spareIdle() {
        poolAccess.compensate();                  // a worker may have blocked as it left
        if (sleep.spareWait(index, poolAccess.stopping, keepAliveNanos)) {
            searching = true;                                      // the activation counted us
        } else {
            retired = true;
        }
        return null;
    }

    /** @return whether control word {@code c} counts every slot asleep (or in reserve) and none searching */
    private boolean everyoneAsleep(long c) {
        return sleep.everyoneAsleep(c);
    }

    /**
     * Clears this worker's current-steal record if it is {@code t}: run by a thief just before it
     * completes a join frame (see {@link StealBoard#clearIf}).
     */
    public void clearStealIf(Runnable t) {
        board.clearIf(index, t);
    }

    /**
     * On stop (shutdownNow or termination): once every {@code shutdownNow} under way has taken what
     * it takes from this deque (it returns those), handle what it left: forked tasks are cancelled,
     * and a submission that raced the stop (a plain Runnable or a task from {@code submit(Callable)}
     * and the like, queued from inside the pool) runs, since an accepted submission runs or is
     * returned by {@code shutdownNow}.
     */
    private void drainOnStop() {
        poolAccess.awaitStopDrains();
        Runnable r;
        while ((r = popLocal()) != null) {
            if (r instanceof Task<?> t && !TASKS.isInterruptible(r)) {
                t.cancel(false);
            } else {
                runTask(r);
            }
        }
    }

    /** @return this worker's statistics (racy snapshot) */
    public WorkerStats snapshot() {
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

    private static final VarHandle MOVING;

    static {
        try {
            MOVING = MethodHandles.lookup()
                    .findVarHandle(Worker.class, "moving", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Ends a move begun by {@link PoolAccess#beginMove}: the batch is in the deque. Owner only. */
    public void endMove() {
        MOVING.setRelease(this, false);
    }

    /** Steal-half's move, inside the stop handshake ({@link #moving}). */
    private Runnable stealBatchAndPop(WorkerDeque<Runnable> vd) {
        if (!poolAccess.beginMove(this)) {
            return null;                          // stopping: shutdownNow takes what is queued
        }
        try {
            return vd.stealBatchAndPop(deque, stealHalfLimit);
        } finally {
            endMove();
        }
    }

    /**
     * Between two top-level tasks: clears the interrupt flag that the last one may have left set
     * (it is not the next task's), then reports whether the pool is stopping. In that order: an
     * interrupt from {@code shutdownNow} cleared here was sent after the stop was set, so the
     * check sees the stop.
     */
    private boolean stopAfterTopLevelTask() {
        Thread.interrupted();
        return poolAccess.isStopping();
    }

    /**
     * Waits for {@code target} while helping this worker's pool, as the greedy join does (own deque,
     * the target's descendants from its thief, then the submission queue if no thief runs it; for
     * another pool's task, any worker's tasks; naps when nothing is found), until the
     * target is done, {@code deadlineNanos} passes, or the thread is interrupted. The target may be
     * a task of any pool or of none: a worker waiting for another pool's task, or for a task that
     * another thread runs, keeps serving its own pool meanwhile, which is what lets pool A's task
     * wait on pool B while B's task waits on A (ForkJoinPool gets there by compensating the
     * blocked worker with a spare thread; Strand adds no threads).
     *
     * <p>Invariant: on this worker's own thread; {@code target} is not a join frame (its
     * waiting protocol is the owner's alone). A task run while helping may outlive the deadline:
     * the deadline is checked between tasks.
     *
     * @param target        the task to wait for
     * @param deadlineNanos a {@code System.nanoTime()} value, or 0 for no deadline
     * @return whether {@code target} is done; false after the deadline or on an interrupt (the flag
     *     is left set for the caller)
     */
    public boolean awaitJoinUntil(Task<?> target, long deadlineNanos) {
        assert Thread.currentThread() == this && !TASKS.isJoinFrame(target);
        traceSync();
        Runnable mine = board.own(index);                      // restored after each helping run
        long mineBase = board.ownBase(index);
        boolean ownPool = TASKS.isOf(target, pool);
        Object node = null;
        int fails = 0;
        long nap = MIN_JOIN_NAP_NANOS;
        boolean counted = false;                  // counted as blocked: see joinBlocked
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (TASKS.pending(target)) {
                if (isInterrupted()) {
                    return false;
                }
                long left = deadlineNanos == 0L ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
                if (left <= 0L) {
                    return false;
                }
                t = popLocal();
                boolean unrelated = false;
                boolean tooDeep = false;
                if (t == null) {
                    StackReserve.reserve();       // a steal's steps after its CAS must fit
                    if (ownPool) {
                        t = stealDescendant(target);   // the join's helping rule
                        if (t == null && !runningElsewhere(target)) {
                            if (unrelatedDepth < MAX_UNRELATED_DEPTH || !poolAccess.canCompensate()) {
                                t = poolAccess.takeOneExternal();
                                unrelated = t != null;
                            } else {
                                tooDeep = poolAccess.externalQueued();
                            }
                        }
                    } else if (unrelatedDepth < MAX_UNRELATED_DEPTH || !poolAccess.canCompensate()) {
                        t = stealSweep();         // another pool's task: serve our own pool
                        if (t == null) {
                            t = poolAccess.takeOneExternal();
                        }
                        unrelated = t != null;
                    } else {
                        tooDeep = poolAccess.workVisible();
                    }
                }
                if (t != null) {
                    if (counted) {
                        blockDepth = 0;           // running again; t may block in turn
                        counted = false;
                    }
                    if (unrelated) {
                        runUnrelated(t);
                    } else {
                        runNested(t);
                    }
                    t = null;
                    if (unfinishedCount != 0) {
                        completeUnfinished();     // recorded deeper in t's run, which then recovered
                    }
                    board.record(index, mine, mineBase);
                    fails = 0;
                    nap = MIN_JOIN_NAP_NANOS;
                } else if (tooDeep) {
                    return awaitCompensated(target, deadlineNanos, true);
                } else if ((fails += sweepCost()) < JOIN_SPINS) {
                    Thread.onSpinWait();
                    yieldIfShared();              // the thief we wait for may be descheduled
                } else {
                    // Nothing to help with: park until the target completes (it unparks this
                    // waiter), the deadline, or the nap's end, then sweep again (as awaitJoinSlow).
                    if (node == null) {
                        node = TASKS.addWaiter(target, this);
                        if (node == null) {
                            break;                // completed meanwhile
                        }
                        joinBlocks++;
                    }
                    counted = joinBlocked(target, counted);
                    if (counted) {
                        nap = MAX_JOIN_NAP_NANOS; // a blocked thief offers no work until it resumes
                    }
                    LockSupport.parkNanos(target, Math.min(nap, left));
                    nap = Math.min(nap << 1, MAX_JOIN_NAP_NANOS);
                    fails = JOIN_SPINS - 1;
                }
            }
            return true;
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                unfinished[unfinishedCount++ & UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        } finally {
            if (counted) {
                blockDepth = 0;                   // a store, no call: cannot overflow
            }
            TASKS.stopWaiting(target, node);             // a wait that ends early leaves no waiter behind
        }
    }

    /** The type of {@link #REPORT_ONLY}: a sentinel compared by identity, never run. */
    private static final class ReportOnly implements Runnable {
        @Override
        public void run() {
            throw new AssertionError("REPORT_ONLY marks a report; it never runs");
        }
    }

    // ---------------------------------------------------------------- bounded helping

    /**
     * The most tasks unrelated to what it waits for that waits nest on one worker's stack. Such a
     * task (from the submission queue, or another worker's deque for a wait on another pool) may
     * wait in turn and take the next one: with submissions that queue up in FIFO order (a
     * block-based deque that is full sends a task's submissions to the submission queue), each
     * wait dug through the queue toward its target, one level deeper per task it passed that
     * waited too, and a random DAG of about 45 k nodes overflowed the stack. A wait at this depth
     * takes no more unrelated work: it waits with the pool compensating ({@link Strand#blocking}),
     * so that another thread, on a stack of its own, runs the queue. ForkJoinPool never runs
     * unrelated tasks in a join, and compensates instead, for the same reason.
     */
    static final int MAX_UNRELATED_DEPTH = 16;

    /** Unrelated tasks (see {@link #MAX_UNRELATED_DEPTH}) that waits run nested on this stack now. Owner only. */
    private int unrelatedDepth;

    /** Runs {@code t}, unrelated to what the wait waits for, nested in it (counted in {@link #unrelatedDepth}). */
    private void runUnrelated(Runnable t) {
        unrelatedDepth++;
        try {
            runNested(t);
        } finally {
            unrelatedDepth--;
        }
    }

    /**
     * Waits for {@code target} without helping, the pool keeping its parallelism meanwhile (a
     * sleeping worker takes over, or a spare thread starts, as for {@link Strand#blocking}): the
     * wait of one that is {@link #MAX_UNRELATED_DEPTH} unrelated tasks deep.
     *
     * @param interruptible whether an interrupt ends the wait (the flag is left set); if not, it is
     *                      kept and restored at the end
     * @return whether {@code target} is done (false after the deadline or on an interrupt)
     */
    private boolean awaitCompensated(Task<?> target, long deadlineNanos, boolean interruptible) {
        joinBlocks++;
        return Strand.blocking(() -> parkUntil(target, deadlineNanos, interruptible));
    }

    private boolean parkUntil(Task<?> target, long deadlineNanos, boolean interruptible) {
        Object node = TASKS.addWaiter(target, this);
        if (node == null) {
            return true;                          // completed meanwhile
        }
        boolean interrupted = false;
        try {
            while (TASKS.pending(target)) {
                if (interruptible && isInterrupted()) {
                    return false;
                }
                if (deadlineNanos == 0L) {
                    LockSupport.park(target);
                } else {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0L) {
                        return false;
                    }
                    LockSupport.parkNanos(target, left);
                }
                if (!interruptible && Thread.interrupted()) {
                    interrupted = true;           // a set flag would make every park return at once
                }
            }
            return true;
        } finally {
            TASKS.stopWaiting(target, node);
            if (interrupted) {
                interrupt();
            }
        }
    }
}
