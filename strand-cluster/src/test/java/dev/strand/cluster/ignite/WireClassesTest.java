package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.ignite.Ignite;
import org.apache.ignite.Ignition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A member registers the classes of Strand's messages and jobs with the marshaller when it joins,
 * before any batch: no later send (a steal request from a thread that holds Ignite's task worker,
 * just after a node was killed) waits for discovery to accept a class name. And the engine's close
 * is bounded whatever Ignite does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WireClassesTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");

    @Test
    void everyWireClassIsRegisteredWhenTheDriverJoinsBeforeAnyBatch() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        try (StrandCluster cluster = StrandCluster.startLocal(1, ClusterConfig.loopback().withNodeParallelism(1))) {
            assertThat(cluster.nodes()).hasSize(1);
            List<Ignite> grids = Ignition.allGrids();
            assertThat(grids).as("the driver is the one member in this JVM").hasSize(1);
            Ignite driver = grids.get(0);
            for (Object o : WireClasses.samples()) {
                String name = o.getClass().getName();
                assertThat(driver.binary().type(driver.binary().typeId(name)))
                        .as("the binary type of %s, registered at join", name).isNotNull();
            }
        }
    }

    @Test
    void aStopThatNeverReturnsIsAbandonedAfterItsLimit() {
        CountDownLatch never = new CountDownLatch(1);
        long t0 = System.nanoTime();
        boolean stopped = IgniteEngine.stopWithin(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, Duration.ofMillis(300), "a member that hangs");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(stopped).isFalse();
        assertThat(ms).as("returned at its limit, not at the stop's end").isLessThan(10_000);
        never.countDown();
        assertThat(IgniteEngine.stopWithin(() -> { }, Duration.ofSeconds(5), "a member")).isTrue();
    }
}
