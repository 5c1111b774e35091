package dev.strand.trace;

/**
 * Instrumentation hooks at the scheduler's decision points, for profilers and timelines.
 *
 * <p>Disabled by default: a pool without a listener tests one final field per event and does
 * nothing else. Listener methods run on the worker thread at the event, inside the scheduler's
 * hot paths; they must be fast, must not block, and must not throw.
 */
public interface SchedulerListener {

    /**
     * A task was forked.
     *
     * @param worker  the forking worker's index
     * @param inlined true if the spawn bound was reached and the child ran inline instead
     */
    default void onSpawn(int worker, boolean inlined) { }

    /**
     * A join found its task not yet done and started helping or waiting (fast-path joins of an
     * already-finished task are not reported).
     *
     * @param worker the joining worker's index
     */
    default void onSync(int worker) { }

    /**
     * A steal succeeded.
     *
     * @param thief  the stealing worker's index
     * @param victim the victim's index
     * @param count  tasks taken (more than one with steal-half)
     */
    default void onSteal(int thief, int victim, int count) { }

    /**
     * A worker is about to park because it found no work.
     *
     * @param worker its index
     */
    default void onPark(int worker) { }

    /**
     * A worker resumed after parking.
     *
     * @param worker its index
     */
    default void onWake(int worker) { }
}
