package dev.strand.internal.deque;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;

/**
 * A bounded, block-based work-stealing deque: BWoS, Wang, Trach, Fu, Behrens, Schwender, Liu, Lei,
 * Vafeiadis, Härtig and Chen, "BWoS: Formally Verified Block-based Work Stealing for Parallel
 * Processing" (OSDI 2023), in its LIFO-owner variant, expressed with {@link VarHandle}s.
 *
 * <h2>Roles</h2>
 * One thread, the <em>owner</em>, calls {@link #push} and {@link #pop} (LIFO). Any thread may call
 * {@link #steal}, {@link #stealOrNull} or {@link #stealBatchAndPop} (FIFO among the stealable
 * elements). Owner-only methods say so with an {@code Invariant:} line.
 *
 * <h2>Blocks</h2>
 * The deque is a ring of {@code nb} blocks of {@code ne} slots each. Block counters grow without
 * bound; counter {@code k} names block {@code k & (nb - 1)}. The owner works in block
 * {@code ownerBlk}, which no thief reads: a push and a pop there are plain array and field accesses,
 * with no fence and no atomic instruction. Thieves work in block {@code thiefBlk <= ownerBlk}. The
 * blocks between them, {@code [thiefBlk, ownerBlk)}, are <em>granted</em>: their elements are
 * stealable and the owner no longer touches them. Each block has:
 * <ul>
 *   <li>{@code committed}: one past the owner's last element; written by the owner only while it
 *       holds the block, fixed while the block is granted.</li>
 *   <li>{@code head}: the owner's lowest element (owner-private).</li>
 *   <li>{@code reserved}: a tag (upper 40 bits) and an index (lower 24). The index is the next slot a
 *       thief may take, or {@code OWNED} while the owner holds the block. Thieves advance it by CAS;
 *       the owner sets it when it grants, takes over or reclaims the block, and bumps the tag on
 *       every move to {@code OWNED}, so that no thief's CAS can succeed on a value it read before.</li>
 * </ul>
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li>Push: into the owner's block. When that block is full, the owner <em>advances</em>: it
 *       grants its block (B1) and moves to the next one, which must be free: the thieves must have
 *       left its previous use, {@code ownerBlk + 1 - thiefBlk < nb}. Thieves move
 *       {@code thiefBlk} only when they look for work, so the owner first moves it past drained
 *       blocks itself. If the block to reuse still holds stealable elements the deque is full and
 *       the push fails ({@code -1}); the caller runs the element itself, as a scheduler does at its
 *       spawn bound. Fullness so depends only on the elements, not on how far the thieves' counter
 *       lags.</li>
 *   <li>Pop: from the owner's block. When it is empty, the owner <em>takes over</em> the block
 *       before it, if that is still granted ({@code ownerBlk - 1 >= thiefBlk}) and has stealable
 *       elements: one atomic exchange of its {@code reserved} to {@code OWNED} (B3) returns the index
 *       at which the thieves stopped, and the slots from there up are the owner's again.</li>
 *   <li>Steal: in block {@code thiefBlk}, read {@code reserved} (B2), the slot it names, check that
 *       {@code thiefBlk} did not move, then CAS {@code reserved} one further (B4). When the block is
 *       drained and the next one is granted with elements, a thief moves {@code thiefBlk} on by CAS
 *       (B5). A batch steal takes several slots of one block with one CAS.</li>
 * </ul>
 * The fences, each paired:
 * <ul>
 *   <li>B1 (grant: a release store of {@code reserved}): the slots and {@code committed} written
 *       before it; pairs with B2.</li>
 *   <li>B2 (steal: volatile loads of {@code thiefBlk}, then {@code reserved}, then plain-ordered reads
 *       of {@code committed} and the slot): sees B1's writes.</li>
 *   <li>B3 (takeover: {@code getAndSet} of {@code reserved}) and B4 (a thief's CAS of
 *       {@code reserved}): one modification order per block. A thief reads its slot before its CAS,
 *       and the owner writes a slot only after its takeover or reclaim, so a CAS that wins index
 *       {@code i} read the element the owner granted there, and a takeover that returns {@code i}
 *       gives the owner exactly the slots the thieves did not win.</li>
 *   <li>B5 ({@code thiefBlk}: volatile reads, CAS to advance): the owner reads it before it reclaims
 *       a block (a release store of {@code reserved} after that read), and a thief re-reads it after
 *       its slot read, so a thief whose block counter is stale cannot take an element of the block's
 *       next use.</li>
 *   <li>B6 (a thief about to pass a drained block re-reads its {@code reserved}, after a load-load
 *       fence that keeps the read of {@code committed} before it): the block was drained in the use
 *       the first read named, not a mix of a use the owner has since taken back and refilled; a
 *       changed value sends the thief round again. Pairs with B3 and with the reclaim's release
 *       store, which change the tag.</li>
 * </ul>
 * The thief reading the slot before its CAS (as Chase-Lev does) is a deviation from the paper,
 * whose thieves reserve first, copy, then count themselves done in a fourth per-block counter that
 * the owner waits for before it reuses a block. A Java reference is read in one access, so the
 * read-then-CAS order is enough, and the owner never waits for a slow thief: with the paper's order,
 * a thief descheduled between its reservation and its copy would keep the owner from reusing the
 * block.
 *
 * <h2>Sharing on request</h2>
 * Elements in the owner's block are private: with the classic protocol a thief sees an element only
 * once its block is full. With {@code shareOnRequest}, a thief that finds nothing stealable while
 * the owner's block holds elements sets {@code request}; the owner's next push or pop then grants
 * its block early (an advance with a partly filled block), as Lace's split deque shares on request.
 * {@code onShare} runs after every grant (a scheduler wakes a sleeping thief there).
 *
 * <p>A thief asks only while it looks for work; one that went to sleep asks no more. With
 * {@code shareWhenDry}, a push into an empty owner block also grants the block at once when no
 * element is stealable, as Lace's split deque shares one task when its shared part ran dry: the
 * first task of a burst is visible to sleeping thieves (through {@code onShare}), later ones stay
 * private while earlier grants are still unstolen. The check costs a thief-side probe on those
 * pushes only.
 *
 * <h2>Errors</h2>
 * An owner deep in a recursion can run out of stack inside an operation (in interpreted and C1 code
 * every VarHandle access is a call). The fast paths make no call between writing a slot and moving
 * {@code committed}: both are plain accesses. A takeover's result is consumed by plain stores only.
 * An advance reclaims the next block before it grants the current one, and moves the owner's
 * counters last with plain stores. The runtime's stack-reserve rules would still have to be
 * checked against these paths before the deque runs under workers.
 *
 * <h2>Memory</h2>
 * The owner nulls a slot when it pops its element, and all slots of a block's previous use when it
 * reclaims the block; thieves never write slots. Stolen elements therefore stay referenced until
 * their block is reused, at most {@code nb * ne} of them.
 *
 * @param <T> the element type; {@code null} elements are rejected
 */
