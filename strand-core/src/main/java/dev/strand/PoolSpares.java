package dev.strand;

import dev.strand.internal.cpu.Oversubscription;
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.worker.Worker;

/**
 * The pool's side of blocking compensation and of thread (re)starts: a worker about to block in
 * {@link Strand#blocking} takes a spare out of the reserve; a dormant slot woken after the
 * keep-alive gets a new thread; a spare slot gets its deque and thread at its first activation.
 * A program that never blocks in a task and never idles past the keep-alive loads none of it.
 *
 * <p>Invariants: at least as many spares are out of the reserve as workers are blocked, or the
 * cap was reached and the block was counted as uncompensated, or a block saw no work and left
 * a slot that is not blocked to cover it (the minimum-runnable rule of {@link #compensate}:
 * at least one slot is then not blocked) (each blocker counts itself before
 * it calls {@link #compensate}, each spare that leaves calls it after it joined the reserve: of two
 * racing parties at least one sees the other); a thread is counted live before it starts, so the
 * pool cannot terminate in between; a slot's deque is published (release store) before the slot
 * is counted in use.
 */
final class PoolSpares {
    private PoolSpares() { }

    /**
     * Worker {@code w}, already counted as blocked ({@code Worker.blockDepth}), is about to block
     * in {@link Strand#blocking}: keep {@code parallelism} threads that are not blocked, that is,
     * at least as many spares out of the reserve as workers blocked, unless nothing is queued and
     * another slot is not blocked ({@link #compensate}). A spare already out beyond
     * the blocked ones (still running after the block it replaced ended, or asleep) covers this
     * block too, woken if it sleeps and work is waiting; otherwise one leaves the reserve, a
     * parked thread first, unless the cap is reached. May throw (a stack overflow, no thread to be
     * had) with nothing changed but the statistics; the caller's {@code finally} uncounts
     * {@code w}.
     */
    static void beginBlock(StrandPool pool, Worker w) {
        w.flushNext();                            // its run-next task, stealable without a grace
        pool.blocks.incrementAndGet();
        if (!compensate(pool) && ControlWord.sleepers(pool.sleep.controlWord()) > 0 && pool.access.workVisible()) {
            pool.sleep.workPublished(w.index);         // the covering spare, or any sleeper, if nobody searches
        }
    }

    /**
     * Takes a spare out of the reserve if fewer are out than workers are blocked, unless the block
     * can go uncovered: no work is visible and at least one slot that is not blocked remains
     * (the minimum-runnable rule, as ForkJoinPool's {@code tryCompensate} lets its active count
     * drop to {@code minimumRunnable}). Each blocker counts itself before it calls this, and each
     * spare that leaves calls it after it joined the reserve ({@link PoolAccess#compensate}): the
     * field stores and the control word's read-modify-writes are volatile, so of two racing parties
     * at least one sees the other, and no block that would leave every slot blocked goes without
     * its spare.
     *
     * <p>Invariant: after a block left uncovered, {@code parallelism + spares out - blocked >= 1}:
     * some slot that is not blocked (awake, asleep or dormant, all reachable by the sleep
     * protocol's wake-ups) runs whatever is published later.
     *
     * @return whether a spare was taken out (or the cap stopped it, counted as uncompensated)
     */
    static boolean compensate(StrandPool pool) {
        int out = pool.sleep.sparesOut(pool.sleep.controlWord());
        int core = pool.config.parallelism();
        int blocked = blockedWorkers(pool, out + core);
        if (blocked <= out) {
            return false;
        }
        if (blocked < out + core && !pool.access.workVisible()) {
            assert core + out - blocked >= 1 : "an uncovered block left no slot unblocked";
            pool.uncovered.incrementAndGet();
            return false;                         // nothing waits: an unblocked slot covers
        }
        if (pool.sleep.activateSpare() < 0) {
            pool.uncompensated.incrementAndGet();
        }
        return true;
    }

    /**
     * Starts a new thread for dormant slot {@code i}, claimed by a waker (see
     * {@code Worker.continueFrom}). Counted live before it starts, so the pool cannot terminate in
     * between. If the factory fails, nothing changed: the caller puts the slot back.
     */
    @SuppressWarnings("ThreadPriorityCheck") // the default thread keeps the retired one's priority
    static void revive(StrandPool pool, int i) {
        Worker old = pool.worker(i);
        if (old == null) {                        // a spare slot's first start
            startFirst(pool, i);
            return;
        }
        StrandWorkerThread w = StrandWorkerThread.make(pool, i);
        w.continueFrom(old);
        if (pool.config().threadFactory() == null) {
            w.setPriority(old.getPriority());     // the default keeps what a start hook set
            w.setContextClassLoader(old.getContextClassLoader());
        }
        pool.liveWorkers.incrementAndGet();
        boolean core = i < pool.config.parallelism();
        if (core) {
            Oversubscription.add(1);              // a core thread again; it removes itself as it exits
        }
        try {
            StrandPool.WORKERS.setVolatile(pool.workers, i, w);   // before start: shutdownNow must see the new one
            pool.sleep.register(i, w);
            w.launch();
        } catch (Throwable e) {
            StrandPool.WORKERS.setVolatile(pool.workers, i, old);
            pool.sleep.register(i, old);
            pool.liveWorkers.decrementAndGet();
            if (core) {
                Oversubscription.remove(1);
            }
            throw e;
        }
        if (i >= pool.config.parallelism()) {
            pool.spareStarts.incrementAndGet();
        }
    }

    /**
     * Gives spare slot {@code i} its deque and worker, makes the slot visible to the other workers'
     * loops ({@code inUse}, a volatile write after both exist), then starts the thread. If the
     * start fails, the unstarted worker stays in the slot and a later activation copies it.
     */
    static void startFirst(StrandPool pool, int i) {
        if (pool.deque(i) == null) {              // else made by a first start whose factory failed
            StrandPool.DEQUES.setRelease(pool.deques, i, pool.newDeque(i));
        }
        Worker w = StrandWorkerThread.make(pool, i);
        w.searchingAtStart();
        StrandPool.WORKERS.setVolatile(pool.workers, i, w);
        pool.sleep.register(i, w);
        pool.sleep.raiseInUse(i + 1);
        pool.liveWorkers.incrementAndGet();
        try {
            w.launch();
        } catch (Throwable e) {
            pool.liveWorkers.decrementAndGet();
            throw e;
        }
        pool.spareStarts.incrementAndGet();
    }

    /** @return whether more spares are out of the reserve than workers are blocked */
    static boolean spareSurplus(StrandPool pool) {
        int out = pool.sleep.sparesOut(pool.sleep.controlWord());
        return out > 0 && out > blockedWorkers(pool, out);
    }

    /**
     * @return the workers blocked in {@link Strand#blocking} now, up to {@code atMost} (a scan:
     *     each worker counts itself in its own field)
     */
    static int blockedWorkers(StrandPool pool, int atMost) {
        int n = 0;
        for (int i = 0, m = pool.sleep.inUse(); i < m && n < atMost; i++) {
            Worker w = pool.worker(i);
            if (w != null && w.blockDepth > 0) {
                n++;
            }
        }
        return n;
    }
}
