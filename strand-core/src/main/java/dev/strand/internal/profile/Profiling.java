package dev.strand.internal.profile;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where a region finds its profiler: a worker's own (bound to its thread when the worker starts),
 * or, on a thread outside every pool, each profiling pool's outside frame for that thread.
 */
public final class Profiling {
    private static final ThreadLocal<WorkerProfiler> WORKER = new ThreadLocal<>();
    private static final List<PoolProfiler> ACTIVE = new CopyOnWriteArrayList<>();

    private Profiling() { }

    /** Binds {@code p} to the calling worker thread (null unbinds). */
    public static void bindWorker(WorkerProfiler p) {
        if (p == null) {
            WORKER.remove();
        } else {
            WORKER.set(p);
        }
    }

    /** @return the calling worker's profiler, or null on a thread that is not a profiling worker */
    public static WorkerProfiler worker() {
        return WORKER.get();
    }

    /** Registers a profiling pool, for regions opened outside every pool. */
    public static void activate(PoolProfiler p) {
        ACTIVE.add(p);
    }

    /** Unregisters a pool that closed. */
    public static void deactivate(PoolProfiler p) {
        ACTIVE.remove(p);
    }

    /** @return the profiling pools */
    public static List<PoolProfiler> active() {
        return ACTIVE;
    }

    /** @return the pool profiler of a worker profiler */
    public static PoolProfiler poolOf(WorkerProfiler w) {
        return w.pool();
    }
}
