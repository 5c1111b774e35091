package dev.strand.cluster.cost;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Compute-time estimates learned from finished jobs: per job kind, an exponentially weighted mean
 * of nanoseconds per unit of declared work. A job's estimate is its declared work times its
 * kind's mean, so that jobs of one kind but of different sizes (a subproblem of depth 3 and one of
 * depth 5) get different estimates from the same record.
 *
 * <p>Dask keeps the same kind of record per task prefix ({@code TaskPrefix.duration_average},
 * updated as {@code 0.5 * old + 0.5 * new}); the default weight here is the same 0.5. Dask
 * observes each task; {@code StrandCluster} observes each batch once per kind, with the batch's
 * total compute over its total work, so that one job slowed by a pause does not own the estimate.
 * Thread-safe.
 */
public final class DurationEstimator {

    private final double alpha;
    private final ConcurrentMap<String, Double> nanosPerWork = new ConcurrentHashMap<>();

    /** With Dask's weight, 0.5. */
    public DurationEstimator() {
        this(0.5);
    }

    /** @param alpha the weight of a new observation, in (0, 1] */
    public DurationEstimator(double alpha) {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
        }
        this.alpha = alpha;
    }

    /** Records that a job of {@code kind} with {@code work} units ran for {@code nanos}. */
    public void observe(String kind, double work, long nanos) {
        Objects.requireNonNull(kind, "kind");
        if (!(work > 0) || Double.isInfinite(work)) {
            throw new IllegalArgumentException("work must be a positive finite number, got " + work);
        }
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must be >= 0, got " + nanos);
        }
        double per = nanos / work;
        nanosPerWork.merge(kind, per, (old, x) -> (1 - alpha) * old + alpha * x);
    }

    /** @return the estimated compute time of a job of {@code kind} and {@code work}, or null if none ran yet */
    public Long estimate(String kind, double work) {
        Double per = nanosPerWork.get(Objects.requireNonNull(kind, "kind"));
        return per == null ? null : Math.round(per * work);
    }

    /** @return the current mean nanoseconds per work unit of {@code kind}, or null */
    public Double nanosPerWork(String kind) {
        return nanosPerWork.get(kind);
    }
}
