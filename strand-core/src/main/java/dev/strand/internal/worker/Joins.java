package dev.strand.internal.worker;

import dev.strand.internal.stack.StackReserve;
import java.util.concurrent.locks.LockSupport;

/**
 * The waiting of joins: what a worker does when the task it joins was stolen, or when it waits
 * for a task with {@code get}, {@code invokeAll} or {@code invoke} on another pool. The fast
 * path (the child popped back and run inline) stays in {@link Worker#awaitJoin}; this is the
 * slow path it calls out of line.
 *
 * <p>The helping rule (see the package essay, "Helping"): a joiner runs its own deque's tasks,
 * then the tasks that the thief of its target pushed after it started the target (its
 * descendants, leapfrogging: Wagner and Calder, "Leapfrogging: a portable technique for
 * implementing efficient futures", PPoPP 1993), then, only if no worker runs the target, the
 * submission queue's oldest task. Never a task stolen from an unrelated worker's deque: it
 * could wait for what this worker does after the join.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only: every method runs on {@code w}'s own thread.</li>
 *   <li>An element taken from a deque or queue is run, or recorded in {@code w.unfinished}, or
 *       still held by the frame that took it (the {@code catch} clauses record it).</li>
 *   <li>A joiner counted as blocked ({@code w.blockDepth == 1}, see {@link Compensation#joinBlocked})
 *       is uncounted by a field store in its own frame before it runs a task and in its
 *       {@code finally}: a store cannot overflow, so the pool's count never stays raised.</li>
 *   <li>Unrelated tasks nest at most {@link #MAX_UNRELATED_DEPTH} deep on one stack; deeper, the
 *       wait blocks with the pool compensating.</li>
 * </ul>
 */
final class Joins {
    private Joins() { }

    /**
     * Sweeps a greedy join makes without finding work before it parks, counted for a pool whose
     * spare slots are unused: each sweep also visits the spare slots in use, so it counts for
     * more as they grow ({@link #sweepCost}). While blocked tasks hold a hundred spares out, a
     * joiner that spun 64 full sweeps took the cores from the threads it waited for.
     */
    static final int JOIN_SPINS = 64;
    /** A joiner with nothing to help parks this long first, then twice as long each time, up to the cap. */
    static final long MIN_JOIN_NAP_NANOS = 20_000L;
    static final long MAX_JOIN_NAP_NANOS = 1_000_000L;

    /**
     * The most tasks unrelated to what it waits for that waits nest on one worker's stack. Such a
     * task (from the submission queue, or another worker's deque for a wait on another pool) may
     * wait in turn and take the next one: with submissions that queue up in FIFO order (a
     * block-based deque that is full sends a task's submissions to the submission queue), each
     * wait dug through the queue toward its target, one level deeper per task it passed that
     * waited too, and a random DAG of about 45 k nodes overflowed the stack. A wait at this depth
     * takes no more unrelated work: it waits with the pool compensating ({@code Strand.blocking}),
     * so that another thread, on a stack of its own, runs the queue. ForkJoinPool never runs
     * unrelated tasks in a join, and compensates instead, for the same reason.
     */
    static final int MAX_UNRELATED_DEPTH = 16;

    /**
     * The join's slow path. What a joiner may run is restricted (see the package essay, "Helping"):
     * its own deque's tasks, as a stalling join runs them, and tasks that the thief of its target
     * pushed after it started the target (the target's descendants). Never a task stolen from an
     * unrelated worker: such a task could wait for what this worker does after the join.
     */
    static void awaitJoinSlow(Worker w, Runnable target) {
        assert Thread.currentThread() == w : "owner thread only";
        w.traceSync();
        if (w.unfinishedCount != 0) {
            Recovery.completeUnfinished(w);                 // the target may be one of them
        }
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (Worker.TASKS.pending(target) && (t = w.popLocal()) != null) {
                Runs.runNested(w, t);
                t = null;
                if (w.unfinishedCount != 0) {
                    Recovery.completeUnfinished(w);         // recorded deeper in t's run, which then recovered
                }
            }
            if (!Worker.TASKS.pending(target)) {
                return;
            }
            if (!w.greedyJoin) {
                w.joinBlocks++;
                Worker.TASKS.awaitBlocking(target);
                return;
            }
            helpUntilDone(w, target);
        } catch (Throwable e) {
            if (t != null) {                      // runTask may have overflowed on entry
                w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        }
    }

