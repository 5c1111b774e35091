package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Single-threaded behaviour of {@link BwosDeque}: the sequential contract of every operation. */
class BwosDequeTest {

    @Test
    void emptyDequeResults() {
        BwosDeque<String> d = new BwosDeque<>(4, 4);
        assertThat(d.pop()).isNull();
        assertThat(d.stealOrNull()).isNull();
        assertThat(d.steal()).isSameAs(Steal.empty());
        assertThat(d.size()).isZero();
        assertThat(d.isEmpty()).isTrue();
        assertThat(d.hasStealable()).isFalse();
        assertThat(d.pop()).isNull();             // a second empty pop leaves it consistent
        d.push("a");
        assertThat(d.pop()).isEqualTo("a");
        assertThat(d.pop()).isNull();
    }

    @Test
    void popIsLifoAcrossBlocks() {
        BwosDeque<Integer> d = new BwosDeque<>(8, 4);
        for (int i = 0; i < 30; i++) {
            assertThat(d.push(i)).isGreaterThanOrEqualTo(0);
        }
        assertThat(d.size()).isEqualTo(30);
        for (int i = 29; i >= 0; i--) {
            assertThat(d.pop()).isEqualTo(i);     // takes back granted blocks one by one
        }
        assertThat(d.pop()).isNull();
        assertThat(d.size()).isZero();
    }