public final class BwosDeque<T> extends BwosThiefSide<T> {

    /** The largest block size: indices up to it must stay below {@link #OWNED}. */
    public static final int MAX_BLOCK_SIZE = 1 << 20;

    /** Default shape: 32 blocks of 32 slots (1 024 elements at most). */
    public static final int DEFAULT_BLOCKS = 32;
    /** Default block size. */
    public static final int DEFAULT_BLOCK_SIZE = 32;

    private final boolean shareWhenDry;
    private final Runnable onShare;

    /** Creates a deque of {@link #DEFAULT_BLOCKS} blocks of {@link #DEFAULT_BLOCK_SIZE} slots. */
    public BwosDeque() {
        this(DEFAULT_BLOCKS, DEFAULT_BLOCK_SIZE);
    }

    /**
     * Creates a deque with the classic protocol (elements become stealable block by block).
     *
     * @param blockCount number of blocks, rounded up to a power of two, at least 2
     * @param blockSize  slots per block, in [1, {@link #MAX_BLOCK_SIZE}]
     */
    public BwosDeque(int blockCount, int blockSize) {
        this(blockCount, blockSize, false, null);
    }

    /**
     * Creates a deque.
     *
     * @param blockCount     number of blocks, rounded up to a power of two, at least 2
     * @param blockSize      slots per block, in [1, {@link #MAX_BLOCK_SIZE}]
     * @param shareOnRequest let a thief that finds nothing stealable ask the owner to grant its
     *                       partly filled block (see the class documentation)
     * @param onShare        run by the owner after it granted a block; may be null
     * @throws IllegalArgumentException if a size is out of range
     */
    public BwosDeque(int blockCount, int blockSize, boolean shareOnRequest, Runnable onShare) {
        this(blockCount, blockSize, shareOnRequest, false, onShare);
    }

    /**
     * Creates a deque, optionally sharing when dry (see "Sharing on request" in the class
     * documentation): the workers' deques use it.
     *
     * @param blockCount     number of blocks, rounded up to a power of two, at least 2
     * @param blockSize      slots per block, in [1, {@link #MAX_BLOCK_SIZE}]
     * @param shareOnRequest let a thief that finds nothing stealable ask the owner to grant its
     *                       partly filled block
     * @param shareWhenDry   a push into an empty owner block grants it at once when nothing is
     *                       stealable (thieves may be asleep, and would never ask)
     * @param onShare        run by the owner after it granted a block; may be null
     * @throws IllegalArgumentException if a size is out of range
     */
    public BwosDeque(int blockCount, int blockSize, boolean shareOnRequest, boolean shareWhenDry,
            Runnable onShare) {
        super(blockCount, blockSize, shareOnRequest);
        this.shareWhenDry = shareWhenDry;
        this.onShare = onShare;
    }

