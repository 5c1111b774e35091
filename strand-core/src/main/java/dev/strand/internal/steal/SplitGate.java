package dev.strand.internal.steal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A pool's split gate, an experiment (see the package essay, "The split gate"): how many of its core workers,
 * other than any one that is running code, would take a piece offered now. {@code Strand.wantsSplit}
 * splits only while the gate is open. Thieves of tiny pieces close their share of it while they
 * pace themselves ({@link SplitPace}); every other worker (running, searching, parked) counts as
 * hungry.
 *
 * <p><b>Invariant:</b> {@code hungry = (core - 1) - (core workers between their {@link #sate()} and
 * their {@link #hunger()})}, hence {@code -1 <= hungry <= core - 1} (a worker running code is never
 * between the two: it paces only after a stolen piece returned, before it looks for work). A pool
 * has a gate only with {@code -Dstrand.exp.splitPace=true} ({@link StealBoard#SPLIT_PACE}), lazy
 * splitting and two or more core workers.
 */
public final class SplitGate extends SplitGateCount {
    private final int core;

    /** @param core the pool's core workers, {@code >= 2} (with one, nobody could take a piece) */
    public SplitGate(int core) {
        assert core >= 2;
        this.core = core;
        HUNGRY.setRelease(this, core - 1);
    }

    /**
     * Whether some other worker would take a piece now. Owner of a split point only: a plain read,
     * a hint that orders nothing (a pacing thief's {@link #hunger()} is seen at a later split point;
     * the JIT may merge the read across inlined levels of a recursion, never across a call).
     *
     * @return whether a split here could feed somebody
     */
    public boolean open() {
        return hungry > 0;
    }

    /** This worker starts pacing: it counts as not hungry until its {@link #hunger()}. */
    void sate() {
        int was = (int) HUNGRY.getAndAdd(this, -1);
        assert was - 1 >= -1 && was <= core - 1 : "split gate out of range: " + (was - 1);
    }

    /** This worker's pace ended: it counts as hungry again. */
    void hunger() {
        int was = (int) HUNGRY.getAndAdd(this, 1);
        assert was + 1 <= core - 1 && was >= -1 : "split gate out of range: " + (was + 1);
    }

    /** @return the count now (for tests and assertions) */
    public int hungry() {
        return (int) HUNGRY.getVolatile(this);
    }

    private static final VarHandle HUNGRY;

    static {
        try {
            HUNGRY = MethodHandles.lookup().findVarHandle(SplitGateCount.class, "hungry", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}

/*
 * Field layout: the count, read at every split point of every worker and written only when a thief
 * starts or ends a pace, sits on a line of its own (superclass fields come first on HotSpot).
 */
abstract class SplitGatePad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

abstract class SplitGateCount extends SplitGatePad0 {
    /** See {@link SplitGate}: plain reads by owners, atomic updates by pacing thieves. */
    int hungry;
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}
