package dev.strand.cluster.plan;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.cost.CostRule.Decision;

/**
 * A job with its placement: the node it is sent to first (its home), its compute estimate (ns,
 * or null) and the cost rule's decision (pinned to home, or stealable).
 */
public record PlannedJob(BatchJob job, String home, Long estimateNanos, Decision decision) {}
