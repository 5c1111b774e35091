package dev.strand.cluster;

import dev.strand.cluster.stats.RunStats;

/**
 * The result of {@link StrandCluster#compute}, with the statistics of the batch its cut ran as.
 *
 * @param value the recursion's result
 * @param jobs how many jobs the cut made
 * @param stats the batch's statistics
 * @param <R> the result type
 */
public record Computed<R>(R value, int jobs, RunStats stats) {}
