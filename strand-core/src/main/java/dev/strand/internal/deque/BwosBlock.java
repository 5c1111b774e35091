package dev.strand.internal.deque;

/** A block of {@link BwosDeque}: its slots, their push sequences and its counters (see {@link BwosLayout}). */
final class BwosBlock extends BwosLayout.BlockOwner {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;

    BwosBlock(int size, long reserved) {
        super(size);
        this.reserved = reserved;
    }
}
