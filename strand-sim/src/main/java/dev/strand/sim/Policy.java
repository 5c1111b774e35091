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
 * @param split           work stealing: which spawns thieves can see ({@link Split})
 * @param beat            {@link Split#HEARTBEAT}: work steps of a processor between promotions,
 *                        at least 1; 0 otherwise
 */
public record Policy(Scheduler scheduler, Spawn spawn, Steal steal, Victims victims,
                     int activeProcessors, boolean yieldToWorkers, Feedback feedback, Split split,
                     int beat) {

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

    /**
     * Which spawns become work a thief can take. The DAG is the same under all three; what
     * changes is where the parallelism is exposed, and so how many steals a run makes and how
     * much work each brings its thief.
     */
    public enum Split {
        /** Every spawn pushes (Blumofe-Leiserson, and the runtimes that fork eagerly). */
        EAGER,
        /**
         * Lazy binary splitting on request (Tzannes, Caragea, Barua and Vishkin, PPoPP 2010, as
         * Strand's runtime makes it): a spawn pushes only if a thief looked at this processor's
         * deque since its last push (a steal, a failed attempt, or a processor going to sleep
         * asks every deque); any other spawn runs as a call, and its parallelism is gone. Popping
         * back one's own pushed frame asks again, so the next spawn pushes.
         */
        ON_REQUEST,
        /**
         * Heartbeat scheduling (Acar, Charguéraud and Rainey, PLDI 2018): every spawn is recorded
         * as latent, invisible to thieves, and every {@code beat} work steps of its processor the
         * oldest latent one is promoted, so exposure is bounded by time, not by the grain.
         */
        HEARTBEAT
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
        Objects.requireNonNull(split, "split must not be null");
        if (split != Split.EAGER && scheduler != Scheduler.WORK_STEALING) {
            throw new IllegalArgumentException("split " + split + " needs work stealing, not "
                    + scheduler);
        }
        if (split != Split.EAGER && feedback != null) {
            throw new IllegalArgumentException("split " + split + " and parallelism feedback "
                    + "cannot be combined");
        }
        if (split == Split.HEARTBEAT ? beat < 1 : beat != 0) {
            throw new IllegalArgumentException(split == Split.HEARTBEAT
                    ? "a heartbeat needs beat >= 1 work steps, got " + beat
                    : "beat applies to the heartbeat split only, got " + beat + " with " + split);
        }
    }

    /** @return randomized work stealing, steal-one, uniform victims, dedicated processors */
    public static Policy workStealing(Spawn spawn) {
        return new Policy(Scheduler.WORK_STEALING, spawn, Steal.ONE, Victims.UNIFORM, 0, false, null,
                Split.EAGER, 0);
    }

    /** @return work sharing: children go to random processors, parents continue */
    public static Policy workSharing() {
        return new Policy(Scheduler.WORK_SHARING, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false,
                null, Split.EAGER, 0);
    }

    /** @return the centralized greedy reference (FIFO ready list) */
    public static Policy greedy() {
        return new Policy(Scheduler.GREEDY, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false, null,
                Split.EAGER, 0);
    }

    /** @return parallel depth-first: the P ready strands earliest in serial order run */
    public static Policy parallelDepthFirst() {
        return new Policy(Scheduler.PDF, Spawn.CHILD, Steal.ONE, Victims.UNIFORM, 0, false, null,
                Split.EAGER, 0);
    }

    public Policy withSteal(Steal s) {
        return new Policy(scheduler, spawn, s, victims, activeProcessors, yieldToWorkers, feedback,
                split, beat);
    }

    public Policy withVictims(Victims v) {
        return new Policy(scheduler, spawn, steal, v, activeProcessors, yieldToWorkers, feedback,
                split, beat);
    }

    /** @return the multiprogrammed variant: {@code pA} processors scheduled per step */
    public Policy multiprogrammed(int pA, boolean yieldBeforeSteal) {
        if (pA < 1) {
            throw new IllegalArgumentException("P_A must be >= 1, got " + pA);
        }
        return new Policy(scheduler, spawn, steal, victims, pA, yieldBeforeSteal, feedback, split,
                beat);
    }

    public Policy withFeedback(Feedback f) {
        return new Policy(scheduler, spawn, steal, victims, activeProcessors, yieldToWorkers, f,
                split, beat);
    }

    /** @return lazy binary splitting on request */
    public Policy lazySplitting() {
        return new Policy(scheduler, spawn, steal, victims, activeProcessors, yieldToWorkers,
                feedback, Split.ON_REQUEST, 0);
    }

    /** @return heartbeat promotion, one latent spawn every {@code beatSteps} work steps */
    public Policy heartbeat(int beatSteps) {
        return new Policy(scheduler, spawn, steal, victims, activeProcessors, yieldToWorkers,
                feedback, Split.HEARTBEAT, beatSteps);
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
                    : "") + (feedback != null ? "-feedback" : "")
                    + switch (split) {
                        case EAGER -> "";
                        case ON_REQUEST -> "-lazy";
                        case HEARTBEAT -> "-heartbeat" + beat;
                    };
        };
    }
}
