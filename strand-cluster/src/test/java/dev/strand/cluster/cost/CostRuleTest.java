package dev.strand.cluster.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.cost.CostRule.Decision;
import org.junit.jupiter.api.Test;

class CostRuleTest {

    @Test
    void stealsWhenTheVictimIsLoadedAndTheInputIsSmall() {
        // Idle thief, victim 100 ms queued, a 10 ms job with a 1 ms transfer: 11 <= 95.
        assertThat(CostRule.worthStealing(0, 100e6, 10e6, 1e6)).isTrue();
    }

    @Test
    void keepsAJobWhoseTransferExceedsTheSaving() {
        // Same job, 90 ms transfer: 100 > 95.
        assertThat(CostRule.worthStealing(0, 100e6, 10e6, 90e6)).isFalse();
    }

    @Test
    void creditsTheVictimWithHalfTheJobOnly() {
        // Boundary: thief + transfer + compute == victim - compute/2 is a steal.
        assertThat(CostRule.worthStealing(0, 15, 10, 0)).isTrue();
        assertThat(CostRule.worthStealing(0, 14.9, 10, 0)).isFalse();
        // Two equally loaded nodes never trade a job, however cheap to move.
        assertThat(CostRule.worthStealing(50, 50, 1, 0)).isFalse();
    }

    @Test
    void aBusyThiefNeedsAMoreLoadedVictim() {
        assertThat(CostRule.worthStealing(0, 40, 10, 5)).isTrue();
        assertThat(CostRule.worthStealing(30, 40, 10, 5)).isFalse();
    }

    @Test
    void decideLeavesJobsWithoutEstimateStealable() {
        assertThat(CostRule.decide(null, 0, Long.MAX_VALUE / 4)).isEqualTo(Decision.STEALABLE_NO_ESTIMATE);
        assertThat(CostRule.decide(10L, 100, 1)).isEqualTo(Decision.STEALABLE);
        assertThat(CostRule.decide(10L, 100, 90)).isEqualTo(Decision.PINNED);
        assertThat(Decision.PINNED.stealable()).isFalse();
        assertThat(Decision.NOT_EVALUATED.stealable()).isTrue();
    }

    @Test
    void rejectsNegativeAndNonFiniteInputs() {
        assertThatThrownBy(() -> CostRule.worthStealing(-1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("thief occupancy");
        assertThatThrownBy(() -> CostRule.worthStealing(0, 0, Double.NaN, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("compute time");
        assertThatThrownBy(() -> CostRule.worthStealing(0, 0, 0, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("transfer time");
    }

    @Test
    void linkTransferIsLatencyPlusBytesOverBandwidth() {
        Link l = new Link(1e6, 500_000);                  // 1 MB/s, 0.5 ms
        assertThat(l.transferNanos(0)).isEqualTo(500_000);
        assertThat(l.transferNanos(1_000_000)).isEqualTo(1_000_500_000L);
        assertThat(Link.ofMegabits(8, 0).bytesPerSecond()).isEqualTo(1e6);
        assertThatThrownBy(() -> new Link(0, 0)).hasMessageContaining("bandwidth");
        assertThatThrownBy(() -> new Link(1, -1)).hasMessageContaining("latency");
    }

    @Test
    void theSimulatorsCopyOfTheRuleIsThisOne() {
        // Nanoseconds here, seconds there; a power-of-two scale keeps the two exactly comparable
        // (the rule's edge, equality, is part of what is checked).
        double scale = 1L << 30;
        double[] xs = {0, 1e3, 1e6, 2.5e6, 5e6, 1e7, 3e7, 1e9};
        for (double thief : xs) {
            for (double victim : xs) {
                for (double compute : xs) {
                    for (double transfer : xs) {
                        assertThat(dev.strand.sim.cluster.DaskRule.worthStealing(thief / scale, victim / scale,
                                compute / scale, transfer / scale))
                                .as("thief %s victim %s compute %s transfer %s", thief, victim, compute, transfer)
                                .isEqualTo(CostRule.worthStealing(thief, victim, compute, transfer));
                    }
                }
            }
        }
    }
}
