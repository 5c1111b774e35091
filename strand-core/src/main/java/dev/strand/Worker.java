package dev.strand;

import dev.strand.deque.ChaseLevDeque;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.victim.VictimOrder;
import dev.strand.trace.SchedulerListener;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker thread: owns one deque, runs the scheduling loop, and performs greedy joins.
 *
 * <p>Every counter here is written only by this thread (plain writes) and read racily by
 * {@link StrandPool#stats()}; on 64-bit JVMs a long read is never torn.
 */
final class Worker extends Thread {

    /** Sweeps a greedy join makes without finding work before it blocks. */
    private static final int JOIN_SPINS = 64;
    /** A joiner with nothing to help parks this long first, then twice as long each time, up to the cap. */
    private static final long MIN_JOIN_NAP_NANOS = 20_000L;
    private static final long MAX_JOIN_NAP_NANOS = 1_000_000L;
    /** Every FAIRNESS_TICKS-th scheduling decision polls the submission queue first (Go: 61). */
    static final int FAIRNESS_TICKS = 61;

    final StrandPool pool;
    final int index;
    final ChaseLevDeque<Runnable> deque;
    /**
     * Every worker's deque, by index. Thieves reach a victim's deque through this shared, read-only
     * array, never through the victim's Worker object, whose counters its owner writes all the time
     * (reading them from another core would be false sharing on every steal).
     */
    private final ChaseLevDeque<Runnable>[] deques;

    private final Worker[] workers;
    private final SleepCoordinator sleep;
    private final VictimOrder victims;
    private final SchedulerListener listener;   // null when tracing is off
    private final boolean stealHalf;
    private final int stealHalfLimit;
    private final int spawnBound;
    private final int spinRounds;
    private final long stealPaceNanos;
    /** The pace now: {@link #stealPaceNanos}, doubled after each tiny steal up to the cap. */
    private long pace;
    private final boolean greedyJoin;
    final boolean lazySplitting;
    private int tick;
    private int seed;
    /** Set by a steal sweep that lost a race or saw a non-empty deque it could not take from. */
    private boolean sawWork;
    /**
     * Slot {@code 16 * i} holds the stolen task worker i is running (innermost), read racily by
     * joiners looking for the thief of their child (leapfrogging). Written only by its worker, with
     * a plain store (no atomic per steal); slots are a cache line apart, away from the counters.
     */
    private final Runnable[] currentSteals;
    private final int stealSlot;
    /** S1's scan for remaining work (one instance, no allocation per call). */
    private final java.util.function.BooleanSupplier workVisible;

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

    /** Spacing of {@link #currentSteals} slots: 16 references span a 64-byte line (or more). */
    static final int STEAL_SLOT_SPACING = 16;

    Worker(StrandPool pool, int index, Worker[] workers, ChaseLevDeque<Runnable>[] deques,
           Runnable[] currentSteals, SleepCoordinator sleep, PoolConfig c) {
        super(null, null, "strand-" + c.name() + "-worker-" + index, c.stackSize());
        this.pool = pool;
        this.index = index;
        this.deques = deques;
        this.deque = deques[index];
        this.currentSteals = currentSteals;
        this.stealSlot = index * STEAL_SLOT_SPACING;
        this.workers = workers;
        this.sleep = sleep;
        this.victims = new VictimOrder(c.parallelism());
        this.listener = c.listener();
        this.stealHalf = c.stealPolicy() == StealPolicy.HALF;
        this.stealHalfLimit = c.stealHalfLimit();
        this.spawnBound = c.spawnBound();
        this.spinRounds = c.spinRounds();
        this.stealPaceNanos = c.stealPaceNanos();
        this.pace = stealPaceNanos;
        this.greedyJoin = c.joinPolicy() == JoinPolicy.GREEDY;
        this.lazySplitting = c.lazySplitting();
        this.seed = 0x9E3779B9 * (index + 1) | 1;
        this.workVisible = pool::workVisible;
        setDaemon(c.daemon());
        if (c.uncaughtExceptionHandler() != null) {
            setUncaughtExceptionHandler(c.uncaughtExceptionHandler());
        }
    }

    /**
     * @param op the operation, for the error message
     * @return the calling worker
     * @throws IllegalStateException if the caller is not a Strand worker
     */
    static Worker current(String op) {
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
    void fork(Task<?> t) {
        t.claimFor(pool);
        int size = deque.tryPush(t, spawnBound);
        if (size < 0 || size >= maxDequeSize || listener != null) {
            forkSlow(t, size);                    // bound reached, empty deque, new maximum, tracing
        } else {
            spawns++;
        }
    }

    private void forkSlow(Task<?> t, int size) {
        if (size < 0) {                           // throttled child-stealing: bounded space
            inlinedSpawns++;
            if (listener != null) {
                listener.onSpawn(index, true);
            }
            runTask(t);
            return;
        }
        spawns++;
        if (size >= maxDequeSize) {
            maxDequeSize = size + 1;
        }
        if (listener != null) {
            listener.onSpawn(index, false);
        }
        // A thief may be asleep: the deque's onShare wakes one when the push made work stealable
        // in a deque that looked empty (classic: size 0; split: the shared part ran dry).
    }

    // ---------------------------------------------------------------- join frames (Strand.join)

    /** Frames by join depth, created on first use (see JoinFrame). */
    private JoinFrame[] frames = new JoinFrame[8];
    private int frameDepth;

    /**
     * Offers {@code body} (a Supplier or a Runnable) to thieves in this worker's frame for the next
     * join depth.
     * Invariant: owner only; every call is matched by one {@link #joinFrame} (Strand.join's
     * try/finally), so frames are taken and released in stack order.
     */
    JoinFrame pushFrame(Object body) {
        int d = frameDepth;
        JoinFrame[] fs = frames;
        if (d == fs.length) {
            fs = frames = java.util.Arrays.copyOf(fs, d * 2);
        }
        JoinFrame f = fs[d];
        if (f == null) {
            f = fs[d] = new JoinFrame(this);
        }
        frameDepth = d + 1;
        f.body = body;                            // published by the push's release store
        int size = deque.tryPush(f, spawnBound);
        if (size < 0 || size >= maxDequeSize || listener != null) {
            if (size < 0) {                       // bounded space: run it at the join instead
                f.throttled = true;
                inlinedSpawns++;
                if (listener != null) {
                    listener.onSpawn(index, true);
                }
            } else {
                forkSlow(f, size);
            }
        } else {
            spawns++;
        }
        return f;
    }

    /**
     * Waits for frame {@code f}, running it inline if nobody stole it, and releases it.
     * Invariant: owner only; {@code f} is the most recently pushed frame not yet joined.
     *
     * @return the frame's result
     * @throws java.util.concurrent.CompletionException if its body threw
     */
    Object joinFrame(JoinFrame f) {
        try {
            if (!f.throttled) {
                Runnable t = deque.pop();
                if (t != f) {
                    awaitJoinSlow(f, t);
                    return f.completedResult();
                }
            }
            tasksRun++;
            try {
                return f.runBody();               // the common case: not stolen, run inline
            } catch (Throwable e) {
                throw JoinFrame.failed(e);
            }
        } finally {
            f.clear();
            frameDepth--;
        }
    }

    /**
     * A submission ({@code execute}/{@code submit}) from a task of this pool: onto this worker's
     * deque, like a fork, but never run inline (the caller asked for asynchrony) and not held to the
     * spawn bound (overflowing into the external queue would cost a queue node, a CAS and a fence per
     * task, and a deque slot is the cheapest place to hold it). Invariant: owner only.
     */
    void submitLocal(Runnable t) {
        int size = deque.push(t);
        spawns++;
        if (size >= maxDequeSize) {
            maxDequeSize = size + 1;
        }
    }

    /** Runs a queued element: a {@link Task}, or a plain Runnable queued by {@code execute}. */
    void runTask(Runnable r) {
        tasksRun++;
        if (r instanceof Task<?> t) {
            t.exec();
        } else {
            runPlain(r);
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
            reportUncaught(e);
        }
    }

    private void reportUncaught(Throwable e) {
        try {
            getUncaughtExceptionHandler().uncaughtException(this, e);
        } catch (Throwable ignored) {
            // a failing handler must not take the worker down with it
        }
    }

    // ---------------------------------------------------------------- join

    /**
     * Waits for {@code target} greedily (or stalling, by policy).
     *
     * <p>Invariant: called on this worker's own thread, for a task of this pool.
     */
    void awaitJoin(Task<?> target) {
        // 1. Own deque, LIFO. In fork-join code an unstolen child is at the bottom, so this is
        //    usually one pop and an inline run (the child nobody stole runs at its join). Kept
        //    tiny so that the JIT inlines it into join().
        Runnable t = deque.pop();
        if (t == target) {
            tasksRun++;
            target.exec();
        } else {
            awaitJoinSlow(target, t);
        }
    }

    private void awaitJoinSlow(Task<?> target, Runnable popped) {
        if (listener != null) {
            listener.onSync(index);
        }
        Runnable t = popped;
        if (t != null) {
            runTask(t);
            while (target.pending() && (t = deque.pop()) != null) {
                runTask(t);
            }
        }
        if (!target.pending()) {
            return;
        }
        if (!greedyJoin) {
            joinBlocks++;
            target.awaitBlocking(0L);
            return;
        }
        // 2. The child was stolen. Help its thief (its deque holds the child's subtasks:
        //    leapfrogging), then anyone. Park between sweeps only after repeated failure (3).
        Runnable mine = currentSteals[stealSlot];              // restored after each helping run
        int fails = 0;
        boolean registered = false;
        boolean interrupted = false;
        long nap = MIN_JOIN_NAP_NANOS;
        while (target.pending()) {
            t = deque.pop();
            if (t == null) {
                int thief = thiefOf(target);
                if (thief >= 0) {
                    t = stealFrom(thief);
                }
                if (t == null) {
                    t = stealSweep();
                }
            }
            if (t != null) {
                runTask(t);
                currentSteals[stealSlot] = mine;
                fails = 0;
                nap = MIN_JOIN_NAP_NANOS;
            } else if (++fails < JOIN_SPINS) {
                Thread.onSpinWait();
            } else {
                // 3. Nothing to help with: park until the target completes (its completion unparks
                //    us), but look for work again after a nap that doubles up to a cap. A joiner
                //    that slept until completion was a worker lost for the rest of the stolen
                //    subtree, although its thief (with lazy splitting) offers new work at its next
                //    join: irregular divide and conquer left a core idle.
                if (!registered) {
                    if (!target.registerJoiner(this)) {
                        break;                    // completed meanwhile
                    }
                    registered = true;
                    joinBlocks++;
                }
                LockSupport.parkNanos(target, nap);
                if (Thread.interrupted()) {
                    interrupted = true;           // a set flag would make every park return at once
                }
                nap = Math.min(nap << 1, MAX_JOIN_NAP_NANOS);
                fails = JOIN_SPINS - 1;           // after each nap, one sweep, then nap again
            }
        }
        if (interrupted) {
            interrupt();
        }
    }

    /** @return the index of another worker currently running {@code t} as a stolen task, or -1 */
    private int thiefOf(Runnable t) {
        for (int i = 0; i < workers.length; i++) {
            if (i != index && currentSteals[i * STEAL_SLOT_SPACING] == t) {
                return i;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- stealing

    private Runnable stealFrom(int victim) {
        ChaseLevDeque<Runnable> vd = deques[victim];
        stealAttempts++;
        Runnable t;
        if (stealHalf) {
            int before = deque.size();
            t = vd.stealBatchAndPop(deque, stealHalfLimit);
            if (t != null) {
                currentSteals[stealSlot] = t;
                int moved = 1 + deque.size() - before;
                movedByHalf += moved;
                steals++;
                if (listener != null) {
                    listener.onSteal(index, victim, moved);
                }
                return t;
            }
        } else {
            t = vd.stealOrNull();
            if (t != null) {
                currentSteals[stealSlot] = t;
                steals++;
                if (listener != null) {
                    listener.onSteal(index, victim, 1);
                }
                return t;
            }
        }
        failedSteals++;
        if (!vd.isEmpty()) {
            sawWork = true;
        }
        return null;
    }

    /** One walk over every other worker in a random coprime-stride order. */
    private Runnable stealSweep() {
        int n = workers.length;
        if (n == 1) {
            return null;
        }
        long walk = victims.start(nextRandom());
        for (int k = 0; k < n; k++) {
            int v = victims.victim(walk, k);
            if (v != index) {
                Runnable t = stealFrom(v);
                if (t != null) {
                    return t;
                }
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
        try {
            loop();
        } finally {
            pool.workerExited(this);
        }
    }

    /** Finds the next task: fairness poll, own deque, submissions, then a steal sweep. */
    private Runnable findWork() {
        Runnable t;
        if (++tick >= FAIRNESS_TICKS) {           // runLocal counts its tasks here too
            tick = 0;
            if ((t = pool.takeExternal(deque)) != null) {
                return t;
            }
        }
        if ((t = deque.pop()) != null || (t = pool.takeExternal(deque)) != null) {
            return t;
        }
        return stealSweep();
    }

    private void loop() {
        boolean searching = false;                // counted as searching in the sleep control word
        while (!pool.isStopping()) {
            Runnable t = findWork();
            if (t == null) {
                long idleStart = System.nanoTime();
                t = idle(searching);
                idleNanos += System.nanoTime() - idleStart;
                if (t == null) {
                    searching = true;             // woken: the waker counted us as searching
                    continue;
                }
                searching = false;                // idle() stopped searching when it found t
            } else if (searching) {
                searching = false;
                sleep.workerStopSearching(index, workVisible); // S1: may wake the next searcher
            }
            runLocal(t);
        }
        drainOnStop();
    }

    /**
     * Runs {@code t}, then this worker's own tasks (LIFO) until its deque is empty, the fairness
     * tick is due, or the pool stops. Kept out of {@link #loop}: that method never returns, so the
     * JIT can only replace it on stack, and every deoptimization of an on-stack replacement sent the
     * hot path back to the interpreter until the next one; a method that returns often is compiled
     * normally, with its whole profile (ForkJoinPool's topLevelExec has the same shape).
     */
    private void runLocal(Runnable t) {
        long stolenAt = stealPaceNanos > 0 && currentSteals[stealSlot] != null ? System.nanoTime() : 0L;
        runTask(t);
        currentSteals[stealSlot] = null;          // set only if t was stolen
        while (++tick < FAIRNESS_TICKS && (t = deque.pop()) != null) {
            runTask(t);
            if (pool.isStopping()) {
                return;
            }
        }
        if (stolenAt != 0L) {
            paceAfterSteal(stolenAt);
        }
    }

    /**
     * Steal pacing: after a stolen task that ran (with what it forked) for less than the current
     * pace, wait out the rest before looking for work again, so that a thief steals from a
     * producing owner at most once per pace. Each such tiny steal doubles the pace, up to
     * {@link #PACE_BACKOFF_LIMIT} times {@code stealPaceNanos} (and at most
     * {@link PoolConfig#MAX_STEAL_PACE_NANOS}); a stolen task that runs longer than the pace resets
     * it. Invariant: owner only (the pace is this worker's).
     *
     * <p>Why: a thief that keeps up with an owner forking tiny tasks reads the owner's
     * {@code bottom} and CASes {@code top} between every two of its pushes. Each push then stores
     * to a cache line another core just read, and the owner's store buffer drains at the speed of
     * those transfers: one worker forking 10^6 tiny tasks took 4x as long at P=2 as at P=1
     * (ForkJoinPool: about 2x; its thieves never read the owner's index). Paced, the thief takes a
     * task every 250 ns at most and the owner runs the rest inline: 25-30 ns per task instead of
     * 63-70, and ForkJoinPool's 38-45. A fixed pace still let the thief take 0.4-1 million tiny
     * tasks per 10 million submitted from one task, each steal costing the producer two cache
     * misses; backing off to 4 us cut that to 40-80 thousand (see design.md). Tasks worth stealing
     * run longer than the pace, so divide-and-conquer work never waits (Go's scheduler likewise
     * waits ~3 us before stealing a P's {@code runnext}, the goroutine its owner is about to run).
     */
    private void paceAfterSteal(long stolenAt) {
        long until = stolenAt + pace;
        long now = System.nanoTime();
        pace = nextPace(pace, now - stolenAt, stealPaceNanos);
        while (now - until < 0) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
    }

    /** A pace backs off to at most this many times the configured one. */
    static final int PACE_BACKOFF_LIMIT = 16;

    /**
     * The pace to keep after a stolen task (with what it forked) ran for {@code ranNanos}: back to
     * {@code base} if it ran at least the current pace (the steal was worth it), else doubled, up to
     * {@code base * PACE_BACKOFF_LIMIT} but never past {@link PoolConfig#MAX_STEAL_PACE_NANOS}
     * (nor below {@code base}).
     *
     * @param current  the pace the steal was made under, {@code >= base}
     * @param ranNanos how long the stolen task and its children ran
     * @param base     the configured pace, {@code > 0}
     * @return the next pace
     */
    static long nextPace(long current, long ranNanos, long base) {
        if (ranNanos >= current) {
            return base;
        }
        long cap = Math.max(base, Math.min(base * PACE_BACKOFF_LIMIT, PoolConfig.MAX_STEAL_PACE_NANOS));
        return Math.min(current * 2, cap);
    }

    /**
     * No work was found. Spin briefly as a searcher (if the cap allows), then run the sleep
     * protocol (S2-S3 of the sleep package's proof) and park.
     *
     * @return a task found while idle (the caller is then no longer searching), or null after
     *     waking (counted as searching by the waker; the caller re-enters the loop)
     */
    private Runnable idle(boolean searching) {
        if (!searching) {
            searching = sleep.workerTryStartSearching();
        }
        if (searching) {
            for (int r = 0; r < spinRounds && !pool.isStopping(); r++) {
                Thread.onSpinWait();
                Runnable t = findWork();
                if (t != null) {
                    sleep.workerStopSearching(index, workVisible);
                    return t;
                }
            }
        }
        int sleepers = sleep.workerPrepareSleep(index, searching);   // S2
        sawWork = false;
        Runnable t = findWork();                                    // the re-scan after S2
        if (t != null || sawWork || !pool.externalQueueEmpty()) {
            sleep.workerCancelSleep(index);                          // S3a: now a searcher
            if (t != null) {
                sleep.workerStopSearching(index, workVisible);
            }
            return t;
        }
        if (sleepers == workers.length && pool.isShutdown()) {
            pool.quiescentAfterShutdown();       // every worker asleep, nothing queued, no submitters
        }
        if (listener != null) {
            listener.onPark(index);
        }
        sleep.workerPark(index, pool::isStopping, workVisible);    // S3b (with the watch)
        if (listener != null) {
            listener.onWake(index);
        }
        return null;
    }

    /**
     * On stop (shutdownNow or termination), cancel the Tasks left in the own deque and drop the
     * plain Runnables ({@code shutdownNow} returns whatever it took from the queues itself).
     */
    private void drainOnStop() {
        Runnable r;
        while ((r = deque.pop()) != null) {
            if (r instanceof Task<?> t) {
                t.cancel(false);
            }
        }
    }

    /** @return this worker's statistics (racy snapshot) */
    WorkerStats snapshot() {
        return new WorkerStats(index, tasksRun, spawns, inlinedSpawns, steals, stealAttempts,
                failedSteals, movedByHalf, sleep.parks(index), sleep.unparks(index), joinBlocks,
                idleNanos, maxDequeSize, deque.size(), sleep.isSleeping(index));
    }
}
