package dev.strand.internal.worker;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A worker's state for splitting on demand (the worker package essay, "Split on demand"): the ask
 * that thieves write and the owner's split points read, and the worker's own ask pace as a thief.
 * A superclass of {@link Worker}, so that {@code Strand.wantsSplit} reads the ask from the thread
 * object itself, with no second load.
 */
public abstract class SplitDemand extends Thread {

    /** See {@link Thread#Thread(ThreadGroup, Runnable, String, long, boolean)}. */
    SplitDemand(String name, long stackSize) {
        super(null, null, name, stackSize, false);
    }

    /**
     * Whether {@code Strand.wantsSplit} answers on demand (a thief asked) instead of by lazy
     * splitting alone: an experiment, off unless {@code -Dstrand.exp.splitOnDemand=true} (see
     * docs/design.md, "Split on demand with a thief's ask pace"). Off, thieves neither ask nor
     * wait for answers, and the owner skips the ask bookkeeping at its offers.
     */
    public static final boolean SPLIT_ON_DEMAND = Boolean.getBoolean("strand.exp.splitOnDemand");

    /** {@link #splitAsk}: nobody asked; split points recurse plainly. */
    static final byte NO_ASK = 0;
    /** {@link #splitAsk}: a thief whose last pieces were tiny asked: one offer serves it. */
    static final byte ASK_ONE = 1;
    /** {@link #splitAsk}: a thief whose last piece was worth its steal asked: offer lazily for a while. */
    static final byte ASK_LAZY = 2;

    /**
     * Whether, and how, a split point of this worker should offer work ({@code Strand.wantsSplit}):
     * {@link #NO_ASK}, {@link #ASK_ONE} or {@link #ASK_LAZY}. Set by a thief that asked for work
     * here ({@link #askToSplit}), cleared by this worker when it offers a frame, set again by this
     * worker when it takes an unstolen frame back while its lazy credit lasts. A hint, never a
     * guard of data: thieves write it opaquely, the owner reads it plainly at every split point (a
     * read the JIT may merge across inlined levels of a recursion, never across a call).
     */
    private byte splitAsk;
    /** Offers still allowed after a frame came back unstolen since the last lazy ask was served. Owner only. */
    int lazyCredit;
    /** Lazy re-offers granted by one served {@link #ASK_LAZY}. */
    static final int LAZY_CREDIT = Integer.getInteger("strand.exp.lazyCredit", 64);
    /** How long a thief about to sleep looks for the work its last ask requested. */
    static final long ASK_ANSWER_NANOS = Long.getLong("strand.exp.askAnswer", 2_000);
    /** As a thief: asks nobody before this {@code System.nanoTime()} (0: asks at once). Owner only. */
    long askAfter;
    /** As a thief: the current ask pace, 0 while stolen pieces are worth their steal. Owner only. */
    long askPace;
    /** A stolen piece running at least this long was worth its steal: the ask pace resets. */
    static final long ASK_WORTH_NANOS = Long.getLong("strand.exp.askWorth", 20_000);
    /** The first ask pace after a piece shorter than {@link #ASK_WORTH_NANOS}; it doubles from here. */
    static final long MIN_ASK_PACE_NANOS = Long.getLong("strand.exp.askMin", 2_000);
    /** The longest ask pace: a thief of tiny pieces asks at least this often. */
    static final long MAX_ASK_PACE_NANOS = Long.getLong("strand.exp.askMax", 64_000);

    /** @return whether this worker's next split point should offer work ({@code Strand.wantsSplit}) */
    public final boolean splitOpen() {
        return splitAsk != NO_ASK;                // plain: see the field
    }

    /**
     * Asks this worker, from another thread, to offer work at its next split point. Reads before
     * it writes, so that thieves that keep asking do not keep taking the owner's cache line.
     */
    final void askToSplit(byte kind) {
        if ((byte) SPLIT_ASK.getOpaque(this) < kind) {
            SPLIT_ASK.setOpaque(this, kind);
        }
    }

    /** @return the ask this worker makes as a thief: lazy while its stolen pieces are worth it */
    final byte askKind() {
        return askPace == 0L ? ASK_LAZY : ASK_ONE;
    }

    /** @return whether this worker, as a thief, may ask a victim to split now (its ask pace) */
    final boolean mayAsk() {
        long after = askAfter;
        return after == 0L || System.nanoTime() - after >= 0L;
    }

    /** This worker offers a frame: the offer serves any ask, and a lazy ask grants the credit. Owner only. */
    final void serveAsk() {
        byte a = SPLIT_ON_DEMAND ? (byte) SPLIT_ASK.getOpaque(this) : NO_ASK;
        if (a != NO_ASK) {
            SPLIT_ASK.setOpaque(this, NO_ASK);
            lazyCredit = a == ASK_LAZY ? LAZY_CREDIT : 0;
        }
    }

    /** A frame came back unstolen: offer again at the next split point while the credit lasts. Owner only. */
    final void frameCameBack() {
        if (SPLIT_ON_DEMAND && lazyCredit > 0) {
            lazyCredit--;
            SPLIT_ASK.setOpaque(this, ASK_ONE);
        }
    }

    /**
     * A piece this worker stole (with what it ran after it) ran from {@code start} to {@code end}:
     * a short one doubles the ask pace (from {@link #MIN_ASK_PACE_NANOS} up to
     * {@link #MAX_ASK_PACE_NANOS}), a long one resets it. Owner only.
     */
    final void afterStolenPiece(long start, long end) {
        if (end - start >= ASK_WORTH_NANOS) {
            askPace = 0L;
            askAfter = 0L;
        } else {
            askPace = Math.min(Math.max(askPace << 1, MIN_ASK_PACE_NANOS), MAX_ASK_PACE_NANOS);
            askAfter = end + askPace;
            if (askAfter == 0L) {
                askAfter = 1L;                    // 0 means "at once"
            }
        }
    }

    static final VarHandle SPLIT_ASK;

    static {
        try {
            SPLIT_ASK = MethodHandles.lookup().findVarHandle(SplitDemand.class, "splitAsk", byte.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
