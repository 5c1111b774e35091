package dev.strand.cluster.ignite;

import dev.strand.cluster.JobFunction;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobOutcome;
import java.io.Serial;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.compute.ComputeJobResult;
import org.apache.ignite.compute.ComputeJobResultPolicy;
import org.apache.ignite.compute.ComputeTaskAdapter;
import org.apache.ignite.compute.ComputeTaskNoResultCache;

/**
 * A batch as one Ignite task, run on the driver: {@link #map} sends each chunk of planned jobs to
 * its home node as one Ignite job (a {@link PinnedJob} if the cost rule pinned it),
 * {@link #result} keeps the first outcome per job id as results arrive, and lets Ignite fail over
 * the rest: a chunk a busy node rejected for a thief, and the chunks of a node that left.
 *
 * <p>No result cache ({@link ComputeTaskNoResultCache}): by default Ignite keeps every job's
 * result in the task session, and then every job request carries the serialized list of all the
 * task's job siblings and every response rebuilds the list of results received so far
 * ({@code GridTaskWorker.sendRequest}, {@code getRemoteResults}), which makes a batch of n jobs
 * cost O(n^2) on the driver. The task keeps its own outcomes, by job id, and needs neither.
 *
 * <p>Idempotence: a job can run twice (its node died after it ran but before its result
 * arrived, and it was failed over); outcomes are keyed by job id and only the first is kept, the
 * others counted as duplicates. Ignite gives each job one result or one failover, so a job is
 * never lost while a node is left to run it; {@code IgniteEngine} checks that every id has an
 * outcome.
 */
@ComputeTaskNoResultCache
final class BatchTask extends ComputeTaskAdapter<Object, Void> {

    @Serial
    private static final long serialVersionUID = 1L;

    private static final Logger LOG = System.getLogger(BatchTask.class.getName());

    private final transient JobFunction fn;
    private final transient List<Chunk> plan;
    private final transient long startNanos;
    private final transient ConcurrentMap<Long, JobOutcome> outcomes = new ConcurrentHashMap<>();
    private final transient ConcurrentMap<Long, Long> arrivals = new ConcurrentHashMap<>();
    private final transient AtomicInteger duplicates = new AtomicInteger();
    private final transient Runnable onJobDone;

    BatchTask(JobFunction fn, List<Chunk> plan, long startNanos, Runnable onJobDone) {
        this.fn = fn;
        this.onJobDone = onJobDone;
        this.plan = plan;
        this.startNanos = startNanos;
    }

    @Override
    public Map<? extends ComputeJob, ClusterNode> map(List<ClusterNode> subgrid, Object arg) {
        Map<String, ClusterNode> byName = new HashMap<>();
        for (ClusterNode n : subgrid) {
            String name = n.attribute(IgniteConfigs.NODE_ATTR);
            if (name != null) {
                byName.put(name, n);
            }
        }
        if (byName.isEmpty()) {
            throw new IgniteException("no Strand server node in the task's topology");
        }
        Map<ComputeJob, ClusterNode> jobs = new HashMap<>();
        for (Chunk c : plan) {
            ClusterNode node = byName.get(c.home());
            if (node == null) {
                // The home left between planning and mapping: any live node will do.
                node = byName.values().iterator().next();
                LOG.log(Level.WARNING, "node {0} left before chunk {1} was sent; sending it to {2}",
                        c.home(), c.index(), node.attribute(IgniteConfigs.NODE_ATTR));
            }
            List<StrandJob.Item> items = new ArrayList<>(c.jobs().size());
            for (PlannedJob p : c.jobs()) {
                items.add(new StrandJob.Item(p.job().id(), p.job().kind(), p.job().input()));
            }
            StrandJob job = c.stealable()
                    ? new StrandJob(c.index(), c.home(), fn, items)
                    : new PinnedJob(c.index(), c.home(), fn, items);
            jobs.put(job, node);
        }
        return jobs;
    }

    @Override
    public ComputeJobResultPolicy result(ComputeJobResult res, List<ComputeJobResult> received) {
        if (res.getException() != null) {
            // Rejected for a thief, or its node left: FAILOVER; anything else fails the task.
            return super.result(res, received);
        }
        List<JobOutcome> chunk = res.getData();
        long at = System.nanoTime() - startNanos;
        for (JobOutcome o : chunk) {
            if (outcomes.putIfAbsent(o.id(), o) == null) {
                arrivals.put(o.id(), at);
                onJobDone.run();
            } else {
                duplicates.incrementAndGet();
                LOG.log(Level.DEBUG, "dropped a second result for job {0}", o.id());
            }
        }
        return ComputeJobResultPolicy.WAIT;
    }

    @Override
    public Void reduce(List<ComputeJobResult> results) {
        return null;
    }

    Map<Long, JobOutcome> outcomes() {
        return outcomes;
    }

    Map<Long, Long> arrivals() {
        return arrivals;
    }

    int duplicates() {
        return duplicates.get();
    }
}
