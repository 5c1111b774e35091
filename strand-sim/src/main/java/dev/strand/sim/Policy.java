package dev.strand.sim;

import java.util.Objects;

/**
 * How the simulated processors share the work. Start from a factory ({@link #workStealing},
 * {@link #workSharing}, {@link #greedy}, {@link #parallelDepthFirst}) and refine with the
 * {@code with...} methods.
 *
 * @param scheduler       the scheduler family
 * @param spawn           which side of a spawn is left for thieves (work stealing and sharing)
 * @param steal           how much one successful steal takes
 * @param victims         how a thief picks its victims
 * @param activeProcessors P_A: processors the "kernel" schedules each step, 0 = all
 *                        (multiprogrammed, Arora-Blumofe-Plaxton)
 * @param yieldToWorkers  multiprogrammed only: a processor about to steal yields its slot to
 *                        processors that have work
 * @param feedback        A-Steal parallelism feedback, or null for a fixed allotment
 */
public record Policy(Scheduler scheduler, Spawn spawn, Steal steal, Victims victims,
                     int activeProcessors, boolean yieldToWorkers, Feedback feedback) {

    /** Scheduler families. */
    public enum Scheduler {
        /** Per-processor deques, idle processors steal (Blumofe-Leiserson). */
        WORK_STEALING,
        /** A spawned child is placed on a random processor's deque; no stealing. */
        WORK_SHARING,
        /** Centralized greedy list scheduling, FIFO ready list (Graham/Brent). */
        GREEDY,
        /** Centralized, the P ready nodes earliest in serial order run (Blelloch-Gibbons-Matias). */
        PDF
    }

    /** At a spawn: what the spawning processor leaves on its deque. */
    public enum Spawn {
        /** Push the child, keep running the parent (help-first; TBB, ForkJoinPool). */
        CHILD,
        /** Push the parent's continuation, run the child (work-first; Cilk). */
        CONTINUATION
    }

    /** What a successful steal takes from the top of the victim's deque. */
    public enum Steal {
        ONE,
        /** The older half, rounded up. */
        HALF
    }

    /** Victim selection. */
    public enum Victims {
        /** Independent uniform choice among the other processors. */
        UNIFORM,
        /** Random start plus a random stride coprime with P (Go's runtime): a permutation. */
        COPRIME,
        /** First try to steal back from the last processor that stole from you, else uniform. */
        LOCALIZED,
        /** Near victims first (socket, then node, then anywhere), see {@link Topology}. */
        HIERARCHICAL,
        /**
         * Both, as Strand's runtime with steal-back and hierarchical victims: steal back from the
         * last processor that stole from you, else near victims first.
         */
        LOCALIZED_HIERARCHICAL
    }

    /**
     * A-Steal (Agrawal, He, Hsu, Leiserson 2006): every {@code quantum} steps the desire d is
     * divided by {@code factor} if fewer than {@code efficiency} of the allotted steps did work,
     * multiplied by it if the quantum was efficient and the allotment met the desire.
     */
    public record Feedback(int quantum, double efficiency, double factor) {
        public Feedback {
            if (quantum < 1 || !(efficiency > 0 && efficiency <= 1) || !(factor > 1)) {
                throw new IllegalArgumentException("feedback needs quantum >= 1, 0 < efficiency "
                        + "<= 1 and factor > 1, got " + quantum + ", " + efficiency + ", " + factor);
            }
        }

        /** Quantum 100 steps, efficiency 0.8, factor 2. */
        public static final Feedback DEFAULT = new Feedback(100, 0.8, 2);
    }

    public Policy {
        Objects.requireNonNull(scheduler, "scheduler must not be null");
        Objects.requireNonNull(spawn, "spawn must not be null");
        Objects.requireNonNull(steal, "steal must not be null");
        Objects.requireNonNull(victims, "victims must not be null");
        if (activeProcessors < 0) {
            throw new IllegalArgumentException("activeProcessors must be >= 0 (0 = all), got "
                    + activeProcessors);
        }
        if (activeProcessors > 0 && feedback != null) {
            throw new IllegalArgumentException("multiprogramming and parallelism feedback "
                    + "cannot be combined");
        }
        boolean central = scheduler == Scheduler.GREEDY || scheduler == Scheduler.PDF;
        if (central && (activeProcessors > 0 || feedback != null)) {
            throw new IllegalArgumentException(scheduler + " is a reference scheduler: no "
                    + "multiprogramming or feedback");
        }
    }

    /** @return randomized work stealing, steal-one, uniform victims, dedicated processors */
    public static Policy workStealing(Spawn spawn) {
        return new Policy(Scheduler.WORK_STEALING, spawn, Steal.ONE, Victims.UNIFORM, 0, false, null);
    }

    /** @return work sharing: children go to random processors, parents continue */
    public static Policy workSharing() {
        return new Policy(Scheduler.WORK_SHARING, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false,
                null);
    }

    /** @return the centralized greedy reference (FIFO ready list) */
    public static Policy greedy() {
        return new Policy(Scheduler.GREEDY, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false, null);
    }

    /** @return parallel depth-first: the P ready strands earliest in serial order run */
    public static Policy parallelDepthFirst() {
        return new Policy(Scheduler.PDF, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false, null);
    }

    public Policy withSteal(Steal s) {
        return new Policy(scheduler, spawn, s, victims, activeProcessors, yieldToWorkers, feedback);
    }

    public Policy withVictims(Victims v) {
        return new Policy(scheduler, spawn, steal, v, activeProcessors, yieldToWorkers, feedback);
    }

    /** @return the multiprogrammed variant: {@code pA} processors scheduled per step */
    public Policy multiprogrammed(int pA, boolean yieldBeforeSteal) {
        if (pA < 1) {
            throw new IllegalArgumentException("P_A must be >= 1, got " + pA);
        }
        return new Policy(scheduler, spawn, steal, victims, pA, yieldBeforeSteal, feedback);
    }

    public Policy withFeedback(Feedback f) {
        return new Policy(scheduler, spawn, steal, victims, activeProcessors, yieldToWorkers, f);
    }

    /** @return a short label, e.g. {@code ws-cont-one-uniform} or {@code greedy} */
    public String label() {
        return switch (scheduler) {
            case GREEDY -> "greedy";
            case PDF -> "pdf";
            case WORK_SHARING -> "sharing";
            case WORK_STEALING -> "ws-" + (spawn == Spawn.CHILD ? "child" : "cont") + "-"
                    + steal.name().toLowerCase(java.util.Locale.ROOT) + "-"
                    + victims.name().toLowerCase(java.util.Locale.ROOT)
                    + (activeProcessors > 0 ? "-pa" + activeProcessors + (yieldToWorkers ? "y" : "")
                    : "") + (feedback != null ? "-feedback" : "");
        };
    }
}
