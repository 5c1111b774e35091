package dev.strand.internal.worker;

import dev.strand.Multiprogramming;
import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.feedback.Feedback;
import dev.strand.internal.steal.Thieves;
import dev.strand.internal.victim.VictimCursor;

/**
 * Stealing: the victim sweep (a random coprime-stride walk over the core workers, or the locality
 * walk of {@code internal.victim}: steal-back first, near victims first), one steal attempt
 * (steal one, or steal-half's batch moved onto the thief's deque), a victim's run-next task after
 * its grace, and the multiprogrammed yield before an attempt.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Thief thread only: every method runs on {@code w}'s own thread, and writes only
 *       {@code w}'s counters and deque (a batch lands in {@code w}'s own deque).</li>
 *   <li>A batch move runs inside the stop handshake ({@code w.moving}, see
 *       {@link PoolAccess#beginMove}), so {@code shutdownNow} never drains a deque a batch is
 *       about to land in.</li>
 *   <li>Every attempt is counted once: a steal ({@code steals}) or a failed steal
 *       ({@code failedSteals}); a stolen task is recorded on the steal board (its base first)
 *       before it runs, so joiners can find its thief.</li>
 * </ul>
 * Papers: Blumofe and Leiserson, "Scheduling multithreaded computations by work stealing" (JACM
 * 1999); Hendler and Shavit, "Non-blocking steal-half work queues" (PODC 2002); Arora, Blumofe and
 * Plaxton, "Thread scheduling for multiprogrammed multiprocessors" (SPAA 1998).
 */
final class Steals {
    private Steals() { }

    /** How long a thief leaves a victim's run-next task to its owner before it steals it. */
    static final long NEXT_GRACE_NANOS = 3_000;

    static Runnable stealFrom(Worker w, int victim) {
        @SuppressWarnings("unchecked")
        WorkerDeque<Runnable> vd = (WorkerDeque<Runnable>) Worker.DEQUES.getAcquire(w.deques, victim);
        if (vd == null) {
            return null;                          // a spare slot whose first start is under way
        }
        w.stealAttempts++;
        Runnable t;
        if (w.stealHalf) {
            int before = w.deque.size();
            t = stealBatchAndPop(w, vd);
            if (t != null) {
                w.recordSteal(t);
                int moved = 1 + w.deque.size() - before;
                w.movedByHalf += moved;
                w.steals++;
                noteSteal(w, victim);
                w.traceSteal(victim, moved);
                return t;
            }
        } else {
            t = vd.stealOrNull();
        }
        if (t == null && w.nexts != null && victim < w.core) {
            t = stealNext(w, victim);
        }
        if (t != null) {
            w.recordSteal(t);
            w.steals++;
            noteSteal(w, victim);
            w.traceSteal(victim, 1);
            return t;
        }
        w.failedSteals++;
        return null;
    }

    /**
     * Takes {@code victim}'s run-next task if it is still there after {@link #NEXT_GRACE_NANOS}:
     * the grace lets the victim end its task and run its successor itself, as it usually does in
     * an asynchronous chain (Go's thief sleeps 3 us for the same reason, in runqgrab).
     */
    static Runnable stealNext(Worker w, int victim) {
        Runnable seen = w.nexts.peek(victim);
        if (seen == null) {
            return null;
        }
        long until = System.nanoTime() + NEXT_GRACE_NANOS;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
            if (w.nexts.peek(victim) != seen) {
                return null;                      // the owner (or another thief) took it
            }
        }
        return w.nexts.steal(victim, seen) ? seen : null;
    }

    /**
     * After a successful steal from {@code victim}: records this worker as the thief of the
     * victim's work (steal-back), and counts the steal near or far when the topology groups the
     * workers. Two branches on final fields when locality is off.
     */
    static void noteSteal(Worker w, int victim) {
        if (w.noteThieves) {
            w.board.noteThief(victim, w.index);
        }
        if (w.places != null) {
            if (w.places.topGroup(victim) == w.group) {
                w.nearSteals++;
            } else {
                w.farSteals++;
            }
        }
    }

    /**
     * Yields the processor before a steal attempt when the machine is shared (Arora, Blumofe and
     * Plaxton's multiprogrammed work stealer; see {@code internal.cpu}).
     */
    @SuppressWarnings("ThreadPriorityCheck") // the multiprogrammed mode's yield is the point
    static void yieldIfShared(Worker w) {
        if (shared(w)) {
            Thread.yield();
        }
    }

    /**
     * @return whether this worker may be descheduled: {@code ALWAYS}, or {@code AUTO} while the
     *     process's workers outnumber its cores or met competition last quantum ({@code internal.feedback})
     */
    static boolean shared(Worker w) {
        Multiprogramming m = w.multiprogramming;  // null: AUTO (EngineSettings)
        return m == null ? Feedback.shared()
                : m == Multiprogramming.ALWAYS || (m == Multiprogramming.AUTO && Feedback.shared());
    }

    /**
     * One walk over every other core worker in a random coprime-stride order, then over the spare
     * slots ever started, in order (they exist only while workers block, so they are few and
     * usually empty).
     */
    static Runnable stealSweep(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        if (w.cursor != null) {
            return stealSweepLocal(w);
        }
        Runnable t;
        if (w.core > 1 || w.spare) {
            long walk = w.victims.start(nextRandom(w));
            for (int k = 0; k < w.core; k++) {
                int v = w.victims.victim(walk, k);
                if (v != w.index) {
                    yieldIfShared(w);
                    if ((t = stealFrom(w, v)) != null) {
                        return t;
                    }
                }
            }
        }
        for (int v = w.core, n = w.sleep.inUse(); v < n; v++) {
            if (v != w.index) {
                yieldIfShared(w);
                if ((t = stealFrom(w, v)) != null) {
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
    static Runnable stealSweepLocal(Worker w) {
        int back = w.noteThieves ? w.board.thieves(w.index) : Thieves.NONE;
        VictimCursor c = w.cursor;
        c.begin(nextRandom(w), Thieves.last(back), Thieves.previous(back), w.sleep.inUse());
        for (int v; (v = c.next()) >= 0; ) {
            yieldIfShared(w);
            Runnable t = stealFrom(w, v);
            if (t != null) {
                if (c.fromBack()) {
                    w.stealBacks++;
                }
                return t;
            }
        }
        return null;
    }

    static int nextRandom(Worker w) {
        int x = w.seed;                              // xorshift32
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        w.seed = x;
        return x;
    }

    /** Steal-half's move, inside the stop handshake ({@link Worker#moving}). */
    static Runnable stealBatchAndPop(Worker w, WorkerDeque<Runnable> vd) {
        if (!w.poolAccess.beginMove(w)) {
            return null;                          // stopping: shutdownNow takes what is queued
        }
        try {
            return vd.stealBatchAndPop(w.deque, w.stealHalfLimit);
        } finally {
            w.endMove();
        }
    }
}
