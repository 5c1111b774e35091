package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.strand.cluster.BatchFailedException;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchOptions;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.fault.Nodes;
import dev.strand.cluster.fault.SleepyWork;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Messages delayed and dropped between the driver and three nodes, by a driver whose
 * communication layer is {@link FaultyCommunication}: a delayed batch completes with every output
 * once; a batch whose job requests were lost times out, keeps what finished, and its rerun under
 * the same key runs exactly the lost jobs. Nothing runs on any node afterwards.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MessageFaultTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static final ClusterConfig CONFIG = ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
            .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(3));

    @BeforeAll
    static void quiet() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        // The driver's communication SPI is a subclass of the nodes': Ignite would refuse the join.
        System.setProperty("IGNITE_SKIP_CONFIGURATION_CONSISTENCY_CHECK", "true");
    }

    @AfterAll
    static void check() {
        System.clearProperty("IGNITE_SKIP_CONFIGURATION_CONSISTENCY_CHECK");
    }

    @AfterEach
    void noHook() {
        IgniteConfigs.driverCommunicationForTests = null;
    }

    private static long started(StrandCluster c) {
        return c.nodeActivity().values().stream().mapToLong(NodeActivity.Snapshot::jobsStarted).sum();
    }

    private static void awaitIdle(StrandCluster c) throws InterruptedException {
        assertThat(c.nodeActivity()).hasSize(3);
        Nodes.awaitIdle(c, 5_000);
    }

    private static void exactlyOnce(BatchResult r, List<BatchJob> jobs) {
        Nodes.eachOutputOnce(r, jobs);
    }

    @Test
    void delayedAndDroppedJobMessages() throws Exception {
        // 5 ms on every job the driver sends, and the first three lost.
        FaultyCommunication spi = new FaultyCommunication(TimeUnit.MILLISECONDS.toNanos(5), 3);
        IgniteConfigs.driverCommunicationForTests = () -> spi;
        long[] ms = new long[30];
        java.util.Arrays.fill(ms, 20);
        List<BatchJob> jobs = SleepyWork.jobs(ms);
        try (StrandCluster cluster = StrandCluster.startLocal(3, CONFIG, null)) {
            IgniteConfigs.driverCommunicationForTests = null;
            long before = started(cluster);
            BatchOptions o = BatchOptions.defaults().withKey("lossy").withTimeout(Duration.ofSeconds(4));
            BatchFailedException e = catchThrowableOfType(BatchFailedException.class,
                    () -> cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs, o));
            assertThat(e).as("a lost job request: the batch times out").isNotNull();
            assertThat(e.timedOut()).isTrue();
            assertThat(spi.dropped.get()).isEqualTo(3);
            assertThat(e.missing()).as("the lost jobs").hasSize(3);
            assertThat(started(cluster) - before).as("every job that arrived ran once").isEqualTo(jobs.size() - 3);
            awaitIdle(cluster);

            long mid = started(cluster);
            BatchResult r = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs, o.withTimeout(Duration.ofSeconds(30)));
            exactlyOnce(r, jobs);
            assertThat(r.reused()).isEqualTo(jobs.size() - 3);
            assertThat(started(cluster) - mid).as("the rerun runs the lost jobs only").isEqualTo(3);
            assertThat(spi.sent.get()).as("every job sent was delayed").isGreaterThanOrEqualTo(jobs.size());

            // Delayed only (no drop left): a whole batch, each job once.
            long last = started(cluster);
            BatchResult d = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);
            exactlyOnce(d, jobs);
            assertThat(d.stats().duplicates()).isZero();
            assertThat(started(cluster) - last).isEqualTo(jobs.size());
            awaitIdle(cluster);
        }
    }
}
