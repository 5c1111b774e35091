package dev.strand.sim;

import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Metrics;
import dev.strand.sim.engine.CentralEngine;
import dev.strand.sim.engine.Outcome;
import dev.strand.sim.engine.StealingEngine;
import java.util.Objects;

/**
 * Runs a DAG under a policy on a simulated machine.
 *
 * <pre>{@code
 * Result r = Simulator.run(Dags.fib(25), Policy.workStealing(Spawn.CONTINUATION),
 *         Machine.of(64), 1);
 * r.timeRatio();    // T_P / (T1/P + T-inf)
 * }</pre>
 *
 * Deterministic: the same DAG, policy, machine and seed give the same result.
 */
public final class Simulator {
    private Simulator() { }

    /** Same as {@code run(dag, policy, Machine.of(processors), seed)}. */
    public static Result run(Dag dag, Policy policy, int processors, long seed) {
        return run(dag, policy, Machine.of(processors), seed);
    }

    /**
     * @throws IllegalArgumentException if P_A exceeds P
     * @throws NullPointerException     if an argument is null
     */
    public static Result run(Dag dag, Policy policy, Machine machine, long seed) {
        Objects.requireNonNull(dag, "dag must not be null");
        Objects.requireNonNull(policy, "policy must not be null");
        Objects.requireNonNull(machine, "machine must not be null");
        int p = machine.processors();
        if (policy.activeProcessors() > p) {
            throw new IllegalArgumentException("P_A must be <= P, got P_A="
                    + policy.activeProcessors() + " P=" + p);
        }
        Metrics m = dag.metrics();
        Outcome o = switch (policy.scheduler()) {
            case GREEDY -> new CentralEngine(dag.root(), p, false).run();
            case PDF -> new CentralEngine(dag.root(), p, true).run();
            default -> new StealingEngine(dag.root(), policy, machine, seed).run();
        };
        if (o.workDone() != m.work()) {
            throw new IllegalStateException("simulated " + o.workDone() + " work units, the DAG has "
                    + m.work());
        }
        return new Result(dag.name(), policy.label(), p, seed, m.work(), m.span(),
                m.serialSpace(), o.time(), o.stealAttempts(), o.steals(), o.migrations(),
                o.remoteSteals(), o.processorSteps(), o.processorSteps() - m.work(),
                o.peakFrames(), o.peakQueued(), o.minWork(), o.maxWork(), o.stolenWork());
    }
}
