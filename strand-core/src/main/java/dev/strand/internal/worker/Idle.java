package dev.strand.internal.worker;

import dev.strand.internal.cpu.Oversubscription;

import dev.strand.internal.feedback.Feedback;
import java.util.concurrent.locks.LockSupport;

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
            for (int r = 0, n = Steals.shared(w) ? 0 : w.spinRounds; r < n && !w.poolAccess.isStopping(); r++) {
                Thread.onSpinWait();
                Runnable t = RunLoop.findWork(w);
                if (t != null) {
                    w.searching = false;
                    w.sleep.workerStopSearching(w.index, w.workVisible);
                    return t;
                }
            }
        }
        long nap = w.spare || w.poolAccess.isStopping() ? 0L : w.pacing.idleNap();
        if (nap != 0L) {
            // Backed off after tiny steals: nap out of the search (a searcher would hold back the
            // wake-up of others) and without the sleeper's last look, then look again.
            if (w.searching) {
                w.searching = false;
                w.sleep.workerStopSearching(w.index, w.workVisible);
            }
            if (nap > 0L) {                                          // else a probe saw work
                LockSupport.parkNanos(nap);
            }
            return null;
        }
        long word = w.sleep.workerPrepareSleep(w.index, w.searching);   // S2
        w.searching = false;
        if (w.poolAccess.workVisible()) {                            // the re-scan after S2
            w.sleep.workerCancelSleep(w.index);                        // S3a: now a searcher
            w.searching = true;
            w.pacing.sent();
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
        if (park(w)) {                                                 // S3b
            assert w.deque.isEmpty() && w.joins.depth == 0 && w.unfinishedCount == 0 && !Submits.holdsNext(w)
                    : "retired holding work";
            if (w.spare) {
                // Left for the reserve asleep (a spare never goes dormant). Its state is not read
                // again: an activation may already have claimed it (SPARE_IDLE -> AWAKE, counted
                // as searching), and then this thread is the activated spare, which spareWait sees.
                assert !w.sleep.isDormant(w.index) : "a spare slot is never dormant";
                return Compensation.spareIdle(w);
            }
            w.pacing.retire();
            w.retired = true;                                        // dormant: the thread exits
            return null;
        }
        w.searching = true;                                          // the waker counted us
        w.pacing.sent();
        if (Feedback.samples(w.multiprogramming, w.spare)) {
            Feedback.resumed();                                    // wakes the sampler (see there)
        }
        w.tracePark(false);
        if (w.prof != null) {
            w.prof.parked(false);
        }
        return null;
    }

    /**
     * S3b: parks until woken, or until the keep-alive retires it. A core worker asleep does not
     * compete for a core, so it leaves the process's count of awake workers while it sleeps
     * ({@code internal.cpu.Oversubscription}); a spare is not counted at all.
     *
     * @return whether it retired (or, a spare, left for the reserve)
     */
    private static boolean park(Worker w) {
        if (w.spare) {
            return w.sleep.workerPark(w.index, w.poolAccess.stopping, w.workVisible, w.keepAliveNanos,
                    w.spareSurplus);
        }
        Oversubscription.remove(1);
        try {
            return w.sleep.workerPark(w.index, w.poolAccess.stopping, w.workVisible, w.keepAliveNanos, null);
        } finally {
            Oversubscription.add(1);      // awake again, or retiring: its exit removes it
        }
    }

    /** @return whether control word {@code c} counts every slot asleep (or in reserve) and none searching */
    static boolean everyoneAsleep(Worker w, long c) {
        return w.sleep.everyoneAsleep(c);
    }
}
