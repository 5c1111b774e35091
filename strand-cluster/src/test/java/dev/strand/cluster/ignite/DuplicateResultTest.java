package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.plan.Balancer;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.stats.JobOutcome;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeJobResult;
import org.apache.ignite.compute.ComputeJobResultPolicy;
import org.junit.jupiter.api.Test;

/**
 * The duplicate path, forced: a chunk whose result reaches the driver twice (it ran twice: its
 * node was declared dead after running it, and a copy ran elsewhere) is counted once.
 */
class DuplicateResultTest {

    private static <T> T fake(Class<T> type, java.util.function.Function<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (p, m, args) -> answers.apply(m.getName())));
    }

    private static ComputeJobResult result(UUID node, List<JobOutcome> data) {
        ClusterNode n = fake(ClusterNode.class, m -> m.equals("id") ? node : null);
        StrandJob job = new StrandJob(0, "a", in -> in, List.of());
        return fake(ComputeJobResult.class, m -> switch (m) {
            case "getNode" -> n;
            case "getJob" -> job;
            case "getData" -> data;
            case "isCancelled" -> false;
            default -> null;
        });
    }

    @Test
    void aChunkFinishedTwiceIsCountedOnce() {
        AtomicInteger done = new AtomicInteger();
        Balancer balancer = new Balancer(List.of(new NodeInfo("a", 1), new NodeInfo("b", 1)), 1, c -> 0, null, false);
        BatchTask task = new BatchTask(in -> in, List.of(), 0, done::incrementAndGet, 5, balancer, o -> { }, null,
                Runnable::run);
        List<JobOutcome> first = List.of(new JobOutcome(1, "a", "a", 0, 0, 10, new byte[] {1}),
                new JobOutcome(2, "a", "a", 0, 0, 10, new byte[] {2}));
        List<JobOutcome> again = List.of(new JobOutcome(1, "a", "b", 0, 1, 12, new byte[] {1}),
                new JobOutcome(2, "a", "b", 0, 1, 12, new byte[] {2}));
        assertThat(task.result(result(UUID.randomUUID(), first), List.of())).isEqualTo(ComputeJobResultPolicy.WAIT);
        assertThat(task.result(result(UUID.randomUUID(), again), List.of())).isEqualTo(ComputeJobResultPolicy.WAIT);
        assertThat(task.outcomes()).hasSize(2);
        assertThat(task.outcomes().get(1L).ranOn()).as("the first result is kept").isEqualTo("a");
        assertThat(task.duplicates()).isEqualTo(2);
        assertThat(done.get()).as("each job reported done once").isEqualTo(2);
    }
}
