package dev.strand.cluster.stats;

import dev.strand.cluster.cost.CostRule.Decision;

/**
 * One finished job as the driver saw it.
 *
 * @param id the job's id
 * @param kind its kind
 * @param home the node it was placed on
 * @param ranOn the node that ran it
 * @param decision the cost rule's decision
 * @param stolen whether it ran on another node than its home by way of job stealing
 * @param failedOver whether it was re-sent after a node failed
 * @param inputBytes its input size
 * @param computeNanos how long its function ran
 * @param arrivalNanos when its result reached the driver, ns after the batch started
 * @param chunk the chunk it travelled in (its Ignite job)
 */
public record JobRecord(long id, String kind, String home, String ranOn, Decision decision,
        boolean stolen, boolean failedOver, int inputBytes, long computeNanos, long arrivalNanos, int chunk) {}