    /**
     * 2. The child was stolen. Help its thief with the child's descendants (leapfrogging). Park
     * between attempts only after repeated failure (3).
     */
    static void helpUntilDone(Worker w, Runnable target) {
        assert Thread.currentThread() == w : "owner thread only";
        Runnable mine = w.board.own(w.index);                      // restored after each helping run
        long mineBase = w.board.ownBase(w.index);
        int fails = 0;
        boolean registered = false;
        boolean interrupted = false;
        long nap = MIN_JOIN_NAP_NANOS;
        boolean counted = false;                  // counted as blocked: see joinBlocked
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (Worker.TASKS.pending(target)) {
                t = w.popLocal();
                boolean unrelated = false;
                boolean tooDeep = false;
                if (t == null) {
                    StackReserve.reserve();       // a steal's steps after its CAS must fit
                    t = stealDescendant(w, target);
                    if (t == null && !runningElsewhere(w, target)) {
                        if (w.unrelatedDepth < MAX_UNRELATED_DEPTH || !w.poolAccess.canCompensate()) {
                            t = w.poolAccess.takeOneExternal();   // the target may be a submission still queued
                            unrelated = t != null;
                        } else {
                            tooDeep = w.poolAccess.externalQueued();
                        }
                    }
                }
                if (t != null) {
                    if (counted) {
                        w.blockDepth = 0;           // running again; t may block in turn
                        counted = false;
                    }
                    if (unrelated) {
                        runUnrelated(w, t);
                    } else {
                        Runs.runNested(w, t);
                    }
                    t = null;
                    if (w.unfinishedCount != 0) {
                        Recovery.completeUnfinished(w);     // recorded deeper in t's run, which then recovered
                    }
                    w.board.record(w.index, mine, mineBase);
                    fails = 0;
                    nap = MIN_JOIN_NAP_NANOS;
                } else if (tooDeep) {
                    Compensation.awaitCompensated(w, target, 0L, false);   // done: the loop ends
                } else if ((fails += sweepCost(w)) < JOIN_SPINS) {
                    Thread.onSpinWait();
                    Steals.yieldIfShared(w);              // the thief we wait for may be descheduled
                } else {
                    // 3. Nothing to help with: park until the target completes (its completion
                    //    unparks us), but look for work again after a nap that doubles up to a cap,
                    //    since the thief (with lazy splitting) offers new work at its next join.
                    if (!registered) {
                        if (!Worker.TASKS.registerJoiner(target, w)) {
                            break;                // completed meanwhile
                        }
                        registered = true;
                        w.joinBlocks++;
                    }
                    counted = Compensation.joinBlocked(w, target, counted);
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
                w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        } finally {
            if (counted) {
                w.blockDepth = 0;                   // a store, no call: cannot overflow
            }
        }
        if (interrupted) {
            w.interrupt();
        }
    }

    /**
     * Steals one of {@code target}'s descendants from a worker running a task that the target
     * covers ({@code Task.covers}) as its current steal: the oldest element it pushed since it
     * started that task. If the thief moved on between the check and the steal, the element is
     * not a descendant and goes to the submission queue instead of running here.
     *
     * @return a descendant to run, or null
     */
    static Runnable stealDescendant(Worker w, Runnable target) {
        for (int i = 0, n = w.sleep.inUse(); i < n; i++) {
            if (i == w.index) {
                continue;
            }
            Runnable running = w.board.running(i);
            if (running == null || !Worker.TASKS.covers(target, running)) {
                continue;
            }
            long base = w.board.base(i);            // written before the slot's release
            w.stealAttempts++;
            Runnable t = w.deques[i].stealAtOrAbove(base);
            if (t == null) {
                w.failedSteals++;
                continue;
            }
            if (w.board.running(i) != running) {
                w.failedSteals++;                   // every attempt is a steal or a failed steal
                w.poolAccess.requeue(t);                  // not provably a descendant: not ours to run
                continue;
            }
            w.steals++;
            if (w.stealHalf) {
                w.movedByHalf++;                    // a steal under steal-half that takes one task
            }
            w.recordSteal(t);
            Steals.noteSteal(w, i);
            w.traceSteal(i, 1);
            return t;
        }
        return null;
    }

    /** @return whether another worker runs, as its current steal, a task that {@code target} covers */
    static boolean runningElsewhere(Worker w, Runnable target) {
        for (int i = 0, n = w.sleep.inUse(); i < n; i++) {
            if (i != w.index) {
                Runnable r = w.board.running(i);
                if (r != null && Worker.TASKS.covers(target, r)) {
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
    static int sweepCost(Worker w) {
        return 1 + (w.sleep.inUse() - w.core) / w.core;
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
    static boolean awaitJoinUntil(Worker w, Runnable target, long deadlineNanos) {
        assert Thread.currentThread() == w && !Worker.TASKS.isJoinFrame(target);
        w.traceSync();
        Runnable mine = w.board.own(w.index);                      // restored after each helping run
        long mineBase = w.board.ownBase(w.index);
        boolean ownPool = Worker.TASKS.isOf(target, w.pool);
        Object node = null;
        int fails = 0;
        long nap = MIN_JOIN_NAP_NANOS;
        boolean counted = false;                  // counted as blocked: see joinBlocked
        Runnable t = null;                        // taken and not yet run: recorded if an error hits
        try {
            while (Worker.TASKS.pending(target)) {
                if (w.isInterrupted()) {
                    return false;
                }
                long left = deadlineNanos == 0L ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
                if (left <= 0L) {
                    return false;
                }
                t = w.popLocal();
                boolean unrelated = false;
                boolean tooDeep = false;
                if (t == null) {
                    StackReserve.reserve();       // a steal's steps after its CAS must fit
                    if (ownPool) {
                        t = stealDescendant(w, target);   // the join's helping rule
                        if (t == null && !runningElsewhere(w, target)) {
                            if (w.unrelatedDepth < MAX_UNRELATED_DEPTH || !w.poolAccess.canCompensate()) {
                                t = w.poolAccess.takeOneExternal();
                                unrelated = t != null;
                            } else {
                                tooDeep = w.poolAccess.externalQueued();
                            }
                        }
                    } else if (w.unrelatedDepth < MAX_UNRELATED_DEPTH || !w.poolAccess.canCompensate()) {
                        t = Steals.stealSweep(w);         // another pool's task: serve our own pool
                        if (t == null) {
                            t = w.poolAccess.takeOneExternal();
                        }
                        unrelated = t != null;
                    } else {
                        tooDeep = w.poolAccess.workVisible();
                    }
                }
                if (t != null) {
                    if (counted) {
                        w.blockDepth = 0;           // running again; t may block in turn
                        counted = false;
                    }
                    if (unrelated) {
                        runUnrelated(w, t);
                    } else {
                        Runs.runNested(w, t);
                    }
                    t = null;
                    if (w.unfinishedCount != 0) {
                        Recovery.completeUnfinished(w);     // recorded deeper in t's run, which then recovered
                    }
                    w.board.record(w.index, mine, mineBase);
                    fails = 0;
                    nap = MIN_JOIN_NAP_NANOS;
                } else if (tooDeep) {
                    return Compensation.awaitCompensated(w, target, deadlineNanos, true);
                } else if ((fails += sweepCost(w)) < JOIN_SPINS) {
                    Thread.onSpinWait();
                    Steals.yieldIfShared(w);              // the thief we wait for may be descheduled
                } else {
                    // Nothing to help with: park until the target completes (it unparks w
                    // waiter), the deadline, or the nap's end, then sweep again (as awaitJoinSlow).
                    if (node == null) {
                        node = Worker.TASKS.addWaiter(target, w);
                        if (node == null) {
                            break;                // completed meanwhile
                        }
                        w.joinBlocks++;
                    }
                    counted = Compensation.joinBlocked(w, target, counted);
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
                w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {t, e};
            }
            throw e;
        } finally {
            if (counted) {
                w.blockDepth = 0;                   // a store, no call: cannot overflow
            }
            Worker.TASKS.stopWaiting(target, node);             // a wait that ends early leaves no waiter behind
        }
    }

    /** Runs {@code t}, unrelated to what the wait waits for, nested in it (counted in {@link Worker#unrelatedDepth}). */
    static void runUnrelated(Worker w, Runnable t) {
        w.unrelatedDepth++;
        try {
            Runs.runNested(w, t);
        } finally {
            w.unrelatedDepth--;
        }
    }
}
