package dev.strand.trace;

/**
 * A worker is about to park because it found no work ({@link SchedulerListener#onPark}).
 *
 * <p>A read-only value made by the pool, so that later versions can add to it without breaking a
 * listener that reads it. Made only when the pool has a listener.
 */
public final class ParkEvent {
    private final int worker;

    ParkEvent(int worker) {
        this.worker = worker;
    }

    /** @return the parking worker's index */
    public int worker() {
        return worker;
    }

    @Override
    public String toString() {
        return "ParkEvent[worker=" + worker + "]";
    }
}
