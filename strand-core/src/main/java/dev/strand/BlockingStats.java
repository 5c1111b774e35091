package dev.strand;

/**
 * What a pool did for tasks that blocked inside {@link Strand#blocking} or
 * {@link Strand#managedBlock}: how often they blocked, and the spare threads it started so that
 * {@code parallelism} threads stayed unblocked meanwhile.
 *
 * @param blocks        blocking calls made on the pool's workers that had to wait (a call
 *                      inside another counts once)
 * @param spareStarts   spare threads started (a spare whose parked thread is reused is not
 *                      started again)
 * @param uncompensated blocks that held their worker because the spare cap
 *                      ({@link PoolConfig#maxSpares()}) was reached
 * @param sparesRunning spare threads out of the reserve at the snapshot, running or asleep (they
 *                      go back once more are out than workers blocked)
 * @param blockedNow    workers blocked at the snapshot: inside a blocking call, or in a join
 *                      that waits for a task held up by one
 */
public record BlockingStats(long blocks, long spareStarts, long uncompensated, int sparesRunning,
                            int blockedNow) {

    /** No blocking at all. */
    public static final BlockingStats NONE = new BlockingStats(0, 0, 0, 0, 0);

    /** @throws IllegalArgumentException if a count is negative */
    public BlockingStats {
        if (blocks < 0 || spareStarts < 0 || uncompensated < 0 || sparesRunning < 0 || blockedNow < 0) {
            throw new IllegalArgumentException("counts must be >= 0");
        }
    }
}
