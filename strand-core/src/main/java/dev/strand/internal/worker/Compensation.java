package dev.strand.internal.worker;

import java.util.concurrent.locks.LockSupport;

/**
 * Spares and blocking compensation on the worker's side: a joiner that waits on a blocked
 * worker counts itself blocked so that the pool keeps P threads running; a wait that may not
 * help any more blocks with the pool compensating; a spare back in the reserve parks for the
 * keep-alive so that the next block reuses its thread. The pool's side (taking a spare out of the
 * reserve) is {@link PoolAccess#compensate}. A program that never blocks in a task loads none of
 * this.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only.</li>
 *   <li>{@code w.blockDepth} is raised before {@link PoolAccess#compensate} and lowered by a plain
 *       field store (here if the compensation throws, otherwise in the caller's frame), so a
 *       stack overflow never leaves the pool's count of blocked workers raised.</li>
 *   <li>A spare leaves the reserve only counted as searching (its activation counted it), and
 *       retires only with an empty deque, no join in progress and nothing unfinished.</li>
 * </ul>
 */
final class Compensation {
    private Compensation() { }

    /**
     * Before a join parks (step 3): a joiner whose target's subtree is held up by a blocked worker
     * ({@link #waitsOnBlocked}) while other work waits counts itself blocked until it runs again,
     * the holdup ends or its join ends, so that the pool keeps P threads for that work, as for
     * {@code Strand.blocking}: it waits for a wait. Not counted: a join held up by running
     * workers only (they progress, and its park is short), and one that sees no work waiting (a
     * thread could not help; work that comes later is seen after the next nap, at most
     * {@link Joins#MAX_JOIN_NAP_NANOS} away). Checked again after each nap. The caller lowers the
     * count with a field store in its own frame (a {@code finally}, and before it runs a task),
     * which cannot overflow; this method lowers it itself if the compensation throws.
     *
     * @param counted whether the joiner is counted now (its {@link Worker#blockDepth} is 1)
     * @return whether it is counted after the call
     */
    static boolean joinBlocked(Worker w, Runnable target, boolean counted) {
        assert Thread.currentThread() == w : "owner thread only";
        if (!counted && w.blockDepth != 0) {
            return false;                         // inside Strand.blocking: counted already
        }
        boolean waits = waitsOnBlocked(w, target) && (counted || w.poolAccess.workVisible());
        if (waits == counted) {
            return counted;
        }
        if (!waits) {
            w.blockDepth = 0;
            return false;
        }
        w.blockDepth = 1;
        try {
            w.poolAccess.compensate();
        } catch (Throwable e) {
            w.blockDepth = 0;
            throw e;
        }
        return true;
    }

    /**
     * @return whether a worker that runs, as its current steal, a task that {@code target}
     *     covers is blocked ({@code Strand.blocking}, or a join that waits for such a worker)
     */
    static boolean waitsOnBlocked(Worker w, Runnable target) {
        for (int i = 0, n = w.sleep.inUse(); i < n; i++) {
            if (i != w.index) {
                Runnable r = w.board.running(i);
                if (r != null && Worker.TASKS.covers(target, r)) {
                    Worker other = (Worker) Worker.WORKERS.getVolatile(w.workers, i);
                    if (other != null && other.blockDepth > 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * A spare in the reserve keeps its thread parked for the keep-alive, so that the next block
     * unparks it instead of starting a thread.
     *
     * @return null: either activated again (counted as searching) or retired (the thread exits)
     */
    static Runnable spareIdle(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        w.poolAccess.compensate();                  // a worker may have blocked as it left
        if (w.sleep.spareWait(w.index, w.poolAccess.stopping, w.keepAliveNanos)) {
            w.searching = true;                                      // the activation counted us
        } else {
            w.retired = true;
        }
        return null;
    }

    /**
     * Waits for {@code target} without helping, the pool keeping its parallelism meanwhile (a
     * sleeping worker takes over, or a spare thread starts, as for {@link Strand#blocking}): the
     * wait of one that is {@link Joins#MAX_UNRELATED_DEPTH} unrelated tasks deep.
     *
     * @param interruptible whether an interrupt ends the wait (the flag is left set); if not, it is
     *                      kept and restored at the end
     * @return whether {@code target} is done (false after the deadline or on an interrupt)
     */
    static boolean awaitCompensated(Worker w, Runnable target, long deadlineNanos, boolean interruptible) {
        assert Thread.currentThread() == w : "owner thread only";
        w.joinBlocks++;
        return Worker.TASKS.blocking(() -> parkUntil(w, target, deadlineNanos, interruptible));
    }

    static boolean parkUntil(Worker w, Runnable target, long deadlineNanos, boolean interruptible) {
        Object node = Worker.TASKS.addWaiter(target, w);
        if (node == null) {
            return true;                          // completed meanwhile
        }
        boolean interrupted = false;
        try {
            while (Worker.TASKS.pending(target)) {
                if (interruptible && w.isInterrupted()) {
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
            Worker.TASKS.stopWaiting(target, node);
            if (interrupted) {
                w.interrupt();
            }
        }
    }
}
