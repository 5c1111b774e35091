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
 * observes each task, and so does {@code StrandCluster}: every job's measured compute updates its
 * kind's mean as its result arrives, so that the first batch of a kind starts from the prior and
 * its later steal decisions use what its first jobs measured. Thread-safe.
 */
public final class DurationEstimator {

    /**
     * The prior for a kind that has not run yet, ns per unit of work: Dask's
     * {@code distributed.scheduler.unknown-task-duration}, 500 ms.
     */
    public static final double DEFAULT_PRIOR_NANOS_PER_WORK = 500e6;

    private final double alpha;
    private final double priorNanosPerWork;
    private final ConcurrentMap<String, Double> nanosPerWork = new ConcurrentHashMap<>();

    /** With Dask's weight, 0.5, and Dask's prior, 500 ms per unit of work. */
    public DurationEstimator() {
        this(0.5);
    }

    /** @param alpha the weight of a new observation, in (0, 1] */
    public DurationEstimator(double alpha) {
        this(alpha, DEFAULT_PRIOR_NANOS_PER_WORK);
    }

    /**
     * @param alpha the weight of a new observation, in (0, 1]
     * @param priorNanosPerWork what {@link #estimateOrPrior} assumes for a kind with no finished
     *     job, ns per unit of work, {@code >= 0}
     */
    public DurationEstimator(double alpha, double priorNanosPerWork) {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
        }
        if (!(priorNanosPerWork >= 0) || Double.isInfinite(priorNanosPerWork)) {
            throw new IllegalArgumentException("prior must be a finite number >= 0, got " + priorNanosPerWork);
        }
        this.alpha = alpha;
        this.priorNanosPerWork = priorNanosPerWork;
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

    /**
     * @return the estimated compute time of a job of {@code kind} and {@code work}, ns: from the
     *     kind's record, or from the prior while no job of the kind has finished
     */
    public double estimateOrPrior(String kind, double work) {
        Double per = nanosPerWork.get(Objects.requireNonNull(kind, "kind"));
        return (per == null ? priorNanosPerWork : per) * work;
    }

    /** @return the current mean nanoseconds per work unit of {@code kind}, or null */
    public Double nanosPerWork(String kind) {
        return nanosPerWork.get(kind);
    }
}
