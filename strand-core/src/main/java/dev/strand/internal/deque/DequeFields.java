package dev.strand.internal.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Field layout: top (written by thieves' CASes) and bottom (written by the owner) sit on separate
 * cache lines, away from neighbouring objects, so a steal does not invalidate the owner's line.
 * HotSpot lays superclass fields before subclass fields, a class's longs in the order they are
 * declared, and its references after its primitives: so one class holds a pad, top, a pad and the
 * owner's fields, and the deque itself the trailing pad (a class per pad was four more classes for
 * a fresh JVM to load on its way to the first task). The layout puts an int where the object
 * header leaves a gap, so request sits on the header's line, away from both top and bottom; only
 * the split mode's thieves write it.
 */
abstract class DequeFields {
    private static final VarHandle WANTED;

    static {
        try {
            WANTED = MethodHandles.lookup().findVarHandle(DequeFields.class, "wanted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
    long top;            // accessed through VarHandles only
    int request;         // split mode: a thief found only private work (written by thieves)
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
    long bottom;         // written by the owner only; read by thieves through VarHandles
    long wanted;         // lazy splitting's request: set by thieves' looks, cleared by the owner's push
    Object[] array;      // replaced by the owner on growth; read by thieves through VarHandles
    long cleared;        // owner-private: stolen slots below this index are already nulled
    long end;            // split mode: one past the last private element; written by the owner only

    /**
     * Lazy splitting on request: a thief looked here (a steal, or a look that found nothing), so
     * the owner offers at its next split point. Read before written, so that thieves polling an
     * owner that already has the request do not keep invalidating its line. Release: a sleeper's
     * request follows its registration (S2), which the offer's push then sees (P2).
     */
    final void askSplit() {
        if ((long) WANTED.getOpaque(this) == 0L) {
            WANTED.setRelease(this, 1L);
        }
    }

    /**
     * The test fine-grained recursion makes at every split point (owner only; not in split mode).
     * A plain read: an ordered one keeps the JIT from moving the caller's loads around it, which
     * costs such recursion about 15 %. A stale answer only delays an offer.
     *
     * @return whether a thief looked here since the owner's last push
     */
    public final boolean splitRequested() {
        return wanted != 0L;
    }

    /** No request yet: an owner that no core worker could help (before the owner's thread starts). */
    public final void noRequest() {
        wanted = 0L;
    }

    /** The owner popped back its offer: offer again at the next split point (owner only). */
    public final void askSplitAgain() {
        wanted = 1L;
    }
}
