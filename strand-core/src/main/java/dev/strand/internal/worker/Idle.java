package dev.strand.internal.worker;

import dev.strand.internal.feedback.Feedback;

/**
 * A worker with nothing to do: it spins briefly as a searcher (if the cap allows), then runs the
 * sleep protocol (S2-S3 of {@code internal.sleep}'s proof) and parks, retires after the
 * keep-alive, or, as a spare with one too many out, goes back to the reserve.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only; called with no task in hand.</li>
 *   <li>A worker counted as a sleeper never holds a task, so a worker whose S2 counts every worker
 *       asleep (and whose re-scan finds nothing) knows no task runs: after shutdown, the pool is
 *       quiescent.</li>
 *   <li>A worker retires (its thread exits, the slot goes dormant) only with an empty deque, no
 *       join in progress, nothing unfinished and no run-next task.</li>
 * </ul>
 */
final class Idle {
    private Idle() { }

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
    static Runnable idle(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        if (w.spare && w.poolAccess.spareSurplus()) {
            assert w.deque.isEmpty() && w.joins.depth == 0 && w.unfinishedCount == 0 : "spare leaving with work";
            long word = w.sleep.spareLeave(w.index, w.searching, w.workVisible);   // back to the reserve
            w.searching = false;
            if (w.poolAccess.isShutdown() && everyoneAsleep(w, word) && everyoneAsleep(w, w.sleep.controlWord())) {
                w.poolAccess.quiescentAfterShutdown();               // as a last sleeper would (S2)
            }
            return Compensation.spareIdle(w);
        }
        if (!w.searching) {
            w.searching = w.sleep.workerTryStartSearching();
        }
        if (w.searching) {
            // While descheduling is likely, a thief sleeps after one failed sweep instead of
            // spinning: the pool's awake thieves shrink to those that find work (internal.feedback).
            // A thief whose ask pace runs (its last steals were tiny) keeps searching until the
            // pace ends (at most MAX_ASK_PACE_NANOS; each sweep yields first when the machine is
            // shared); the spin rounds count from there, so that the work its failed steals ask
            // for is taken awake, not by a wake-up (see the package essay, "Split on demand").
            for (int r = 0, n = Steals.shared(w) ? 0 : w.spinRounds;
                    (r < n || (Worker.SPLIT_ON_DEMAND && !w.mayAsk())) && !w.poolAccess.isStopping(); ) {
                if (r > 0 || !Worker.SPLIT_ON_DEMAND || w.mayAsk()) {
                    r++;
                }
                Thread.onSpinWait();
                Runnable t = RunLoop.findWork(w);
                if (t != null) {
                    w.searching = false;
                    w.sleep.workerStopSearching(w.index, w.workVisible);
                    return t;
                }
            }
        }
        // Ask the other workers to split before sleeping, and stay awake briefly for the answer:
        // an owner serves an ask at its next split point, but takes the offer back soon after,
        // often before a woken sleeper could arrive (see the package essay, "Split on demand").
        askAllBeforeSleep(w);
        long until = System.nanoTime() + Worker.ASK_ANSWER_NANOS;
        while (Worker.SPLIT_ON_DEMAND) {
            Thread.onSpinWait();
            Runnable t = RunLoop.findWork(w);
            if (t != null) {
                if (w.searching) {
                    w.searching = false;
                    w.sleep.workerStopSearching(w.index, w.workVisible);
                }
                return t;
            }
            if (System.nanoTime() - until >= 0L || w.poolAccess.isStopping()) {
                break;
            }
        }
        long word = w.sleep.workerPrepareSleep(w.index, w.searching);   // S2
        w.searching = false;
        if (w.poolAccess.workVisible()) {                            // the re-scan after S2
            w.sleep.workerCancelSleep(w.index);                        // S3a: now a searcher
            w.searching = true;
            return null;
        }
        if (w.poolAccess.isShutdown() && everyoneAsleep(w, word) && everyoneAsleep(w, w.sleep.controlWord())) {
            // Every worker was a sleeper at S2 and still is after the re-scan found nothing: none
            // woke to take a task in between, so none is running one, none is queued, and none
            // can be submitted.
            w.poolAccess.quiescentAfterShutdown();
        }
        w.tracePark(true);
        if (w.prof != null) {
            w.prof.parked(true);
        }
        if (w.sleep.workerPark(w.index, w.poolAccess.stopping, w.workVisible, w.keepAliveNanos,
                w.spare ? w.spareSurplus : null)) {                    // S3b
            assert w.deque.isEmpty() && w.joins.depth == 0 && w.unfinishedCount == 0 && !Submits.holdsNext(w)
                    : "retired holding work";
            if (w.spare) {
                // Left for the reserve asleep (a spare never goes dormant). Its state is not read
                // again: an activation may already have claimed it (SPARE_IDLE -> AWAKE, counted
                // as searching), and then this thread is the activated spare, which spareWait sees.
                assert !w.sleep.isDormant(w.index) : "a spare slot is never dormant";
                return Compensation.spareIdle(w);
            }
            w.retired = true;                                        // dormant: the thread exits
            return null;
        }
        w.searching = true;                                          // the waker counted us
        Feedback.resumed();                                        // restarts an idle sampler
        w.tracePark(false);
        if (w.prof != null) {
            w.prof.parked(false);
        }
        return null;
    }

    /**
     * Before this worker parks: asks every other core worker to split, whatever its pace, so that
     * an owner that has been computing alone offers work, whose push wakes a sleeper.
     */
    static void askAllBeforeSleep(Worker w) {
        if (!Worker.SPLIT_ON_DEMAND) {
            return;
        }
        byte kind = w.askKind();
        for (int i = 0; i < w.core; i++) {
            if (i != w.index) {
                Worker v = (Worker) Worker.WORKERS.getAcquire(w.workers, i);
                if (v != null) {
                    v.askToSplit(kind);
                }
            }
        }
    }

    /** @return whether control word {@code c} counts every slot asleep (or in reserve) and none searching */
    static boolean everyoneAsleep(Worker w, long c) {
        return w.sleep.everyoneAsleep(c);
    }
}