    // ------------------------------------------------------------------------------- owner side

    /**
     * Pushes an element.
     *
     * <p>Invariant: owner thread only.
     *
     * @param x the element
     * @return the number of private elements (in the owner's block) before the push, or {@code -1}
     *     if the deque is full
     * @throws NullPointerException if {@code x} is null
     */
    @Override
    public int push(T x) {
        return tryPush(x, Integer.MAX_VALUE);
    }

    /**
     * Pushes an element unless the deque is full or already holds {@code maxSize} elements. The size
     * is counted (a walk over the blocks) only when {@code maxSize} is below {@link #capacity()}.
     *
     * <p>Invariant: owner thread only.
     *
     * @param x       the element
     * @param maxSize the size at or above which the push is refused
     * @return the number of private elements before the push, or {@code -1} if refused
     * @throws NullPointerException if {@code x} is null
     */
    @Override
    public int tryPush(T x, int maxSize) {
        Objects.requireNonNull(x, "deque elements must not be null");
        if (maxSize < capacity() && size() >= maxSize) {
            return -1;
        }
        BwosBlock b = ownerBlock;
        int c = b.committed;                      // owner-written: plain
        if (c == ne) {                            // block full: grant it, move to the next
            b = advance();
            if (b == null) {
                return -1;                        // no free block: the caller runs x itself
            }
            c = 0;
        }
        int before = c - b.head;
        b.slots[c] = x;                           // no fence: no thief reads the owner's block
        b.seqs[c] = pushed++;                     // published with the slot, by the grant (B1)
        b.committed = c + 1;
        if (shareOnRequest && (int) REQUEST.getOpaque(this) != 0) {
            serveRequest();
        } else if (shareWhenDry && before == 0 && !probeStealable()) {
            advance();                            // nothing stealable: grant x now (if not full)
        }
        return before;
    }

    /**
     * Pops the most recently pushed element (LIFO).
     *
     * <p>Invariant: owner thread only.
     *
     * @return the element, or {@code null} if the owner holds none and no granted element is left
     *     to take back
     */
    @SuppressWarnings("unchecked")
    @Override
    public T pop() {
        BwosBlock b = ownerBlock;
        int c = b.committed;
        if (c > b.head) {
            c--;
            Object x = b.slots[c];
            b.slots[c] = null;
            b.committed = c;                      // no fence: the block is the owner's alone
            if (shareOnRequest && c > b.head && (int) REQUEST.getOpaque(this) != 0) {
                serveRequest();
            }
            return (T) x;
        }
        return popSlow();
    }

    /**
     * The owner's block is empty: take over the block before it, if it is still granted and has
     * elements the thieves have not taken.
     */
    @SuppressWarnings("unchecked")
    private T popSlow() {
        long o = ownerBlk;
        long t = (long) THIEF_BLK.getVolatile(this);   // B5
        assert t <= o : "Invariant: thiefBlk <= ownerBlk";
        if (t == o) {
            return null;                          // no granted block: the deque is empty
        }
        BwosBlock p = block(o - 1);
        long r = (long) RESERVED.getVolatile(p);
        int pc = p.committed;                     // fixed while p is granted
        assert idx(r) != OWNED : "Invariant: blocks in [thiefBlk, ownerBlk) are granted";
        if (idx(r) >= pc) {
            return null;                          // drained; so is every older block
        }
        long taken = pack(tag(r) + 1, OWNED);
        long old = (long) RESERVED.getAndSet(p, taken);  // B3: pairs with the thieves' B4
        assert tag(old) == tag(r) : "Invariant: only the owner changes a block's tag";
        int i = idx(old);
        if (i >= pc) {
            // The thieves drained it meanwhile: leave it granted and drained, so they may pass it.
            RESERVED.setRelease(p, pack(tag(r) + 1, pc));
            return null;
        }
        // Slots [i, pc) are the owner's again; the block it leaves is empty and stays OWNED.
        p.head = i;
        ownerBlk = o - 1;
        OWNER_BLOCK.setOpaque(this, p);
        pc--;
        Object x = p.slots[pc];
        p.slots[pc] = null;
        p.committed = pc;
        return (T) x;
    }

