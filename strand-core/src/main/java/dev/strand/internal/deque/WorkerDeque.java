package dev.strand.internal.deque;

/**
 * A worker's own deque, as the scheduler uses it: {@link ChaseLevDeque} (the default) or
 * {@link BwosDeque}, chosen once per pool. One thread, the owner, pushes and pops; any thread
 * steals. Owner-only methods say so with an {@code Invariant:} line.
 *
 * <p>A pool holds deques of one kind only, so each call site in the scheduler sees one class, and
 * the JIT inlines it behind a type check. Operations between two deques
 * ({@link #stealBatchAndPop}) require both to be of the same kind.
 *
 * @param <T> the element type; {@code null} elements are rejected
 */
public interface WorkerDeque<T> {

    /**
     * Pushes an element, unless the deque already holds {@code maxSize} elements or (bounded
     * deques) is full.
     *
     * <p>Invariant: owner thread only.
     *
     * @param x       the element
     * @param maxSize the size at or above which the push is refused
     * @return a non-negative count of the elements before the push (the whole deque for Chase-Lev,
     *     the owner's block for BWoS), or {@code -1} if refused
     */
    int tryPush(T x, int maxSize);

    /**
     * Pushes an element.
     *
     * <p>Invariant: owner thread only.
     *
     * @param x the element
     * @return as {@link #tryPush}; {@code -1} only when a bounded deque is full
     */
    int push(T x);

    /**
     * Pops the most recently pushed element (LIFO). Invariant: owner thread only.
     *
     * @return the element, or {@code null} if the owner has none left
     */
    T pop();

    /**
     * Steals the oldest stealable element. Safe from any thread.
     *
     * @return the element, or {@code null} if none was stealable or the race was lost
     */
    T stealOrNull();

    /**
     * Steals the oldest stealable element only if it was pushed at or after {@code minIndex}, a
     * value the owner read from {@link #pushIndex()}: a joiner takes this way only what its
     * target's thief pushed after it started the target.
     *
     * @param minIndex the lowest push index the caller may take
     * @return the element, or {@code null}
     */
    T stealAtOrAbove(long minIndex);

    /**
     * Invariant: owner thread only.
     *
     * @return the index of the next push: every element pushed later has an index at or above it
     */
    long pushIndex();

    /**
     * Steals a batch (at most {@code limit}, at most half of what is stealable), returns the
     * oldest and pushes the rest onto {@code dest}.
     *
     * <p>Invariant: called by the owner of {@code dest}, a deque of the same kind, {@code dest != this}.
     *
     * @param dest  the caller's own deque
     * @param limit the most elements to move, {@code >= 1}
     * @return the oldest stolen element, or {@code null}
     */
    T stealBatchAndPop(WorkerDeque<T> dest, int limit);

    /**
     * Whether a thief could take an element now; when only private elements exist, asks the owner
     * to share them (as a failed steal does).
     *
     * @return whether the deque holds a stealable element
     */
    boolean hasStealable();

    /** @return whether the deque looked empty to a thief (private elements do not count) */
    boolean isEmpty();

    /**
     * Owner only: {@link #isEmpty} as a hint, with no ordering against the owner's other memory
     * accesses, for the split test of {@code Strand.wantsSplit} that fine-grained code asks at
     * every call. A steal that empties the deque after this read is seen by the next test.
     *
     * @return whether the deque held nothing stealable when read
     */
    default boolean ownerSeesEmpty() {
        return isEmpty();
    }

    /**
     * Lazy splitting's test at a split point (owner only; a hint): whether the owner should offer
     * work there. Deques that track thieves' requests answer whether a thief looked at this deque
     * (a steal, or a look that found nothing) since the owner's last push; others answer
     * {@link #ownerSeesEmpty}.
     *
     * @return whether to offer at the next split point
     */
    default boolean splitWanted() {
        return ownerSeesEmpty();
    }

    /** @return the number of elements, private ones included (a snapshot for non-owners) */
    int size();

    /**
     * Invariant: owner thread only.
     *
     * @return how many {@link #push}es in a row are sure to succeed ({@link Integer#MAX_VALUE}
     *     for a growable deque)
     */
    int room();

    /**
     * Makes the owner's private elements stealable now, if the deque keeps any (BWoS grants its
     * block); otherwise does nothing. Invariant: owner thread only.
     *
     * @return whether elements became stealable
     */
    boolean share();
}
