package dev.strand.profile;

import dev.strand.internal.jfr.JfrGate;
import dev.strand.internal.jfr.StrandEvents;
import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.profile.Profiling;
import dev.strand.internal.profile.WorkerProfiler;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Named regions for the work/span profiler. A region measures the work, span and wall time of the
 * code it wraps; regions nest, and a region run many times adds up under its name. Without a
 * profiling pool a region just runs its body (one thread-local read).
 *
 * <pre>{@code
 * int[] sorted = Profiler.region("sort", () -> pool.invoke(() -> sort(a)));
 * }</pre>
 *
 * <p>Inside a task, a region measures the task's own path: work and span of everything the task
 * runs or joins between the region's start and end (a task forked inside and joined after the
 * region is not counted in it). Outside the pool (around {@code invoke}), it measures the
 * computations the calling thread submitted and waited for.
 *
 * <p>Turn profiling on with {@code StrandPool.builder().profile(true)}, or for every pool of an
 * unmodified program with {@code -Dstrand.profile=DIR} (each pool writes its report into DIR when
 * it closes or the JVM exits). See {@link ProfileReport} for what is measured and how.
 *
 * <p>Each region is also a Flight Recorder event, {@code dev.strand.Region} (disabled unless a
 * recording enables it), with its work and span when a pool profiles it (0 otherwise).
 */
public final class Profiler {
    private Profiler() { }

    /**
     * The reports of every pool that profiled in this JVM so far, in the order the pools were
     * created: how a tool that runs a program in-process (as {@code strand profile} does) reads
     * the profiles of pools it did not create.
     *
     * @return one report per profiling pool (snapshots for pools still running)
     */
    public static List<ProfileReport> reports() {
        List<ProfileReport> out = new java.util.ArrayList<>();
        for (PoolProfiler p : Profiling.all()) {
            out.add(p.report());
        }
        return out;
    }

    /**
     * Runs {@code body} as region {@code name} and returns its result.
     *
     * @param name the region's name (rows with the same name add up)
     * @param body the code to measure
     * @param <T>  the result type
     * @return what {@code body} returned
     * @throws NullPointerException if {@code name} or {@code body} is null
     */
    public static <T> T region(String name, Supplier<? extends T> body) {
        Objects.requireNonNull(name, "region name must not be null");
        Objects.requireNonNull(body, "region body must not be null");
        long[] figures = new long[2];             // work and span, for the event
        if (!JfrGate.recorderUp()) {
            return measure(name, body, figures);
        }
        Object event = StrandEvents.regionBegin();
        try {
            return measure(name, body, figures);
        } finally {
            StrandEvents.regionEnd(event, name, figures[0], figures[1]);
        }
    }

    private static <T> T measure(String name, Supplier<? extends T> body, long[] figures) {
        WorkerProfiler w = Profiling.worker();
        if (w != null && w.inFrame()) {
            long[] start = w.mark();
            try {
                return body.get();
            } finally {
                long[] end = w.mark();
                Profiling.poolOf(w).addRegion(name, start, end);
                figures[0] = end[0] - start[0];
                figures[1] = end[1] - start[1];
            }
        }
        List<PoolProfiler> pools = Profiling.active();
        if (w != null || pools.isEmpty()) {
            return body.get();
        }
        PoolProfiler[] ps = pools.toArray(new PoolProfiler[0]);
        long[][] starts = new long[ps.length][];
        for (int i = 0; i < ps.length; i++) {
            starts[i] = ps[i].markOutside();
        }
        try {
            return body.get();
        } finally {
            for (int i = 0; i < ps.length; i++) {
                long[] end = ps[i].markOutside();
                ps[i].addOutsideRegion(name, starts[i], end);
                figures[0] += end[0] - starts[i][0];
                figures[1] = Math.max(figures[1], end[1] - starts[i][1]);
            }
        }
    }

    /**
     * Runs {@code body} as region {@code name}.
     *
     * @param name the region's name
     * @param body the code to measure
     * @throws NullPointerException if {@code name} or {@code body} is null
     */
    public static void region(String name, Runnable body) {
        Objects.requireNonNull(body, "region body must not be null");
        region(name, () -> {
            body.run();
            return null;
        });
    }
}
