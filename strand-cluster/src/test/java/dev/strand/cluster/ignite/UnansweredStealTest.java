package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.fault.Nodes;
import dev.strand.cluster.fault.SleepyWork;
import dev.strand.cluster.stats.JobRecord;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A steal request with no answer within the driver's wait is not a refusal. Two nodes of one
 * slot: node 1 holds a 10 s job and two jobs of 200 ms, node 2 three jobs of 200 ms, after which
 * it is idle and the driver asks node 1 for a waiting job. Whatever order node 1 starts its jobs
 * in (a node that is idle when a later job arrives first starts it at once), within 200 ms it
 * runs the 10 s job with one or two short ones waiting, so a request must arise. When the first
 * request is lost, or every request arrives 2.5 s late, the wait (1 s) runs out first; the job
 * asked for must still move rather than wait 10 s on node 1: every short job's result reaches the
 * driver before the long job's, and every job's output arrives once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UnansweredStealTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static final ClusterConfig CONFIG = ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
            .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(3));

    /** The long job: longer than the two requests' waits and the short jobs' moves, late ones included. */
    private static final long LONG_MILLIS = 10_000;

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
    void aLostOrLateStealRequestIsAskedAgainAndTheChunkMoves() throws Exception {
        StealMessages spi = new StealMessages();
        IgniteConfigs.driverCommunicationForTests = () -> spi;
        List<BatchJob> jobs = SleepyWork.jobs(LONG_MILLIS, 200, 200, 200, 200, 200);
        try (StrandCluster cluster = StrandCluster.startLocal(2, CONFIG, null)) {
            IgniteConfigs.driverCommunicationForTests = null;

            spi.drops.set(1);
            BatchResult lost = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);
            assertThat(spi.dropped.get()).as("the first steal request was lost").isEqualTo(1);
            exactlyOnce(lost, jobs);
            noShortJobAfterTheLongOne(lost, "the first steal request was lost");

            spi.delayNanos = TimeUnit.MILLISECONDS.toNanos(2_500);
            BatchResult late = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);
            assertThat(spi.delayed.get()).as("requests were delayed past the driver's wait").isPositive();
            exactlyOnce(late, jobs);
            noShortJobAfterTheLongOne(late, "every request arrived 2.5 s late");
            assertThat(late.stats().failedOver()).isZero();
            assertThat(late.stats().duplicates()).isZero();
        }
    }

    /**
     * No short job waited for the long one: each reached the driver before it. A job whose request
     * was taken as refused stays behind the long job on its node and arrives after it.
     */
    private static void noShortJobAfterTheLongOne(BatchResult r, String how) {
        JobRecord longJob = job(r, 0);
        assertThat(longJob.ranOn()).isEqualTo(longJob.home());
        for (JobRecord j : r.stats().jobs()) {
            if (j.id() != 0) {
                assertThat(j.arrivalNanos()).as("%s: job %d (home %s, ran on %s) arrived after the %d ms job "
                        + "(on %s): it waited behind it instead of moving to the idle node", how, j.id(), j.home(),
                        j.ranOn(), LONG_MILLIS, longJob.ranOn()).isLessThan(longJob.arrivalNanos());
            }
        }
        assertThat(r.stats().stolen()).as("%s: a waiting job moved", how).isPositive();
    }

    private static JobRecord job(BatchResult r, long id) {
        return r.stats().jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
    }

    private static void exactlyOnce(BatchResult r, List<BatchJob> jobs) {
        Nodes.eachOutputOnce(r, jobs);
    }
}
