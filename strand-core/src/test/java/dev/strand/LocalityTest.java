package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Steal-back and hierarchical victims in a running pool: what the statistics count. */
class LocalityTest {

    private static StrandPool pool(java.util.function.Consumer<PoolConfig.Tuning.Builder> t) {
        return StrandPool.builder().parallelism(4).tuning(t).build();
    }

    /** Runs fib(22) until the pool made at least {@code steals} steals (a few runs at most). */
    private static PoolStats run(StrandPool pool, long steals) {
        for (int i = 0; i < 50 && pool.stats().steals() < steals; i++) {
            assertThat(pool.invoke(() -> ForkJoinTest.fib(22))).isEqualTo(17_711L);
        }
        return pool.stats();
    }

    @Test
    void defaultsCountNothingAndKeepTheTable() {
        try (StrandPool p = pool(t -> { })) {
            PoolStats s = run(p, 50);
            assertThat(s.nearSteals() + s.farSteals() + s.stealBacks()).isZero();
            assertThat(s.toTable()).doesNotContain("locality");
        }
    }

    @Test
    void stealBackStealsFromTheThievesOfItsOwnWork() {
        try (StrandPool p = pool(t -> t.stealBack(true))) {
            PoolStats s = p.stats();
            for (int i = 0; i < 50 && s.stealBacks() == 0; i++) {
                s = run(p, s.steals() + 200);
            }
            assertThat(s.stealBacks()).isPositive().isLessThanOrEqualTo(s.steals());
            assertThat(s.nearSteals() + s.farSteals()).isZero();      // no topology given
            assertThat(s.toTable()).contains("steal-backs");
        }
    }

    @Test
    void aGroupedTopologyCountsNearAndFarSteals() {
        try (StrandPool p = pool(t -> t.topology(Topology.shape(2, 2)).hierarchicalVictims(true))) {
            // Which worker steals is up to the machine: on a loaded two-core machine a run of
            // steals can all be far (two workers of different groups awake, their partners not).
            // Run until a near steal happens, bounded in time, not in a fixed number of runs.
            PoolStats s = run(p, 200);
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (s.nearSteals() == 0 && System.nanoTime() - deadline < 0) {
                s = run(p, s.steals() + 200);
            }
            assertThat(s.nearSteals() + s.farSteals()).isEqualTo(s.steals());
            assertThat(s.nearSteals()).as("near steals among %d steals", s.steals()).isPositive();
            assertThat(s.stealBacks()).isZero();
            assertThat(s.toTable()).contains("near steals");
            PoolStats d = p.stats().since(s);
            assertThat(d.nearSteals()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void topologySpecsAreCheckedWhenConfigured() {
        assertThatThrownBy(() -> Topology.parse("two sockets"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'t'");
        PoolConfig c = StrandPool.builder().tuning(t -> t.topology(Topology.parse("2x4")).stealBack(true)).config();
        assertThat(c.tuning().topology()).isEqualTo(Topology.shape(2, 4));
        assertThat(c.tuning().stealBack()).isTrue();
        assertThat(c.tuning().hierarchicalVictims()).isFalse();
        assertThat(c).isNotEqualTo(StrandPool.builder().name(c.name()).config());
        // one worker, or the machine's own (flat here) topology: nothing changes
        try (StrandPool one = StrandPool.builder().parallelism(1)
                .tuning(t -> t.stealBack(true).hierarchicalVictims(true).topology(Topology.parse("2x2"))).build()) {
            assertThat(one.invoke(() -> ForkJoinTest.fib(15))).isEqualTo(610L);
        }
    }
}
