package dev.strand;

import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.worker.Worker;
import dev.strand.profile.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@link StrandPool} reports about itself: the statistics ({@link StrandPool#stats()}), the
 * dump, the profile and the timeline, assembled from the workers' own counters.
 *
 * <p>Invariants: nothing here writes the pool's or a worker's state; every counter is read racily
 * (each is written by one thread, and a long read is never torn on a 64-bit JVM), so a report
 * taken while tasks run is a snapshot, exact once the pool is idle.
 */
final class PoolObservation {
    private PoolObservation() { }

    static PoolProfiler profiler(StrandPool pool) {
        if (pool.profiler == null) {
            throw new IllegalStateException("pool '" + pool.name() + "' does not profile: build it with "
                    + "StrandPool.builder().profile(true), or run with -Dstrand.profile=DIR");
        }
        return pool.profiler;
    }

    /** {@link StrandPool#timeline()}. */
    static Timeline timeline(StrandPool pool) {
        Timeline t = pool.profiler == null ? null : pool.profiler.timeline();
        if (t == null) {
            throw new IllegalStateException("pool '" + pool.name() + "' records no timeline: build it "
                    + "with StrandPool.builder().timeline(true)");
        }
        return t;
    }

    /** {@link StrandPool#stats()}. */
    static PoolStats stats(StrandPool pool) {
        int n = pool.sleep.inUse();
        List<WorkerStats> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Worker w = pool.worker(i);
            list.add(w != null ? w.snapshot()
                    : new WorkerStats(i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, true, 0, 0, 0));
        }
        return new PoolStats(pool.config.parallelism(), list, pool.submissions.size(), blockingStats(pool));
    }

    static BlockingStats blockingStats(StrandPool pool) {
        return new BlockingStats(pool.blocks.get(), pool.spareStarts.get(), pool.uncompensated.get(),
                pool.sleep.sparesOut(pool.sleep.controlWord()), PoolSpares.blockedWorkers(pool, Integer.MAX_VALUE));
    }

    /** {@link StrandPool#dump()}. */
    static String dump(StrandPool pool) {
        StringBuilder sb = new StringBuilder();
        String[] states = {"RUNNING", "SHUTDOWN", "STOP", "TERMINATED"};
        sb.append("StrandPool '").append(pool.name()).append("' ").append(states[pool.runState.get()])
                .append(", parallelism=").append(pool.config.parallelism())
                .append(", steal=").append(pool.config.tuning().stealPolicy())
                .append(", join=").append(pool.config.tuning().joinPolicy())
                .append(", ").append(ControlWord.toString(pool.sleep.controlWord()))
                .append(", queued external=").append(pool.submissions.size()).append('\n');
        for (int i = 0, n = pool.sleep.inUse(); i < n; i++) {
            Worker w = pool.worker(i);
            if (w == null) {
                continue;
            }
            WorkerStats s = w.snapshot();
            String state = pool.sleep.isDormant(i) ? "dormant" : s.sleeping() ? "sleeping"
                    : w.getState().toString().toLowerCase(Locale.ROOT);
            sb.append(String.format("  %-28s %-9s deque=%-6d tasks=%-10d steals=%-8d parks=%d%n",
                    w.getName(), state,
                    s.dequeSize(), s.tasksRun(), s.steals(), s.parks()));
        }
        return sb.toString();
    }
}
