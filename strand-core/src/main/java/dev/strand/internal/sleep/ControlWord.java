package dev.strand.internal.sleep;

/**
 * The packed idle-control word: how many workers are <em>searching</em> (looking for work, awake)
 * and how many are <em>sleepers</em> (registered to park). Packing both into one {@code long} lets
 * a worker move from searching to sleeping, or a waker move a sleeper to searching, in one atomic
 * step, so no observer sees a worker counted twice or not at all.
 *
 * <pre>
 *   bits 63..32  sleepers   (0 .. 2^31-1)
 *   bits 31..0   searching  (0 .. 2^31-1)
 * </pre>
 *
 * Adding {@link #ONE_SEARCHER} or {@link #ONE_SLEEPER} (possibly negated) to the word changes one
 * field without a borrow into the other as long as both stay within range, which the coordinator's
 * accounting guarantees (each field counts distinct workers, at most the pool size).
 */
public final class ControlWord {
    /** The largest count either field holds. */
    public static final int MAX_COUNT = Integer.MAX_VALUE;
    /** Delta that adds one searcher. */
    public static final long ONE_SEARCHER = 1L;
    /** Delta that adds one sleeper. */
    public static final long ONE_SLEEPER = 1L << 32;

    private ControlWord() { }

    /**
     * @param searching searchers, in [0, MAX_COUNT]
     * @param sleepers  sleepers, in [0, MAX_COUNT]
     * @return the packed word
     */
    public static long pack(int searching, int sleepers) {
        if (searching < 0 || sleepers < 0) {
            throw new IllegalArgumentException("counts must be >= 0: searching=" + searching
                    + " sleepers=" + sleepers);
        }
        return ((long) sleepers << 32) | searching;
    }

    /** @param word a packed word @return its searcher count */
    public static int searching(long word) {
        return (int) word;
    }

    /** @param word a packed word @return its sleeper count */
    public static int sleepers(long word) {
        return (int) (word >>> 32);
    }

    /** @param word a packed word @return a readable form, for dumps */
    public static String toString(long word) {
        return "searching=" + searching(word) + " sleepers=" + sleepers(word);
    }
}
