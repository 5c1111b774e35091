package dev.strand.cluster.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.cost.CostRule.Decision;
import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.cost.Link;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {

    private static final List<NodeInfo> THREE = List.of(new NodeInfo("a", 1), new NodeInfo("b", 1),
            new NodeInfo("c", 1));

    private static List<BatchJob> jobs(int n, int bytes) {
        List<BatchJob> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            jobs.add(new BatchJob(i, "k", new byte[bytes]));
        }
        return jobs;
    }

    @Test
    void placesContiguousBlocksOfEqualWork() {
        List<PlannedJob> plan = Planner.plan(jobs(9, 0), THREE, new DurationEstimator(), null, false);
        assertThat(plan).extracting(PlannedJob::home)
                .containsExactly("a", "a", "a", "b", "b", "b", "c", "c", "c");
        assertThat(plan).extracting(PlannedJob::decision).containsOnly(Decision.NOT_EVALUATED);
    }

    @Test
    void weighsNodesByTheirCores() {
        List<NodeInfo> nodes = List.of(new NodeInfo("big", 3), new NodeInfo("small", 1));
        List<PlannedJob> plan = Planner.plan(jobs(8, 0), nodes, new DurationEstimator(), null, false);
        assertThat(plan.stream().filter(p -> p.home().equals("big")).count()).isEqualTo(6);
    }

    @Test
    void pinsLargeInputsAndLetsSmallOnesBeStolen() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 10_000_000);                  // 10 ms a job
        List<BatchJob> jobs = new ArrayList<>(jobs(9, 1_000));
        jobs.set(4, new BatchJob(4, "k", new byte[10_000_000]));     // 10 MB
        Link link = new Link(100e6, 100_000);             // 100 MB/s: 100 ms for 10 MB
        List<PlannedJob> plan = Planner.plan(jobs, THREE, est, link, true);
        // Node b holds 30 ms: a small job costs 0.1 + 10 <= 30 - 5; the 10 MB one 100 + 10 > 25.
        assertThat(plan.get(4).decision()).isEqualTo(Decision.PINNED);
        assertThat(plan).filteredOn(p -> p.job().id() != 4).extracting(PlannedJob::decision)
                .containsOnly(Decision.STEALABLE);
    }

    @Test
    void withoutEstimatesEveryJobStaysStealable() {
        List<PlannedJob> plan = Planner.plan(jobs(3, 1 << 20), THREE, new DurationEstimator(),
                new Link(1, 0), true);
        assertThat(plan).extracting(PlannedJob::decision).containsOnly(Decision.STEALABLE_NO_ESTIMATE);
    }

    @Test
    void rejectsDuplicateIdsAndAnEmptyCluster() {
        List<BatchJob> dup = List.of(new BatchJob(1, "k", new byte[0]), new BatchJob(1, "k", new byte[0]));
        assertThatThrownBy(() -> Planner.plan(dup, THREE, new DurationEstimator(), null, false))
                .hasMessageContaining("job id 1 appears twice");
        assertThatThrownBy(() -> Planner.plan(jobs(1, 0), List.of(), new DurationEstimator(), null, false))
                .hasMessageContaining("no node");
    }
}
