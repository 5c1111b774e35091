package dev.strand.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.demo.RangeHash;
import dev.strand.cluster.demo.SkewedWork;
import dev.strand.cluster.demo.UtsCount;
import dev.strand.workloads.uts.Uts;
import dev.strand.workloads.uts.UtsParams;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The embedded engine: the same API with no cluster. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalClusterTest {

    @Test
    void waitingJobsTakeTheirCostAndGiveTheOutputsComputedWithoutWaiting() throws Exception {
        List<BatchJob> jobs = SkewedWork.jobs(6, 20_000_000, 1, 3, 4096, 64, 7, 0.5);
        try (StrandCluster c = StrandCluster.local(2)) {
            BatchResult r = c.runBatch(SkewedWork.waiting(), jobs);
            assertThat(r.ids()).hasSize(6);
            // Job i waits 20 ms (1 + (i/6)^2), job 2 (large input) 10 ms: never less.
            assertThat(r.stats().jobs()).allSatisfy(j -> assertThat(j.computeNanos())
                    .isGreaterThanOrEqualTo(j.id() == 2 || j.id() == 5 ? 10_000_000L : 20_000_000L));
            for (long id : r.ids()) {
                BatchJob job = jobs.get((int) id);
                assertThat(r.output(id)).isEqualTo(SkewedWork.waitingOutputs().apply(job.input()));
            }
        }
    }

    @Test
    void cutRecursionGivesTheSerialResult() {
        try (StrandCluster c = StrandCluster.local(2)) {
            Computed<Long> r = c.compute(new RangeHash(), new RangeHash.Range(0, 1 << 20), CutRule.depth(3));
            assertThat(r.jobs()).isEqualTo(8);
            long serial = new RangeHash().solve(new RangeHash.Range(0, 1 << 20));
            assertThat(r.value()).isEqualTo(serial);
            Computed<Long> byWork = c.compute(new RangeHash(), new RangeHash.Range(0, 1 << 20),
                    CutRule.workAtMost(1 << 16));
            assertThat(byWork.jobs()).isEqualTo(16);
            assertThat(byWork.value()).isEqualTo(serial);
        }
    }

    @Test
    void batchRunsEveryJobOnceAndLearnsEstimates() throws Exception {
        try (StrandCluster c = StrandCluster.local(2)) {
            List<BatchJob> jobs = SkewedWork.jobs(12, 10_000, 4, 4, 4096, 64, 7);
            BatchResult r = c.runBatch(new SkewedWork(), jobs);
            assertThat(r.ids()).hasSize(12);
            assertThat(r.stats().jobs()).allSatisfy(j -> assertThat(j.ranOn()).isEqualTo("local"));
            assertThat(r.stats().stolen()).isZero();
            assertThat(c.estimator().estimate(SkewedWork.KIND, 1)).isNotNull();
            List<byte[]> outs = new ArrayList<>();
            for (long id : r.ids()) {
                outs.add(r.output(id));
            }
            List<byte[]> direct = new ArrayList<>();
            for (BatchJob j : jobs) {
                direct.add(new SkewedWork().apply(j.input()));
            }
            assertThat(SkewedWork.checksum(outs)).isEqualTo(SkewedWork.checksum(direct));
        }
    }

    @Test
    void aFailingJobIsNamed() {
        try (StrandCluster c = StrandCluster.local(2)) {
            List<BatchJob> jobs = List.of(new BatchJob(41, "bad", new byte[3]));
            assertThatThrownBy(() -> c.runBatch(new SkewedWork(), jobs))
                    .isInstanceOf(ClusterException.class).hasMessageContaining("job 41");
        }
    }

    @Test
    void aNonSerializableFunctionFailsAtOnce() {
        Object notSerializable = new Object();
        JobFunction fn = in -> new byte[] {(byte) notSerializable.hashCode()};
        try (StrandCluster c = StrandCluster.local(2)) {
            assertThatThrownBy(() -> c.runBatch(fn, List.of(new BatchJob(1, "k", new byte[0]))))
                    .isInstanceOf(ClusterException.class).hasMessageContaining("not serializable");
        }
    }

    @Test
    void utsCutAtTheRootCountsTheWholeTree() {
        String tree = "-t 0 -b 200 -q 0.124 -m 8 -r 42";          // binomial, about 5,000 nodes
        long serial = Uts.serial(UtsParams.parse(tree));
        try (StrandCluster c = StrandCluster.local(2)) {
            Computed<Long> atRoot = c.compute(new UtsCount(tree), UtsCount.Subtree.root(), CutRule.depth(1));
            assertThat(atRoot.jobs()).isEqualTo(200);
            assertThat(atRoot.value()).isEqualTo(serial);
            int[] told = new int[2];
            Computed<Long> deeper = c.compute(new UtsCount(tree), UtsCount.Subtree.root(), CutRule.depth(3), n -> {
                told[0] = n;
                return () -> {
                    synchronized (told) {
                        told[1]++;
                    }
                };
            });
            assertThat(deeper.value()).isEqualTo(serial);
            assertThat(told[0]).isEqualTo(deeper.jobs());
            synchronized (told) {
                assertThat(told[1]).isEqualTo(deeper.jobs());
            }
        }
    }
}
