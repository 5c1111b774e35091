package dev.strand.sim.cluster;

import java.util.ArrayList;
import java.util.List;

/** Workloads for the two-level model. */
public final class Workloads {

    private Workloads() {}

    /**
     * A skewed batch placed as strand-cluster places one whose declared work hides the skew: job
     * {@code i} of {@code n} computes {@code base * (1 + skew * (i/n)^2)}, the jobs in contiguous
     * blocks of equal count per node (so the last node holds several times the first's work), and
     * every {@code largeEvery}-th job carries {@code largeBytes}, the others {@code smallBytes}.
     *
     * @param nodes nodes of the model
     * @param jobsPerNode jobs per node, {@code >= 1}
     * @param baseSeconds the first job's compute
     * @param skew the last job computes about {@code 1 + skew} times the first
     * @param largeEvery every how many jobs one is large ({@code 0}: none)
     * @param largeBytes a large job's input
     * @param smallBytes the other jobs' input
     */
    public static List<SimJob> skewed(int nodes, int jobsPerNode, double baseSeconds, double skew, int largeEvery,
            long largeBytes, long smallBytes) {
        if (nodes < 1 || jobsPerNode < 1 || !(baseSeconds > 0) || skew < 0 || largeEvery < 0 || largeBytes < 0
                || smallBytes < 0) {
            throw new IllegalArgumentException("bad skewed workload: nodes=" + nodes + " jobsPerNode=" + jobsPerNode
                    + " base=" + baseSeconds + " skew=" + skew + " largeEvery=" + largeEvery);
        }
        int n = nodes * jobsPerNode;
        List<SimJob> jobs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double x = (double) i / n;
            boolean large = largeEvery > 0 && i % largeEvery == largeEvery - 1;
            jobs.add(new SimJob(i, i / jobsPerNode, baseSeconds * (1 + skew * x * x),
                    large ? largeBytes : smallBytes));
        }
        return jobs;
    }
}
