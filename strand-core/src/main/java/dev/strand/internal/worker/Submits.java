package dev.strand.internal.worker;

import dev.strand.internal.stack.StackReserve;

/**
 * Submissions from inside the pool ({@code execute}/{@code submit} called by a task): onto the
 * worker's run-next slot or deque, never run inline, and, when a bounded deque is (nearly) full,
 * into the pool's submission queue. Also the flush of the run-next slot before the running task
 * blocks.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only.</li>
 *   <li>A submission is never lost and never run inline: it lands in the run-next slot, the
 *       deque (granted to thieves at once on a block-based deque) or the submission queue, or is
 *       rejected if the pool is stopping.</li>
 *   <li>Pushing and granting on a block-based deque take at most two free blocks: a push happens
 *       only with {@code room() >= 1} (see {@code BwosDeque.room}).</li>
 * </ul>
 */
final class Submits {
    private Submits() { }

    /**
     * A submission ({@code execute}/{@code submit}) from a task of this pool: onto this worker's
     * deque, like a fork, but never run inline (the caller asked for asynchrony) and not held to the
     * spawn bound (overflowing into the external queue would cost a queue node, a CAS and a fence per
     * task, and a deque slot is the cheapest place to hold it). A block-based deque that is full
     * refuses it: it then goes to the submission queue, or, if the pool began to stop meanwhile, is
     * rejected. Invariant: owner only.
     *
     * @throws java.util.concurrent.RejectedExecutionException if it went for the submission queue
     *                                                         and the pool is stopping
     */
    static void submitLocal(Worker w, Runnable t) {
        assert Thread.currentThread() == w : "owner thread only";
        w.spawns++;
        if (w.ownsNext) {
            t = w.nexts.put(w.index, t);              // Go's runnext: t runs when w task ends
            if (t == null) {
                w.sleep.workPublishedByVolatileWrite(w.index);  // put is a volatile RMW; pairs with S2
                return;
            }                                     // the displaced task goes onto the deque
            pushOwn(w, t, false);
            return;
        }
        pushOwn(w, t, true);
    }

    /**
     * Pushes a submission onto this worker's deque, tracking the largest size. A block-based deque
     * grants it to thieves at once (a submission is stealable at once, as with Chase-Lev, even if
     * this task goes on to wait for it outside the pool's joins). Pushing and granting take at
     * most two free blocks (see {@code BwosDeque.room}); with less room the submission goes to
     * the pool's submission queue: never lost, never run inline, never left private in a ring
     * that could not grant it. Owner only.
     *
     * @param fresh whether {@code t} is a new submission (rejected if the pool is stopping), not
     *              one accepted earlier (which is then handled as the pool's stop requires)
     */
    static void pushOwn(Worker w, Runnable t, boolean fresh) {
        if (w.blockDeque && w.deque.room() < 1) {
            overflow(w, t, fresh);                   // (nearly) full ring: the submission queue takes it
            return;
        }
        int size = w.deque.push(t);
        if (w.blockDeque) {
            assert size >= 0 : "Invariant: a ring with room takes a push";
            if (size < 0) {
                overflow(w, t, fresh);               // never lost, even if the bound were wrong
                return;
            }
            w.deque.share();                        // its onShare wakes a sleeper
        }
        if (size >= w.maxDequeSize) {
            w.maxDequeSize = size + 1;
        }
    }

    static void overflow(Worker w, Runnable t, boolean fresh) {
        if (fresh) {
            w.poolAccess.submitOverflow(t);
        } else {
            w.poolAccess.requeue(t);
        }
    }

    /**
     * Moves this worker's run-next task, if any, onto its deque, where thieves take it without a
     * grace, and makes a block-based deque's private tasks stealable: called when the running task
     * blocks ({@code Strand.blocking}). Owner only.
     */
    static void flushNext(Worker w) {
        assert Thread.currentThread() == w : "owner thread only";
        if (!w.ownsNext && !w.blockDeque) {
            return;
        }
        StackReserve.reserve();                   // the flush takes a task, then pushes it
        if (w.ownsNext) {
            Runnable t = w.nexts.take(w.index);
            if (t != null) {
                pushOwn(w, t, false);
            }
        }
        if (w.blockDeque) {
            w.deque.share();
        }
    }

    /** @return whether this worker's run-next slot holds a task (for assertions) */
    static boolean holdsNext(Worker w) {
        return w.ownsNext && w.nexts.peek(w.index) != null;
    }
}
