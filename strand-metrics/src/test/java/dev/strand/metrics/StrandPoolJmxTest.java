package dev.strand.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import java.lang.management.ManagementFactory;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class StrandPoolJmxTest {
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void thePlatformServerReadsThePoolsCounters() throws Exception {
        try (StrandPool pool = StrandPool.builder().name("jmx-test").parallelism(2).build()) {
            ObjectName on = StrandPoolJmx.register(pool);
            try {
                assertThat(on).isEqualTo(new ObjectName("dev.strand:type=StrandPool,name=jmx-test"));
                assertThat(server.isRegistered(on)).isTrue();
                assertThat(server.isInstanceOf(on, StrandPoolMXBean.class.getName())).isTrue();
                assertThat((Long) server.getAttribute(on, "TasksCompleted")).isZero();

                KnownWork.run(pool);
                PoolStats s = pool.stats();

                // Through the generic MBeanServer interface, as jconsole or an exporter reads it.
                long tasks = (Long) server.getAttribute(on, "TasksCompleted");
                assertThat(tasks).isGreaterThanOrEqualTo(KnownWork.SUBMITTED + 2).isEqualTo(s.tasksRun());
                long steals = (Long) server.getAttribute(on, "Steals");
                assertThat(steals).isGreaterThanOrEqualTo(1).isEqualTo(s.steals());
                assertThat((Long) server.getAttribute(on, "StealAttempts")).isEqualTo(s.stealAttempts())
                        .isGreaterThanOrEqualTo(steals);
                assertThat((Long) server.getAttribute(on, "Parks")).isEqualTo(s.parks());
                assertThat((Integer) server.getAttribute(on, "Parallelism")).isEqualTo(2);
                assertThat((Integer) server.getAttribute(on, "SleepingWorkers")).isEqualTo(2);
                assertThat((Long) server.getAttribute(on, "QueuedTasks")).isZero();
                assertThat((Integer) server.getAttribute(on, "BlockedWorkers")).isZero();
                assertThat((String) server.getAttribute(on, "Name")).isEqualTo("jmx-test");
                assertThat((Boolean) server.getAttribute(on, "Shutdown")).isFalse();
                assertThat((String) server.getAttribute(on, "StatsTable")).contains("total");

                // Through a typed proxy.
                StrandPoolMXBean proxy = JMX.newMXBeanProxy(server, on, StrandPoolMXBean.class);
                assertThat(proxy.getSpawns()).isEqualTo(s.spawns());
                assertThat(proxy.getFailedSteals()).isEqualTo(s.failedSteals());
                assertThat(proxy.getPoolSize()).isEqualTo(s.workers().size());
            } finally {
                assertThat(StrandPoolJmx.unregister(pool)).isTrue();
            }
            assertThat(server.isRegistered(on)).isFalse();
            assertThat(StrandPoolJmx.unregister(pool)).isFalse();
        }
    }

    @Test
    void aSecondPoolOfTheSameNameIsRefused() {
        try (StrandPool a = StrandPool.builder().name("twin").parallelism(1).build();
                StrandPool b = StrandPool.builder().name("twin").parallelism(1).build()) {
            StrandPoolJmx.register(a);
            try {
                assertThatThrownBy(() -> StrandPoolJmx.register(b)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("distinct names");
            } finally {
                StrandPoolJmx.unregister(a);
            }
        }
    }

    @Test
    void aNameWithJmxSyntaxIsQuoted() throws Exception {
        try (StrandPool pool = StrandPool.builder().name("a,b=c:d").parallelism(1).build()) {
            ObjectName on = StrandPoolJmx.objectName(pool);
            assertThat(on.getKeyProperty("type")).isEqualTo("StrandPool");
            assertThat(ObjectName.unquote(on.getKeyProperty("name"))).isEqualTo("a,b=c:d");
            StrandPoolJmx.register(pool);
            try {
                assertThat((String) server.getAttribute(on, "Name")).isEqualTo("a,b=c:d");
            } finally {
                StrandPoolJmx.unregister(pool);
            }
        }
    }
}
