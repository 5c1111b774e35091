package dev.strand.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.sim.Policy.Spawn;
import dev.strand.sim.Policy.Steal;
import dev.strand.sim.Policy.Victims;
import dev.strand.sim.dag.Body;
import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Dags;
import dev.strand.sim.dag.Proc;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The theorems as exact checks on small DAGs, plus determinism and bad input. */
class SimulatorTest {

    /** Small instances of every generator (a few thousand units each, so the suite stays fast). */
    static List<Dag> dags() {
        List<Dag> d = new ArrayList<>(List.of(Dags.tree(10), Dags.fib(15), Dags.spawnLoop(300, 1),
                Dags.spawnLoop(100, 9), Dags.mergeSort(512, false), Dags.mergeSort(512, true),
                Dags.parallelSum(4096, 64, 3), Dags.utsGeometric(3, 5, 19),
                Dags.utsBinomial(40, 2, 0.45, 7)));
        for (long seed = 1; seed <= 6; seed++) {
            d.add(Dags.random(seed, 800, seed % 2 == 0 ? 1 : 6));
        }
        return d;
    }

    static List<Policy> stealingPolicies() {
        List<Policy> p = new ArrayList<>();
        for (Spawn s : Spawn.values()) {
            for (Victims v : Victims.values()) {
                p.add(Policy.workStealing(s).withVictims(v));
            }
            p.add(Policy.workStealing(s).withSteal(Steal.HALF));
        }
        return p;
    }

    static List<Policy> allPolicies() {
        List<Policy> p = stealingPolicies();
        p.add(Policy.workStealing(Spawn.CONTINUATION).multiprogrammed(3, true));
        p.add(Policy.workStealing(Spawn.CHILD).multiprogrammed(2, false));
        p.add(Policy.workStealing(Spawn.CONTINUATION).withFeedback(new Policy.Feedback(20, 0.8, 2)));
        p.add(Policy.workStealing(Spawn.CHILD).lazySplitting());
        p.add(Policy.workStealing(Spawn.CONTINUATION).withSteal(Steal.HALF).lazySplitting());
        p.add(Policy.workStealing(Spawn.CHILD).withVictims(Victims.COPRIME).heartbeat(20));
        p.add(Policy.workStealing(Spawn.CONTINUATION).multiprogrammed(2, true).heartbeat(3));
        p.add(Policy.workSharing());
        p.add(Policy.greedy());
        p.add(Policy.parallelDepthFirst());
        return p;
    }

    static final Machine NUMA = new Machine(8, 2, 3, new Topology(2, 4));

    @Test
    void everyScheduleTakesAtLeastMaxOfWorkOverPAndSpan() {
        for (Dag dag : dags()) {
            for (Policy policy : allPolicies()) {
                for (int p : new int[] {1, 2, 3, 8, 64}) {
                    if (policy.activeProcessors() > p) {
                        continue;
                    }
                    Result r = Simulator.run(dag, policy, p, 11);
                    String what = dag + " " + policy.label() + " P=" + p;
                    assertThat(r.time() * p).as(what).isGreaterThanOrEqualTo(r.work());
                    assertThat(r.time()).as(what).isGreaterThanOrEqualTo(r.span());
                    assertThat(r.lowerBoundRatio()).as(what).isGreaterThanOrEqualTo(1.0);
                    assertThat(r.minWork()).isLessThanOrEqualTo(r.maxWork());
                    assertThat(r.idleSteps()).isEqualTo(r.processorSteps() - r.work())
                            .isGreaterThanOrEqualTo(0);
                }
            }
        }
    }

    @Test
    void greedyReferencesMeetBrentsBoundOnEveryDag() {
        for (Dag dag : dags()) {
            for (Policy policy : List.of(Policy.greedy(), Policy.parallelDepthFirst())) {
                for (int p : new int[] {1, 2, 3, 5, 8, 16, 100}) {
                    Result r = Simulator.run(dag, policy, p, 1);
                    // T_P <= T1/P + T-inf, in integers: P * T_P <= T1 + P * T-inf
                    assertThat(r.time() * p).as(dag + " " + policy.label() + " P=" + p)
                            .isLessThanOrEqualTo(r.work() + p * r.span());
                    assertThat(r.timeRatio()).isLessThanOrEqualTo(1.0);
                }
                // With a processor for every frame, greedy runs each unit as soon as it is ready:
                // T_P is exactly the span the metrics computed.
                Result wide = Simulator.run(dag, policy, (int) dag.metrics().frames(), 1);
                assertThat(wide.time()).as(dag + " unbounded P").isEqualTo(dag.metrics().span());
            }
        }
    }

