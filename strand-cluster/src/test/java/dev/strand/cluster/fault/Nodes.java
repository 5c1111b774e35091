package dev.strand.cluster.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.ignite.NodeActivity;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks shared by the fault tests. */
public final class Nodes {

    private Nodes() {}

    /**
     * Waits until no node runs a job or a chunk, at most {@code maxMillis}, and fails if one
     * still does.
     *
     * @return how long it took, ms
     */
    public static long awaitIdle(StrandCluster cluster, long maxMillis) throws InterruptedException {
        long t0 = System.nanoTime();
        Map<String, NodeActivity.Snapshot> a = cluster.nodeActivity();
        while (!idle(a) && System.nanoTime() - t0 < maxMillis * 1_000_000L) {
            Thread.sleep(20);
            a = cluster.nodeActivity();
        }
        assertThat(a.values()).as("every node: nothing left running").allSatisfy(s -> {
            assertThat(s.jobsRunning()).as("%s: jobs running", s.node()).isZero();
            assertThat(s.chunksRunning()).as("%s: chunks running", s.node()).isZero();
        });
        return (System.nanoTime() - t0) / 1_000_000L;
    }

    private static boolean idle(Map<String, NodeActivity.Snapshot> a) {
        return a.values().stream().allMatch(s -> s.jobsRunning() == 0 && s.chunksRunning() == 0);
    }

    /** @return jobs started on every node so far, summed */
    static long started(StrandCluster cluster) {
        return cluster.nodeActivity().values().stream().mapToLong(NodeActivity.Snapshot::jobsStarted).sum();
    }

    /** Every job has exactly one output, the right one, and one record per job run. */
    static void exactlyOnce(BatchResult r, List<BatchJob> jobs) {
        assertThat(r.ids()).hasSize(jobs.size());
        eachOutputOnce(r, jobs);
        assertThat(r.stats().jobs()).as("one record per job run").hasSize(jobs.size() - r.reused());
    }

    /** Every job of {@link SleepyWork} has exactly one output, the right one. */
    public static void eachOutputOnce(BatchResult r, List<BatchJob> jobs) {
        Set<Long> seen = new HashSet<>();
        for (long id : r.ids()) {
            assertThat(seen.add(id)).as("job %d once", id).isTrue();
            assertThat(r.output(id)).as("job %d output", id).isEqualTo(SleepyWork.output(id));
        }
        assertThat(seen).hasSize(jobs.size());
    }
}
