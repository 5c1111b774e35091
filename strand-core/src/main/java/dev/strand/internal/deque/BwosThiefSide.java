package dev.strand.internal.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The thief side of {@link BwosDeque}: the ring of blocks, the counters' encoding and every
 * operation another thread may call (steal, batch steal, the emptiness probes, the request to
 * share). The owner's side and the constructors are in {@code BwosDeque}, whose class
 * documentation states the protocol and names the fences (B1-B6) cited here.
 *
 * <p>Invariants:
 * <ul>
 *   <li>{@code thiefBlk <= ownerBlk} and {@code ownerBlk - thiefBlk < nb}: blocks in
 *       {@code [thiefBlk, ownerBlk)} are granted, the owner's block is {@code OWNED}.</li>
 *   <li>Thieves never write a slot, {@code committed} or {@code head}: they move only a block's
 *       {@code reserved} (B4) and {@code thiefBlk} (B5), both by CAS.</li>
 *   <li>A thief reads its slot before its CAS and re-reads {@code thiefBlk} in between, so a
 *       winning CAS returns the element the owner granted in that use of the block.</li>
 * </ul>
 *
 * @param <T> the element type
 */
abstract class BwosThiefSide<T> extends BwosLayout.DequeFields implements WorkerDeque<T> {

    static final VarHandle THIEF_BLK;
    static final VarHandle OWNER_BLOCK;
    static final VarHandle REQUEST;
    static final VarHandle RESERVED;
    static final VarHandle COMMITTED;
    static final VarHandle HEAD;
    static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Internal steal outcome: the race for the element was lost (distinct from null, "empty"). */
    static final Object LOST = new Object();

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            THIEF_BLK = l.findVarHandle(BwosLayout.ThiefField.class, "thiefBlk", long.class);
            OWNER_BLOCK = l.findVarHandle(BwosLayout.OwnerFields.class, "ownerBlock", BwosBlock.class);
            REQUEST = l.findVarHandle(BwosLayout.OwnerFields.class, "request", int.class);
            RESERVED = l.findVarHandle(BwosLayout.BlockThief.class, "reserved", long.class);
            COMMITTED = l.findVarHandle(BwosLayout.BlockOwner.class, "committed", int.class);
            HEAD = l.findVarHandle(BwosLayout.BlockOwner.class, "head", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Bits of {@code reserved} that hold the index; the tag is above them. */
    static final int IDX_BITS = 24;
    static final long IDX_MASK = (1L << IDX_BITS) - 1;
    /** The index value meaning "the owner holds this block". */
    static final int OWNED = (int) IDX_MASK;

    final BwosBlock[] blocks;
    final int mask;
    final int ne;
    final boolean shareOnRequest;

    /**
     * @param blockCount     number of blocks, rounded up to a power of two, at least 2
     * @param blockSize      slots per block, in [1, {@link BwosDeque#MAX_BLOCK_SIZE}]
     * @param shareOnRequest let a thief that finds nothing stealable ask the owner to share
     * @throws IllegalArgumentException if a size is out of range
     */
    BwosThiefSide(int blockCount, int blockSize, boolean shareOnRequest) {
        if (blockCount < 1 || blockCount > (1 << 24)) {
            throw new IllegalArgumentException("block count must be in [1, 2^24], got " + blockCount);
        }
        if (blockSize < 1 || blockSize > BwosDeque.MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException(
                    "block size must be in [1, " + BwosDeque.MAX_BLOCK_SIZE + "], got " + blockSize);
        }
        int nb = 2;
        while (nb < blockCount) {
            nb <<= 1;
        }
        this.mask = nb - 1;
        this.ne = blockSize;
        this.shareOnRequest = shareOnRequest;
        this.blocks = new BwosBlock[nb];
        for (int k = 0; k < nb; k++) {
            // Every block but the first starts as a drained granted block of an earlier use: tag 0,
            // index 0 == committed. The owner starts in block 0, which it holds (tag 1).
            blocks[k] = new BwosBlock(blockSize, k == 0 ? pack(1, OWNED) : pack(0, 0));
        }
        ownerBlk = 0;
        ownerBlock = blocks[0];
        thiefBlk = 0;
    }

    static long pack(long tag, int idx) {
        return (tag << IDX_BITS) | idx;
    }

    static int idx(long reserved) {
        return (int) (reserved & IDX_MASK);
    }

    static long tag(long reserved) {
        return reserved >>> IDX_BITS;
    }

    final BwosBlock block(long counter) {
        return blocks[(int) counter & mask];
    }

    /**
     * Steals the oldest stealable element. Safe from any thread, including the owner.
     *
     * @return {@link Steal.Success} with the element, {@link Steal.Empty}, or {@link Steal.Retry}
     *     if another thread won the race for it
     */
    @SuppressWarnings("unchecked")
    public Steal<T> steal() {
        Object x = tryStealAttempt();
        if (x == null) {
            return Steal.empty();
        }
        return x == LOST ? Steal.retry() : Steal.success((T) x);
    }

    /**
     * Allocation-free steal: the oldest stealable element, or {@code null} if there was none or the
     * race was lost (tell them apart with {@link #isEmpty}).
     *
     * @return the stolen element or {@code null}
     */
    @SuppressWarnings("unchecked")
    @Override
    public T stealOrNull() {
        Object x = tryStealAttempt();
        return x == LOST ? null : (T) x;
    }

    /**
     * One steal attempt, moving {@code thiefBlk} past drained blocks on the way.
     *
     * @return the element, {@code null} if nothing was stealable, or {@link #LOST}
     */
    Object tryStealAttempt() {
        for (;;) {
            long t = (long) THIEF_BLK.getVolatile(this);  // B5
            BwosBlock b = block(t);
            long r = (long) RESERVED.getVolatile(b);      // B2: pairs with B1
            int i = idx(r);
            if (i == OWNED) {                         // the owner holds the thieves' block,
                if ((long) THIEF_BLK.getVolatile(this) != t) {
                    continue;                         // unless our block counter went stale
                }
                requestIfPrivate();
                return null;
            }
            int c = (int) COMMITTED.getOpaque(b);     // ordered after B2; fixed while granted
            if (i < c) {
                Object x = SLOT.getAcquire(b.slots, i);
                if ((long) THIEF_BLK.getVolatile(this) != t) {
                    continue;                         // B5: our block counter went stale
                }
                if (x != null && RESERVED.compareAndSet(b, r, r + 1)) {   // B4
                    return x;
                }
                return LOST;                          // another thief, or the owner's takeover
            }
            if (!passDrained(t, b, r)) {
                requestIfPrivate();
                return null;
            }
        }
    }

    /**
     * Block {@code t} looked drained: its {@code reserved} read {@code r}, then its
     * {@code committed} was no greater than {@code r}'s index. The two reads may straddle a
     * takeover: {@code r} from before it, {@code committed} after the owner popped the block down
     * to where the thieves had stopped. The block is then the owner's, and may be refilled and
     * granted again before this thief moves {@code thiefBlk}, which would skip the refilled
     * elements for ever. So the thief re-reads {@code reserved} (B6) and moves on only if it still
     * reads {@code r}: every takeover and reclaim changes the tag, so {@code committed} was then
     * read in the use {@code r} names, where it is fixed, and the block was truly drained.
     *
     * @return whether to look again: the block changed, or {@code thiefBlk} moved
     */
    boolean passDrained(long t, BwosBlock b, long r) {
        VarHandle.loadLoadFence();                    // B6: committed is read before the re-read
        if ((long) RESERVED.getVolatile(b) != r) {
            return true;
        }
        return advanceThief(t);
    }

    /**
     * Block {@code t} is drained (checked by {@link #passDrained}): moves {@code thiefBlk} to
     * {@code t + 1} if that block is granted with elements. A drained block stays drained until it
     * is reused, which needs {@code thiefBlk} past it, so the CAS cannot skip an element.
     *
     * @return whether {@code thiefBlk} moved (by this thief or another)
     */
    boolean advanceThief(long t) {
        BwosBlock n = block(t + 1);
        long rn = (long) RESERVED.getVolatile(n);
        int in = idx(rn);
        if (in == OWNED || in >= (int) COMMITTED.getOpaque(n)) {
            return (long) THIEF_BLK.getVolatile(this) != t;
        }
        THIEF_BLK.compareAndSet(this, t, t + 1);      // B5; if it fails another thief moved it
        return true;
    }

    /**
     * Steals up to half of the stealable elements of the thieves' current block (at most
     * {@code limit}) with one CAS, returns the oldest and pushes the rest onto {@code dest} in FIFO
     * order. The rest go to {@code dest}'s owner block, so they are private there; at most its free
     * room is taken.
     *
     * <p>Invariant: called by the owner of {@code dest}, and {@code dest != this}.
     *
     * @param dest  the caller's own deque
     * @param limit the most elements to move, {@code >= 1}
     * @return the oldest stolen element, or {@code null} if nothing was stolen
     */
    @SuppressWarnings("unchecked")
    public T stealBatchAndPop(BwosDeque<T> dest, int limit) {
        if (dest == this) {
            throw new IllegalArgumentException("cannot steal from a deque into itself");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("batch limit must be >= 1, got " + limit);
        }
        for (;;) {
            long t = (long) THIEF_BLK.getVolatile(this);  // B5
            BwosBlock b = block(t);
            long r = (long) RESERVED.getVolatile(b);      // B2
            int i = idx(r);
            if (i == OWNED) {
                if ((long) THIEF_BLK.getVolatile(this) != t) {
                    continue;
                }
                requestIfPrivate();
                return null;
            }
            int c = (int) COMMITTED.getOpaque(b);
            if (i >= c) {
                if (!passDrained(t, b, r)) {
                    requestIfPrivate();
                    return null;
                }
                continue;
            }
            BwosBlock d = dest.ownerBlock;
            int dc = d.committed;
            int k = Math.min(Math.min(limit, (c - i + 1) / 2), 1 + dest.ne - dc);
            Object first = SLOT.getAcquire(b.slots, i);
            for (int j = 1; j < k; j++) {             // tentatively, above dest's committed
                d.slots[dc + j - 1] = SLOT.getAcquire(b.slots, i + j);
            }
            boolean won = first != null && (long) THIEF_BLK.getVolatile(this) == t
                    && RESERVED.compareAndSet(b, r, r + k);   // B4: k slots at once
            if (!won) {
                Arrays.fill(d.slots, dc, dc + k - 1, null);
                return null;
            }
            long s = dest.pushed;
            for (int j = 0; j < k - 1; j++) {
                d.seqs[dc + j] = s + j;
            }
            dest.pushed = s + k - 1;
            d.committed = dc + k - 1;                 // dest's own block: plain
            return (T) first;
        }
    }

    /** Both deques of a pool are BWoS deques: see {@link #stealBatchAndPop(BwosDeque, int)}. */
    @Override
    public T stealBatchAndPop(WorkerDeque<T> dest, int limit) {
        return stealBatchAndPop((BwosDeque<T>) dest, limit);
    }

    /**
     * Steals the oldest stealable element only if its push sequence is at least {@code minIndex}
     * (see {@link #pushIndex()}): every push stores the owner's push count beside the element, so
     * that a joiner may take only what its target's thief pushed after it started the target.
     * The sequence is read with the slot, between B2 and B4, so a winning CAS vouches for both.
     *
     * @param minIndex the lowest push sequence the caller may take
     * @return the element, or {@code null} if nothing was stealable, the oldest stealable element
     *     was pushed before {@code minIndex}, or another thread won the race
     */
    @Override
    @SuppressWarnings("unchecked")
    public T stealAtOrAbove(long minIndex) {
        for (;;) {
            long t = (long) THIEF_BLK.getVolatile(this);  // B5
            BwosBlock b = block(t);
            long r = (long) RESERVED.getVolatile(b);      // B2: pairs with B1
            int i = idx(r);
            if (i == OWNED) {
                if ((long) THIEF_BLK.getVolatile(this) != t) {
                    continue;
                }
                requestIfPrivate();
                return null;
            }
            int c = (int) COMMITTED.getOpaque(b);
            if (i < c) {
                Object x = SLOT.getAcquire(b.slots, i);
                long seq = b.seqs[i];                 // after B2, before B4: the granted value if B4 wins
                if ((long) THIEF_BLK.getVolatile(this) != t) {
                    continue;                         // B5: our block counter went stale
                }
                if (seq < minIndex || x == null || !RESERVED.compareAndSet(b, r, r + 1)) {   // B4
                    return null;
                }
                return (T) x;
            }
            if (!passDrained(t, b, r)) {
                requestIfPrivate();
                return null;
            }
        }
    }

    /**
     * The push sequence the owner's next push will store: elements with a sequence at or above it
     * are pushed after this call (batch steals number the elements they move the same way).
     * Invariant: owner thread only.
     *
     * @return the next push's sequence
     */
    @Override
    public long pushIndex() {
        return pushed;
    }

    /**
     * How many pushes in a row are sure to succeed: one per free block ahead of the owner's, less
     * one. A push opens at most one block for itself, and a push that serves a thief's request
     * grants its block early, so that the next push opens another: counting blocks, never slots,
     * covers both. Invariant: owner thread only.
     *
     * @return a lower bound on the pushes that will not be refused, {@code >= 0}
     */
    @Override
    public int room() {
        long t = (long) THIEF_BLK.getVolatile(this);     // only grows: the bound stays safe
        long free = t + mask - ownerBlk;
        assert free >= 0 : "Invariant: ownerBlk - thiefBlk < nb";
        return (int) Math.max(0, free - 1);
    }

    /**
     * Whether a thief could take an element now; with {@code shareOnRequest}, asks the owner to
     * share when only private elements exist (as a failed steal does).
     *
     * @return whether the deque holds a stealable element
     */
    @Override
    public boolean hasStealable() {
        boolean s = probeStealable();
        if (!s) {
            requestIfPrivate();
        }
        return s;
    }

    /**
     * @return whether the deque looked empty to a thief: no stealable element (elements in the
     *     owner's block do not count)
     */
    @Override
    public boolean isEmpty() {
        return !probeStealable();
    }

    boolean probeStealable() {
        long t = (long) THIEF_BLK.getVolatile(this);
        for (long k = t; k <= t + 1; k++) {
            BwosBlock b = block(k);
            int i = idx((long) RESERVED.getVolatile(b));
            if (i == OWNED) {
                return false;
            }
            if (i < (int) COMMITTED.getOpaque(b)) {
                return true;
            }
        }
        return false;
    }

    /**
     * With {@code shareOnRequest}: nothing was stealable; if the owner's block holds elements, ask
     * it to grant them. The flag is read before it is written, so idle thieves polling a busy owner
     * do not keep invalidating the owner's cache line.
     */
    void requestIfPrivate() {
        if (shareOnRequest && thievesRequest && (int) REQUEST.getOpaque(this) == 0) {
            BwosBlock ob = (BwosBlock) OWNER_BLOCK.getOpaque(this);
            if ((int) COMMITTED.getOpaque(ob) > (int) HEAD.getOpaque(ob)) {
                REQUEST.setOpaque(this, 1);
            }
        }
    }

    /** Test hook: with {@code false}, thieves never set the request flag (see the split deque's). */
    boolean thievesRequest = true;

    /** Test hook: sets the request flag as a thief would. */
    void askToShare() {
        REQUEST.setOpaque(this, 1);
    }

}
