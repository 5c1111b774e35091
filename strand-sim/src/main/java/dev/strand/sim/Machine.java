package dev.strand.sim;

/**
 * The simulated machine.
 *
 * @param processors    P, at least 1
 * @param stealCost     steps one steal attempt takes, at least 1 (unit by default)
 * @param remoteLatency extra steps per unit of {@link Topology#distance} to the victim, at least 0
 * @param topology      sockets and nodes ({@link Topology#FLAT} by default)
 * @param wakeLatency   steps from the wake-up of a parked processor to its first steal attempt, at
 *                      least 0; with {@link #NEVER_PARK} processors never park and this is unused
 * @param spinSteps     steps an idle processor searches (failed steal attempts while no deque holds
 *                      work) before it parks, at least 0, or {@link #NEVER_PARK}: the idle protocol
 *                      of a runtime whose workers sleep (see {@code StealingEngine})
 * @param stealLatency  with parking, extra steps a successful steal takes before the stolen task
 *                      starts (beyond the attempt's {@code stealCost}) when the thief had run work
 *                      before: the time a worker that ran dry takes to find and start its next
 *                      task; at least 0
 * @param firstWakeLatency with parking, the {@code wakeLatency} of each processor's first wake-up in
 *                      a run instead, at least 0: on a machine whose idle processors wake slowly
 *                      after an idle spell, or whose operating system first puts the woken thread
 *                      beside its waker, the time before the second processor adds progress
 */
public record Machine(int processors, int stealCost, int remoteLatency, Topology topology, int wakeLatency,
                      long spinSteps, int stealLatency, int firstWakeLatency) {

    /** {@link #spinSteps()}: idle processors search forever, as in the classic model. */
    public static final long NEVER_PARK = Long.MAX_VALUE;

    public Machine {
        if (processors < 1) {
            throw new IllegalArgumentException("processors must be >= 1, got " + processors);
        }
        if (stealCost < 1) {
            throw new IllegalArgumentException("stealCost must be >= 1, got " + stealCost);
        }
        if (remoteLatency < 0) {
            throw new IllegalArgumentException("remoteLatency must be >= 0, got " + remoteLatency);
        }
        if (topology == null) {
            throw new NullPointerException("topology must not be null");
        }
        if (wakeLatency < 0) {
            throw new IllegalArgumentException("wakeLatency must be >= 0, got " + wakeLatency);
        }
        if (spinSteps < 0) {
            throw new IllegalArgumentException("spinSteps must be >= 0, got " + spinSteps);
        }
        if (stealLatency < 0) {
            throw new IllegalArgumentException("stealLatency must be >= 0, got " + stealLatency);
        }
        if (firstWakeLatency < 0) {
            throw new IllegalArgumentException("firstWakeLatency must be >= 0, got " + firstWakeLatency);
        }
    }

    /** A machine whose processors' first wake-up in a run takes as long as any other. */
    public Machine(int processors, int stealCost, int remoteLatency, Topology topology, int wakeLatency,
                   long spinSteps, int stealLatency) {
        this(processors, stealCost, remoteLatency, topology, wakeLatency, spinSteps, stealLatency, wakeLatency);
    }

    /** A machine whose idle processors never park. */
    public Machine(int processors, int stealCost, int remoteLatency, Topology topology) {
        this(processors, stealCost, remoteLatency, topology, 0, NEVER_PARK, 0, 0);
    }

    /** @return whether idle processors park (and start parked, but for the root's) */
    public boolean parks() {
        return spinSteps != NEVER_PARK;
    }

    /** @return P processors, unit steal cost, flat topology */
    public static Machine of(int processors) {
        return new Machine(processors, 1, 0, Topology.FLAT);
    }
}