    @Test
    void continuationStealingStaysWithinPTimesS1OnEveryDag() {
        for (Dag dag : dags()) {
            for (Policy policy : stealingPolicies()) {
                if (policy.spawn() != Spawn.CONTINUATION || policy.steal() != Steal.ONE) {
                    continue;
                }
                for (int p : new int[] {1, 2, 4, 16, 64}) {
                    for (long seed = 1; seed <= 3; seed++) {
                        Result r = Simulator.run(dag, policy, p, seed);
                        assertThat(r.peakFrames()).as(dag + " " + policy.label() + " P=" + p)
                                .isLessThanOrEqualTo((long) p * r.serialSpace());
                    }
                }
                Result numa = Simulator.run(dag, policy, NUMA, 5);
                assertThat(numa.spaceRatio()).as(dag + " numa").isLessThanOrEqualTo(1.0);
            }
        }
    }

    @Test
    void childStealingOnTheSpawnLoopQueuesThetaNTasks() {
        Policy child = Policy.workStealing(Spawn.CHILD);
        Policy cont = Policy.workStealing(Spawn.CONTINUATION);
        for (int n : new int[] {100, 1000, 10_000}) {
            Result one = Simulator.run(Dags.spawnLoop(n, 1), child, 1, 1);
            assertThat(one.peakQueued()).isEqualTo(n);               // every child before any runs
            assertThat(one.peakFrames()).isEqualTo(n + 1L);
            // Four processors cannot drain children of 16 units pushed every 2 steps.
            Result four = Simulator.run(Dags.spawnLoop(n, 16), child, 4, 1);
            assertThat(four.peakQueued()).as("n=%d", n).isGreaterThanOrEqualTo(n / 4);
            Result c = Simulator.run(Dags.spawnLoop(n, 16), cont, 4, 1);
            assertThat(c.peakFrames()).isLessThanOrEqualTo(4 * 2);   // P * S1, S1 = 2
        }
    }

    @Test
    void oneProcessorRunsTheSerialScheduleWithoutSteals() {
        for (Dag dag : dags()) {
            for (Policy policy : allPolicies()) {
                if (policy.activeProcessors() > 1) {
                    continue;
                }
                Result r = Simulator.run(dag, policy, Machine.of(1), 3);
                assertThat(r.time()).as(dag + " " + policy.label()).isEqualTo(r.work());
                assertThat(r.stealAttempts()).isZero();
                assertThat(r.steals()).isZero();
                assertThat(r.idleSteps()).isZero();
                if (policy.spawn() == Spawn.CONTINUATION) {
                    assertThat(r.peakFrames()).isEqualTo(r.serialSpace());
                }
            }
        }
    }

    @Test
    void sameSeedSameResultOtherSeedOtherSchedule() {
        Dag dag = Dags.fib(16);
        for (Policy policy : allPolicies()) {
            Result a = Simulator.run(dag, policy, NUMA, 42);
            Result b = Simulator.run(dag, policy, NUMA, 42);
            assertThat(b).isEqualTo(a);
        }
        Policy ws = Policy.workStealing(Spawn.CONTINUATION);
        long distinct = java.util.stream.LongStream.range(0, 8)
                .mapToObj(s -> Simulator.run(dag, ws, 16, s)).map(Result::stealAttempts)
                .distinct().count();
        assertThat(distinct).isGreaterThan(1);
        assertThat(Simulator.run(Dags.random(9, 500, 3), ws, 8, 1))
                .isEqualTo(Simulator.run(Dags.random(9, 500, 3), ws, 8, 1));
    }

    @Test
    void stealsStayNearPTimesSpanOnAHighParallelismTree() {
        Dag tree = Dags.tree(14);                  // T1/T-inf = 2184
        for (int p : new int[] {2, 8, 32, 128}) {
            Result r = Simulator.run(tree, Policy.workStealing(Spawn.CONTINUATION), p, 1);
            assertThat(r.stealRatio()).as("P=%d", p).isLessThan(4.0);
            assertThat(r.timeRatio()).as("P=%d", p).isLessThan(2.0);
            assertThat(r.steals()).isLessThanOrEqualTo(r.stealAttempts());
        }
    }