    @Test
    void elementsBecomeStealableBlockByBlock() {
        BwosDeque<Integer> d = new BwosDeque<>(4, 4);
        for (int i = 0; i < 4; i++) {
            d.push(i);
        }
        // The owner's block is full but not granted: nothing is stealable yet.
        assertThat(d.isEmpty()).isTrue();
        assertThat(d.stealOrNull()).isNull();
        d.push(4);                                // block full: granted, 4 opens the next block
        assertThat(d.isEmpty()).isFalse();
        for (int i = 0; i < 4; i++) {
            assertThat(d.steal()).isEqualTo(new Steal.Success<>(i));   // FIFO within the block
        }
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);        // 4 is private
        assertThat(d.pop()).isEqualTo(4);
        assertThat(d.pop()).isNull();
    }

    @Test
    void stealIsFifoAcrossBlocksAndMovesTheThiefCounter() {
        BwosDeque<Integer> d = new BwosDeque<>(8, 2);
        for (int i = 0; i < 9; i++) {
            d.push(i);                            // blocks [0 1] [2 3] [4 5] [6 7] granted, [8]
        }
        for (int i = 0; i < 8; i++) {
            assertThat(d.stealOrNull()).isEqualTo(i);
        }
        assertThat(d.stealOrNull()).isNull();
        assertThat(d.thiefBlockCounter()).isEqualTo(3);
        assertThat(d.pop()).isEqualTo(8);
        assertThat(d.pop()).isNull();             // the granted blocks are drained
    }

    @Test
    void takeoverReturnsWhatTheThievesLeft() {
        BwosDeque<Integer> d = new BwosDeque<>(4, 4);
        for (int i = 0; i < 5; i++) {
            d.push(i);                            // [0 1 2 3] granted, [4] private
        }
        assertThat(d.stealOrNull()).isEqualTo(0);
        assertThat(d.pop()).isEqualTo(4);
        assertThat(d.ownerBlockCounter()).isEqualTo(1);
        assertThat(d.pop()).isEqualTo(3);         // takeover of block 0 from index 1
        assertThat(d.ownerBlockCounter()).isZero();
        assertThat(d.stealOrNull()).isNull();     // the owner holds the thieves' block now
        d.push(9);                                // into the taken-over block, after 1 2
        assertThat(d.pop()).isEqualTo(9);
        assertThat(d.pop()).isEqualTo(2);
        assertThat(d.pop()).isEqualTo(1);
        assertThat(d.pop()).isNull();
        assertThat(d.size()).isZero();
    }

    @Test
    void fullDequeRefusesPushesUntilABlockIsDrained() {
        BwosDeque<Integer> d = new BwosDeque<>(2, 3);
        assertThat(d.capacity()).isEqualTo(6);
        for (int i = 0; i < 6; i++) {
            assertThat(d.push(i)).isGreaterThanOrEqualTo(0);
        }
        assertThat(d.push(6)).isEqualTo(-1);      // both blocks in use: full
        assertThat(d.size()).isEqualTo(6);
        assertThat(d.stealOrNull()).isEqualTo(0);
        assertThat(d.push(6)).isEqualTo(-1);      // block 0 still holds 1 and 2
        assertThat(d.stealOrNull()).isEqualTo(1);
        assertThat(d.stealOrNull()).isEqualTo(2);
        assertThat(d.push(6)).isZero();           // block 0 drained: reused, round 2
        assertThat(d.ownerBlockCounter()).isEqualTo(2);
        for (int i = 6; i >= 3; i--) {
            assertThat(d.pop()).isEqualTo(i);
        }
        assertThat(d.pop()).isNull();
    }

    @Test
    void blocksAreReusedManyRounds() {
        BwosDeque<Integer> d = new BwosDeque<>(4, 2);
        int next = 0;
        int expectSteal = 0;
        for (int round = 0; round < 1_000; round++) {
            for (int k = 0; k < 3; k++) {
                assertThat(d.push(next++)).isGreaterThanOrEqualTo(0);
            }
            assertThat(d.stealOrNull()).isEqualTo(expectSteal++);
            assertThat(d.stealOrNull()).isEqualTo(expectSteal++);
            assertThat(d.pop()).isEqualTo(next - 1);
            expectSteal++;                        // popped, never stolen
        }
        assertThat(d.ownerBlockCounter()).isGreaterThan(100L * d.blockCount());
        assertThat(d.size()).isZero();
    }

    @Test
    void tryPushHonoursItsBound() {
        BwosDeque<Integer> d = new BwosDeque<>(4, 4);
        assertThat(d.tryPush(1, 2)).isZero();
        assertThat(d.tryPush(2, 2)).isEqualTo(1);
        assertThat(d.tryPush(3, 2)).isEqualTo(-1);
        assertThat(d.size()).isEqualTo(2);
    }

    @Test
    void batchStealTakesHalfABlockWithOneCas() {
        BwosDeque<Integer> victim = new BwosDeque<>(4, 8);
        BwosDeque<Integer> mine = new BwosDeque<>(4, 8);
        for (int i = 0; i < 9; i++) {
            victim.push(i);                       // [0..7] granted, [8] private
        }
        assertThat(victim.stealBatchAndPop(mine, 16)).isEqualTo(0);
        List<Integer> moved = new ArrayList<>();
        Integer x;
        while ((x = mine.pop()) != null) {
            moved.add(x);
        }
        assertThat(moved).containsExactly(3, 2, 1);  // half of 8, oldest first in mine
        assertThat(victim.stealOrNull()).isEqualTo(4);
        assertThat(victim.stealBatchAndPop(mine, 1)).isEqualTo(5);   // limit 1: just one
        assertThat(mine.pop()).isNull();
        assertThatThrownBy(() -> victim.stealBatchAndPop(victim, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> victim.stealBatchAndPop(mine, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void requestGrantsAPartlyFilledBlock() {
        AtomicInteger shares = new AtomicInteger();
        BwosDeque<Integer> d = new BwosDeque<>(4, 8, true, shares::incrementAndGet);
        d.push(1);
        d.push(2);
        assertThat(d.stealOrNull()).isNull();     // private; the failed steal asks to share
        assertThat(shares).hasValue(0);
        d.push(3);                                // serves the request: [1 2 3] granted
        assertThat(shares).hasValue(1);
        assertThat(d.hasStealable()).isTrue();
        assertThat(d.stealOrNull()).isEqualTo(1);
        assertThat(d.pop()).isEqualTo(3);         // taken back
        assertThat(d.pop()).isEqualTo(2);
        assertThat(d.pop()).isNull();
        // Without shareOnRequest a thief's failed look changes nothing.
        BwosDeque<Integer> plain = new BwosDeque<>(4, 8);
        plain.push(1);
        assertThat(plain.stealOrNull()).isNull();
        plain.push(2);
        assertThat(plain.isEmpty()).isTrue();
    }

    @Test
    void poppedAndReclaimedSlotsReleaseTheirElements() {
        BwosDeque<Object> d = new BwosDeque<>(2, 2);
        Object a = new Object();
        Object b = new Object();
        d.push(a);
        d.push(b);
        d.push(new Object());                     // [a b] granted
        assertThat(d.stealOrNull()).isSameAs(a);
        assertThat(d.stealOrNull()).isSameAs(b);
        assertThat(d.slotsReferencing(a)).isOne();   // stolen, still referenced until reuse
        Object c = d.pop();
        assertThat(d.slotsReferencing(c)).isZero();  // popped: released at once
        d.push(new Object());
        d.push(new Object());
        d.push(new Object());                     // block 1 granted, block 0 reclaimed
        assertThat(d.slotsReferencing(a)).isZero();
        assertThat(d.slotsReferencing(b)).isZero();
    }

    @Test
    void argumentsAreChecked() {
        BwosDeque<String> d = new BwosDeque<>();
        assertThat(d.blockCount()).isEqualTo(BwosDeque.DEFAULT_BLOCKS);
        assertThat(d.blockSize()).isEqualTo(BwosDeque.DEFAULT_BLOCK_SIZE);
        assertThat(new BwosDeque<String>(3, 1).blockCount()).isEqualTo(4);
        assertThat(new BwosDeque<String>(1, 1).blockCount()).isEqualTo(2);
        assertThatThrownBy(() -> d.push(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new BwosDeque<String>(0, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BwosDeque<String>(4, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BwosDeque<String>(4, BwosDeque.MAX_BLOCK_SIZE + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(d.toString()).contains("size=0");
    }

    @Test
    void shareWhenDryGrantsThePushThatFindsNothingStealable() {
        AtomicInteger shares = new AtomicInteger();
        BwosDeque<Integer> d = new BwosDeque<>(4, 8, true, true, shares::incrementAndGet);
        d.push(1);                                // nothing stealable: granted at once
        assertThat(shares).hasValue(1);
        d.push(2);                                // the owner block was empty, but 1 is stealable
        d.push(3);                                // the owner block holds 2: private
        assertThat(shares).hasValue(1);
        assertThat(d.stealOrNull()).isEqualTo(1);
        d.push(4);                                // the owner block is not empty: stays private
        assertThat(shares).hasValue(1);
        assertThat(d.pop()).isEqualTo(4);
        assertThat(d.pop()).isEqualTo(3);
        assertThat(d.pop()).isEqualTo(2);
        d.push(5);                                // empty block, nothing stealable: granted
        assertThat(shares).hasValue(2);
        assertThat(d.stealOrNull()).isEqualTo(5);
        // Without it, the first push stays private.
        BwosDeque<Integer> plain = new BwosDeque<>(4, 8, true, shares::incrementAndGet);
        plain.push(1);
        assertThat(shares).hasValue(2);
        assertThat(plain.stealOrNull()).isNull();
    }

    @Test
    void stealAtOrAboveTakesOnlyElementsPushedSinceTheIndex() {
        BwosDeque<Integer> d = new BwosDeque<>(4, 2);
        assertThat(d.pushIndex()).isZero();
        d.push(0);
        d.push(1);
        long base = d.pushIndex();                // 2: elements 0 and 1 are older
        d.push(2);                                // block 0 (0, 1) granted
        d.push(3);
        d.push(4);                                // block 1 (2, 3) granted
        assertThat(d.stealAtOrAbove(base)).isNull();     // the oldest stealable, 0, is older
        assertThat(d.stealOrNull()).isZero();
        assertThat(d.stealOrNull()).isEqualTo(1);
        assertThat(d.stealAtOrAbove(base)).isEqualTo(2);
        assertThat(d.stealAtOrAbove(base + 2)).isNull();  // 3 was pushed at index 3
        assertThat(d.stealAtOrAbove(base + 1)).isEqualTo(3);
        assertThat(d.pop()).isEqualTo(4);
        assertThat(d.pushIndex()).isEqualTo(5);   // a sequence, not a position: pops keep it
    }

    @Test
    void batchStealNumbersWhatItMovesAndRoomBoundsPushes() {
        BwosDeque<Integer> victim = new BwosDeque<>(4, 8);
        BwosDeque<Integer> mine = new BwosDeque<>(4, 8);
        for (int i = 0; i < 9; i++) {
            victim.push(i);                       // block 0 (0..7) granted at the ninth push
        }
        assertThat(mine.room()).isEqualTo(2);     // 3 free blocks ahead, less one
        long base = mine.pushIndex();
        assertThat(victim.stealBatchAndPop((WorkerDeque<Integer>) mine, 8)).isZero();
        assertThat(mine.pushIndex()).isEqualTo(base + 3);   // 1, 2, 3 moved, numbered here
        assertThat(mine.share()).isTrue();
        assertThat(mine.stealAtOrAbove(base)).isEqualTo(1);
        // room() is a lower bound: that many pushes in a row always succeed.
        BwosDeque<Integer> small = new BwosDeque<>(2, 1);
        int room = small.room();
        for (int i = 0; i < room; i++) {
            assertThat(small.push(i)).isNotNegative();
        }
        assertThat(room).isZero();
        assertThat(small.push(1)).isZero();
        assertThat(small.push(2)).isZero();       // block 0 granted
        assertThat(small.push(3)).isNegative();   // full: block 0 still holds 1
        assertThat(small.room()).isZero();
    }

    @Test
    void packedReservedFields() {
        long r = BwosDeque.pack(5, 7);
        assertThat(BwosDeque.tag(r)).isEqualTo(5);
        assertThat(BwosDeque.idx(r)).isEqualTo(7);
        assertThat(BwosDeque.idx(BwosDeque.pack(1L << 39, BwosDeque.OWNED))).isEqualTo(BwosDeque.OWNED);
        assertThat(BwosDeque.tag(BwosDeque.pack(1L << 39, 3))).isEqualTo(1L << 39);
    }
}
