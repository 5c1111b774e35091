package dev.strand.trace;

/**
 * Instrumentation hooks at the scheduler's decision points, for profilers and timelines.
 *
 * <p>Disabled by default: a pool without a listener tests one final field per event and does
 * nothing else (no event object is made). Listener methods run on the worker thread at the event,
 * inside the scheduler's hot paths; they must be fast, must not block, and must not throw (what
 * one throws goes to the worker thread's uncaught-exception handler, never to the scheduler).
 *
 * <p>Each method gets a read-only event object that later versions may add to; keep what you need
 * of it, not a reference to it if the listener must stay cheap.
 */
public interface SchedulerListener {

    /**
     * A task was forked.
     *
     * @param event the forking worker, and whether the child ran inline (spawn bound reached)
     */
    default void onSpawn(SpawnEvent event) { }

    /**
     * A join found its task not yet done and started helping or waiting (fast-path joins of an
     * already-finished task are not reported).
     *
     * @param event the joining worker
     */
    default void onSync(SyncEvent event) { }

    /**
     * A steal succeeded.
     *
     * @param event the thief, the victim, and the tasks taken (more than one with steal-half)
     */
    default void onSteal(StealEvent event) { }

    /**
     * A worker is about to park because it found no work.
     *
     * @param event the parking worker
     */
    default void onPark(ParkEvent event) { }

    /**
     * A worker resumed after parking.
     *
     * @param event the waking worker
     */
    default void onWake(WakeEvent event) { }
}
