package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.fault.SleepyWork;
import dev.strand.cluster.stats.JobRecord;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A steal request with no answer within the driver's wait is not a refusal. Two nodes of one
 * slot: node 1 holds a 6 s job and, waiting behind it, job 1 (200 ms); node 2 two jobs of
 * 200 ms, after which it is idle and the driver asks node 1 for job 1. When that request is lost,
 * or arrives 2.5 s later, the wait (1 s) runs out first; job 1 must still move to node 2 rather
 * than wait 6 s for node 1, and every job's output arrives once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UnansweredStealTest {

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

    @Test
    @Disabled("the scenario does not arise in every run: in 3 of 6 runs no steal request was sent for job 1 in one "
            + "of the two batches, so there was none to lose or delay; the balancer's handling of an unanswered "
            + "request is covered by BalancerTest. To be made deterministic (the driver's plan and timing).")
    void aLostOrLateStealRequestIsAskedAgainAndTheChunkMoves() throws Exception {
        StealMessages spi = new StealMessages();
        IgniteConfigs.driverCommunicationForTests = () -> spi;
        List<BatchJob> jobs = SleepyWork.jobs(6_000, 200, 200, 200);
        try (StrandCluster cluster = StrandCluster.startLocal(2, CONFIG, null)) {
            IgniteConfigs.driverCommunicationForTests = null;

            spi.drops.set(1);
            BatchResult lost = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);
            assertThat(spi.dropped.get()).as("the first steal request was lost").isEqualTo(1);
            exactlyOnce(lost, jobs);
            assertThat(job(lost, 1).stolen()).as("job 1 moved to the idle node although its first request was lost: %s",
                    job(lost, 1)).isTrue();
            assertThat(job(lost, 1).ranOn()).isNotEqualTo(job(lost, 0).ranOn());

            spi.delayNanos = TimeUnit.MILLISECONDS.toNanos(2_500);
            BatchResult late = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);
            assertThat(spi.delayed.get()).as("requests were delayed past the driver's wait").isPositive();
            exactlyOnce(late, jobs);
            assertThat(job(late, 1).stolen()).as("job 1 moved once its late request arrived: %s", job(late, 1))
                    .isTrue();
            assertThat(late.stats().failedOver()).isZero();
            assertThat(late.stats().duplicates()).isZero();
        }
    }

    private static JobRecord job(BatchResult r, long id) {
        return r.stats().jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
    }

    private static void exactlyOnce(BatchResult r, List<BatchJob> jobs) {
        Set<Long> seen = new HashSet<>();
        for (long id : r.ids()) {
            assertThat(seen.add(id)).isTrue();
            assertThat(r.output(id)).isEqualTo(SleepyWork.output(id));
        }
        assertThat(seen).hasSize(jobs.size());
    }
}
