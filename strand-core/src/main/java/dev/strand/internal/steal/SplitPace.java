package dev.strand.internal.steal;

/**
 * One core worker's split pace (see the package essay, "The split gate"): after a stolen piece
 * (the stolen task with the local tasks it left) that ran for less than {@link #WORTH_NANOS}, the
 * thief closes its share of the pool's {@link SplitGate} for the pace (from {@link #MIN_NANOS},
 * doubling after each tiny piece up to {@link #MAX_NANOS}), so that owners stop splitting for it;
 * then it opens it and lets the owners' lazy splitting run for a fraction of the pace before it
 * looks for work, so that the frame it then finds is an old one, not the one nearest the leaves. A
 * piece worth its steal resets the pace. Owner only.
 */
public final class SplitPace {
    /** A stolen piece that ran at least this long was worth its steal: the pace resets. */
    public static final long WORTH_NANOS = Long.getLong("strand.exp.splitWorthNanos", 20_000);
    /** The first pace after a tiny piece; it doubles from here. */
    public static final long MIN_NANOS = Long.getLong("strand.exp.splitPaceMinNanos", 2_000);
    /** The longest pace: a thief of tiny pieces is fed at least this often. */
    public static final long MAX_NANOS = Long.getLong("strand.exp.splitPaceMaxNanos", 64_000);
    /** After the pace, the thief waits {@code pace >> LOOK_SHIFT} with the gate open before it looks. */
    static final int LOOK_SHIFT = Integer.getInteger("strand.exp.splitLookShift", 1);

    private final SplitGate gate;
    /** The pace now: 0 while stolen pieces are worth their steal. */
    private long pace;

    /** @param gate the pool's gate */
    public SplitPace(SplitGate gate) {
        this.gate = gate;
    }

    /**
     * A stolen piece ran from {@code start} to {@code end}: adjust the pace and, after a tiny
     * piece, wait it out sated (see the class comment). The wait is bounded by
     * {@code MAX_NANOS * 1.5}, so a stop is not held up for long.
     *
     * @param start    {@code System.nanoTime()} when the stolen task started
     * @param end      {@code System.nanoTime()} when it and its local tasks returned
     */
    public void afterStolenPiece(long start, long end) {
        long p = nextPace(pace, end - start);
        pace = p;
        if (p == 0L) {
            return;
        }
        gate.sate();
        try {
            spinUntil(end + p);
        } finally {
            gate.hunger();                    // always: a sated count left behind closes the gate
        }
        spinUntil(System.nanoTime() + (p >> LOOK_SHIFT));
    }

    /**
     * @param current  the pace now, 0 or in {@code [MIN_NANOS, MAX_NANOS]}
     * @param ranNanos how long the stolen piece ran
     * @return the next pace: 0 for a piece worth its steal, else doubled within the bounds
     */
    static long nextPace(long current, long ranNanos) {
        if (ranNanos >= WORTH_NANOS) {
            return 0L;
        }
        return Math.min(Math.max(current << 1, MIN_NANOS), MAX_NANOS);
    }

    private static void spinUntil(long until) {
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }
}
