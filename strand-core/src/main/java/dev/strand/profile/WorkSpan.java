package dev.strand.profile;

import java.util.Objects;

/**
 * Work and span of a profiled computation or region, in nanoseconds.
 *
 * <p>Work T<sub>1</sub> is the time its strands ran, summed over workers: its running time on one
 * worker, less the scheduler's costs. Span T<sub>∞</sub> is the longest path through its DAG: its
 * running time on unboundedly many workers. Parallelism T<sub>1</sub>/T<sub>∞</sub> is the most
 * speedup it can get. The burdened span adds, for every spawn on a path, the cost of migrating the
 * spawned work to another worker ({@link ProfileReport#burdenNanos()}); burdened parallelism is
 * the speedup to expect when the grain is too fine for that cost to hide (Cilkview: He,
 * Leiserson and Leiserson, SPAA 2010).
 *
 * <p>The profiler subtracts its own measured cost per event from the work and the spans (see
 * {@link ProfileReport#eventCostNanos()}); {@code subtractedNanos} says how much it took off the
 * work.
 *
 * <p>A read-only value: only the profiler makes one, so that later versions can add figures
 * without breaking code that reads these. Two are equal when all their figures are.
 */
public final class WorkSpan {
    private final String name;
    private final long count;
    private final long workNanos;
    private final long spanNanos;
    private final long burdenedSpanNanos;
    private final long wallNanos;
    private final long subtractedNanos;

    WorkSpan(String name, long count, long workNanos, long spanNanos, long burdenedSpanNanos,
                     long wallNanos, long subtractedNanos) {
        this.name = Objects.requireNonNull(name, "name must not be null");
        this.count = count;
        this.workNanos = workNanos;
        this.spanNanos = spanNanos;
        this.burdenedSpanNanos = burdenedSpanNanos;
        this.wallNanos = wallNanos;
        this.subtractedNanos = subtractedNanos;
    }

    /** @return the region's name ({@code "(all)"} for the whole pool) */
    public String name() {
        return name;
    }

    /** @return how many times the region ran (its figures are the sums) */
    public long count() {
        return count;
    }

    /** @return work T1, in nanoseconds */
    public long workNanos() {
        return workNanos;
    }

    /** @return span T-infinity, in nanoseconds */
    public long spanNanos() {
        return spanNanos;
    }

    /** @return the burdened span, in nanoseconds */
    public long burdenedSpanNanos() {
        return burdenedSpanNanos;
    }

    /** @return the measured running time T_P (wall clock), summed over its runs, in nanoseconds */
    public long wallNanos() {
        return wallNanos;
    }

    /** @return the profiler's own cost taken off the work (0 if none was), in nanoseconds */
    public long subtractedNanos() {
        return subtractedNanos;
    }

    /** @return T1 / T-infinity, or 0 if nothing ran */
    public double parallelism() {
        return spanNanos == 0 ? 0.0 : (double) workNanos / spanNanos;
    }

    /** @return T1 / burdened span, or 0 if nothing ran */
    public double burdenedParallelism() {
        return burdenedSpanNanos == 0 ? 0.0 : (double) workNanos / burdenedSpanNanos;
    }

    /**
     * The greedy-scheduling bound on P workers, T1/P + T-infinity (Graham 1969, Brent 1974):
     * randomized work stealing runs in expected time T1/P + O(T-infinity) (Blumofe and Leiserson,
     * JACM 1999).
     *
     * @param workers P, at least 1
     * @return the bound, in nanoseconds
     */
    public double boundNanos(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        return (double) workNanos / workers + spanNanos;
    }

    /** @return the largest of the work law (T1/P) and the span law (T-infinity): no run on P workers is faster */
    public double lowerBoundNanos(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        return Math.max((double) workNanos / workers, (double) spanNanos);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WorkSpan o && name.equals(o.name) && count == o.count
                && workNanos == o.workNanos && spanNanos == o.spanNanos
                && burdenedSpanNanos == o.burdenedSpanNanos && wallNanos == o.wallNanos
                && subtractedNanos == o.subtractedNanos;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, count, workNanos, spanNanos, burdenedSpanNanos, wallNanos,
                subtractedNanos);
    }

    /** @return the figures, named (as a record prints them) */
    @Override
    public String toString() {
        return "WorkSpan[name=" + name + ", count=" + count + ", workNanos=" + workNanos
                + ", spanNanos=" + spanNanos + ", burdenedSpanNanos=" + burdenedSpanNanos
                + ", wallNanos=" + wallNanos + ", subtractedNanos=" + subtractedNanos + "]";
    }
}
