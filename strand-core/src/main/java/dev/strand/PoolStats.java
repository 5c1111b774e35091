package dev.strand;

import java.util.List;
import java.util.Objects;

/**
 * An immutable snapshot of a pool's statistics ({@link StrandPool#stats()}), aggregated from
 * per-worker counters on demand.
 *
 * <p>A read-only value: only the pool makes one, so that later versions can add figures without
 * breaking code that reads these. Two snapshots are equal when all their figures are.
 */
public final class PoolStats {
    private final int parallelism;
    private final List<WorkerStats> workers;
    private final int queuedExternal;
    private final BlockingStats blocking;

    /** The pool's; copies the list. */
    PoolStats(int parallelism, List<WorkerStats> workers, int queuedExternal, BlockingStats blocking) {
        this.parallelism = parallelism;
        this.workers = List.copyOf(workers);
        this.queuedExternal = queuedExternal;
        this.blocking = Objects.requireNonNull(blocking, "blocking");
    }

    /** @return the number of workers */
    public int parallelism() {
        return parallelism;
    }

    /**
     * @return per-worker counters, by index (unmodifiable): the {@code parallelism} workers, then
     *     every spare slot the pool ever started to replace a blocked worker
     */
    public List<WorkerStats> workers() {
        return workers;
    }

    /** @return tasks waiting in the submission queue at the snapshot */
    public int queuedExternal() {
        return queuedExternal;
    }

    /** @return what the pool did for tasks that blocked ({@link Strand#blocking}) */
    public BlockingStats blocking() {
        return blocking;
    }

    /** @return tasks run by all workers */
    public long tasksRun() {
        return workers.stream().mapToLong(WorkerStats::tasksRun).sum();
    }

    /** @return forks pushed by all workers */
    public long spawns() {
        return workers.stream().mapToLong(WorkerStats::spawns).sum();
    }

    /** @return forks run inline at the spawn bound */
    public long inlinedSpawns() {
        return workers.stream().mapToLong(WorkerStats::inlinedSpawns).sum();
    }

    /** @return successful steals */
    public long steals() {
        return workers.stream().mapToLong(WorkerStats::steals).sum();
    }

    /** @return steal attempts */
    public long stealAttempts() {
        return workers.stream().mapToLong(WorkerStats::stealAttempts).sum();
    }

    /** @return failed steal attempts */
    public long failedSteals() {
        return workers.stream().mapToLong(WorkerStats::failedSteals).sum();
    }

    /** @return tasks moved by steal-half */
    public long movedByHalf() {
        return workers.stream().mapToLong(WorkerStats::movedByHalf).sum();
    }

    /** @return parks */
    public long parks() {
        return workers.stream().mapToLong(WorkerStats::parks).sum();
    }

    /** @return unparks */
    public long unparks() {
        return workers.stream().mapToLong(WorkerStats::unparks).sum();
    }

    /** @return steals from a worker of the thief's own topology group (0 without a grouped topology) */
    public long nearSteals() {
        return workers.stream().mapToLong(WorkerStats::nearSteals).sum();
    }

    /** @return steals from a worker of another topology group (0 without a grouped topology) */
    public long farSteals() {
        return workers.stream().mapToLong(WorkerStats::farSteals).sum();
    }

    /** @return steals from a recent thief of the stealing worker's own work (0 without steal-back) */
    public long stealBacks() {
        return workers.stream().mapToLong(WorkerStats::stealBacks).sum();
    }

    /** @return idle time of all workers, in nanoseconds */
    public long idleNanos() {
        return workers.stream().mapToLong(WorkerStats::idleNanos).sum();
    }

    /** @return the largest deque size any worker reached */
    public int maxDequeSize() {
        return workers.stream().mapToInt(WorkerStats::maxDequeSize).max().orElse(0);
    }

    /** @return the fewest tasks any worker ran */
    public long minTasksPerWorker() {
        return workers.stream().mapToLong(WorkerStats::tasksRun).min().orElse(0);
    }

