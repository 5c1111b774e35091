package dev.strand.internal.deque;

/**
 * The field layout of {@link BwosDeque} and its blocks, as superclasses. The deque: thiefBlk
 * (CASed by thieves) and the owner's fields on separate cache
 * lines. A block: reserved (CASed by thieves, written by the owner only at block transitions) and
 * committed/head (the owner's hot fields) on separate lines, so that the owner pushing and popping
 * in its block and thieves stealing from a granted block never share a line. HotSpot lays
 * superclass fields before subclass fields, which makes the padding reliable.
 */
final class BwosLayout {
    private BwosLayout() { }

    abstract static class Pad0 {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
    }

    abstract static class ThiefField extends Pad0 {
        long thiefBlk;       // CASed by thieves only; accessed through VarHandles
    }

    abstract static class Pad1 extends ThiefField {
        long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
    }

    abstract static class OwnerFields extends Pad1 {
        long ownerBlk;         // owner-private: the owner's block counter
        long pushed;           // owner-private: the push sequence (pushIndex)
        BwosBlock ownerBlock;  // the owner's block; read by thieves (opaque) only to decide a request
        int request;           // a thief asks the owner to grant its block; read by the owner each op
    }

    abstract static class DequeFields extends OwnerFields {
        long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
    }

    abstract static class BlockPad0 {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
    }

    abstract static class BlockThief extends BlockPad0 {
        long reserved;       // tag and index; accessed through VarHandles
    }

    abstract static class BlockPad1 extends BlockThief {
        long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
    }

    abstract static class BlockOwner extends BlockPad1 {
        final Object[] slots;
        final long[] seqs;   // each slot's push sequence: written by the owner with the slot
        int committed;       // written by the owner only while it holds the block
        int head;            // the owner's lowest element in this block

        BlockOwner(int size) {
            slots = new Object[size];
            seqs = new long[size];
        }
    }
}
