package dev.strand.internal.victim;

import dev.strand.internal.topology.Topology;

/**
 * A pool's locality settings, resolved once when the pool starts.
 *
 * @param stealBack whether a worker tries the last thieves of its work first
 * @param walk      the plan of the sweep a worker walks with a {@link VictimCursor}, or null for
 *                  the plain coprime sweep (neither steal-back nor a grouped hierarchy is on)
 * @param places    the plan whose topology groups the workers, or null if it has one group:
 *                  then no steal is near or far
 */
public record Locality(boolean stealBack, TieredVictims walk, TieredVictims places) {
    /** No locality: the plain sweep, no counting. */
    public static final Locality NONE = new Locality(false, null, null);

    /**
     * @param topologySpec        the topology's spec ({@link Topology#of}), or null: then the
     *                            machine's when {@code hierarchicalVictims} is on, else none
     * @param hierarchicalVictims whether sweeps try near victims first
     * @param stealBack           whether a worker tries the last thieves of its work first
     * @param core                the pool's core workers
     * @return what the workers use
     */
    public static Locality of(String topologySpec, boolean hierarchicalVictims, boolean stealBack, int core) {
        String spec = topologySpec != null ? topologySpec : hierarchicalVictims ? "machine" : null;
        Topology topology = spec == null ? null : Topology.of(spec);
        TieredVictims grouped = topology == null || topology.isFlat() || core == 1
                ? null : new TieredVictims(topology, core);
        TieredVictims walk = hierarchicalVictims && grouped != null ? grouped
                : stealBack && core > 1 ? new TieredVictims(Topology.flat(1), core) : null;
        return new Locality(stealBack && core > 1, walk, grouped);
    }
}
