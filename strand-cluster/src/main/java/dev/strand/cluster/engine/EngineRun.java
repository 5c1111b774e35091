package dev.strand.cluster.engine;

import dev.strand.cluster.stats.JobOutcome;
import java.util.Map;

/**
 * What an engine returns for a batch: one outcome per job id, when each reached the driver (ns
 * after the batch started), the results dropped as duplicates, and the batch's time.
 */
public record EngineRun(Map<Long, JobOutcome> outcomes, Map<Long, Long> arrivalNanos, int duplicates,
        long wallNanos) {}
