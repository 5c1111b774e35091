package dev.strand.trace;

/**
 * A worker resumed after parking ({@link SchedulerListener#onWake}).
 *
 * <p>A read-only value made by the pool, so that later versions can add to it without breaking a
 * listener that reads it. Made only when the pool has a listener.
 */
public final class WakeEvent {
    private final int worker;

    WakeEvent(int worker) {
        this.worker = worker;
    }

    /** @return the waking worker's index */
    public int worker() {
        return worker;
    }

    @Override
    public String toString() {
        return "WakeEvent[worker=" + worker + "]";
    }
}
