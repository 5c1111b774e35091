package dev.strand.parallel;

/**
 * How a parallel algorithm cuts its index range into pieces that run serially.
 *
 * <ul>
 *   <li>{@link #fixed(int) fixed(g)}: split in halves while a range is longer than {@code g}; ranges
 *       of at most {@code g} elements run serially (the classic serial cutoff). About {@code n/g} pieces,
 *       always the same tree for the same {@code n}: reproducible (also for floating-point sums),
 *       and the right choice when you have measured a good grain for this operation and machine.</li>
 *   <li>{@link #auto()}: adaptive splitting (Rayon's thief-splitting): start with about 4·P pieces
 *       and split a piece further only when it was stolen, that is, when it runs on a different
 *       worker than the one that split it off, which is the sign that some worker ran out of
 *       work. Needs no tuning: on a loaded or uneven input it splits more, on an even one it stops
 *       at a few pieces per worker, so the task overhead stays negligible whatever the cost per
 *       element. The split tree depends on the schedule, so the combination order varies between
 *       runs (harmless for associative operations; floating-point sums may differ in the last
 *       bits).</li>
 *   <li>{@link #auto(int, int) auto(min, max)}: adaptive, but never split a piece shorter than
 *       {@code 2·min} (use when elements are so cheap that a tiny stolen piece is not worth a
 *       task) and always split a piece longer than {@code max} (use when elements are so costly or
 *       uneven that few large pieces balance badly).</li>
 * </ul>
 *
 * <p>When each wins: {@code auto()} is within a few percent of the best fixed grain for most loops
 * and far better than a badly chosen one; a fixed grain wins when its value is known to be good
 * and the work per element is uneven in a way the adaptive split cannot see (it only reacts to
 * steals), or when results must be bit-for-bit reproducible. {@code ./strand grain} measures the
 * whole curve on your machine.
 *
 * <p>Immutable; compare with {@link #equals}.
 */
public final class Grain {
    /** Pieces the adaptive splitter aims at per worker before any steal. */
    static final int AUTO_PIECES_PER_WORKER = 4;

    private static final Grain AUTO = new Grain(0, 1, Integer.MAX_VALUE);

    private final int fixed;        // > 0: fixed grain; 0: adaptive
    private final int min;
    private final int max;

    private Grain(int fixed, int min, int max) {
        this.fixed = fixed;
        this.min = min;
        this.max = max;
    }

    /**
     * A fixed grain: ranges of at most {@code grain} elements run serially, longer ones are halved.
     *
     * @param grain the largest serial piece, {@code >= 1}
     * @return the policy
     * @throws IllegalArgumentException if {@code grain < 1}
     */
    public static Grain fixed(int grain) {
        if (grain < 1) {
            throw new IllegalArgumentException("grain must be >= 1, got " + grain);
        }
        return new Grain(grain, grain, grain);
    }

    /** @return adaptive splitting with no length limits (the default of every algorithm) */
    public static Grain auto() {
        return AUTO;
    }

    /**
     * Adaptive splitting with limits on the piece length.
     *
     * @param minLength never split a range into halves shorter than this, {@code >= 1}
     * @param maxLength always split a range longer than this, {@code >= minLength}
     * @return the policy
     * @throws IllegalArgumentException if {@code minLength < 1} or {@code maxLength < minLength}
     */
    public static Grain auto(int minLength, int maxLength) {
        if (minLength < 1) {
            throw new IllegalArgumentException("minLength must be >= 1, got " + minLength);
        }
        if (maxLength < minLength) {
            throw new IllegalArgumentException("maxLength must be >= minLength (" + minLength
                    + "), got " + maxLength);
        }
        return new Grain(0, minLength, maxLength);
    }

    /** @return whether this is adaptive splitting */
    public boolean isAuto() {
        return fixed == 0;
    }

    /** @return the fixed grain, or 0 for adaptive splitting */
    public int size() {
        return fixed;
    }

    /** @return the shortest piece adaptive splitting creates (the grain itself when fixed) */
    public int minLength() {
        return min;
    }

    /** @return the longest piece adaptive splitting leaves unsplit (the grain itself when fixed) */
    public int maxLength() {
        return max;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Grain g && g.fixed == fixed && g.min == min && g.max == max;
    }

    @Override
    public int hashCode() {
        return (fixed * 31 + min) * 31 + max;
    }

    @Override
    public String toString() {
        if (fixed > 0) {
            return "fixed(" + fixed + ")";
        }
        return min == 1 && max == Integer.MAX_VALUE ? "auto" : "auto(" + min + ", " + max + ")";
    }
}
