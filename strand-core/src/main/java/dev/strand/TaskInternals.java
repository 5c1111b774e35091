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
    public boolean isTask(Runnable r) {
        return r instanceof Task<?>;
    }

    @Override
    public void cancel(Runnable t) {
        ((Task<?>) t).cancel(false);
    }

    @Override
    public boolean blocking(java.util.function.BooleanSupplier body) {
        return Strand.blocking(body::getAsBoolean);
    }

    @Override
    public void exec(Runnable t) {
        ((Task<?>) t).exec();
    }

    @Override
    public void claimFor(Runnable t, Object pool) {
        ((Task<?>) t).claimFor((StrandPool) pool);
    }

    @Override
    public void setProfileFrame(Runnable t, Frame f) {
        ((Task<?>) t).profileFrame = f;
    }

    @Override
    public void setContext(Runnable t, Object context) {
        ((Task<?>) t).context = context;
    }

    @Override
    public Object context(Runnable t) {
        return ((Task<?>) t).context;
    }

    @Override
    public boolean isOf(Runnable t, Object pool) {
        return ((Task<?>) t).pool == pool;
    }

    @Override
    public boolean pending(Runnable t) {
        return ((Task<?>) t).pending();
    }

    @Override
    public boolean covers(Runnable t, Runnable r) {
        return ((Task<?>) t).covers(r);
    }

    @Override
    public boolean registerJoiner(Runnable t, Worker w) {
        return ((Task<?>) t).registerJoiner(w);
    }

    @Override
    public Object addWaiter(Runnable t, Thread th) {
        return ((Task<?>) t).addWaiter(th);
    }

    @Override
    public void stopWaiting(Runnable t, Object node) {
        ((Task<?>) t).stopWaiting((Waiter) node);
    }

    @Override
    public void awaitBlocking(Runnable t) {
        ((Task<?>) t).awaitBlocking(0L);
    }

    @Override
    public void abort(Runnable t, Throwable e) {
        ((Task<?>) t).abort(e);
    }

    @Override
    public boolean isInterruptible(Runnable r) {
        return r instanceof Tasks.InterruptibleTask<?>;
    }

    @Override
    public int suspend(Runnable t) {
        return ((Tasks.InterruptibleTask<?>) t).suspend();
    }

    @Override
    public void resume(Runnable t, int how) {
        ((Tasks.InterruptibleTask<?>) t).resume(how);
    }

    @Override
    public boolean isJoinFrame(Runnable t) {
        return t instanceof JoinFrame;
    }

    @Override
    public Runnable newFrame(Thread owner, Object pool) {
        return new JoinFrame(owner, (StrandPool) pool);
    }

    @Override
    public boolean isSettled(Runnable f) {
        return ((JoinFrame) f).settled;
    }

    @Override
    public void settle(Runnable f) {
        ((JoinFrame) f).settled = true;
    }

    @Override
    public void prepare(Runnable f, Object body) {
        ((JoinFrame) f).prepare(body);
    }

    @Override
    public void ownerWaits(Runnable f, long now) {
        ((JoinFrame) f).ownerWaits(now);
    }

    @Override
    public void throttle(Runnable f) {
        ((JoinFrame) f).throttled = true;
    }

    @Override
    public boolean isThrottled(Runnable f) {
        return ((JoinFrame) f).throttled;
    }

    @Override
    public Object runBody(Runnable f) {
        return ((JoinFrame) f).runBody();
    }

    @Override
    public Object completedResult(Runnable f) {
        return ((JoinFrame) f).completedResult();
    }

    @Override
    public RuntimeException failed(Throwable e) {
        return JoinFrame.failed(e);
    }
}
