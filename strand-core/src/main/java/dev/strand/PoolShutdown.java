package dev.strand;

import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.worker.Contexts;
import dev.strand.internal.worker.Worker;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link StrandPool#shutdownNow()}: stop, interrupt, drain, return what never started. Apart
 * from the pool because a program that never calls it loads none of it.
 *
 * <p>Invariants: every submission the pool accepted either runs or is returned (a plain Runnable
 * as given, a user's task cancelled); the pool's internal tasks (join frames, scope members) are
 * cancelled, never returned; each deque is drained of at most what it held when the drain began,
 * so a task forking until it is interrupted cannot hold the call up; termination waits for every
 * drain under way ({@code stopDrains}).
 */
final class PoolShutdown {
    private PoolShutdown() { }

    /** The body of {@link StrandPool#shutdownNow()} for a pool that is not the common pool. */
    @SuppressWarnings("ThreadPriorityCheck") // spin, then yield, while a worker's short section ends
    static List<Runnable> shutdownNow(StrandPool pool) {
        pool.stopDrains.incrementAndGet();             // before stopNow: workers that see it wait for us
        try {
            pool.stopNow = true;
            pool.submissions.whileLocked(() -> {
                int s;
                while ((s = pool.runState.get()) < StrandPool.STOP && !pool.runState.compareAndSet(s, StrandPool.STOP)) {
                    Thread.onSpinWait();
                }
            });
            interruptWorkers(pool);                   // first: running tasks stop pushing work
            pool.sleep.wakeAll();
            for (int i = 0; i < pool.sleep.inUse(); i++) {   // batches claimed before the stop land first
                Worker w = pool.worker(i);
                for (int spins = 0; w != null && w.moving; spins++) {
                    if (spins < 64) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield();
                    }
                }
            }
            List<Runnable> never = new ArrayList<>();
            Runnable r;
            while ((r = pool.submissions.steal()) != null) {   // nothing is queued after the stop
                neverStarted(r, never);
            }
            for (int i = 0, n = pool.sleep.inUse(); i < n; i++) {
                WorkerDeque<Runnable> d = pool.deque(i);
                if (d != null) {
                    drainDeque(d, never);
                }
            }
            if (pool.nexts != null) {
                for (int i = 0; i < pool.nexts.size(); i++) {
                    if ((r = pool.nexts.drain(i)) != null) {
                        neverStarted(r, never);
                    }
                }
            }
            // Again: a worker may have started a queued task (a join helps with what it pops)
            // after the first interrupt; whatever was queued then has started or been taken now.
            interruptWorkers(pool);
            return never;
        } finally {
            pool.stopDrains.decrementAndGet();
            pool.access.tryTerminate();
        }
    }

    static void interruptWorkers(StrandPool pool) {
        Thread self = Thread.currentThread();
        for (int i = 0, n = pool.sleep.inUse(); i < n; i++) {
            Worker w = pool.worker(i);
            if (w != null && w != self) {
                w.interrupt();
            }
        }
    }

    /**
     * Takes the elements {@code d} holds now (at most its size now: from the top, the oldest
     * first, so whatever it held then has left it afterwards, taken here, by a thief or by its
     * owner, both of which run it), ignoring what a running task pushes meanwhile.
     */
    static void drainDeque(WorkerDeque<Runnable> d, List<Runnable> never) {
        int left = d.size();
        while (left > 0) {
            Runnable r = d.stealOrNull();
            if (r != null) {
                neverStarted(r, never);
                left--;
            } else if (d.isEmpty()) {
                return;
            }                                     // else lost a race: try again
        }
    }

    /**
     * A task a joiner stole but may not run, found after the pool began to stop (shutdownNow has
     * returned its list already): a Task is cancelled, so its joiners see it; a plain Runnable runs
     * here, since nothing could return it any more and an accepted command is never dropped.
     */
    static void neverRunsAfterStop(Runnable r) {
        if (r instanceof Task<?> t) {
            t.cancel(false);
        } else {
            r.run();
        }
    }

    /**
     * A queued element taken by shutdownNow: a plain Runnable is returned; a user's task is
     * cancelled and returned; an internal task (a join frame, a scope member) is cancelled only, so
     * that its joiner sees the cancellation and nobody else can touch it.
     */
    static void neverStarted(Runnable r, List<Runnable> never) {
        if (r instanceof JoinFrame || r instanceof Scope.Member<?>) {
            ((Task<?>) r).cancel(false);
        } else if (!(r instanceof Task<?> t) || t.cancel(false)) {
            never.add(r instanceof Contexts.Carried c ? c.command : r);
        }
    }
}