    /**
     * Grants the owner's block to thieves and moves to the next block, reclaiming it.
     * Invariant: owner thread only; the owner's block holds an element.
     *
     * @return the new owner block, or {@code null} if the next block is not free (deque full)
     */
    private BwosBlock advance() {
        if (shareOnRequest) {
            // Any grant serves a pending request. Cleared here, not after a full block's grant and
            // the push into the next block: that would grant twice in one push, and a thief could
            // drain the first grant and find the deque empty in between, an empty no sequential
            // history has.
            REQUEST.setOpaque(this, 0);
        }
        long o = ownerBlk;
        long n = o + 1;
        long t = (long) THIEF_BLK.getVolatile(this);   // B5: the thieves left block n's previous use
        while (n - t > mask) {
            // Thieves move their counter only when they look for work, and only onto a block with
            // elements: move it past drained blocks here, or the deque would look full for ever.
            // It may reach the owner's block (thieves then find nothing until the next grant).
            if (t >= o || !drained(block(t))) {
                return null;                      // the block n would reuse still has elements
            }
            if (THIEF_BLK.compareAndSet(this, t, t + 1)) {   // B5
                t++;
            } else {
                t = (long) THIEF_BLK.getVolatile(this);
            }
        }
        BwosBlock cur = block(o);
        BwosBlock next = block(n);
        assert cur.committed > cur.head : "Invariant: a granted block is never empty";
        // Reclaim: block n's previous use is drained (thieves passed it) or a block the owner left
        // going back; either way no thief can win a slot of it, and the new tag makes sure none
        // wins one with a value read before.
        long nr = (long) RESERVED.getOpaque(next);
        Arrays.fill(next.slots, 0, next.committed, null);  // stolen elements' references
        next.committed = 0;
        next.head = 0;
        RESERVED.setRelease(next, pack(tag(nr) + 1, OWNED)); // ordered after the read of thiefBlk
        long cr = (long) RESERVED.getOpaque(cur);
        assert idx(cr) == OWNED : "Invariant: the owner's block is OWNED";
        RESERVED.setRelease(cur, pack(tag(cr), cur.head)); // B1: slots and committed, then grant
        ownerBlk = n;
        OWNER_BLOCK.setOpaque(this, next);
        if (onShare != null) {
            onShare.run();
        }
        return next;
    }

    /**
     * Invariant: owner only; {@code b} is granted. A drained block stays drained until its reuse,
     * which needs {@code thiefBlk} past it.
     */
    private static boolean drained(BwosBlock b) {
        int i = idx((long) RESERVED.getVolatile(b));
        assert i != OWNED : "Invariant: blocks in [thiefBlk, ownerBlk) are granted";
        return i >= b.committed;
    }

    /**
     * Grants the owner's block now, if it holds elements, so that thieves may take them (the owner
     * moves on to a fresh block). A scheduler may call it before it blocks, or where it wants its
     * private work stealable.
     *
     * <p>Invariant: owner thread only.
     *
     * @return whether a block was granted (false if the owner's block was empty or the deque full)
     */
    @Override
    public boolean share() {
        BwosBlock b = ownerBlock;
        return b.committed > b.head && advance() != null;
    }

    /** Invariant: owner only. A thief asked: grant the owner's block now, if it holds elements. */
    private void serveRequest() {
        BwosBlock b = ownerBlock;
        if (b.committed > b.head) {
            advance();                            // if the deque is full the elements stay private
        } else {
            REQUEST.setOpaque(this, 0);
        }
    }

    // ---------------------------------------------------------------------------------- queries

    /**
     * Number of elements, private ones included: a walk over the blocks from {@code thiefBlk} to
     * {@code ownerBlk}. Exact for the owner between its own operations when no thief is active;
     * a snapshot otherwise.
     *
     * @return the size, never negative
     */
    @Override
    public int size() {
        long t = (long) THIEF_BLK.getVolatile(this);
        long o = ownerBlk;
        int n = 0;
        for (long k = t; k <= o && k - t <= mask; k++) {
            BwosBlock b = block(k);
            int i = idx((long) RESERVED.getVolatile(b));
            int lo = i == OWNED ? (int) HEAD.getOpaque(b) : i;
            n += Math.max(0, (int) COMMITTED.getOpaque(b) - lo);
        }
        return n;
    }

    /** @return the most elements the deque can hold: blocks times block size */
    public int capacity() {
        return blocks.length * ne;
    }

    /** @return the number of blocks */
    public int blockCount() {
        return blocks.length;
    }

    /** @return the slots per block */
    public int blockSize() {
        return ne;
    }

    /** @return how many slots of any block reference {@code x} (for tests) */
    int slotsReferencing(Object x) {
        int n = 0;
        for (BwosBlock b : blocks) {
            for (Object o : b.slots) {
                n += o == x ? 1 : 0;
            }
        }
        return n;
    }

    /** @return the owner's block counter (for tests) */
    long ownerBlockCounter() {
        return ownerBlk;
    }

    /** @return the thieves' block counter (for tests) */
    long thiefBlockCounter() {
        return (long) THIEF_BLK.getVolatile(this);
    }

    @Override
    public String toString() {
        return "BwosDeque[size=" + size() + ", blocks=" + blocks.length + "x" + ne + "]";
    }
}
