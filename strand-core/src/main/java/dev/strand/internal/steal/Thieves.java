package dev.strand.internal.steal;

/**
 * The packed word that remembers the last two thieves of a worker's work, for steal-back: the
 * latest in the low 16 bits, the one before in the high 16 bits, each stored as slot + 1 so that
 * 0 means none (slots are below 65535: at most 32767 core workers and as many spares). Pure
 * functions; the word lives on the {@link StealBoard}.
 */
public final class Thieves {
    private Thieves() { }

    /** No thief recorded. */
    public static final int NONE = 0;
    /** Largest slot a word can hold. */
    static final int MAX_SLOT = 0xFFFE;

    /**
     * @param word  a word
     * @param thief the slot that just stole, in {@code [0, MAX_SLOT]}
     * @return the word with {@code thief} as the latest; the latest before it moves to second
     *     place unless it is {@code thief} itself (a thief that steals again stays one entry)
     */
    public static int push(int word, int thief) {
        assert thief >= 0 && thief <= MAX_SLOT : thief;
        int t = thief + 1;
        int last = word & 0xFFFF;
        if (last == t) {
            return word;
        }
        return (last << 16) | t;
    }

    /** @return the latest thief's slot, or -1 */
    public static int last(int word) {
        return (word & 0xFFFF) - 1;
    }

    /** @return the thief before the latest, or -1 */
    public static int previous(int word) {
        return (word >>> 16) - 1;
    }
}
