package dev.strand;

/**
 * What a pool did for tasks that blocked inside {@link Strand#blocking} or
 * {@link Strand#managedBlock}: how often they blocked, and the spare threads it started so that
 * {@code parallelism} threads stayed unblocked meanwhile ({@link PoolStats#blocking()}).
 *
 * <p>A read-only value: only the pool makes one, so that later versions can add counters without
 * breaking code that reads these. Two are equal when every counter is.
 */
public final class BlockingStats {

    /** No blocking at all. */
    public static final BlockingStats NONE = new BlockingStats(0, 0, 0, 0, 0);

    private final long blocks;
    private final long spareStarts;
    private final long uncompensated;
    private final int sparesRunning;
    private final int blockedNow;

    /** The pool's. @throws IllegalArgumentException if a count is negative */
    BlockingStats(long blocks, long spareStarts, long uncompensated, int sparesRunning, int blockedNow) {
        if (blocks < 0 || spareStarts < 0 || uncompensated < 0 || sparesRunning < 0 || blockedNow < 0) {
            throw new IllegalArgumentException("counts must be >= 0");
        }
        this.blocks = blocks;
        this.spareStarts = spareStarts;
        this.uncompensated = uncompensated;
        this.sparesRunning = sparesRunning;
        this.blockedNow = blockedNow;
    }

    /** @return blocking calls made on the pool's workers that had to wait (a call inside another counts once) */
    public long blocks() {
        return blocks;
    }

    /** @return spare threads started (a spare whose parked thread is reused is not started again) */
    public long spareStarts() {
        return spareStarts;
    }

    /**
     * @return blocks that held their worker because the spare cap ({@link PoolConfig#maxSpares()})
     *     was reached
     */
    public long uncompensated() {
        return uncompensated;
    }

    /**
     * @return spare threads out of the reserve at the snapshot, running or asleep (they go back once
     *     more are out than workers blocked)
     */
    public int sparesRunning() {
        return sparesRunning;
    }

    /**
     * @return workers blocked at the snapshot: inside a blocking call, or in a join that waits for a
     *     task held up by one
     */
    public int blockedNow() {
        return blockedNow;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof BlockingStats o && blocks == o.blocks && spareStarts == o.spareStarts
                && uncompensated == o.uncompensated && sparesRunning == o.sparesRunning
                && blockedNow == o.blockedNow;
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(blocks);
        h = 31 * h + Long.hashCode(spareStarts);
        h = 31 * h + Long.hashCode(uncompensated);
        h = 31 * h + sparesRunning;
        return 31 * h + blockedNow;
    }

    /** @return the counters, named (as a record prints them) */
    @Override
    public String toString() {
        return "BlockingStats[blocks=" + blocks + ", spareStarts=" + spareStarts + ", uncompensated="
                + uncompensated + ", sparesRunning=" + sparesRunning + ", blockedNow=" + blockedNow + "]";
    }
}
