package dev.strand.cluster.plan;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.cost.CostRule;
import dev.strand.cluster.cost.CostRule.Decision;
import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.cost.Link;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The global level of the two-level scheduler (Ray's global scheduler; here, a plan the driver
 * makes before Ignite sends anything): places the jobs on nodes, then runs the cost rule on each.
 *
 * <p>Placement: contiguous blocks of jobs, in submission order, of about equal declared work per
 * core. Contiguous because a cut recursion lists neighbouring subproblems next to each other, and
 * they tend to share data; by declared work because that is all that is known before anything
 * runs. When the declared work is wrong (the usual case: a skewed tree), the blocks are unequal in
 * real time and job stealing evens them out.
 */
public final class Planner {

    private Planner() {}

    /**
     * @param jobs the batch, ids unique
     * @param nodes where jobs can go, at least one
     * @param estimator compute estimates by kind
     * @param link the link a stolen job's input would cross, or null with {@code costAware} off
     * @param costAware whether to run the cost rule (else every job is stealable)
     * @return one planned job per job, in the same order
     */
    public static List<PlannedJob> plan(List<BatchJob> jobs, List<NodeInfo> nodes,
            DurationEstimator estimator, Link link, boolean costAware) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("no node to place jobs on");
        }
        if (costAware && link == null) {
            throw new IllegalArgumentException("the cost rule needs a link (bandwidth and latency)");
        }
        Set<Long> ids = new HashSet<>();
        for (BatchJob j : jobs) {
            if (!ids.add(j.id())) {
                throw new IllegalArgumentException("job id " + j.id() + " appears twice in the batch");
            }
        }
        String[] homes = homes(jobs, nodes);

        Long[] estimates = new Long[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            BatchJob j = jobs.get(i);
            estimates[i] = estimator.estimate(j.kind(), j.work());
        }
        List<PlannedJob> out = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            BatchJob j = jobs.get(i);
            // Every job stays stealable: the rule decides each move when a node is idle, with the
            // occupancies and estimates of that moment (Balancer). The decision recorded here
            // says only whether an estimate existed when the batch was planned.
            Decision d;
            if (!costAware || nodes.size() == 1) {
                d = Decision.NOT_EVALUATED;
            } else {
                d = estimates[i] == null ? Decision.STEALABLE_NO_ESTIMATE : Decision.STEALABLE;
            }
            out.add(new PlannedJob(j, homes[i], estimates[i], d));
        }
        return out;
    }

    /**
     * Groups a plan's jobs into chunks (see {@link Chunking}): neighbours with the same home and
     * the same verdict, a chunk closing when its estimated compute reaches the chunking's target,
     * when it holds the job cap, when its input reaches the byte cap, or (stealable, with the cost
     * rule on) when the rule would no longer let the whole chunk be stolen.
     *
     * @param plan the planned jobs, in plan order (homes in contiguous blocks)
     * @param nodes the nodes of the plan
     * @param link the link, or null with {@code costAware} off
     * @param costAware whether the cost rule was applied
     * @return the chunks, covering every job once, in plan order
     */
    public static List<Chunk> chunk(List<PlannedJob> plan, List<NodeInfo> nodes, Link link, boolean costAware,
            Chunking chunking) {
        int cores = 0;
        for (NodeInfo n : nodes) {
            cores += n.parallelism();
        }
        int cap = chunking.jobCap(plan.size(), cores);
        double target = chunking.targetComputeNanos();
        // The victim's side of the rule, as in plan(): everything placed on the home, per core.
        double[] occupancy = new double[nodes.size()];
        for (PlannedJob p : plan) {
            if (p.estimateNanos() != null) {
                int n = indexOf(nodes, p.home());
                occupancy[n] += (double) p.estimateNanos() / nodes.get(n).parallelism();
            }
        }
        boolean rule = costAware && link != null && nodes.size() > 1;
        List<Chunk> chunks = new ArrayList<>();
        List<PlannedJob> open = new ArrayList<>();
        double compute = 0;
        long bytes = 0;
        for (PlannedJob p : plan) {
            boolean stealable = p.decision().stealable();
            long b = p.job().input().length;
            double c = p.estimateNanos() == null ? 0 : (double) p.estimateNanos();
            if (!open.isEmpty()) {
                PlannedJob first = open.get(0);
                boolean close = !first.home().equals(p.home())
                        || first.decision().stealable() != stealable
                        || open.size() >= cap
                        || compute >= target
                        || bytes + b > chunking.maxChunkBytes()
                        || (rule && stealable && p.estimateNanos() != null && !CostRule.worthStealing(0,
                                occupancy[indexOf(nodes, p.home())], compute + c,
                                (double) link.transferNanos(bytes + b)));
                if (close) {
                    chunks.add(new Chunk(chunks.size(), first.home(), first.decision().stealable(), open));
                    open = new ArrayList<>();
                    compute = 0;
                    bytes = 0;
                }
            }
            open.add(p);
            compute += c;
            bytes += b;
        }
        if (!open.isEmpty()) {
            chunks.add(new Chunk(chunks.size(), open.get(0).home(), open.get(0).decision().stealable(), open));
        }
        return chunks;
    }

    /** Each job a chunk of its own. */
    public static List<Chunk> singletons(List<PlannedJob> plan) {
        List<Chunk> chunks = new ArrayList<>(plan.size());
        for (PlannedJob p : plan) {
            chunks.add(new Chunk(chunks.size(), p.home(), p.decision().stealable(), List.of(p)));
        }
        return chunks;
    }

    /** Contiguous blocks of about equal declared work per core. */
    static String[] homes(List<BatchJob> jobs, List<NodeInfo> nodes) {
        double total = 0;
        for (BatchJob j : jobs) {
            total += j.work();
        }
        int cores = 0;
        for (NodeInfo n : nodes) {
            cores += n.parallelism();
        }
        String[] homes = new String[jobs.size()];
        int node = 0;
        double filled = 0;
        double bound = total * nodes.get(0).parallelism() / cores;
        for (int i = 0; i < jobs.size(); i++) {
            double w = jobs.get(i).work();
            // Move on when this job would end closer to the next boundary than the current one.
            while (node < nodes.size() - 1 && filled + w / 2 > bound) {
                node++;
                bound += total * nodes.get(node).parallelism() / cores;
            }
            homes[i] = nodes.get(node).name();
            filled += w;
        }
        return homes;
    }

    private static int indexOf(List<NodeInfo> nodes, String name) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("no node " + name);
    }
}
