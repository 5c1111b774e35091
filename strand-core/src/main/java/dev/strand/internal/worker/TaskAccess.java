package dev.strand.internal.worker;

/**
 * The worker's access to the package-private protocol of {@code Task} and its join frames (the
 * JDK's SharedSecrets pattern): {@code dev.strand} implements it in a private class and registers
 * the one instance from {@code Task}'s static initializer. Callers keep it in a {@code static final}
 * field, so the JIT sees a constant of one known class and inlines every call.
 *
 * <p>Invariant: registered once, before any call ({@link #get} initializes {@code Task} first).
 */
public abstract class TaskAccess {
    /** Written once by {@code Task}'s initializer. No lock: {@link #get} may wait for that initializer. */
    private static volatile TaskAccess instance;

    /** For the one implementation in {@code dev.strand}. */
    protected TaskAccess() { }

    /**
     * Registers the implementation; from {@code Task}'s static initializer only (which the JVM
     * runs once).
     *
     * @throws IllegalStateException if one is registered already
     */
    public static void register(TaskAccess access) {
        if (instance != null) {
            throw new IllegalStateException("task access registered twice");
        }
        instance = access;
    }

    /**
     * @return the registered implementation, after initializing {@code Task} (which registers it):
     *     class initialization orders the registration before this read, whichever thread ran it
     */
    static TaskAccess get() {
        try {
            Class.forName("dev.strand.Task", true, TaskAccess.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
        TaskAccess a = instance;
        if (a == null) {
            throw new IllegalStateException("Task's initializer did not register the task access");
        }
        return a;
    }

    // ---------------------------------------------------------------- statistics

    /**
     * A worker's snapshot: {@link dev.strand.WorkerStats} has no public constructor (so that
     * counters can be added to it), and the worker builds its own here.
     */
    public abstract dev.strand.WorkerStats workerStats(int index, long tasksRun, long spawns,
            long inlinedSpawns, long steals, long stealAttempts, long failedSteals, long movedByHalf,
            long parks, long unparks, long joinBlocks, long idleNanos, int maxDequeSize,
            int dequeSize, boolean sleeping, long nearSteals, long farSteals, long stealBacks);

    // ---------------------------------------------------------------- tasks

    /** @return whether {@code r} is a {@code Task} (else a plain Runnable that {@code execute} queued) */
    public abstract boolean isTask(Runnable r);

    /** Cancels task {@code t} ({@code Task.cancel(false)}); a forked task left when the pool stops. */
    public abstract void cancel(Runnable t);

    /**
     * Runs {@code body} as {@code Strand.blocking} runs a blocking call: the pool keeps its
     * parallelism meanwhile (a sleeping worker takes over, or a spare thread starts).
     *
     * @return what {@code body} returned
     */
    public abstract boolean blocking(java.util.function.BooleanSupplier body);

    /** Runs {@code t}'s body and records its outcome ({@code Task.exec}). */
    public abstract void exec(Runnable t);

    /** Gives {@code t} its frame in the work/span profiler (before it is published). */
    public abstract void setProfileFrame(Runnable t, dev.strand.internal.profile.Frame f);

    /** Stores the context captured for {@code t} (before it is published). */
    public abstract void setContext(Runnable t, Object context);

    /** @return the context captured for {@code t}, or null if none was */
    public abstract Object context(Runnable t);

    /** Claims {@code t} for {@code pool} as a fork ({@code Task.claimFor}: a plain check). */
    public abstract void claimFor(Runnable t, Object pool);

    /** @return whether {@code t} was forked or submitted to {@code pool} */
    public abstract boolean isOf(Runnable t, Object pool);

    /** @return whether {@code t} has not completed */
    public abstract boolean pending(Runnable t);

    /** @return whether a joiner of {@code t} may help a thief running {@code r} ({@code Task.covers}) */
    public abstract boolean covers(Runnable t, Runnable r);

    /** Registers worker {@code w} to be unparked at {@code t}'s completion; false if done already. */
    public abstract boolean registerJoiner(Runnable t, Worker w);

    /** @return a waiter node for thread {@code th}, to pass to {@link #stopWaiting}; null if done */
    public abstract Object addWaiter(Runnable t, Thread th);

    /** Unlinks {@code node} (from {@link #addWaiter}, or null) if {@code t} is still pending. */
    public abstract void stopWaiting(Runnable t, Object node);

    /** Blocks, not interruptibly, until {@code t} is done (the stalling join). */
    public abstract void awaitBlocking(Runnable t);

    /** Completes {@code t} exceptionally with {@code e} if pending (a deferred completion). */
    public abstract void abort(Runnable t, Throwable e);

    /** @return whether {@code r} is a submission that {@code cancel(true)} interrupts */
    public abstract boolean isInterruptible(Runnable r);

    /**
     * Interruptible task {@code t}, whose own code is the innermost on this worker, is about to
     * have another task run nested in it: a {@code cancel(true)} meanwhile owes its interrupt
     * instead of sending it.
     *
     * @return what to pass to {@link #resume}
     */
    public abstract int suspend(Runnable t);

    /** The nested task returned: {@code t}'s own code is the innermost again; an owed interrupt is sent. */
    public abstract void resume(Runnable t, int how);

    /** @return whether {@code t} is a join frame */
    public abstract boolean isJoinFrame(Runnable t);

    // ---------------------------------------------------------------- join frames (see JoinFrame)

    /** @return a new, settled join frame owned by {@code owner} in {@code pool} */
    public abstract Runnable newFrame(Thread owner, Object pool);

    /** @return whether no other thread can touch frame {@code f} any more */
    public abstract boolean isSettled(Runnable f);

    /** Marks frame {@code f} settled. Owner only. */
    public abstract void settle(Runnable f);

    /** Prepares frame {@code f} for a new use with {@code body}, before the push that publishes it. */
    public abstract void prepare(Runnable f, Object body);

    /** The owner waits from {@code now} for frame {@code f}, which another thread took. Owner only. */
    public abstract void ownerWaits(Runnable f, long now);

    /** Marks frame {@code f} throttled: not pushed, its owner runs it at the join. */
    public abstract void throttle(Runnable f);

    /** @return whether frame {@code f} was throttled at its offer */
    public abstract boolean isThrottled(Runnable f);

    /** @return frame {@code f}'s body's result, run in the calling thread */
    public abstract Object runBody(Runnable f);

    /** @return the result of frame {@code f}, which another thread completed; throws its failure */
    public abstract Object completedResult(Runnable f);

    /** @return {@code e} as the {@code CompletionException} a join throws */
    public abstract RuntimeException failed(Throwable e);
}
