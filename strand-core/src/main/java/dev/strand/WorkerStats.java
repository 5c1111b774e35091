package dev.strand;

/**
 * One worker's counters at the moment of a snapshot ({@link PoolStats#workers()}). Each counter is
 * written only by its worker, so a snapshot taken while the pool runs is approximate (each field
 * exact at some recent instant).
 *
 * <p>A read-only value: only the pool makes one, so that later versions can add counters without
 * breaking code that reads these. Two snapshots are equal when every counter is.
 */
public final class WorkerStats {
    private final int index;
    private final long tasksRun;
    private final long spawns;
    private final long inlinedSpawns;
    private final long steals;
    private final long stealAttempts;
    private final long failedSteals;
    private final long movedByHalf;
    private final long parks;
    private final long unparks;
    private final long joinBlocks;
    private final long idleNanos;
    private final int maxDequeSize;
    private final int dequeSize;
    private final boolean sleeping;
    private final long nearSteals;
    private final long farSteals;
    private final long stealBacks;

    /** The pool's (through {@code TaskAccess.workerStats}); the counters as their accessors say. */
    WorkerStats(int index, long tasksRun, long spawns, long inlinedSpawns, long steals,
                long stealAttempts, long failedSteals, long movedByHalf, long parks, long unparks,
                long joinBlocks, long idleNanos, int maxDequeSize, int dequeSize, boolean sleeping,
                long nearSteals, long farSteals, long stealBacks) {
        this.index = index;
        this.tasksRun = tasksRun;
        this.spawns = spawns;
        this.inlinedSpawns = inlinedSpawns;
        this.steals = steals;
        this.stealAttempts = stealAttempts;
        this.failedSteals = failedSteals;
        this.movedByHalf = movedByHalf;
        this.parks = parks;
        this.unparks = unparks;
        this.joinBlocks = joinBlocks;
        this.idleNanos = idleNanos;
        this.maxDequeSize = maxDequeSize;
        this.dequeSize = dequeSize;
        this.sleeping = sleeping;
        this.nearSteals = nearSteals;
        this.farSteals = farSteals;
        this.stealBacks = stealBacks;
    }

    /** @return worker index */
    public int index() {
        return index;
    }

    /** @return tasks this worker executed (its own, stolen, inline, submitted) */
    public long tasksRun() {
        return tasksRun;
    }

    /** @return forks pushed onto its deque */
    public long spawns() {
        return spawns;
    }

    /** @return forks run inline because the deque reached the spawn bound */
    public long inlinedSpawns() {
        return inlinedSpawns;
    }

    /** @return successful steals (a steal-half counts once) */
    public long steals() {
        return steals;
    }

    /** @return steal attempts, successful or not */
    public long stealAttempts() {
        return stealAttempts;
    }

    /** @return attempts that found the victim empty or lost a race */
    public long failedSteals() {
        return failedSteals;
    }

    /**
     * @return tasks taken by steals under steal-half (a joiner's steal of a descendant takes one;
     * at least one per steal); 0 under steal-one
     */
    public long movedByHalf() {
        return movedByHalf;
    }

    /** @return times it parked for lack of work */
    public long parks() {
        return parks;
    }

    /** @return times it woke a parked worker */
    public long unparks() {
        return unparks;
    }

    /** @return joins that blocked (stalling policy, or greedy after failing to find work) */
    public long joinBlocks() {
        return joinBlocks;
    }

    /** @return time spent without a task (searching or parked), in nanoseconds */
    public long idleNanos() {
        return idleNanos;
    }

    /** @return largest size its deque reached */
    public int maxDequeSize() {
        return maxDequeSize;
    }

    /** @return deque size at the snapshot */
    public int dequeSize() {
        return dequeSize;
    }

    /** @return whether it was parked (or about to) at the snapshot */
    public boolean sleeping() {
        return sleeping;
    }

    /**
     * @return steals from a worker of its own group, when the pool's topology has more than one
     * group ({@link PoolConfig.Tuning#topology()}); else 0
     */
    public long nearSteals() {
        return nearSteals;
    }

    /** @return steals from a worker of another group (then near + far = steals); else 0 */
    public long farSteals() {
        return farSteals;
    }

    /**
     * @return steals from a recent thief of its own work, with {@link
     * PoolConfig.Tuning#stealBack()} on; else 0
     */
    public long stealBacks() {
        return stealBacks;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof WorkerStats o)) {
            return false;
        }
        return index == o.index && tasksRun == o.tasksRun && spawns == o.spawns
                && inlinedSpawns == o.inlinedSpawns && steals == o.steals && stealAttempts == o.stealAttempts
                && failedSteals == o.failedSteals && movedByHalf == o.movedByHalf && parks == o.parks
                && unparks == o.unparks && joinBlocks == o.joinBlocks && idleNanos == o.idleNanos
                && maxDequeSize == o.maxDequeSize && dequeSize == o.dequeSize && sleeping == o.sleeping
                && nearSteals == o.nearSteals && farSteals == o.farSteals && stealBacks == o.stealBacks;
    }

    @Override
    public int hashCode() {
        int h = index;
        h = 31 * h + Long.hashCode(tasksRun);
        h = 31 * h + Long.hashCode(spawns);
        h = 31 * h + Long.hashCode(inlinedSpawns);
        h = 31 * h + Long.hashCode(steals);
        h = 31 * h + Long.hashCode(stealAttempts);
        h = 31 * h + Long.hashCode(failedSteals);
        h = 31 * h + Long.hashCode(movedByHalf);
        h = 31 * h + Long.hashCode(parks);
        h = 31 * h + Long.hashCode(unparks);
        h = 31 * h + Long.hashCode(joinBlocks);
        h = 31 * h + Long.hashCode(idleNanos);
        h = 31 * h + maxDequeSize;
        h = 31 * h + dequeSize;
        h = 31 * h + Boolean.hashCode(sleeping);
        h = 31 * h + Long.hashCode(nearSteals);
        h = 31 * h + Long.hashCode(farSteals);
        h = 31 * h + Long.hashCode(stealBacks);
        return h;
    }

    /** @return the counters, named, in the accessors' order (as a record prints them) */
    @Override
    public String toString() {
        return "WorkerStats[index=" + index
                + ", tasksRun=" + tasksRun
                + ", spawns=" + spawns
                + ", inlinedSpawns=" + inlinedSpawns
                + ", steals=" + steals
                + ", stealAttempts=" + stealAttempts
                + ", failedSteals=" + failedSteals
                + ", movedByHalf=" + movedByHalf
                + ", parks=" + parks
                + ", unparks=" + unparks
                + ", joinBlocks=" + joinBlocks
                + ", idleNanos=" + idleNanos
                + ", maxDequeSize=" + maxDequeSize
                + ", dequeSize=" + dequeSize
                + ", sleeping=" + sleeping
                + ", nearSteals=" + nearSteals
                + ", farSteals=" + farSteals
                + ", stealBacks=" + stealBacks + "]";
    }
}
