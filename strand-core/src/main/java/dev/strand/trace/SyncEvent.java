package dev.strand.trace;

/**
 * A join found its task not yet done and started helping or waiting ({@link SchedulerListener#onSync}).
 *
 * <p>A read-only value made by the pool, so that later versions can add to it without breaking a
 * listener that reads it. Made only when the pool has a listener.
 */
public final class SyncEvent {
    private final int worker;

    SyncEvent(int worker) {
        this.worker = worker;
    }

    /** @return the joining worker's index */
    public int worker() {
        return worker;
    }

    @Override
    public String toString() {
        return "SyncEvent[worker=" + worker + "]";
    }
}
