package dev.strand.cluster.plan;

import java.util.List;

/**
 * Jobs that travel as one Ignite job: neighbours in the plan, with one home node and one cost-rule
 * verdict (all stealable or all pinned).
 *
 * @param index the chunk's position in the batch, from 0
 * @param home the node it is sent to
 * @param stealable whether other nodes may steal it
 * @param jobs its jobs, in plan order, at least one
 */
public record Chunk(int index, String home, boolean stealable, List<PlannedJob> jobs) {

    /** Validates and copies. */
    public Chunk {
        jobs = List.copyOf(jobs);
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("chunk " + index + " has no job");
        }
    }

    /** @return the input bytes of its jobs */
    public long inputBytes() {
        long b = 0;
        for (PlannedJob p : jobs) {
            b += p.job().input().length;
        }
        return b;
    }
}
