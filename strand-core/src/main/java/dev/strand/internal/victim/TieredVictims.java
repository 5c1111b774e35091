package dev.strand.internal.victim;

import dev.strand.internal.topology.Topology;
import java.util.HashMap;
import java.util.Map;

/**
 * A pool's hierarchical victim plan: for each core worker, its victims in rings, nearest first.
 * Ring r of worker w holds the workers that share w's group at topology level r but not at level
 * r - 1 (ring 0: w's innermost group, w left out; the last ring: the workers that share only the
 * machine). Each ring is walked in a random-start, coprime-stride order of its own
 * ({@link VictimOrder}), so a sweep is near-before-far, random within a distance, and visits every
 * other core worker exactly once. Immutable; shared by a pool's workers.
 *
 * <p>Workers are placed by {@link Topology#placeOf}, which is monotone in the slot, so every group
 * is a contiguous range of slots: a ring is an outer range less an inner one, stored as three
 * ints per worker and ring, and no permutation array is needed.
 */
public final class TieredVictims {
    private final Topology topology;
    private final int core;
    private final int rings;
    /** {@code [(w * rings + r) * 3 + i]}: ring r of worker w as outer start, inner start, inner end. */
    private final int[] bounds;
    /** {@code [w * rings + r]}: the ring's size. */
    private final int[] sizes;
    /** {@code [w * rings + r]}: the coprime walk for the ring's size, null for an empty ring. */
    private final VictimOrder[] walks;
    /** {@code [w]}: worker w's group at the coarsest level (0 for a flat topology). */
    private final int[] top;

    /**
     * @param topology the places
     * @param core     the pool's core workers, {@code >= 1}
     */
    public TieredVictims(Topology topology, int core) {
        if (core < 1) {
            throw new IllegalArgumentException("core must be >= 1, got " + core);
        }
        this.topology = topology;
        this.core = core;
        int levels = topology.levels();
        this.rings = levels + 1;
        this.bounds = new int[core * rings * 3];
        this.sizes = new int[core * rings];
        this.walks = new VictimOrder[core * rings];
        this.top = new int[core];
        // lo[l][w], hi[l][w]: worker w's group at level l as a range of slots (level `levels`: all).
        int[][] lo = new int[rings][core];
        int[][] hi = new int[rings][core];
        for (int l = 0; l < levels; l++) {
            int start = 0;
            for (int w = 1; w <= core; w++) {
                if (w == core || group(l, w) != group(l, start)) {
                    for (int x = start; x < w; x++) {
                        lo[l][x] = start;
                        hi[l][x] = w;
                    }
                    start = w;
                }
            }
        }
        java.util.Arrays.fill(hi[levels], core);
        Map<Integer, VictimOrder> bySize = new HashMap<>();
        for (int w = 0; w < core; w++) {
            top[w] = levels == 0 ? 0 : group(levels - 1, w);
            for (int r = 0; r < rings; r++) {
                int iLo = r == 0 ? w : lo[r - 1][w];
                int iHi = r == 0 ? w + 1 : hi[r - 1][w];
                int oLo = lo[r][w];
                int size = (hi[r][w] - oLo) - (iHi - iLo);
                assert oLo <= iLo && iHi <= hi[r][w] && size >= 0 : "levels nest";
                int i = w * rings + r;
                bounds[i * 3] = oLo;
                bounds[i * 3 + 1] = iLo;
                bounds[i * 3 + 2] = iHi;
                sizes[i] = size;
                walks[i] = size == 0 ? null : bySize.computeIfAbsent(size, VictimOrder::new);
            }
        }
    }

    private int group(int level, int slot) {
        return topology.group(level, topology.placeOf(slot, core));
    }

    /** @return the topology the plan was made for */
    public Topology topology() {
        return topology;
    }

    /** @return the core workers */
    public int core() {
        return core;
    }

    /** @return rings per worker: the topology's levels plus one */
    public int rings() {
        return rings;
    }

    /** @return the size of worker {@code w}'s ring {@code r} (may be 0) */
    public int ringSize(int w, int r) {
        return sizes[w * rings + r];
    }

    /** @return the coprime walk over ring {@code r} of worker {@code w}, or null if it is empty */
    public VictimOrder ringWalk(int w, int r) {
        return walks[w * rings + r];
    }

    /**
     * @param w a core worker
     * @param r one of its rings
     * @param j a position in the ring, {@code 0 <= j < ringSize(w, r)}
     * @return the worker at position {@code j} of the ring (the ring's slots in ascending order)
     */
    public int member(int w, int r, int j) {
        int i = (w * rings + r) * 3;
        int oLo = bounds[i];
        int left = bounds[i + 1] - oLo;
        return j < left ? oLo + j : bounds[i + 2] + j - left;
    }

    /**
     * @param slot any worker slot, spares included
     * @return its group at the coarsest level: steals between slots of different groups are far
     */
    public int topGroup(int slot) {
        return slot < core ? top[slot] : top[(slot - core) % core];
    }

    /** @return whether the topology has more than one group: steals can be far */
    public boolean grouped() {
        return !topology.isFlat();
    }
}
