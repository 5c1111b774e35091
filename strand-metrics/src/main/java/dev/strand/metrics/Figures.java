package dev.strand.metrics;

import dev.strand.PoolStats;
import dev.strand.WorkerStats;

/**
 * The figures both views derive from a snapshot. Apart from {@link StrandPoolMetrics} so that the
 * MXBean never loads a class that needs Micrometer (an optional dependency).
 */
final class Figures {
    private Figures() { }

    /** @return tasks waiting in the workers' deques plus the submission queue */
    static long queued(PoolStats s) {
        long n = s.queuedExternal();
        for (WorkerStats w : s.workers()) {
            n += w.dequeSize();
        }
        return n;
    }

    /** @return workers asleep at the snapshot */
    static int sleeping(PoolStats s) {
        int n = 0;
        for (WorkerStats w : s.workers()) {
            if (w.sleeping()) {
                n++;
            }
        }
        return n;
    }
}
