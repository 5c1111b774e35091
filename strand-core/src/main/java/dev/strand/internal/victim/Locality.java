package dev.strand.internal.victim;

import dev.strand.PoolConfig;
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
     * @param t    the pool's knobs
     * @param core its core workers
     * @return what the workers use
     */
    public static Locality of(PoolConfig.Tuning t, int core) {
        String spec = t.topology() != null ? t.topology() : t.hierarchicalVictims() ? "machine" : null;
        Topology topology = spec == null ? null : Topology.of(spec);
        TieredVictims grouped = topology == null || topology.isFlat() || core == 1
                ? null : new TieredVictims(topology, core);
        TieredVictims walk = t.hierarchicalVictims() && grouped != null ? grouped
                : t.stealBack() && core > 1 ? new TieredVictims(Topology.flat(1), core) : null;
        return new Locality(t.stealBack() && core > 1, walk, grouped);
    }
}