    /** @return the most tasks any worker ran */
    public long maxTasksPerWorker() {
        return workers.stream().mapToLong(WorkerStats::tasksRun).max().orElse(0);
    }

    /**
     * @param before an earlier snapshot of the same pool
     * @return the counters accumulated since {@code before} (sizes and flags are taken from this)
     */
    public PoolStats since(PoolStats before) {
        if (before.parallelism != parallelism) {
            throw new IllegalArgumentException("snapshots of different pools");
        }
        List<WorkerStats> d = new java.util.ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            WorkerStats a = workers.get(i);
            WorkerStats b = i < before.workers.size() ? before.workers.get(i)
                    : new WorkerStats(i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false, 0, 0, 0);
            d.add(new WorkerStats(i, a.tasksRun() - b.tasksRun(), a.spawns() - b.spawns(),
                    a.inlinedSpawns() - b.inlinedSpawns(), a.steals() - b.steals(),
                    a.stealAttempts() - b.stealAttempts(), a.failedSteals() - b.failedSteals(),
                    a.movedByHalf() - b.movedByHalf(), a.parks() - b.parks(),
                    a.unparks() - b.unparks(), a.joinBlocks() - b.joinBlocks(),
                    a.idleNanos() - b.idleNanos(), a.maxDequeSize(), a.dequeSize(), a.sleeping(),
                    a.nearSteals() - b.nearSteals(), a.farSteals() - b.farSteals(),
                    a.stealBacks() - b.stealBacks()));
        }
        BlockingStats x = blocking;
        BlockingStats y = before.blocking;
        return new PoolStats(parallelism, d, queuedExternal, new BlockingStats(x.blocks() - y.blocks(),
                x.spareStarts() - y.spareStarts(), x.uncompensated() - y.uncompensated(),
                x.sparesRunning(), x.blockedNow()));
    }

    /** @return an aligned, human-readable table */
    public String toTable() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-6s %12s %10s %8s %10s %10s %7s %7s %9s %8s%n", "worker", "tasks",
                "spawns", "steals", "attempts", "failed", "parks", "wakes", "idle-ms", "maxDeque"));
        for (WorkerStats w : workers) {
            sb.append(String.format("%-6d %12d %10d %8d %10d %10d %7d %7d %9.1f %8d%n", w.index(),
                    w.tasksRun(), w.spawns(), w.steals(), w.stealAttempts(), w.failedSteals(),
                    w.parks(), w.unparks(), w.idleNanos() / 1e6, w.maxDequeSize()));
        }
        sb.append(String.format("%-6s %12d %10d %8d %10d %10d %7d %7d %9.1f %8d%n", "total",
                tasksRun(), spawns(), steals(), stealAttempts(), failedSteals(), parks(), unparks(),
                idleNanos() / 1e6, maxDequeSize()));
        long near = nearSteals();
        long far = farSteals();
        long back = stealBacks();
        if (near + far + back > 0) {              // only with locality configured: the table is unchanged otherwise
            sb.append(String.format("locality: %d near steals, %d far (%.0f %% far), %d steal-backs%n",
                    near, far, near + far == 0 ? 0.0 : 100.0 * far / (near + far), back));
        }
        if (blocking.blocks() > 0) {
            sb.append(String.format("blocking: %d blocks, %d spare threads started, %d without a spare"
                    + " (cap reached); now %d blocked, %d spares%n", blocking.blocks(),
                    blocking.spareStarts(), blocking.uncompensated(), blocking.blockedNow(),
                    blocking.sparesRunning()));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof PoolStats o && parallelism == o.parallelism
                && queuedExternal == o.queuedExternal && workers.equals(o.workers)
                && blocking.equals(o.blocking);
    }

    @Override
    public int hashCode() {
        return Objects.hash(parallelism, workers, queuedExternal, blocking);
    }

    /** @return the figures, named (as a record prints them); {@link #toTable()} for people */
    @Override
    public String toString() {
        return "PoolStats[parallelism=" + parallelism + ", workers=" + workers + ", queuedExternal="
                + queuedExternal + ", blocking=" + blocking + "]";
    }
}
