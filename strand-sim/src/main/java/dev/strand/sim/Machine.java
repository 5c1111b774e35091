package dev.strand.sim;

/**
 * The simulated machine.
 *
 * @param processors    P, at least 1
 * @param stealCost     steps one steal attempt takes, at least 1 (unit by default)
 * @param remoteLatency extra steps per unit of {@link Topology#distance} to the victim, at least 0
 * @param topology      sockets and nodes ({@link Topology#FLAT} by default)
 */
public record Machine(int processors, int stealCost, int remoteLatency, Topology topology) {

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
    }

    /** @return P processors, unit steal cost, flat topology */
    public static Machine of(int processors) {
        return new Machine(processors, 1, 0, Topology.FLAT);
    }
}
