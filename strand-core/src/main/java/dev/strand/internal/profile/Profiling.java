package dev.strand.internal.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a region finds its profiler: a worker's own (bound to its thread when the worker starts),
 * or, on a thread outside every pool, each profiling pool's outside frame for that thread.
 */
public final class Profiling {
    private static final ThreadLocal<WorkerProfiler> WORKER = new ThreadLocal<>();
    private static final List<PoolProfiler> ACTIVE = new CopyOnWriteArrayList<>();
    /** Every profiler this JVM created, for {@code Profiler.reports()}; pools are few. */
    private static final List<PoolProfiler> ALL = new CopyOnWriteArrayList<>();

    /** System property: profile every pool and write each report into this directory. */
    public static final String PROPERTY = "strand.profile";
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static volatile boolean hookInstalled;

    private Profiling() { }

    /** @return the directory of {@code -Dstrand.profile}, or null if the property is not set */
    public static Path reportDir() {
        String p = System.getProperty(PROPERTY);
        if (p == null) {
            return null;
        }
        return Path.of(p.isBlank() ? "strand-profile" : p.trim());
    }

    /**
     * A profiler for a new pool, registered for regions opened outside the pool and, under
     * {@code -Dstrand.profile}, for the report written at the JVM's exit if the pool never closes.
     */
    public static PoolProfiler start(String poolName, int parallelism, boolean timeline) {
        PoolProfiler p = new PoolProfiler(poolName, parallelism, timeline);
        ACTIVE.add(p);
        ALL.add(p);
        if (reportDir() != null) {
            installExitHook();
        }
        return p;
    }

    /** The pool terminated: writes its report if {@code -Dstrand.profile} asked for one. */
    public static void finish(PoolProfiler p) {
        if (ACTIVE.remove(p)) {
            write(p);
        }
    }

    private static synchronized void installExitHook() {
        if (hookInstalled) {
            return;
        }
        hookInstalled = true;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (PoolProfiler p : ACTIVE) {
                finish(p);
            }
        }, "strand-profile-report"));
    }

    /**
     * System property: {@code false} keeps pools from writing their reports when they close (they
     * still profile, and {@code Profiler.reports()} returns the reports): for a caller that writes
     * them itself, such as {@code strand profile}, which times the program without the writing.
     */
    public static final String WRITE_PROPERTY = "strand.profile.write";

    private static void write(PoolProfiler p) {
        Path dir = reportDir();
        if (dir == null || "false".equals(System.getProperty(WRITE_PROPERTY))) {
            return;
        }
        String base = p.poolName().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + SEQ.incrementAndGet();
        // The logger is looked up here, not in a static field: finding it starts the JDK's logging
        // (java.util.logging's LogManager), which a pool that never writes a report should not pay for.
        System.Logger log = System.getLogger("dev.strand.profile");
        try {
            p.report().writeTo(dir, base);
            log.log(System.Logger.Level.INFO, "Strand profile of pool ''{0}'' written to {1}",
                    p.poolName(), dir.resolve(base + ".txt"));
        } catch (IOException | RuntimeException e) {
            log.log(System.Logger.Level.WARNING, "could not write the Strand profile of pool '"
                    + p.poolName() + "' to " + dir, e);
        }
    }

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

    /** @return every profiler created in this JVM, in order */
    public static List<PoolProfiler> all() {
        return ALL;
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
