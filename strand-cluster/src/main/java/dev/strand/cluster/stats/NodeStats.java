package dev.strand.cluster.stats;

/**
 * One node's part of a batch.
 *
 * @param node the node's name
 * @param placed jobs placed on it
 * @param run jobs it ran
 * @param stolenIn jobs it stole (ran, placed elsewhere)
 * @param stolenOut jobs placed on it that another node stole
 * @param failedOverIn jobs it ran after their node failed
 * @param pinned jobs placed on it that the cost rule kept there
 * @param bytesIn input bytes of the jobs it stole: what stealing moved to it
 * @param busyNanos the sum of its jobs' compute times
 * @param finishNanos when its last result reached the driver, ns after the batch started
 */
public record NodeStats(String node, int placed, int run, int stolenIn, int stolenOut, int failedOverIn,
        int pinned, long bytesIn, long busyNanos, long finishNanos) {}
