package dev.strand.sim.cluster;

import java.util.List;

/**
 * One simulated run of the two-level model.
 *
 * @param policy what idle nodes did
 * @param makespan when the last job finished, seconds
 * @param steals jobs moved between nodes
 * @param bytesMoved input bytes those steals moved
 * @param refusals steal requests that came back empty (nothing waiting, or the rule said no)
 * @param nodeFinish when each node finished its last job, seconds (0 for a node that ran none)
 * @param work the sum of the jobs' compute, core-seconds
 */
public record ClusterResult(InterNode policy, double makespan, int steals, long bytesMoved, int refusals,
        List<Double> nodeFinish, double work) {

    /** Copies. */
    public ClusterResult {
        nodeFinish = List.copyOf(nodeFinish);
    }

    /** @return the slowest node's finish over the mean finish of the nodes that ran a job */
    public double finishImbalance() {
        double sum = 0;
        int n = 0;
        double max = 0;
        for (double f : nodeFinish) {
            if (f > 0) {
                sum += f;
                n++;
                max = Math.max(max, f);
            }
        }
        return n == 0 ? 1.0 : max / (sum / n);
    }
}
