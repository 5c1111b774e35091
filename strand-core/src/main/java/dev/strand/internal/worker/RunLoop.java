package dev.strand.internal.worker;


/**
 * The worker's scheduling loop: find a task (every {@link Worker#FAIRNESS_TICKS}-th decision the
 * submission queue first, then the run-next slot and the own deque, the submission queue, a steal
 * sweep), run it and the own tasks that follow it, or idle; recover from an error that escaped a
 * decision; on stop, handle what is left in the deque.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only.</li>
 *   <li>A worker never dies while the pool runs: a throwable that reaches the loop is handled by
 *       {@link Recovery#recover} and the loop goes on; after {@code MAX_LOOP_FAILURES} failures of
 *       the recovery in a row, the pool fails loudly.</li>
 *   <li>No join is in progress at the top level: a task starts with the join-frame depth 0.</li>
 *   <li>The interrupt flag is cleared between two top-level tasks, before the stop is checked.</li>
 * </ul>
 */
final class RunLoop {
    private RunLoop() { }

    /** Runs a start or exit hook on this thread; what it throws is reported, never fatal. */
    static void hook(Worker w, java.util.function.Consumer<? super Thread> h) {
        if (h != null) {
            try {
                h.accept(w);
            } catch (Throwable e) {
                w.reportUncaught(e);
            }
        }
    }

    /**
     * Runs the thread subclass's {@code onStart} or {@code onTermination} on this thread; what it
     * throws is reported, never fatal. A call, not a lambda: the start path spins no lambda class.
     */
    static void subclassHook(Worker w, boolean start) {
        try {
            if (start) {
                w.onStart();
            } else {
                w.onTermination();
            }
        } catch (Throwable e) {
            w.reportUncaught(e);
        }
    }

    /** Finds the next task: fairness poll, own deque, submissions, then a steal sweep. */
    static Runnable findWork(Worker w) {
        Runnable t;
        if (++w.tick >= Worker.FAIRNESS_TICKS) {           // runLocal counts its tasks here too
            w.tick = 0;
            if ((t = w.poolAccess.takeExternal(w)) != null) {
                return t;
            }
        }
        if ((t = w.popLocal()) != null || (t = w.poolAccess.takeExternal(w)) != null) {
            return t;
        }
        return Steals.stealSweep(w);
    }

    /**
     * The scheduling loop. A throwable that reaches it (a task's completion that ran out of memory,
     * a stack overflow in the runtime's bookkeeping) is handled by {@link Recovery#recover} and the worker
     * goes on: a worker never dies while the pool runs, so it never leaves the sleep accounting
     * with a phantom searcher or its deque unserved. If recovery keeps failing, the pool fails
     * loudly ({@link PoolAccess#fail}) rather than limp.
     */
    static void loop(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        int failures = 0;
        while (!w.poolAccess.isStopping() && !w.retired) {
            try {
                step(w);
                failures = 0;
            } catch (Throwable e) {
                try {
                    Recovery.recover(w, e);
                } catch (Throwable again) {
                    again.addSuppressed(e);
                    if (++failures >= Worker.MAX_LOOP_FAILURES) {
                        w.poolAccess.fail(again);
                    }
                }
            }
        }
        if (w.retired) {
            return;                               // dormant: idle, its deque empty, nothing held
        }
        if (w.unfinishedCount != 0) {
            Recovery.completeUnfinished(w);                 // their joiners must not wait for a dead worker
        }
        drainOnStop(w);
    }

    /** One decision of the loop: find a task and run it (with what follows it locally), or idle. */
    static void step(Worker w) {
        Runnable t = findWork(w);
        if (t == null) {
            w.idleNanos += w.pacing.looked(false);   // an offer it was sent to was taken back
            long idleStart = System.nanoTime();
            t = Idle.idle(w);
            if (w.retired) {
                return;                           // write nothing more: a new Worker copies these
            }
            w.idleNanos += System.nanoTime() - idleStart;
            if (t == null) {
                return;                           // woken: counted as searching; look again
            }
        } else {
            w.pacing.looked(true);
            if (w.searching) {
                w.searching = false;
                w.sleep.workerStopSearching(w.index, w.workVisible); // S1: may wake the next searcher
            }
        }
        runLocal(w, t);
    }

    /**
     * Runs {@code t}, then this worker's own tasks (LIFO) until its deque is empty, the fairness
     * tick is due, or the pool stops. Kept out of {@link #loop}: a method that returns often is
     * compiled normally, with its whole profile, rather than only on stack (ForkJoinPool's
     * topLevelExec has the same shape).
     */
    static void runLocal(Worker w, Runnable t) {
        if (w.joins.depth != 0) {
            w.joins.abandon();                      // no join is in progress at the top level: a join
        }                                         // whose finally overflowed left the depth raised
        long stolenAt = w.pacing.enabled() && w.board.own(w.index) != null ? w.pacing.stealStarts() : 0L;
        try {
            w.runTask(t);
        } finally {
            w.board.clear(w.index);                   // set only if t was stolen
        }
        if (w.unfinishedCount != 0) {
            Recovery.completeUnfinished(w);                 // recorded deep in t's run, which then recovered
        }
        while (!stopAfterTopLevelTask(w) && ++w.tick < Worker.FAIRNESS_TICKS && (t = w.popLocal()) != null) {
            w.runTask(t);
            if (w.unfinishedCount != 0) {
                Recovery.completeUnfinished(w);
            }
        }
        if (stolenAt != 0L) {
            w.idleNanos += w.pacing.afterSteal(stolenAt);   // steal pacing: see internal.steal
        }
    }

    /**
     * On stop (shutdownNow or termination): once every {@code shutdownNow} under way has taken what
     * it takes from this deque (it returns those), handle what it left: forked tasks are cancelled,
     * and a submission that raced the stop (a plain Runnable or a task from {@code submit(Callable)}
     * and the like, queued from inside the pool) runs, since an accepted submission runs or is
     * returned by {@code shutdownNow}.
     */
    static void drainOnStop(Worker w) {
        w.poolAccess.awaitStopDrains();
        Runnable r;
        while ((r = w.popLocal()) != null) {
            if (Worker.TASKS.isTask(r) && !Worker.TASKS.isInterruptible(r)) {
                Worker.TASKS.cancel(r);
            } else {
                w.runTask(r);
            }
        }
    }

    /**
     * Between two top-level tasks: clears the interrupt flag that the last one may have left set
     * (it is not the next task's), then reports whether the pool is stopping. In that order: an
     * interrupt from {@code shutdownNow} cleared here was sent after the stop was set, so the
     * check sees the stop.
     */
    static boolean stopAfterTopLevelTask(Worker w) {
        Thread.interrupted();
        return w.poolAccess.isStopping();
    }
}
