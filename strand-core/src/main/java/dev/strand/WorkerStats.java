package dev.strand;

/**
 * One worker's counters at the moment of a snapshot. Each counter is written only by its worker,
 * so a snapshot taken while the pool runs is approximate (each field exact at some recent instant).
 *
 * @param index          worker index
 * @param tasksRun       tasks this worker executed (its own, stolen, inline, submitted)
 * @param spawns         forks pushed onto its deque
 * @param inlinedSpawns  forks run inline because the deque reached the spawn bound
 * @param steals         successful steals (a steal-half counts once)
 * @param stealAttempts  steal attempts, successful or not
 * @param failedSteals   attempts that found the victim empty or lost a race
 * @param movedByHalf    tasks taken by steals under steal-half (a joiner's steal of a descendant
 *                       takes one; at least one per steal); 0 under steal-one
 * @param parks          times it parked for lack of work
 * @param unparks        times it woke a parked worker
 * @param joinBlocks     joins that blocked (stalling policy, or greedy after failing to find work)
 * @param idleNanos      time spent without a task (searching or parked)
 * @param maxDequeSize   largest size its deque reached
 * @param dequeSize      deque size at the snapshot
 * @param sleeping       whether it was parked (or about to) at the snapshot
 * @param nearSteals     steals from a worker of its own group, when the pool's topology has more
 *                       than one group ({@link PoolConfig.Tuning#topology()}); else 0
 * @param farSteals      steals from a worker of another group (then near + far = steals); else 0
 * @param stealBacks     steals from a recent thief of its own work, with
 *                       {@link PoolConfig.Tuning#stealBack()} on; else 0
 */
public record WorkerStats(int index, long tasksRun, long spawns, long inlinedSpawns, long steals,
                          long stealAttempts, long failedSteals, long movedByHalf, long parks,
                          long unparks, long joinBlocks, long idleNanos, int maxDequeSize,
                          int dequeSize, boolean sleeping, long nearSteals, long farSteals,
                          long stealBacks) {

    /**
     * Counters of a pool without locality: no near, far or steal-back counts.
     *
     * @param index         worker index
     * @param tasksRun      tasks executed
     * @param spawns        forks pushed
     * @param inlinedSpawns forks run inline
     * @param steals        successful steals
     * @param stealAttempts steal attempts
     * @param failedSteals  failed attempts
     * @param movedByHalf   tasks taken by steal-half
     * @param parks         parks
     * @param unparks       wakes of other workers
     * @param joinBlocks    joins that blocked
     * @param idleNanos     time without a task
     * @param maxDequeSize  largest deque size
     * @param dequeSize     deque size at the snapshot
     * @param sleeping      whether it was parked
     */
    public WorkerStats(int index, long tasksRun, long spawns, long inlinedSpawns, long steals,
                       long stealAttempts, long failedSteals, long movedByHalf, long parks,
                       long unparks, long joinBlocks, long idleNanos, int maxDequeSize,
                       int dequeSize, boolean sleeping) {
        this(index, tasksRun, spawns, inlinedSpawns, steals, stealAttempts, failedSteals,
                movedByHalf, parks, unparks, joinBlocks, idleNanos, maxDequeSize, dequeSize,
                sleeping, 0, 0, 0);
    }
}
