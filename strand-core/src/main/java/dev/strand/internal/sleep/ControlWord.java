package dev.strand.internal.sleep;

/**
 * The packed idle-control word: how many workers are <em>searching</em> (looking for work, awake),
 * how many are <em>sleepers</em> (registered to park), and how many spare slots are in
 * <em>reserve</em> (no thread; started only to replace a worker that blocks). Packing the three
 * into one {@code long} lets a worker move between them, or a waker move a sleeper to searching,
 * in one atomic step, so no observer sees a worker counted twice or not at all.
 *
 * <pre>
 *   bits 63      0
 *   bits 62..42  reserve    (0 .. 2^21-1)
 *   bits 41..21  sleepers   (0 .. 2^21-1)
 *   bits 20..0   searching  (0 .. 2^21-1)
 * </pre>
 *
 * Adding {@link #ONE_SEARCHER}, {@link #ONE_SLEEPER} or {@link #ONE_RESERVE} (possibly negated) to
 * the word changes one field without a borrow into another as long as every field stays within
 * range, which the coordinator's accounting guarantees (each field counts distinct slots, at most
 * the pool's slot count, which {@link #MAX_COUNT} bounds).
 */
public final class ControlWord {
    private static final int BITS = 21;
    private static final long MASK = (1L << BITS) - 1;
    /** The largest count a field holds. */
    public static final int MAX_COUNT = (int) MASK;
    /** Delta that adds one searcher. */
    public static final long ONE_SEARCHER = 1L;
    /** Delta that adds one sleeper. */
    public static final long ONE_SLEEPER = 1L << BITS;
    /** Delta that adds one reserve slot. */
    public static final long ONE_RESERVE = 1L << (2 * BITS);

    private ControlWord() { }

    /**
     * @param searching searchers, in [0, MAX_COUNT]
     * @param sleepers  sleepers, in [0, MAX_COUNT]
     * @return the packed word with no reserve slots
     */
    public static long pack(int searching, int sleepers) {
        return pack(searching, sleepers, 0);
    }

    /**
     * @param searching searchers, in [0, MAX_COUNT]
     * @param sleepers  sleepers, in [0, MAX_COUNT]
     * @param reserve   reserve slots, in [0, MAX_COUNT]
     * @return the packed word
     */
    public static long pack(int searching, int sleepers, int reserve) {
        if (searching < 0 || sleepers < 0 || reserve < 0
                || searching > MAX_COUNT || sleepers > MAX_COUNT || reserve > MAX_COUNT) {
            throw new IllegalArgumentException("counts must be in [0, " + MAX_COUNT + "]: searching="
                    + searching + " sleepers=" + sleepers + " reserve=" + reserve);
        }
        return ((long) reserve << (2 * BITS)) | ((long) sleepers << BITS) | searching;
    }

    /** @param word a packed word @return its searcher count */
    public static int searching(long word) {
        return (int) (word & MASK);
    }

    /** @param word a packed word @return its sleeper count */
    public static int sleepers(long word) {
        return (int) ((word >>> BITS) & MASK);
    }

    /** @param word a packed word @return its reserve count */
    public static int reserve(long word) {
        return (int) ((word >>> (2 * BITS)) & MASK);
    }

    /** @param word a packed word @return a readable form, for dumps */
    public static String toString(long word) {
        String s = "searching=" + searching(word) + " sleepers=" + sleepers(word);
        return reserve(word) == 0 ? s : s + " reserve=" + reserve(word);
    }
}
