package dev.strand.metrics;

/**
 * A {@link dev.strand.StrandPool}'s counters over JMX, registered by {@link StrandPoolJmx} under
 * {@code dev.strand:type=StrandPool,name=<the pool's name>}. Each attribute read takes a fresh
 * {@link dev.strand.StrandPool#stats()} snapshot; the figures are those of
 * {@link dev.strand.PoolStats} and {@link dev.strand.BlockingStats}, and of the Micrometer
 * meters of {@link StrandPoolMetrics}.
 */
public interface StrandPoolMXBean {
    /** @return the pool's name */
    String getName();

    /** @return the number of workers */
    int getParallelism();

    /** @return worker slots: the workers and every spare slot ever started */
    int getPoolSize();

    /** @return tasks run by the workers */
    long getTasksCompleted();

    /** @return forks pushed onto a worker's deque */
    long getSpawns();

    /** @return forks run inline at the spawn bound */
    long getInlinedSpawns();

    /** @return successful steals */
    long getSteals();

    /** @return steal attempts */
    long getStealAttempts();

    /** @return steal attempts that found nothing */
    long getFailedSteals();

    /** @return times a worker went to sleep */
    long getParks();

    /** @return times a sleeping worker was woken */
    long getUnparks();

    /** @return time the workers spent without work, summed over workers, in milliseconds */
    long getIdleTimeMillis();

    /** @return tasks waiting now: in the workers' deques and in the submission queue */
    long getQueuedTasks();

    /** @return tasks waiting now in the submission queue */
    int getQueuedSubmissions();

    /** @return workers asleep now */
    int getSleepingWorkers();

    /** @return blocking calls on the pool's workers that had to wait */
    long getBlocks();

    /** @return spare threads started to replace blocked workers */
    long getSpareStarts();

    /** @return blocks that held their worker because the spare cap was reached */
    long getUncompensatedBlocks();

    /** @return spare threads out of the reserve now */
    int getSparesRunning();

    /** @return workers blocked now */
    int getBlockedWorkers();

    /** @return whether the pool was shut down */
    boolean isShutdown();

    /** @return whether the pool has terminated */
    boolean isTerminated();

    /** @return the per-worker table of {@link dev.strand.PoolStats#toTable()} */
    String getStatsTable();
}
