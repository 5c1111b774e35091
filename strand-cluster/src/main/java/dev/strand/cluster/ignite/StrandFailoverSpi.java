package dev.strand.cluster.ignite;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeJobContext;
import org.apache.ignite.spi.failover.FailoverContext;
import org.apache.ignite.spi.failover.jobstealing.JobStealingFailoverSpi;

/**
 * Ignite's {@link JobStealingFailoverSpi} (a stolen job goes to its thief, a failed one to a
 * load-balanced node), with one correction. That SPI counts a rejection whose thief it cannot
 * read as a failure of the node, and marks the node as one the job failed on; once every node of
 * the task's topology is so marked, or the count reaches the limit, it gives up and fails the
 * whole batch, although every one of those nodes is alive (a node that dies leaves the topology).
 * Seen on loopback with hundreds of small chunks and a few dozen steals. Here such a job is sent
 * to a load-balanced live node instead, with its marks cleared, at most {@link #MAX_RESCUES}
 * times per job, so that a job rejected everywhere for ever still fails in bounded time.
 */
final class StrandFailoverSpi extends JobStealingFailoverSpi {
    private static final Logger LOG = System.getLogger(StrandFailoverSpi.class.getName());

    /** JobStealingFailoverSpi's context attribute: the nodes the job failed on (not public there). */
    static final String FAILED_NODES_ATTR = "gg:failover:failednodelist";
    /** This SPI's context attribute: how many times the job was rescued. */
    static final String RESCUES_ATTR = "strand:failover:rescues";
    /** Rescues per job before its failure fails the batch. */
    static final int MAX_RESCUES = 8;

    @Override
    public ClusterNode failover(FailoverContext ctx, List<ClusterNode> top) {
        ClusterNode to = super.failover(ctx, top);
        if (to != null || top.isEmpty()) {
            return to;
        }
        ComputeJobContext job = ctx.getJobResult().getJobContext();
        Integer rescues = job.getAttribute(RESCUES_ATTR);
        int r = rescues == null ? 0 : rescues;
        if (r >= MAX_RESCUES) {
            return null;                          // rejected everywhere, again and again: fail
        }
        job.setAttribute(RESCUES_ATTR, r + 1);
        job.setAttribute(FAILED_NODES_ATTR, null);
        job.setAttribute(StrandJob.FAILOVER_ATTEMPTS_ATTR, 0);
        to = ctx.getBalancedNode(top);
        LOG.log(Level.DEBUG, "rescued job {0} (rejected on {1}) to {2}", ctx.getJobResult().getJob(),
                ctx.getJobResult().getNode().id(), to == null ? null : to.id());
        return to;
    }
}
