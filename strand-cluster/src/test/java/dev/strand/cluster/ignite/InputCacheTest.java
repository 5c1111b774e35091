package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.BatchFailedException;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.fault.Nodes;
import dev.strand.cluster.fault.SleepyWork;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobRecord;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.ignite.Ignite;
import org.apache.ignite.Ignition;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Large inputs through the input cache ({@link InputStore}), on two loopback nodes of one core:
 * node 1 gets a 3 s job then two short ones, node 2 three short ones, after which it steals from
 * node 1. Every input is 256 KiB, above the threshold: the driver sends each once, into the
 * cache, and a stolen job's input reaches its thief from the home node, so the bytes the driver
 * sends during the batch stay under the inputs' total plus half an input (an input resent by the
 * driver to a thief would add a whole one).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InputCacheTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static final int INPUT_BYTES = 256 * 1024;
    private static final ClusterConfig CONFIG = ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
            .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(3));

    private static StrandCluster cluster;

    @BeforeAll
    static void start() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        cluster = StrandCluster.startLocal(2, CONFIG, null);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aStolenJobReadsItsInputFromItsHomeNotFromTheDriver() throws InterruptedException {
        Ignite driver = driver();
        List<BatchJob> jobs = large(3_000, 200, 200, 200, 200, 200);
        long inputs = (long) jobs.size() * INPUT_BYTES;
        long before = sentBytes(driver);

        BatchResult r = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs);

        long sent = sentBytes(driver) - before;
        exactlyOnce(r, jobs);
        List<JobRecord> stolen = r.stats().jobs().stream().filter(JobRecord::stolen).toList();
        assertThat(stolen).as("a short job behind the long one moved to the idle node").isNotEmpty();
        for (JobRecord j : stolen) {
            assertThat(j.ranOn()).isNotEqualTo(j.home());
        }
        assertThat(sent).as("bytes the driver sent for %d inputs of %d bytes, %d of them stolen", jobs.size(),
                INPUT_BYTES, stolen.size()).isGreaterThanOrEqualTo(inputs).isLessThan(inputs + INPUT_BYTES / 2);
        assertThat(driver.cache(InputStore.CACHE)).as("the input cache was used").isNotNull();
        assertThat(InputStore.size(driver)).as("entries left after the batch").isZero();
        Nodes.awaitIdle(cluster, 10_000);
    }

    @Test
    void aFailedBatchLeavesNoInputInTheCache() throws InterruptedException {
        Ignite driver = driver();
        List<BatchJob> jobs = large(200, 200, 200, SleepyWork.FAIL, 200, 200);

        assertThatThrownBy(() -> cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs))
                .isInstanceOf(BatchFailedException.class).hasMessageContaining("fails as asked");

        assertThat(driver.cache(InputStore.CACHE)).as("the input cache was used").isNotNull();
        assertThat(InputStore.size(driver)).as("entries left after the failed batch").isZero();
        Nodes.awaitIdle(cluster, 10_000);
    }

    @Test
    void aTimedOutBatchLeavesNoInputInTheCache() throws InterruptedException {
        Ignite driver = driver();
        List<BatchJob> jobs = large(5_000, 200, 200, 200);

        assertThatThrownBy(() -> cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs,
                dev.strand.cluster.BatchOptions.defaults().withTimeout(Duration.ofMillis(1_500))))
                .isInstanceOfSatisfying(BatchFailedException.class, e -> assertThat(e.timedOut()).isTrue());

        assertThat(driver.cache(InputStore.CACHE)).as("the input cache was used").isNotNull();
        assertThat(InputStore.size(driver)).as("entries left after the timed-out batch").isZero();
        Nodes.awaitIdle(cluster, 10_000);
    }

    /**
     * Inputs gone from the cache (as when their node leaves) while jobs still wait for them: each
     * such chunk ends as not run, and the driver sends it again with its inputs inside.
     */
    @Test
    void aChunkWhoseInputIsGoneIsSentAgainWithItsInput() throws Exception {
        Ignite driver = driver();
        List<BatchJob> jobs = large(1_500, 200, 200, 200, 200, 200);
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean();
        Thread[] remover = new Thread[1];
        // At the first result, every entry goes (on a thread of its own: the callback is Ignite's).
        BatchResult r = cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs, () -> {
            if (first.compareAndSet(false, true)) {
                remover[0] = new Thread(() -> driver.cache(InputStore.CACHE).removeAll());
                remover[0].start();
            }
        });
        remover[0].join();

        exactlyOnce(r, jobs);
        assertThat(r.stats().failedOver()).as("chunks sent again after their inputs were gone").isPositive();
        assertThat(InputStore.size(driver)).isZero();
        Nodes.awaitIdle(cluster, 10_000);
    }

    @Test
    void eachInputIsPutOnItsChunksHomeNode() {
        Ignite driver = driver();
        Map<String, ClusterNode> byName = new HashMap<>();
        for (ClusterNode n : driver.cluster().forServers().nodes()) {
            byName.put(n.attribute(IgniteConfigs.NODE_ATTR), n);
        }
        List<Chunk> chunks = new ArrayList<>();
        int i = 0;
        for (String home : byName.keySet()) {
            for (int k = 0; k < 4; k++, i++) {
                BatchJob j = new BatchJob(i, "sleepy", new byte[100]);
                chunks.add(new Chunk(i, home, true, List.of(new PlannedJob(j, home, null,
                        dev.strand.cluster.cost.CostRule.Decision.NOT_EVALUATED))));
            }
        }
        Map<Long, String> keys = InputStore.put(driver, "test", chunks, byName, 99, Duration.ofMinutes(1));
        try {
            assertThat(keys).hasSize(chunks.size());
            for (Chunk c : chunks) {
                String key = keys.get(c.jobs().get(0).job().id());
                assertThat(driver.affinity(InputStore.CACHE).mapKeyToNode(key).id()).as("primary of %s", key)
                        .isEqualTo(byName.get(c.home()).id());
            }
            assertThat(InputStore.size(driver)).isEqualTo(chunks.size());
        } finally {
            InputStore.remove(driver, keys.values());
        }
        assertThat(InputStore.size(driver)).isZero();
    }

    /** Jobs of {@link SleepyWork} whose inputs are padded to {@link #INPUT_BYTES}. */
    private static List<BatchJob> large(long... millis) {
        List<BatchJob> jobs = new ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            jobs.add(new BatchJob(i, "sleepy", ByteBuffer.allocate(INPUT_BYTES).putLong(i).putLong(millis[i]).array()));
        }
        return jobs;
    }

    /** The driver: the one client node in this JVM (the server nodes are JVMs of their own). */
    private static Ignite driver() {
        List<Ignite> clients = Ignition.allGrids().stream().filter(g -> g.cluster().localNode().isClient()).toList();
        assertThat(clients).hasSize(1);
        return clients.get(0);
    }

    private static long sentBytes(Ignite ignite) {
        return ((TcpCommunicationSpi) ignite.configuration().getCommunicationSpi()).getSentBytesCount();
    }

    private static void exactlyOnce(BatchResult r, List<BatchJob> jobs) {
        Nodes.eachOutputOnce(r, jobs);
        assertThat(r.stats().duplicates()).isZero();
    }
}
