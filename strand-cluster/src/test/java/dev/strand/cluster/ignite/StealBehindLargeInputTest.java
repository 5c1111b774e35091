package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.fault.SleepyWork;
import dev.strand.cluster.stats.JobRecord;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A steal request that reaches its victim right behind the large input of the chunk it asks for.
 * The driver sends through an emulated 10 Mbit/s link: node 1 gets a 6 s job and then job 1,
 * whose 4 MiB input takes about 3.4 s to arrive; node 2 two short jobs, after which it is idle and
 * the driver asks node 1 for job 1, which it sent and takes as waiting. Every request to node 1
 * travels behind that input on node 1's connection, so each arrives with it, while node 1 still
 * unmarshals the job. Job 1 must move to node 2 (plain stealing: nothing weighs the transfer),
 * not be refused as started and wait for the 6 s job.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StealBehindLargeInputTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");

    @BeforeAll
    static void quiet() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
    }

    @AfterAll
    static void check() {
        System.clearProperty("IGNITE_SKIP_CONFIGURATION_CONSISTENCY_CHECK");
    }

    @Test
    void aRequestArrivingWithItsChunksInputReleasesTheChunk() throws Exception {
        // The driver is given the link it emulates instead of measuring it at connect (18 round
        // trips of 1 MiB through the 10 Mbit/s emulation, about 15 s): the probe would find about
        // the same figure, and the cost rule that weighs it is off here.
        Link link = Link.ofMegabits(10, 5_000);
        ClusterConfig config = ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
                .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(3))
                .withEmulatedLink(link).withLink(link);
        List<BatchJob> jobs = new ArrayList<>(SleepyWork.jobs(6_000, 200, 200, 200));
        ByteBuffer large = ByteBuffer.allocate(4 << 20).putLong(1).putLong(200);
        jobs.set(1, new BatchJob(1, "sleepy", large.array()));
        try (StrandCluster cluster = StrandCluster.startLocal(2, config, null)) {
            BatchResult r = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);

            assertThat(r.ids()).containsExactlyInAnyOrder(0L, 1L, 2L, 3L);
            for (long id : r.ids()) {
                assertThat(r.output(id)).isEqualTo(SleepyWork.output(id));
            }
            JobRecord longJob = job(r, 0);
            JobRecord asked = job(r, 1);
            assertThat(asked.home()).isEqualTo(longJob.ranOn());
            assertThat(r.stats().steals().refusedByVictim()).as("no request for the waiting job 1 was refused")
                    .isZero();
            assertThat(asked.stolen()).as("job 1 moved to the idle node: %s", asked).isTrue();
            assertThat(asked.ranOn()).isNotEqualTo(longJob.ranOn());
            assertThat(r.stats().failedOver()).isZero();
            assertThat(r.stats().duplicates()).isZero();
        }
    }

    private static JobRecord job(BatchResult r, long id) {
        return r.stats().jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
    }
}
