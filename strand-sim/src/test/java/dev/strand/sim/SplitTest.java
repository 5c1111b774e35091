package dev.strand.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.sim.Policy.Spawn;
import dev.strand.sim.Policy.Split;
import dev.strand.sim.Policy.Steal;
import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Dags;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/** Eager, on-request and heartbeat splitting: the same DAG, every unit once, exposure as stated. */
class SplitTest {

    static List<Policy> splitting() {
        return List.of(Policy.workStealing(Spawn.CHILD).lazySplitting(),
                Policy.workStealing(Spawn.CONTINUATION).lazySplitting(),
                Policy.workStealing(Spawn.CHILD).withSteal(Steal.HALF).lazySplitting(),
                Policy.workStealing(Spawn.CHILD).heartbeat(1),
                Policy.workStealing(Spawn.CHILD).heartbeat(50),
                Policy.workStealing(Spawn.CONTINUATION).withSteal(Steal.HALF).heartbeat(7));
    }

    /**
     * With sleeping processors too: a lost wake-up would stall the run (the engine throws after
     * ten million steps without work), a lost or repeated unit fails the simulator's count.
     */
    @Test
    void everySplitRunsEveryUnitOnceAndObeysTheLaws() {
        for (Dag d : SimulatorTest.dags()) {
            for (Policy policy : splitting()) {
                for (int p : new int[] {1, 2, 3, 8, 32}) {
                    for (Machine m : List.of(Machine.of(p), new Machine(p, 3, 0, Topology.FLAT, 40, 3, 10),
                            new Machine(p, 1, 0, Topology.FLAT, 200, 50, 50))) {
                        Result r = Simulator.run(d, policy, m, 11);
                        assertThat(r.time()).as("%s %s P=%d", d.name(), policy.label(), p)
                                .isGreaterThanOrEqualTo(Math.max(r.span(), (r.work() + p - 1) / p));
                        assertThat(r.stolenWork()).isLessThanOrEqualTo(r.work());
                        if (r.steals() == 0) {
                            assertThat(r.stolenWork()).isZero();
                        }
                    }
                }
            }
        }
    }

    @Test
    void aBeatLongerThanTheWorkExposesNothing() {
        Dag fib = Dags.fib(15);
        long work = fib.metrics().work();
        Result none = Simulator.run(fib, Policy.workStealing(Spawn.CHILD).heartbeat((int) work + 1),
                Machine.of(4), 1);
        assertThat(none.steals()).isZero();
        assertThat(none.time()).isEqualTo(work);
        Result every = Simulator.run(fib, Policy.workStealing(Spawn.CHILD).heartbeat(1), Machine.of(4), 1);
        assertThat(every.steals()).isPositive();
        assertThat(every.time()).isLessThan(work / 2);
    }

    /** Promotion goes oldest first, so a heartbeat's steals carry more work than eager ones. */
    @Test
    void heartbeatStealsTakeTheOldestAndLargestFrames() {
        Dag fib = Dags.fib(20);
        Policy eager = Policy.workStealing(Spawn.CHILD);
        double eagerWork = median(fib, eager, 8, Result::workPerSteal);
        double beatWork = median(fib, eager.heartbeat(100), 8, Result::workPerSteal);
        assertThat(beatWork).isGreaterThan(1.5 * eagerWork);
        assertThat(median(fib, eager.heartbeat(100), 8, Result::steals))
                .isLessThan(median(fib, eager, 8, Result::steals));
    }

    /** Without thieves, a lazily splitting processor queues at most the one frame it was asked for. */
    @Test
    void lazySplittingQueuesOnlyWhatWasAskedFor() {
        for (Dag d : SimulatorTest.dags()) {
            Result eager = Simulator.run(d, Policy.workStealing(Spawn.CHILD), Machine.of(1), 1);
            Result lazy = Simulator.run(d, Policy.workStealing(Spawn.CHILD).lazySplitting(), Machine.of(1), 1);
            assertThat(lazy.peakQueued()).as(d.name()).isLessThanOrEqualTo(1);
            assertThat(lazy.time()).isEqualTo(eager.time());
        }
        assertThat(Simulator.run(Dags.fib(15), Policy.workStealing(Spawn.CHILD), Machine.of(1), 1)
                .peakQueued()).isGreaterThan(5);
    }

    @Test
    void aSplitThatCannotApplyIsRejectedByName() {
        Policy ws = Policy.workStealing(Spawn.CHILD);
        assertThatThrownBy(() -> ws.heartbeat(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("beat >= 1");
        assertThatThrownBy(() -> Policy.workSharing().lazySplitting())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("work stealing");
        assertThatThrownBy(() -> ws.withFeedback(Policy.Feedback.DEFAULT).heartbeat(5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feedback");
        assertThatThrownBy(() -> new Policy(Policy.Scheduler.WORK_STEALING, Spawn.CHILD, Steal.ONE,
                Policy.Victims.UNIFORM, 0, false, null, Split.EAGER, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("heartbeat split only");
        assertThat(ws.lazySplitting().label()).endsWith("-lazy");
        assertThat(ws.heartbeat(64).label()).endsWith("-heartbeat64");
    }

    private static double median(Dag d, Policy policy, int p, ToDoubleFunction<Result> f) {
        double[] x = new double[5];
        for (int s = 0; s < x.length; s++) {
            x[s] = f.applyAsDouble(Simulator.run(d, policy, Machine.of(p), s + 1));
        }
        Arrays.sort(x);
        return x[x.length / 2];
    }
}
