package dev.strand.cluster.engine;

import dev.strand.cluster.stats.JobOutcome;
import java.util.Map;
import java.util.Set;

/**
 * What an engine returns for a batch: one outcome per job id, when each reached the driver (ns
 * after the batch started), the results dropped as duplicates, the batch's time, and the steal
 * decisions taken while it ran.
 *
 * @param stealsAccepted moves the balancer decided (requests sent to victims)
 * @param stealsDeclined candidate moves the cost rule refused (each time it was asked)
 * @param stealsRefused moves a victim refused because it had started the chunk
 * @param declinedChunks chunks the cost rule refused to move at least once
 */
public record EngineRun(Map<Long, JobOutcome> outcomes, Map<Long, Long> arrivalNanos, int duplicates,
        long wallNanos, int stealsAccepted, int stealsDeclined, int stealsRefused, Set<Integer> declinedChunks) {

    /** A run with no steal decisions (one node, or the local engine). */
    public EngineRun(Map<Long, JobOutcome> outcomes, Map<Long, Long> arrivalNanos, int duplicates, long wallNanos) {
        this(outcomes, arrivalNanos, duplicates, wallNanos, 0, 0, 0, Set.of());
    }
}
