package dev.strand.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.demo.SkewedWork;
import dev.strand.cluster.demo.UtsCount;
import dev.strand.cluster.stats.JobRecord;
import dev.strand.cluster.stats.RunStats;
import dev.strand.workloads.uts.Uts;
import dev.strand.workloads.uts.UtsParams;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many small chunks stolen back and forth between three single-worker nodes, twenty batches in a
 * row: every batch must complete with every job counted exactly once. A chunk that is stolen
 * from a node and later sent back to it (by a steal from the node it went to, or a failover) is
 * the case this holds: Ignite's job processor remembers the id of every job it handed to a thief
 * and refuses that id for good ("Job was cancelled before execution"), so a batch must never send
 * one Ignite job id to a second node.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class StealingStressTest {

    private static final int ROUNDS = Integer.getInteger("stress.rounds", 20);

    private static StrandCluster cluster;
    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");

    @BeforeAll
    static void start() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        // The cost rule off: every chunk stealable, as many steals as Ignite will make.
        cluster = StrandCluster.startLocal(3, ClusterConfig.loopback().withCostAware(false).withNodeParallelism(1)
                .withMetricsUpdate(Duration.ofMillis(20)), cp);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void twentySkewedBatchesOfSmallChunksEachCountEveryJobOnce() {
        // 150 jobs of about 2 to 22 ms, two to a chunk: 75 chunks a batch, placed by count on
        // three nodes, the last one holding most of the work, so idle nodes steal all along.
        List<BatchJob> jobs = SkewedWork.jobs(150, 200_000, 10, 0, 0, 64, 31);
        long expected;
        try (StrandCluster local = StrandCluster.local(2)) {
            expected = checksum(local.runBatch(new SkewedWork(), jobs));
        }
        int stolen = 0;
        for (int round = 0; round < ROUNDS; round++) {
            AtomicInteger done = new AtomicInteger();
            BatchResult r = cluster.runBatch(new SkewedWork(), jobs, Chunking.atMost(2), done::incrementAndGet);
            RunStats s = r.stats();
            assertThat(done.get()).as("round %d: jobs reported done", round).isEqualTo(jobs.size());
            assertThat(r.ids()).as("round %d: ids", round).hasSize(jobs.size());
            assertThat(new HashSet<>(r.ids())).hasSize(jobs.size());
            assertThat(s.duplicates()).as("round %d: duplicates", round).isZero();
            assertThat(s.failedOver()).as("round %d: no node failed, nothing failed over", round).isZero();
            assertThat(checksum(r)).as("round %d: checksum", round).isEqualTo(expected);
            stolen += s.stolen();
            System.out.printf("round %d: %d stolen, %d failed over, %.0f ms%n", round, s.stolen(), s.failedOver(),
                    s.wallNanos() / 1e6);
        }
        assertThat(stolen).as("jobs stolen over all rounds").isPositive();
    }

    @Test
    void twentyUtsCutsAtTheRootCountTheTree() {
        String tree = "-t 0 -b 300 -q 0.124 -m 8 -r 42";
        long expected = Uts.serial(UtsParams.parse(tree));
        for (int round = 0; round < ROUNDS; round++) {
            Computed<Long> r = cluster.compute(new UtsCount(tree), UtsCount.Subtree.root(), CutRule.depth(1));
            assertThat(r.jobs()).isEqualTo(300);
            assertThat(r.value()).as("round %d", round).isEqualTo(expected);
            Set<Long> ids = new HashSet<>();
            for (JobRecord j : r.stats().jobs()) {
                assertThat(ids.add(j.id())).as("job %d once", j.id()).isTrue();
            }
            // The cut's 300 jobs and the parts running jobs gave away, each once.
            assertThat(ids).hasSize(300 + r.stats().steals().partsGiven());
            assertThat(r.stats().failedOver()).as("round %d: no node failed, nothing failed over", round).isZero();
            assertThat(r.stats().duplicates()).as("round %d: duplicates", round).isZero();
            System.out.printf("uts round %d: %d stolen, %d failed over, %.0f ms%n", round, r.stats().stolen(),
                    r.stats().failedOver(), r.stats().wallNanos() / 1e6);
        }
    }

    private static long checksum(BatchResult r) {
        List<byte[]> outs = new ArrayList<>();
        for (long id : r.ids()) {
            outs.add(r.output(id));
        }
        return SkewedWork.checksum(outs);
    }
}
