package dev.strand.internal.steal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's request word: set by a worker that looked for work in this worker's deque and
 * found none, read by this worker at every {@code Strand.wantsSplit}, cleared by it when it
 * offers work (see the package essay, "Split requests"). A line of its own: the owner reads it
 * at every poll, and a thief that writes it must not take the owner's counters with it.
 *
 * <p>Accesses are opaque: the word is a hint that needs no ordering except at the owner's clear,
 * which {@link #clearUnlessIdle} fences itself.
 */
public final class SplitRequest extends SplitRequestFields {

    /**
     * Whether {@code Strand.wantsSplit} waits for a request as well as an empty deque (the
     * default): {@code -Dstrand.splitRequests=false} restores the test of the deque alone, for
     * comparison (then nobody asks or clears). A constant, so the JIT folds the choice away.
     */
    public static final boolean ON = !"false".equals(System.getProperty("strand.splitRequests"));
    /** Prototype switch: the owner clears at its offer ({@code offer}) rather than at a pop-back. */
    public static final boolean CLEAR_AT_OFFER = ON && "offer".equals(System.getProperty("strand.splitRequests"));
    /** The owner clears when it takes an offered frame back: nobody wanted it. */
    public static final boolean CLEAR_AT_POP = ON && !CLEAR_AT_OFFER;
    /** Prototype switch: a join whose half was stolen asks its own worker to split again. */
    public static final boolean SELF_ASK = ON && !"false".equals(System.getProperty("strand.splitRequests.selfAsk"));

    /** Prototype: failed attempts (of a join's 64 before it naps) after which a joiner asks its thief. */
    public static final int JOIN_ASK_AFTER = Integer.getInteger("strand.splitRequests.joinAskAfter", 16);

    /** No worker asked since the owner last offered work. */
    static final int NONE = 0;
    /** A worker asked since then. */
    static final int ASKED = 1;

    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(SplitRequestWord.class, "word", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A word with no request pending. */
    public SplitRequest() { }

    /**
     * Asks the owner for work: a thief or a joiner found nothing in its deque. Writes the line
     * only when the word changes, so a thief that asks again while a request is pending leaves it
     * shared with the owner.
     */
    public void ask() {
        if ((int) WORD.getOpaque(this) == NONE) {
            WORD.setOpaque(this, ASKED);
        }
    }

    /**
     * @return whether a request is pending (opaque: no ordering with the owner's other accesses;
     *     a request that this read misses is seen by the next one)
     */
    public boolean asked() {
        return (int) WORD.getOpaque(this) != NONE;
    }

    /**
     * The owner offered work: clears the request unless a worker is counted idle. A worker
     * counted idle (searching or asleep in the sleep control word) asks after it was counted, so
     * either the read of the control word after the clear sees it (the request is set again) or
     * its request comes after the clear: an idle worker's request is never lost (the Dekker pair
     * of the package essay: the clear, a full fence, the read; the idle count's atomic update,
     * then the request). Owner only.
     *
     * @param idle whether the pool counts an idle worker now; read again after the fence
     */
    public void clearUnlessIdle(java.util.function.BooleanSupplier idle) {
        if ((int) WORD.getOpaque(this) == NONE || idle.getAsBoolean()) {
            return;                               // nothing to clear, or someone still waits
        }
        WORD.setOpaque(this, NONE);
        VarHandle.fullFence();
        if (idle.getAsBoolean()) {
            WORD.setOpaque(this, ASKED);          // a worker became idle meanwhile: keep asking
        }
    }
}

/** Padding before the word: a cache line and more (the JVM lays out superclass fields first). */
abstract class SplitRequestPad0 {
    @SuppressWarnings("unused")
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The word itself. */
abstract class SplitRequestWord extends SplitRequestPad0 {
    int word;                                     // accessed through the VarHandle only
}

/** Padding after the word. */
abstract class SplitRequestFields extends SplitRequestWord {
    @SuppressWarnings("unused")
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}
