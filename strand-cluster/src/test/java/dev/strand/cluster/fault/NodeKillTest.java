package dev.strand.cluster.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchOptions;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.launch.LocalNodes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Four single-worker nodes; a thief is killed (SIGKILL) mid-batch, then two more nodes at once:
 * each batch ends with every output exactly once and nothing running on the nodes left.
 *
 * <p>The batch: 40 jobs placed by count, ten per node in id order, the last ten long (150 ms)
 * and the others short (10 ms), so the first three nodes finish their own and steal the fourth's.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NodeKillTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static StrandCluster cluster;

    @BeforeAll
    static void start() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        cluster = StrandCluster.startLocal(4, ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
                .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(2))
                .withMetricsUpdate(Duration.ofMillis(20)), null);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static List<BatchJob> skewed() {
        long[] ms = new long[40];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = i < 30 ? 10 : 150;
        }
        return SleepyWork.jobs(ms);
    }

    private static BatchResult runKilling(List<String> victims, long afterMillis) throws Exception {
        List<BatchJob> jobs = skewed();
        CompletableFuture<BatchResult> f = CompletableFuture.supplyAsync(() -> cluster.runBatch(new SleepyWork(
                Long.MAX_VALUE), jobs, BatchOptions.defaults().withTimeout(Duration.ofSeconds(60))));
        Thread.sleep(afterMillis);
        LocalNodes nodes = cluster.localNodes().orElseThrow();
        for (String v : victims) {
            nodes.kill(v);
        }
        BatchResult r = f.get(90, TimeUnit.SECONDS);
        Nodes.exactlyOnce(r, jobs);
        for (String v : victims) {
            assertThat(cluster.nodeActivity()).as("a killed node is gone").doesNotContainKey(v);
        }
        Nodes.awaitIdle(cluster, 5_000);
        return r;
    }

    @Test
    @Order(1)
    void aThiefKilledMidBatch() throws Exception {
        // node-1 ran its ten short jobs in ~100 ms and has been stealing node-4's since.
        BatchResult r = runKilling(List.of("node-1"), 600);
        System.out.printf("thief killed: %d stolen, %d failed over%n", r.stats().stolen(), r.stats().failedOver());
        assertThat(r.stats().stolen()).as("jobs stolen from node-4").isPositive();
    }

    @Test
    @Order(2)
    void twoNodesKilledAtOnce() throws Exception {
        BatchResult r = runKilling(List.of("node-2", "node-4"), 300);
        System.out.printf("two killed: %d stolen, %d failed over%n", r.stats().stolen(), r.stats().failedOver());
        assertThat(r.stats().failedOver()).as("the dead nodes' jobs ran elsewhere").isPositive();
        assertThat(cluster.nodes()).hasSize(1);
    }
}
