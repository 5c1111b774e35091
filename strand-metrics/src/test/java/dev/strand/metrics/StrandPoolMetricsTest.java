package dev.strand.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class StrandPoolMetricsTest {

    private static double counter(MeterRegistry r, String name, String pool) {
        return r.get(name).tag("pool", pool).functionCounter().count();
    }

    private static double gauge(MeterRegistry r, String name, String pool) {
        return r.get(name).tag("pool", pool).gauge().value();
    }

    @Test
    void theRegistryReadsThePoolsCounters() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (StrandPool pool = StrandPool.builder().name("metrics-test").parallelism(2).build()) {
            StrandPoolMetrics.monitor(registry, pool, Tags.of("service", "test"));
            assertThat(counter(registry, "strand.completed", "metrics-test")).isZero();

            KnownWork.run(pool);
            PoolStats s = pool.stats();

            double tasks = counter(registry, "strand.completed", "metrics-test");
            assertThat(tasks).isGreaterThanOrEqualTo(KnownWork.SUBMITTED + 2);
            assertThat(tasks).isEqualTo((double) s.tasksRun());
            double steals = counter(registry, "strand.steals", "metrics-test");
            assertThat(steals).isGreaterThanOrEqualTo(1).isEqualTo((double) s.steals());
            assertThat(counter(registry, "strand.steals.attempts", "metrics-test"))
                    .isEqualTo((double) s.stealAttempts()).isGreaterThanOrEqualTo(steals);
            assertThat(counter(registry, "strand.steals.failed", "metrics-test")).isEqualTo((double) s.failedSteals());
            assertThat(counter(registry, "strand.spawns", "metrics-test")
                    + counter(registry, "strand.spawns.inlined", "metrics-test")).isGreaterThanOrEqualTo(1);
            assertThat(counter(registry, "strand.parks", "metrics-test")).isEqualTo((double) s.parks())
                    .isGreaterThanOrEqualTo(2);            // both workers sleep now: each parked at least once
            assertThat(counter(registry, "strand.unparks", "metrics-test")).isEqualTo((double) s.unparks());
            assertThat(counter(registry, "strand.idle.time", "metrics-test")).isGreaterThan(0);
            assertThat(counter(registry, "strand.blocking.blocks", "metrics-test")).isZero();

            assertThat(gauge(registry, "strand.sleeping", "metrics-test")).isEqualTo(2);
            assertThat(gauge(registry, "strand.parallelism", "metrics-test")).isEqualTo(2);
            assertThat(gauge(registry, "strand.pool.size", "metrics-test")).isEqualTo(s.workers().size());
            assertThat(gauge(registry, "strand.queued", "metrics-test")).isZero();
            assertThat(gauge(registry, "strand.queued.submissions", "metrics-test")).isZero();
            assertThat(gauge(registry, "strand.blocked", "metrics-test")).isZero();
            assertThat(gauge(registry, "strand.spares", "metrics-test")).isZero();

            // Every meter carries the pool tag and the caller's tags, and has a description.
            List<Meter> meters = registry.getMeters();
            assertThat(meters).hasSize(19);
            assertThat(meters).allSatisfy(m -> {
                assertThat(m.getId().getName()).startsWith("strand.");
                assertThat(m.getId().getTag("pool")).isEqualTo("metrics-test");
                assertThat(m.getId().getTag("service")).isEqualTo("test");
                assertThat(m.getId().getDescription()).isNotBlank();
            });
        }
    }

    @Test
    void countersFollowFurtherWork() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (StrandPool pool = StrandPool.builder().name("again").parallelism(2).build()) {
            StrandPoolMetrics.monitor(registry, pool);
            KnownWork.run(pool);
            double first = counter(registry, "strand.completed", "again");
            KnownWork.run(pool);
            assertThat(counter(registry, "strand.completed", "again"))
                    .isGreaterThanOrEqualTo(first + KnownWork.SUBMITTED + 2);
        }
    }

    @Test
    void twoPoolsAreTwoSeriesAndCloseRemovesOnlyItsOwn() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (StrandPool a = StrandPool.builder().name("a").parallelism(2).build();
                StrandPool b = StrandPool.builder().name("b").parallelism(3).build()) {
            StrandPoolMetrics ma = StrandPoolMetrics.monitor(registry, a);
            StrandPoolMetrics.monitor(registry, b);
            assertThat(gauge(registry, "strand.parallelism", "a")).isEqualTo(2);
            assertThat(gauge(registry, "strand.parallelism", "b")).isEqualTo(3);
            KnownWork.run(a);
            assertThat(counter(registry, "strand.completed", "a")).isGreaterThanOrEqualTo(KnownWork.SUBMITTED);
            assertThat(counter(registry, "strand.completed", "b")).isZero();

            ma.close();
            assertThat(registry.find("strand.parallelism").tag("pool", "a").gauge()).isNull();
            assertThat(registry.find("strand.parallelism").tag("pool", "b").gauge()).isNotNull();
            assertThat(registry.getMeters()).hasSize(19);
        }
    }
}
