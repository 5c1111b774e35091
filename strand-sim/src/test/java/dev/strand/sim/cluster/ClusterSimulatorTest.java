package dev.strand.sim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSimulatorTest {

    private static final ClusterModel FREE = ClusterModel.of(8, 4, Network.free());

    /** 8 x 32 jobs of 50 ms growing to 550 ms; every 4th carries {@code large} bytes, the rest 10 kB. */
    private static List<SimJob> skewed(long large) {
        return Workloads.skewed(8, 32, 0.050, 10, 4, large, 10_000);
    }

    @Test
    void balancedWorkGivesTheSameMakespanUnderEveryPolicy() {
        List<SimJob> even = Workloads.skewed(8, 32, 0.050, 0, 0, 0, 1_000_000);
        ClusterResult none = ClusterSimulator.run(FREE, even, InterNode.NONE);
        for (InterNode p : InterNode.values()) {
            ClusterResult r = ClusterSimulator.run(FREE, even, p);
            assertThat(r.makespan()).as(p.name()).isEqualTo(none.makespan());
            assertThat(r.steals()).as(p.name()).isZero();
        }
        assertThat(none.makespan()).isCloseTo(8 * 0.050, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void onAFreeNetworkBothStealAndPlainIsAheadByTheHysteresis() {
        List<SimJob> jobs = skewed(100_000_000);
        ClusterResult none = ClusterSimulator.run(FREE, jobs, InterNode.NONE);
        ClusterResult plain = ClusterSimulator.run(FREE, jobs, InterNode.PLAIN);
        ClusterResult cost = ClusterSimulator.run(FREE, jobs, InterNode.COST_AWARE);
        assertThat(plain.steals()).isPositive();
        assertThat(cost.steals()).isPositive();
        assertThat(plain.makespan()).isLessThan(0.6 * none.makespan());
        assertThat(cost.makespan()).isLessThan(0.65 * none.makespan());
        // Dask's rule credits the victim only half the job: it refuses steals near the end that
        // would still shorten the run. With free transfers that is all it does.
        assertThat(cost.makespan()).isGreaterThanOrEqualTo(plain.makespan()).isLessThan(1.25 * plain.makespan());
    }

    @Test
    void onAVerySlowLinkFinishSoonerMovesSmallInputsAndWins() {
        ClusterModel slow = ClusterModel.of(8, 4, Network.ofMegabits(10, 200));     // 100 MB: 80 s
        List<SimJob> jobs = skewed(100_000_000);
        ClusterResult plain = ClusterSimulator.run(slow, jobs, InterNode.PLAIN);
        ClusterResult rule = ClusterSimulator.run(slow, jobs, InterNode.FINISH_SOONER);
        assertThat(rule.steals()).isPositive();
        assertThat(rule.bytesMoved()).isEqualTo(rule.steals() * 10_000L);
        assertThat(rule.makespan()).isLessThan(plain.makespan() / 10);
    }

    @Test
    void aSmallInputStolenAfterALargeOneDoesNotWaitForItsTransfer() {
        // One victim with two waiting jobs behind a long one, two idle nodes: plain gives the
        // first thief the newest (8 MB: 6.4 s at 10 Mbit/s) and the second the small one, which
        // must arrive after the latency and its own bytes, not after the 8 MB.
        ClusterModel m = ClusterModel.of(3, 1, Network.ofMegabits(10, 5_000));
        List<SimJob> jobs = List.of(new SimJob(0, 0, 10.0, 1_000), new SimJob(1, 0, 2.0, 1_000),
                new SimJob(2, 0, 1.0, 8_000_000));
        ClusterResult plain = ClusterSimulator.run(m, jobs, InterNode.PLAIN);
        assertThat(plain.steals()).isEqualTo(2);
        // Job 1 on a thief: asked at 0, answered after the latency, arrives after another
        // latency and 0.8 ms of bytes, computes 2 s; nowhere near 6.4 s.
        double job1Ends = 2 * 0.005 + 1_000 * 8 / 10e6 + 2.0;
        assertThat(plain.nodeFinish()).anySatisfy(t -> assertThat(t).isCloseTo(job1Ends,
                org.assertj.core.data.Offset.offset(1e-6)));
        assertThat(plain.makespan()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void onAFreeNetworkFinishSoonerBalancesAsWellAsPlain() {
        List<SimJob> jobs = skewed(100_000_000);
        ClusterResult plain = ClusterSimulator.run(FREE, jobs, InterNode.PLAIN);
        ClusterResult rule = ClusterSimulator.run(FREE, jobs, InterNode.FINISH_SOONER);
        assertThat(rule.makespan()).isLessThanOrEqualTo(1.05 * plain.makespan());
    }

    @Test
    void onAVerySlowLinkCostAwareNeverMovesALargeInputAndWins() {
        ClusterModel slow = ClusterModel.of(8, 4, Network.ofMegabits(10, 200));     // 100 MB: 80 s
        List<SimJob> jobs = skewed(100_000_000);
        ClusterResult none = ClusterSimulator.run(slow, jobs, InterNode.NONE);
        ClusterResult plain = ClusterSimulator.run(slow, jobs, InterNode.PLAIN);
        ClusterResult cost = ClusterSimulator.run(slow, jobs, InterNode.COST_AWARE);
        assertThat(cost.bytesMoved()).isEqualTo(cost.steals() * 10_000L);         // small inputs only
        assertThat(plain.bytesMoved()).isGreaterThanOrEqualTo(100_000_000L);
        assertThat(cost.makespan()).isLessThan(plain.makespan() / 10).isLessThan(none.makespan());
    }

    @Test
    void respectsTheWorkAndSpanLawsAndIsDeterministic() {
        ClusterModel m = ClusterModel.of(3, 2, Network.ofMegabits(100, 500));
        List<SimJob> jobs = Workloads.skewed(3, 10, 0.010, 8, 3, 5_000_000, 1_000);
        double longest = jobs.stream().mapToDouble(SimJob::computeSeconds).max().orElseThrow();
        for (InterNode p : InterNode.values()) {
            ClusterResult r = ClusterSimulator.run(m, jobs, p);
            assertThat(r.makespan()).isGreaterThanOrEqualTo(r.work() / 6 - 1e-12).isGreaterThanOrEqualTo(longest);
            assertThat(ClusterSimulator.run(m, jobs, p)).isEqualTo(r);
            assertThat(r.finishImbalance()).isGreaterThanOrEqualTo(1.0);
        }
    }

    @Test
    void transferIsLatencyPlusBytesOverBandwidth() {
        Network n = Network.ofMegabits(8, 1000);               // 1 MB/s, 1 ms
        assertThat(n.transferSeconds(2_000_000)).isCloseTo(2.001, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Network.free().transferSeconds(1L << 40)).isZero();
        assertThat(DaskRule.worthStealing(0, 3, 2, 0)).isTrue();          // 2 <= 3 - 1
        assertThat(DaskRule.worthStealing(0, 2.9, 2, 0)).isFalse();
    }

    @Test
    void badInputGetsAOneLineException() {
        assertThatThrownBy(() -> ClusterSimulator.run(FREE, List.of(new SimJob(0, 9, 1, 0)), InterNode.PLAIN))
                .hasMessageContaining("home 9");
        assertThatThrownBy(() -> new SimJob(0, 0, 0, 0)).hasMessageContaining("compute");
        assertThatThrownBy(() -> new Network(0, 0)).hasMessageContaining("bandwidth");
        assertThatThrownBy(() -> ClusterSimulator.run(FREE, List.of(), InterNode.PLAIN)).hasMessageContaining("no job");
    }
}
