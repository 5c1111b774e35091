package dev.strand.internal.victim;

/**
 * One worker's steal sweep with locality: first the recorded thieves of its own work
 * (steal-back, at most two), then the rings of its {@link TieredVictims} plan nearest first, each
 * in a random coprime-stride order, then the spare slots in order; every slot but the worker's
 * own exactly once. Owner-only mutable state, reused for every sweep, no allocation.
 *
 * <pre>{@code
 * cursor.begin(random, back0, back1, slots);
 * for (int v; (v = cursor.next()) >= 0; ) { ... try to steal from v ... }
 * }</pre>
 */
public final class VictimCursor {
    private final TieredVictims plan;
    private final int self;
    private final int core;
    private final int rings;

    private int back0 = -1;
    private int back1 = -1;
    private int slots;
    /** 0, 1: the steal-back hints; 2: the rings; 3: the spare slots. */
    private int phase;
    private int ring;
    private int k;
    private int size;
    private long walk;
    private VictimOrder order;
    private int rnd;
    private int spare;
    private boolean fromBack;

    /**
     * @param plan the pool's plan
     * @param self this worker's slot, a core worker
     */
    public VictimCursor(TieredVictims plan, int self) {
        if (self < 0 || self >= plan.core()) {
            throw new IllegalArgumentException("self must be a core worker, got " + self);
        }
        this.plan = plan;
        this.self = self;
        this.core = plan.core();
        this.rings = plan.rings();
    }

    /**
     * Starts a sweep.
     *
     * @param random any random int (it picks each ring's start and stride)
     * @param back0  the latest thief of this worker's work, or -1 (none, or steal-back off)
     * @param back1  the thief before it, or -1
     * @param slots  slots in use: spares are {@code core .. slots - 1}
     */
    public void begin(int random, int back0, int back1, int slots) {
        this.slots = Math.max(slots, core);
        this.back0 = valid(back0) ? back0 : -1;
        this.back1 = valid(back1) && back1 != this.back0 ? back1 : -1;
        this.rnd = random | 1;
        this.phase = 0;
        this.ring = -1;
        this.k = 0;
        this.size = 0;
        this.spare = core;
        this.fromBack = false;
    }

    private boolean valid(int v) {
        return v >= 0 && v < slots && v != self;
    }

    /** @return the next victim, or -1 when the sweep has visited every other slot */
    public int next() {
        while (true) {
            switch (phase) {
                case 0 -> {
                    phase = 1;
                    if (back0 >= 0) {
                        fromBack = true;
                        return back0;
                    }
                }
                case 1 -> {
                    phase = 2;
                    if (back1 >= 0) {
                        fromBack = true;
                        return back1;
                    }
                }
                case 2 -> {
                    fromBack = false;
                    if (k < size) {
                        int v = plan.member(self, ring, order.victim(walk, k++));
                        if (v != back0 && v != back1) {
                            return v;
                        }
                    } else if (++ring < rings) {
                        size = plan.ringSize(self, ring);
                        k = 0;
                        if (size > 0) {
                            order = plan.ringWalk(self, ring);
                            walk = order.start(rnd);
                            rnd ^= rnd << 13;             // xorshift32: a fresh draw per ring
                            rnd ^= rnd >>> 17;
                            rnd ^= rnd << 5;
                        }
                    } else {
                        phase = 3;
                    }
                }
                default -> {
                    fromBack = false;
                    while (spare < slots) {
                        int v = spare++;
                        if (v != self && v != back0 && v != back1) {
                            return v;
                        }
                    }
                    return -1;
                }
            }
        }
    }

    /** @return whether the victim {@link #next} returned last was a steal-back hint */
    public boolean fromBack() {
        return fromBack;
    }
}
