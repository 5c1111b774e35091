package dev.strand.cluster.engine;

import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.stats.JobOutcome;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What an engine needs from the driver to decide steals while a batch runs: the compute
 * estimates (read at each decision, so they follow the jobs that finish), whether a move must
 * pass the cost rule, and what to tell as each job's first outcome arrives (the driver updates
 * the estimates there).
 *
 * @param estimator compute estimates by kind, updated during the batch
 * @param costAware whether a steal must pass the cost rule (else any waiting chunk may move)
 * @param onOutcome called once per job with its first outcome, from any thread
 */
public record Scheduling(DurationEstimator estimator, boolean costAware, Consumer<JobOutcome> onOutcome) {

    /** Validates. */
    public Scheduling {
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(onOutcome, "onOutcome");
    }
}
