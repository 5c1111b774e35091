package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.cost.CostRule;
import dev.strand.cluster.plan.Balancer;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.plan.PlannedJob;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeJob;
import org.junit.jupiter.api.Test;

/**
 * The batch task hands Ignite its chunks in plan order: a node queues them as they arrive, and
 * the balancer takes the first chunks sent to a node as the ones running, so a chunk it takes as
 * running is not one still waiting behind a later one (which no idle node would then be offered).
 */
class PlanOrderTest {

    private static ClusterNode node(String name) {
        UUID id = UUID.randomUUID();
        return (ClusterNode) Proxy.newProxyInstance(ClusterNode.class.getClassLoader(),
                new Class<?>[] {ClusterNode.class}, (p, m, args) -> switch (m.getName()) {
                    case "id" -> id;
                    case "attribute" -> IgniteConfigs.NODE_ATTR.equals(args[0]) ? name : null;
                    case "hashCode" -> id.hashCode();
                    case "equals" -> p == args[0];
                    default -> null;
                });
    }

    @Test
    void chunksAreSentInPlanOrder() {
        List<Chunk> plan = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            String home = i % 2 == 0 ? "a" : "b";
            plan.add(new Chunk(i, home, true, List.of(new PlannedJob(new BatchJob(i, "k", new byte[1]), home, null,
                    CostRule.Decision.NOT_EVALUATED))));
        }
        Balancer balancer = new Balancer(List.of(new NodeInfo("a", 1), new NodeInfo("b", 1)), 1, c -> 0, null, false);
        BatchTask task = new BatchTask(in -> in, plan, 0, () -> { }, 5, balancer, o -> { }, null, Runnable::run);
        Map<? extends ComputeJob, ClusterNode> jobs = task.map(List.of(node("a"), node("b")), null);
        List<Integer> order = new ArrayList<>();
        for (ComputeJob j : jobs.keySet()) {
            order.add(((StrandJob) j).chunk());
        }
        assertThat(order).hasSize(64).isSorted();
    }
}
