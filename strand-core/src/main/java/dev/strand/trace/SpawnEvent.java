package dev.strand.trace;

/**
 * A task was forked ({@link SchedulerListener#onSpawn}).
 *
 * <p>A read-only value made by the pool, so that later versions can add to it without breaking a
 * listener that reads it. Made only when the pool has a listener.
 */
public final class SpawnEvent {
    private final int worker;
    private final boolean inlined;

    SpawnEvent(int worker, boolean inlined) {
        this.worker = worker;
        this.inlined = inlined;
    }

    /** @return the forking worker's index */
    public int worker() {
        return worker;
    }

    /** @return true if the spawn bound was reached and the child ran inline instead */
    public boolean inlined() {
        return inlined;
    }

    @Override
    public String toString() {
        return "SpawnEvent[worker=" + worker + ", inlined=" + inlined + "]";
    }
}
