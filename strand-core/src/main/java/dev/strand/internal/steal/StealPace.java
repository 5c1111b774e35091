package dev.strand.internal.steal;

/**
 * One worker's steal pacing (see the package essay): after a stolen task that ran for less than
 * the current pace, wait out the rest before looking for work again; each such tiny steal doubles
 * the pace, a longer one resets it. Owner only: the pace is its worker's.
 */
public final class StealPace {
    /** A pace backs off to at most this many times the configured one. */
    public static final int PACE_BACKOFF_LIMIT = 16;
    /**
     * The largest pace, configured or backed off to: the configuration's largest
     * ({@code PoolConfig.Tuning.MAX_STEAL_PACE_NANOS}, equal by test).
     */
    public static final long MAX_PACE_NANOS = 1_000_000;
    /** The configured pace; 0 turns pacing off. */
    private final long base;
    /** The pace now: {@link #base}, doubled after each tiny steal up to the cap. */
    private long pace;

    /** @param base the configured pace in nanoseconds ({@code PoolConfig.Tuning.stealPaceNanos()}); 0: none */
    public StealPace(long base) {
        assert 0 <= base && base <= MAX_PACE_NANOS : "pace out of range: " + base;
        this.base = base;
        this.pace = base;
    }

    /** @return whether pacing is on (then the caller times its stolen tasks) */
    public boolean enabled() {
        return base > 0;
    }

    /**
     * A stolen task (with what it forked) that started at {@code stolenAt} has returned: adjust the
     * pace, then spin until the pace the steal was made under has passed since {@code stolenAt}.
     */
    public void afterSteal(long stolenAt) {
        long until = stolenAt + pace;
        long now = System.nanoTime();
        pace = nextPace(pace, now - stolenAt, base);
        while (now - until < 0) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
    }

    /**
     * The pace to keep after a stolen task (with what it forked) ran for {@code ranNanos}: back to
     * {@code base} if it ran at least the current pace (the steal was worth it), else doubled, up to
     * {@code base * PACE_BACKOFF_LIMIT} but never past {@link #MAX_PACE_NANOS}
     * (nor below {@code base}).
     *
     * @param current  the pace the steal was made under, {@code >= base}
     * @param ranNanos how long the stolen task and its children ran
     * @param base     the configured pace, {@code > 0}
     * @return the next pace
     */
    static long nextPace(long current, long ranNanos, long base) {
        if (ranNanos >= current) {
            return base;
        }
        long cap = Math.max(base, Math.min(base * PACE_BACKOFF_LIMIT, MAX_PACE_NANOS));
        return Math.min(current * 2, cap);
    }
}
