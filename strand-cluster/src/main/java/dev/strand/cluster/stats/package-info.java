/**
 * Per-job and per-node statistics of a batch, built from records the jobs write themselves.
 *
 * <p>A job records the node it was placed on, the node that ran it, Ignite's stealing and
 * failover counts from its job context, and its compute time; the driver adds when its result
 * arrived. A job is stolen when it ran away from home with a stealing count above zero; the bytes
 * moved are the inputs of stolen jobs (Ignite resends a stolen job from the driver to the thief,
 * so a steal moves its input once more). A node's finish is its last result's arrival at the
 * driver: one clock for every node.
 *
 * <p>Rejected: Ignite's own counters ({@code JobStealingCollisionSpi.getTotalStolenJobsNumber}):
 * they count rejections on the victim, per process, since start, and cannot say which job went
 * where.
 */
package dev.strand.cluster.stats;
