package dev.strand;

import java.util.function.BooleanSupplier;

/**
 * The callbacks a {@link StrandPool} hands to its queues, deques and workers, as one named class:
 * whether the pool accepts submissions and whether it has not stopped (asked under the submission
 * queue's lock), the move from running to shut down (run under that lock), the wake-up after a
 * deque shared work, and the sleep protocol's three questions (is the pool stopping, is work
 * visible, is a spare one too many). A class, not lambdas or method references: each lambda spins a class at first use,
 * milliseconds apiece in a fresh JVM on the path to a program's first result, and one class with a
 * kind loads once where four would load four times (see docs/design.md, "Start-up").
 *
 * <p>Invariants: the run-state questions (ACCEPTING, NOT_STOPPED) and the move are only called
 * under the submission queue's lock, where shutdown changes the state too, so a submission racing with shutdown is
 * either queued before it or rejected; each instance has one kind and answers only for it.
 */
final class PoolCallbacks implements BooleanSupplier, Runnable {
    /** Whether the pool accepts submissions: RUNNING. */
    static final int ACCEPTING = 0;
    /** Whether the pool has not stopped: below STOP. */
    static final int NOT_STOPPED = 1;
    /** Moves the run state from RUNNING to SHUTDOWN; {@link #changed} tells whether it did. */
    static final int TO_SHUTDOWN = 2;
    /** A deque shared work that thieves may wait for: wake one (the deque's owner is {@link #owner}). */
    static final int WAKE_ON_SHARE = 3;
    /** The sleep protocol's question: whether the pool is stopping ({@link PoolInternals#isStopping}). */
    static final int STOPPING = 4;
    /** The sleep protocol's question: whether any queue holds work ({@link PoolInternals#workVisible}). */
    static final int VISIBLE = 5;
    /** The sleep protocol's question: whether a spare is one too many ({@link PoolInternals#spareSurplus}). */
    static final int SURPLUS = 6;

    private final StrandPool pool;
    private final int kind;
    private final int owner;
    /** For {@link #TO_SHUTDOWN}: whether the run made the change. */
    boolean changed;

    PoolCallbacks(StrandPool pool, int kind, int owner) {
        this.pool = pool;
        this.kind = kind;
        this.owner = owner;
    }

    @Override
    public boolean getAsBoolean() {
        return switch (kind) {
            case ACCEPTING -> pool.runState.get() == StrandPool.RUNNING;
            case NOT_STOPPED -> pool.runState.get() < StrandPool.STOP;
            case STOPPING -> pool.access.isStopping();   // set before any worker starts: never null here
            case VISIBLE -> pool.access.workVisible();
            case SURPLUS -> pool.access.spareSurplus();
            default -> throw new AssertionError("a question asked of a callback of kind " + kind);
        };
    }

    @Override
    public void run() {
        if (kind == WAKE_ON_SHARE) {
            pool.sleep.workPublished(owner);
        } else {
            assert kind == TO_SHUTDOWN : "a run of a callback of kind " + kind;
            changed = pool.runState.compareAndSet(StrandPool.RUNNING, StrandPool.SHUTDOWN);
        }
    }
}