    @Test
    void hierarchicalVictimsStealRemotelyLessThanUniformOnes() {
        Machine numa = new Machine(32, 1, 10, new Topology(4, 16));
        Dag dag = Dags.fib(18);
        Result uniform = Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION), numa, 1);
        Result near = Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION)
                .withVictims(Victims.HIERARCHICAL), numa, 1);
        assertThat((double) near.remoteSteals() / near.steals())
                .isLessThan((double) uniform.remoteSteals() / uniform.steals());
        Result both = Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION)
                .withVictims(Victims.LOCALIZED_HIERARCHICAL), numa, 1);
        assertThat((double) both.remoteSteals() / both.steals())
                .isLessThan((double) uniform.remoteSteals() / uniform.steals());
        assertThat(Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION), 32, 1).remoteSteals())
                .isZero();                         // flat machine: nothing is remote
    }

    @Test
    void multiprogrammingAndFeedbackUseFewerProcessorSteps() {
        Dag dag = Dags.fib(16);
        Result pa = Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION)
                .multiprogrammed(4, true), 16, 1);
        assertThat(pa.processorSteps()).isEqualTo(4 * pa.time());
        Result fb = Simulator.run(dag, Policy.workStealing(Spawn.CONTINUATION)
                .withFeedback(Policy.Feedback.DEFAULT), 64, 1);
        assertThat(fb.processorSteps()).isLessThan(64 * fb.time());
        Result sharing = Simulator.run(dag, Policy.workSharing(), 16, 1);
        assertThat(sharing.stealAttempts()).isZero();
        assertThat(sharing.migrations()).isPositive();
    }

    @Test
    void aWeightedHandBuiltDagRunsAndIsBoundedLikeAnyOther() {
        Proc heavy = Body.builder().work(50).build();
        Proc light = Body.builder().work(1).build();
        Proc root = Body.builder().work(2).spawn(heavy).spawn(light).spawn(light).sync().work(3)
                .build();
        Dag dag = Dag.of("hand", root);
        assertThat(dag.metrics().span()).isEqualTo(55);
        // PDF starts the heavy child first (serial order) and finishes at the span; any greedy
        // schedule is within T1/P + T-inf.
        assertThat(Simulator.run(dag, Policy.parallelDepthFirst(), 2, 1).time()).isEqualTo(55);
        assertThat(Simulator.run(dag, Policy.greedy(), 2, 1).time() * 2)
                .isLessThanOrEqualTo(dag.metrics().work() + 2 * 55);
    }

    @Test
    void badInputGetsAClearException() {
        Policy ws = Policy.workStealing(Spawn.CONTINUATION);
        assertThatThrownBy(() -> Simulator.run(Dags.tree(3), ws, 0, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("processors must be >= 1, got 0");
        assertThatThrownBy(() -> Simulator.run(null, ws, 4, 1))
                .isInstanceOf(NullPointerException.class).hasMessage("dag must not be null");
        assertThatThrownBy(() -> Simulator.run(Dags.tree(3), null, 4, 1))
                .isInstanceOf(NullPointerException.class).hasMessage("policy must not be null");
        assertThatThrownBy(() -> Simulator.run(Dags.tree(3), ws.multiprogrammed(8, true), 4, 1))
                .hasMessage("P_A must be <= P, got P_A=8 P=4");
        assertThatThrownBy(() -> new Machine(4, 0, 0, Topology.FLAT))
                .hasMessage("stealCost must be >= 1, got 0");
        assertThatThrownBy(() -> new Machine(4, 1, -1, Topology.FLAT))
                .hasMessage("remoteLatency must be >= 0, got -1");
        assertThatThrownBy(() -> new Topology(4, 6)).hasMessageContaining("multiple of socketSize");
        assertThatThrownBy(() -> ws.multiprogrammed(0, false)).hasMessage("P_A must be >= 1, got 0");
        assertThatThrownBy(() -> new Policy.Feedback(0, 0.5, 2)).hasMessageContaining("quantum >= 1");
        assertThatThrownBy(() -> Policy.greedy().multiprogrammed(2, true))
                .hasMessageContaining("reference scheduler");
        assertThatThrownBy(() -> Policy.workStealing(null)).isInstanceOf(NullPointerException.class);
    }

    // ------------------------------------------------------------ parking

    private static Policy childStealing() {
        return Policy.workStealing(Spawn.CHILD).withVictims(Victims.COPRIME);
    }

    /**
     * Two branches of 1000 units: the second processor starts parked, is woken by the first push
     * onto the empty deque, and steals the older branch after the wake latency, so the run takes
     * the latency longer than without parking; every unit of work is still run once.
     */
    @Test
    void aParkedProcessorStartsAfterTheWakeLatency() {
        Dag d = Dags.spawnLoop(2, 1000);
        Result plain = Simulator.run(d, childStealing(), new Machine(2, 1, 0, Topology.FLAT), 1);
        Result parked = Simulator.run(d, childStealing(),
                new Machine(2, 1, 0, Topology.FLAT, 300, 10, 0), 1);
        assertThat(parked.work()).isEqualTo(plain.work());
        assertThat(parked.minWork() + parked.maxWork()).isEqualTo(parked.work());
        assertThat(plain.time()).isLessThan(1010);
        assertThat(parked.time()).isBetween(plain.time() + 290, plain.time() + 310);
    }

    /**
     * Each processor's first wake-up in a run takes the first-wake latency, later ones the wake
     * latency: four branches of 1000 units on two processors whose thief, parked after its first
     * branch (spin 10), is woken again by the next push.
     */
    @Test
    void aProcessorsFirstWakeUpTakesTheFirstWakeLatency() {
        Dag d = Dags.spawnLoop(2, 1000);
        Result plain = Simulator.run(d, childStealing(), new Machine(2, 1, 0, Topology.FLAT, 300, 10, 0), 1);
        Result first = Simulator.run(d, childStealing(), new Machine(2, 1, 0, Topology.FLAT, 300, 10, 0, 700), 1);
        assertThat(first.work()).isEqualTo(plain.work());
        assertThat(first.time()).isBetween(plain.time() + 390, plain.time() + 410);
        Result same = Simulator.run(d, childStealing(), new Machine(2, 1, 0, Topology.FLAT, 300, 10, 0, 300), 1);
        assertThat(same.time()).as("the seven-figure machine's first wake is its wake").isEqualTo(plain.time());
        Dag chain = Dags.spawnLoop(8, 200);
        Result again = Simulator.run(chain, childStealing(), new Machine(2, 1, 0, Topology.FLAT, 0, 1, 0, 700), 1);
        Result once = Simulator.run(chain, childStealing(), new Machine(2, 1, 0, Topology.FLAT, 0, 1, 0, 0), 1);
        assertThat(again.time()).as("only the first wake-up is slow").isLessThanOrEqualTo(once.time() + 700);
    }

    /**
     * A thief's first steal (after its wake-up) is not delayed; a later one, after it ran dry, is
     * delayed by the steal latency: four branches of 1000 units on two processors, one later steal.
     */
    @Test
    void aStealsLatencyDelaysAThiefThatRanDry() {
        Dag two = Dags.spawnLoop(2, 1000);
        Result plainTwo = Simulator.run(two, childStealing(), new Machine(2, 1, 0, Topology.FLAT), 1);
        Result lateTwo = Simulator.run(two, childStealing(),
                new Machine(2, 1, 0, Topology.FLAT, 0, 1_000_000, 500), 1);
        assertThat(lateTwo.time()).isEqualTo(plainTwo.time());
        Dag four = Dags.spawnLoop(4, 1000);
        Result plain = Simulator.run(four, childStealing(), new Machine(2, 1, 0, Topology.FLAT), 1);
        Result late = Simulator.run(four, childStealing(),
                new Machine(2, 1, 0, Topology.FLAT, 0, 1_000_000, 500), 1);
        assertThat(late.work()).isEqualTo(plain.work());
        assertThat(late.time()).isGreaterThan(plain.time()).isLessThanOrEqualTo(plain.time() + 500);
    }

    /**
     * Parking never loses work or a wake-up: every generated DAG finishes with its whole work run
     * once, on 2 to 64 processors, whatever the wake latency and spin; and no run is shorter than
     * its laws.
     */
    @Test
    void parkingProcessorsRunEveryUnitOnce() {
        for (Dag d : dags()) {
            for (int p : new int[] {2, 3, 8, 64}) {
                for (int[] c : new int[][] {{0, 0}, {5, 0}, {40, 3}, {200, 50}}) {
                    Machine m = new Machine(p, 1, 0, Topology.FLAT, c[0], c[1], c[0] / 4);
                    Result r = Simulator.run(d, childStealing(), m, 7);
                    Result free = Simulator.run(d, childStealing(), new Machine(p, 1, 0, Topology.FLAT), 7);
                    assertThat(r.work()).as("%s P=%d %s", d.name(), p, java.util.Arrays.toString(c))
                            .isEqualTo(free.work());
                    assertThat(r.time()).as("%s P=%d", d.name(), p)
                            .isGreaterThanOrEqualTo(Math.max(r.span(), (r.work() + p - 1) / p));
                }
            }
        }
    }

    @Test
    void aMachineRejectsNegativeParkingFigures() {
        assertThatThrownBy(() -> new Machine(2, 1, 0, Topology.FLAT, -1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Machine(2, 1, 0, Topology.FLAT, 0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Machine(2, 1, 0, Topology.FLAT, 0, 0, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Machine(2, 1, 0, Topology.FLAT, 0, 0, 0, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Machine.of(4).parks()).isFalse();
    }
}
