package dev.strand.sim.cluster;

/** What an idle node does about the waiting jobs of other nodes. */
public enum InterNode {
    /** Nothing: each node runs the jobs placed on it (the reference). */
    NONE,
    /** Steals the last waiting job of the most loaded node, whatever its input costs to move. */
    PLAIN,
    /**
     * Steals the last waiting job of the most loaded node for which {@link DaskRule} holds; none
     * if no job passes (and asks again later).
     */
    COST_AWARE,
    /**
     * Steals, of the most loaded node's waiting jobs that would finish sooner on the thief (the
     * thief's occupancy plus the transfer less than the compute queued ahead of the job on the
     * victim, running jobs' remaining time included, per core), the one of least transfer over
     * compute (the newest among equals); none if no job passes. strand-cluster's steal-time rule.
     */
    FINISH_SOONER
}
