package dev.strand.trace;

/**
 * A steal succeeded ({@link SchedulerListener#onSteal}).
 *
 * <p>A read-only value made by the pool, so that later versions can add to it without breaking a
 * listener that reads it. Made only when the pool has a listener.
 */
public final class StealEvent {

    private final int thief;
    private final int victim;
    private final int count;

    StealEvent(int thief, int victim, int count) {
        this.thief = thief;
        this.victim = victim;
        this.count = count;
    }

    /** @return the stealing worker's index */
    public int thief() {
        return thief;
    }

    /** @return the victim's index */
    public int victim() {
        return victim;
    }

    /** @return tasks taken (more than one with steal-half) */
    public int count() {
        return count;
    }

    @Override
    public String toString() {
        return "StealEvent[thief=" + thief + ", victim=" + victim + ", count=" + count + "]";
    }
}
