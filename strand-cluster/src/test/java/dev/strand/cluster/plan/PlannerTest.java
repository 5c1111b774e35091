package dev.strand.cluster.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.cost.CostRule.Decision;
import dev.strand.cluster.cost.DurationEstimator;
import dev.strand.cluster.cost.Link;
import java.time.Duration;
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
    void pinsNothingAtPlanningTheRuleDecidesAtStealTime() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 10_000_000);                  // 10 ms a job
        List<BatchJob> jobs = new ArrayList<>(jobs(9, 1_000));
        jobs.set(4, new BatchJob(4, "k", new byte[10_000_000]));     // 10 MB
        Link link = new Link(100e6, 100_000);             // 100 MB/s: 100 ms for 10 MB
        List<PlannedJob> plan = Planner.plan(jobs, THREE, est, link, true);
        // The 10 MB job would fail the rule against node b's 30 ms, but that is decided when a
        // node is idle, with the occupancies of then (Balancer): at planning every job stays
        // stealable.
        assertThat(plan).extracting(PlannedJob::decision).containsOnly(Decision.STEALABLE);
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

    @Test
    void shortJobsTravelInChunksOfBoundedSize() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 10_000);                      // 10 us a job: far below the 1 ms overhead
        List<PlannedJob> plan = Planner.plan(jobs(600, 16), THREE, est, null, false);
        List<Chunk> chunks = Planner.chunk(plan, THREE, null, false, Chunking.auto());
        // The cap: ceil(600 / (3 cores * 8 chunks per core)) = 25 jobs, so 8 chunks per node.
        assertThat(chunks).hasSize(24).allSatisfy(c -> assertThat(c.jobs()).hasSize(25));
        assertCovers(plan, chunks);
        assertThat(Planner.chunk(plan, THREE, null, false, Chunking.atMost(10))).hasSize(60);
    }

    @Test
    void longJobsAndJobsWithoutEstimateTravelAlone() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 20_000_000);                  // 20 ms a job: over the 10 ms target alone
        List<PlannedJob> plan = Planner.plan(jobs(48, 16), THREE, est, null, false);
        assertThat(Planner.chunk(plan, THREE, null, false, Chunking.auto())).hasSize(48);
        List<PlannedJob> cold = Planner.plan(jobs(48, 16), THREE, new DurationEstimator(), null, false);
        // No estimate: only the cap, ceil(48 / 24) = 2 jobs a chunk.
        assertThat(Planner.chunk(cold, THREE, null, false, Chunking.auto())).hasSize(24);
        // No overhead to amortize: no chunks.
        assertThat(Planner.chunk(cold, THREE, null, false, Chunking.auto().withOverhead(Duration.ZERO)))
                .hasSize(48);
    }

    @Test
    void aChunkHasOneHomeAndOneVerdictAndStaysWorthStealing() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 100_000);                     // 0.1 ms a job
        List<BatchJob> jobs = new ArrayList<>(jobs(300, 1_000));
        jobs.set(50, new BatchJob(50, "k", new byte[10_000_000]));           // 100 ms to move
        Link link = new Link(100e6, 100_000);
        List<PlannedJob> plan = Planner.plan(jobs, THREE, est, link, true);
        List<Chunk> chunks = Planner.chunk(plan, THREE, link, true, Chunking.auto());
        assertCovers(plan, chunks);
        for (Chunk c : chunks) {
            assertThat(c.jobs()).allSatisfy(p -> {
                assertThat(p.home()).isEqualTo(c.home());
                assertThat(p.decision().stealable()).isEqualTo(c.stealable());
            });
        }
        // The 10 MB job travels alone: no chunk with it passes the rule even at its best.
        assertThat(chunks.stream().filter(c -> c.jobs().stream().anyMatch(p -> p.job().id() == 50)).toList())
                .singleElement().satisfies(c -> assertThat(c.jobs()).hasSize(1));
        // Each node holds 100 jobs of 0.1 ms: 10 ms. A stealable chunk of k jobs passes the rule
        // while 0.1 ms latency + k (10 us transfer + 0.1 ms) <= 10 ms - k 0.05 ms: up to 61 jobs;
        // the cap (ceil(300/24) = 13) binds first here.
        assertThat(chunks).allSatisfy(c -> assertThat(c.jobs().size()).isLessThanOrEqualTo(13));
    }

    @Test
    void theChunkRuleClosesAChunkTheCostRuleWouldNotLetBeStolen() {
        DurationEstimator est = new DurationEstimator();
        est.observe("k", 1, 1_000_000);                   // 1 ms a job; 40 ms per node
        List<PlannedJob> plan = Planner.plan(jobs(120, 1_000_000), THREE, est, new Link(1e9, 0), true);
        // Alone, a job passes: 1 ms transfer + 1 ms <= 40 ms - 0.5 ms. A chunk of k jobs passes while
        // k + k <= 40 - k/2: at most 16 jobs. The chunking below caps at ceil(120 / 3) = 40 jobs and
        // 200 ms of compute: the rule binds.
        Chunking noCap = new Chunking(0, Duration.ofMillis(100), 0.5, 1, 1L << 40);
        List<Chunk> chunks = Planner.chunk(plan, THREE, new Link(1e9, 0), true, noCap);
        assertCovers(plan, chunks);
        assertThat(chunks).allSatisfy(c -> assertThat(c.jobs().size()).isLessThanOrEqualTo(16));
        assertThat(chunks).anySatisfy(c -> assertThat(c.jobs()).hasSize(16));
    }

    private static void assertCovers(List<PlannedJob> plan, List<Chunk> chunks) {
        List<PlannedJob> flat = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            assertThat(chunks.get(i).index()).isEqualTo(i);
            flat.addAll(chunks.get(i).jobs());
        }
        assertThat(flat).containsExactlyElementsOf(plan);
    }
}
