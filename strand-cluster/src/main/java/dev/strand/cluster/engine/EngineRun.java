package dev.strand.cluster.engine;

import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobOutcome;
import java.util.List;
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
 * @param spawned the jobs made for parts that running jobs gave away (their outcomes are in
 *     {@code outcomes} too), placed where they were sent
 * @param parts each parent job's parts' ids, in the order it offered them
 * @param shedRequests requests sent to running jobs to give work away
 */
public record EngineRun(Map<Long, JobOutcome> outcomes, Map<Long, Long> arrivalNanos, int duplicates,
        long wallNanos, int stealsAccepted, int stealsDeclined, int stealsRefused, Set<Integer> declinedChunks,
        List<PlannedJob> spawned, Map<Long, List<Long>> parts, int shedRequests) {

    /** A run with no steal decisions (one node, or the local engine). */
    public EngineRun(Map<Long, JobOutcome> outcomes, Map<Long, Long> arrivalNanos, int duplicates, long wallNanos) {
        this(outcomes, arrivalNanos, duplicates, wallNanos, 0, 0, 0, Set.of(), List.of(), Map.of(), 0);
    }
}
