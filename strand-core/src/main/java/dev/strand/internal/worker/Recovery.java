package dev.strand.internal.worker;


/**
 * Recovery from errors inside the runtime (a stack overflow, an out-of-memory error): the work
 * they left in a worker's hands is recorded in {@code w.unfinished} where it happened and settled
 * here, later, at a shallower frame (see {@code internal.stack}).
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only.</li>
 *   <li>An element taken from a deque or queue is run, or recorded, or still held by the frame
 *       that took it; each recorded element is settled once (a task completes exceptionally, a
 *       plain Runnable that never started is queued again, a report is reported), however many
 *       frames recorded it.</li>
 *   <li>A worker never dies while the pool runs: after {@link #recover} its join frames, sleep
 *       registration, steal record and interruptible task are consistent again.</li>
 * </ul>
 */
final class Recovery {
    private Recovery() { }

    /**
     * Settles the {@link Worker#unfinished} entries, newest first: a task completes exceptionally with
     * its error (one already done stays as it is), a plain Runnable that never started goes back
     * to the submission queue, a deferred report is reported. Called where the stack is shallower
     * than where they were recorded; an entry whose settlement fails again stays for the next call.
     * An element is recorded once by each frame the error passed that held it; it is settled once.
     */
    static void completeUnfinished(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        if (w.unfinishedCount > Worker.UNFINISHED_CAPACITY) {
            w.unfinishedCount = Worker.UNFINISHED_CAPACITY;
            w.poolAccess.fail(new IllegalStateException("worker '" + w.getName() + "' lost track of work "
                    + "that errors left unfinished (more than " + Worker.UNFINISHED_CAPACITY + " at once)"));
        }
        while (w.unfinishedCount > 0) {
            int n = w.unfinishedCount - 1;
            Object[] entry = w.unfinished[n];
            if (!recordedBelow(w, entry[0], n)) {
                settle(w, (Runnable) entry[0], (Throwable) entry[1]);   // may throw: n stays recorded
            }
            w.unfinished[n] = null;
            w.unfinishedCount = n;
        }
    }

    static boolean recordedBelow(Worker w, Object r, int n) {
        for (int i = 0; i < n; i++) {
            if (w.unfinished[i][0] == r && r != Worker.ReportOnly.REPORT_ONLY) {
                return true;
            }
        }
        return false;
    }

    static void settle(Worker w, Runnable r, Throwable e) {
        if (Worker.TASKS.isTask(r)) {
            Worker.TASKS.abort(r, e);
        } else if (r == Worker.ReportOnly.REPORT_ONLY) {
            w.reportUncaught(e);
        } else {
            w.poolAccess.requeue(r);                      // never started: it runs later (or is cancelled)
        }
    }

    /**
     * Puts the worker back in a consistent state after {@code e} escaped a decision: completes the
     * tasks whose completion failed, releases join frames left in use, leaves a sleep it was
     * registered for, forgets an interruptible task whose end it skipped, and reports {@code e}
     * unless a task already carries it to its joiners.
     */
    static void recover(Worker w, Throwable e) {
        assert Thread.currentThread() == w : "owner thread only";
        Throwable delivered = w.unfinishedCount > 0
                ? (Throwable) w.unfinished[(w.unfinishedCount - 1) & Worker.UNFINISHED_MASK][1] : null;
        completeUnfinished(w);
        w.joins.abandon();
        w.interruptible = null;                     // an error may have skipped a task's finally
        w.unrelatedDepth = 0;
        w.board.reset(w.index);
        if (w.sleep.isSleeping(w.index)) {
            w.sleep.workerCancelSleep(w.index);       // now counted as searching
            w.searching = true;
        }
        if (e != delivered) {
            w.reportUncaught(e);
        }
    }
}
