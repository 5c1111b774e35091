package dev.strand;

import java.util.concurrent.locks.LockSupport;

/**
 * A parked thread or a callback, waiting for a {@link Task}'s completion, and the waiter stack's
 * operations. The stack lives in the task's one state word ({@code Task.aux}): while the task is
 * pending the word is null or the top {@code Waiter}; the completing CAS replaces it with the
 * outcome and takes the whole stack, which {@link #signal} then wakes.
 *
 * <p>Invariants:
 * <ul>
 *   <li>A push and the completion CAS the same word, so no waiter is pushed after the completion
 *       took the stack: a push either lands before it (and is signalled) or sees the outcome.</li>
 *   <li>A thread that stops waiting (a timed get that timed out, an interrupted one) nulls
 *       {@link #thread} before it unlinks its node ({@link #remove}), so a completion that takes
 *       the stack meanwhile skips it; a node with neither a thread nor a callback is such a
 *       removed one, and a task waited on with time limits again and again collects none.</li>
 * </ul>
 */
final class Waiter {
    volatile Thread thread;
    final Runnable callback;
    volatile Waiter next;

    Waiter(Thread thread, Runnable callback) {
        this.thread = thread;
        this.callback = callback;
    }

    boolean removed() {
        return thread == null && callback == null;
    }

    /**
     * Pushes {@code w} on {@code task}'s waiter stack while the task is pending. The push and the
     * completion CAS the same field, so either the push comes first and the completion takes
     * {@code w} with the stack, or the push fails and sees the outcome.
     *
     * @return false if the task completed (the caller must not wait)
     */
    static boolean push(Task<?> task, Waiter w) {
        for (;;) {
            Object a = task.aux;
            if (Task.isOutcome(a)) {
                return false;
            }
            w.next = (Waiter) a;
            if (Task.AUX.compareAndSet(task, a, w)) {
                return true;
            }
        }
    }

    /**
     * Wakes every waiting thread first (each unpark fits the reserved stack), then runs the
     * callbacks, which are user code of any depth: a callback's failure goes to the current thread's
     * uncaught-exception handler and does not stop the others.
     */
    static void signal(Waiter h) {
        for (Waiter w = h; w != null; w = w.next) {
            Thread t = w.thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
        for (Waiter w = h; w != null; w = w.next) {
            if (w.callback != null) {
                try {
                    w.callback.run();
                } catch (Throwable e) {
                    Thread t = Thread.currentThread();
                    t.getUncaughtExceptionHandler().uncaughtException(t, e);
                }
            }
        }
    }

    /**
     * Unlinks {@code node} (a thread waiter that stops waiting) and any other removed node from
     * {@code task}'s waiter stack, as {@code FutureTask.removeWaiter} does: the node is marked
     * first, so a completion that takes the stack meanwhile skips it; a race between unlinkers
     * restarts the walk. Nothing to do once the task is done (the completion took the stack).
     */
    static void remove(Task<?> task, Waiter node) {
        node.thread = null;
        retry:
        for (;;) {
            Object a = task.aux;
            if (!(a instanceof Waiter head)) {
                return;                           // done, or an empty stack
            }
            Waiter pred = null;
            for (Waiter q = head, s; q != null; q = s) {
                s = q.next;
                if (!q.removed()) {
                    pred = q;
                } else if (pred != null) {
                    pred.next = s;
                    if (pred.removed()) {         // pred was unlinked meanwhile: start over
                        continue retry;
                    }
                } else if (!Task.AUX.compareAndSet(task, q, s)) {
                    continue retry;               // a push or a completion changed the head
                }
            }
            return;
        }
    }

    /** Blocks, not interruptibly, until {@code task} is done. Used by non-worker joins. */
    static void awaitBlocking(Task<?> task) {
        Waiter w = new Waiter(Thread.currentThread(), null);
        if (!push(task, w)) {
            return;
        }
        boolean interrupted = false;
        while (!task.isDone()) {
            LockSupport.park(task);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Blocks until {@code task} is done, interrupted, or {@code deadline} (a
     * {@code System.nanoTime()} value; 0: no limit) passed. A wait that ends before completion
     * unlinks its waiter.
     */
    static void awaitInterruptibly(Task<?> task, long deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter w = task.addWaiter(Thread.currentThread());
        if (w == null) {
            return;
        }
        boolean done = false;
        try {
            for (done = task.isDone(); !done; done = task.isDone()) {
                if (deadline == 0L) {
                    LockSupport.park(task);
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0L) {
                        return;
                    }
                    LockSupport.parkNanos(task, left);
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        } finally {
            if (!done) {
                task.stopWaiting(w);
            }
        }
    }
}
