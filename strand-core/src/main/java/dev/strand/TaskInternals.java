package dev.strand;

import dev.strand.internal.profile.Frame;
import dev.strand.internal.worker.TaskAccess;
import dev.strand.internal.worker.Worker;

/**
 * The one {@link TaskAccess}: the worker (in {@code internal.worker}) reaches this package's task
 * and join-frame protocol through it, and through nothing public. {@link Task}'s static
 * initializer registers the one instance.
 *
 * <p>Invariants: every method is a single call or field access on the task (no logic of its own
 * beyond a cast), so the worker's call through the constant {@code TaskAccess} inlines to what
 * the method names; a join frame is only ever handed in by the worker that made it.
 */
final class TaskInternals extends TaskAccess {
    @Override
    public WorkerStats workerStats(int index, long tasksRun, long spawns, long inlinedSpawns,
            long steals, long stealAttempts, long failedSteals, long movedByHalf, long parks,
            long unparks, long joinBlocks, long idleNanos, int maxDequeSize, int dequeSize,
            boolean sleeping, long nearSteals, long farSteals, long stealBacks) {
        return new WorkerStats(index, tasksRun, spawns, inlinedSpawns, steals, stealAttempts,
                failedSteals, movedByHalf, parks, unparks, joinBlocks, idleNanos, maxDequeSize,
                dequeSize, sleeping, nearSteals, farSteals, stealBacks);
    }

    @Override
    public void exec(Task<?> t) {
        t.exec();
    }

    @Override
    public void claimFor(Task<?> t, StrandPool pool) {
        t.claimFor(pool);
    }

    @Override
    public void setProfileFrame(Task<?> t, Frame f) {
        t.profileFrame = f;
    }

    @Override
    public void setContext(Task<?> t, Object context) {
        t.context = context;
    }

    @Override
    public Object context(Task<?> t) {
        return t.context;
    }

    @Override
    public boolean isOf(Task<?> t, StrandPool pool) {
        return t.pool == pool;
    }

    @Override
    public boolean pending(Task<?> t) {
        return t.pending();
    }

    @Override
    public boolean covers(Task<?> t, Runnable r) {
        return t.covers(r);
    }

    @Override
    public boolean registerJoiner(Task<?> t, Worker w) {
        return t.registerJoiner(w);
    }

    @Override
    public Object addWaiter(Task<?> t, Thread th) {
        return t.addWaiter(th);
    }

    @Override
    public void stopWaiting(Task<?> t, Object node) {
        t.stopWaiting((Waiter) node);
    }

    @Override
    public void awaitBlocking(Task<?> t) {
        t.awaitBlocking(0L);
    }

    @Override
    public void abort(Task<?> t, Throwable e) {
        t.abort(e);
    }

    @Override
    public boolean isInterruptible(Runnable r) {
        return r instanceof Tasks.InterruptibleTask<?>;
    }

    @Override
    public int suspend(Task<?> t) {
        return ((Tasks.InterruptibleTask<?>) t).suspend();
    }

    @Override
    public void resume(Task<?> t, int how) {
        ((Tasks.InterruptibleTask<?>) t).resume(how);
    }

    @Override
    public boolean isJoinFrame(Task<?> t) {
        return t instanceof JoinFrame;
    }

    @Override
    public Task<?> newFrame(Thread owner, StrandPool pool) {
        return new JoinFrame(owner, pool);
    }

    @Override
    public boolean isSettled(Task<?> f) {
        return ((JoinFrame) f).settled;
    }

    @Override
    public void settle(Task<?> f) {
        ((JoinFrame) f).settled = true;
    }

    @Override
    public void prepare(Task<?> f, Object body) {
        ((JoinFrame) f).prepare(body);
    }

    @Override
    public void throttle(Task<?> f) {
        ((JoinFrame) f).throttled = true;
    }

    @Override
    public boolean isThrottled(Task<?> f) {
        return ((JoinFrame) f).throttled;
    }

    @Override
    public Object runBody(Task<?> f) {
        return ((JoinFrame) f).runBody();
    }

    @Override
    public Object completedResult(Task<?> f) {
        return ((JoinFrame) f).completedResult();
    }

    @Override
    public RuntimeException failed(Throwable e) {
        return JoinFrame.failed(e);
    }
}
