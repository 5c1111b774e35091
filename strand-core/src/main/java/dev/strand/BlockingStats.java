package dev.strand;

/**
 * What a pool did for tasks that blocked inside {@link Strand#blocking} or
 * {@link Strand#managedBlock}: how often they blocked, and the spare threads it started so that
 * {@code parallelism} threads kept running tasks meanwhile.
 *
 * @param blocks        blocking calls made on the pool's workers that had to wait
 * @param spareStarts   spare threads started to replace a blocked worker
 * @param uncompensated blocking calls that held their worker because the spare cap
 *                      ({@link PoolConfig#maxSpares()}) was reached
 * @param sparesRunning spare threads running or idle at the snapshot (they leave once the pool
 *                      has more running threads than its parallelism)
 * @param blockedNow    tasks blocked at the snapshot
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
