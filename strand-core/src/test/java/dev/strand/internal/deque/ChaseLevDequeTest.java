package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Single-threaded behaviour of {@link ChaseLevDeque}: the sequential contract of every operation. */
class ChaseLevDequeTest {

    /** Fresh, distinct {@code Integer} objects (never from the cache), so identity checks are exact. */
    @SuppressWarnings({"removal", "BoxedPrimitiveConstructor"}) // a distinct object per call, on purpose
    private static Integer box(int v) {
        return new Integer(v);
    }

    /** Whether any slot of the deque's current array still references {@code x}. */
    private static boolean anySlotHolds(ChaseLevDeque<?> d, Object x) {
        for (Object o : d.array) {
            if (o == x) {
                return true;
            }
        }
        return false;
    }

    private static int nonNullSlots(ChaseLevDeque<?> d) {
        int n = 0;
        for (Object o : d.array) {
            if (o != null) {
                n++;
            }
        }
        return n;
    }

    @Test
    void popIsLifo() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>();
        for (int i = 0; i < 10; i++) {
            d.push(i);
        }
        for (int i = 9; i >= 0; i--) {
            assertThat(d.pop()).isEqualTo(i);
        }
        assertThat(d.pop()).isNull();
        assertThat(d.isEmpty()).isTrue();
    }

    @Test
    void stealIsFifo() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>();
        for (int i = 0; i < 10; i++) {
            d.push(i);
        }
        for (int i = 0; i < 10; i++) {
            Steal<Integer> s = d.steal();
            assertThat(s).isEqualTo(new Steal.Success<>(i));
            assertThat(s.isSuccess()).isTrue();
            assertThat(s.valueOrNull()).isEqualTo(i);
        }
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
    }

    @Test
    void stealOrNullIsFifo() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>();
        for (int i = 0; i < 5; i++) {
            d.push(i);
        }
        for (int i = 0; i < 5; i++) {
            assertThat(d.stealOrNull()).isEqualTo(i);
        }
        assertThat(d.stealOrNull()).isNull();
    }

    @Test
    void emptyDequeResults() {
        ChaseLevDeque<String> d = new ChaseLevDeque<>();
        assertThat(d.pop()).isNull();
        assertThat(d.peekBottom()).isNull();
        assertThat(d.stealOrNull()).isNull();
        Steal<String> s = d.steal();
        assertThat(s).isInstanceOf(Steal.Empty.class).isSameAs(Steal.empty());
        assertThat(s.isSuccess()).isFalse();
        assertThat(s.valueOrNull()).isNull();
        assertThat(d.size()).isZero();
        assertThat(d.isEmpty()).isTrue();
        // Popping an empty deque must leave it consistent (pop lowers bottom tentatively).
        assertThat(d.pop()).isNull();
        assertThat(d.size()).isZero();
        d.push("a");
        assertThat(d.size()).isEqualTo(1);
        assertThat(d.steal()).isEqualTo(new Steal.Success<>("a"));
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
        assertThat(d.pop()).isNull();
        assertThat(d.size()).isZero();
    }

    @Test
    void stealClassificationSingleThreaded() {
        ChaseLevDeque<String> d = new ChaseLevDeque<>(1);
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
        d.push("x");
        Steal<String> s = d.steal();
        assertThat(s).isInstanceOf(Steal.Success.class);
        assertThat(((Steal.Success<String>) s).value()).isEqualTo("x");
        // Without a competing thread no attempt can lose a race: never Retry.
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
        assertThat(Steal.<String>retry()).isInstanceOf(Steal.Retry.class);
        assertThat(Steal.<String>retry().isSuccess()).isFalse();
        assertThat(Steal.<String>retry().valueOrNull()).isNull();
    }

    @Test
    void mixedPopAndSteal() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(2);
        d.push(1);
        d.push(2);
        d.push(3);
        assertThat(d.peekBottom()).isEqualTo(3);
        assertThat(d.steal().valueOrNull()).isEqualTo(1);
        assertThat(d.pop()).isEqualTo(3);
        assertThat(d.size()).isEqualTo(1);
        assertThat(d.peekBottom()).isEqualTo(2);
        assertThat(d.pop()).isEqualTo(2);    // the last element: pop takes the CAS path
        assertThat(d.pop()).isNull();
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
        d.push(4);
        assertThat(d.steal().valueOrNull()).isEqualTo(4);
        assertThat(d.peekBottom()).isNull();
    }

    @Test
    void pushReturnsSizeBeforePush() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(1);
        for (int i = 0; i < 20; i++) {
            assertThat(d.push(i)).isEqualTo(i);
        }
        d.steal();
        d.pop();
        assertThat(d.push(99)).isEqualTo(18);
    }

    @Test
    void growthPreservesOrder() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(1);
        assertThat(d.capacity()).isEqualTo(1);
        int n = 1000;
        for (int i = 0; i < n; i++) {
            d.push(i);
            assertThat(d.capacity()).isGreaterThanOrEqualTo(d.size());
        }
        assertThat(d.capacity()).isEqualTo(1024);
        assertThat(d.size()).isEqualTo(n);
        for (int i = 0; i < n / 2; i++) {
            assertThat(d.steal().valueOrNull()).isEqualTo(i);
        }
        for (int i = n - 1; i >= n / 2; i--) {
            assertThat(d.pop()).isEqualTo(i);
        }
        assertThat(d.isEmpty()).isTrue();
    }

    /** Growth while top is not at index 0 of the array: the copy must unwrap the circular range. */
    @Test
    void growthWithWrappedIndicesPreservesOrder() {
        for (int offset = 0; offset < 16; offset++) {
            ChaseLevDeque<Integer> d = new ChaseLevDeque<>(8);
            for (int i = 0; i < offset; i++) {   // move top and bottom around the ring
                d.push(-1);
                assertThat(d.steal().valueOrNull()).isEqualTo(-1);
            }
            int next = 0;
            int expectOldest = 0;
            for (int round = 0; round < 40; round++) {  // grows 8 -> 16 -> 32 -> 64 with live wrap
                d.push(next++);
                d.push(next++);
                d.push(next++);
                Integer s = d.steal().valueOrNull();
                assertThat(s).isEqualTo(expectOldest++);
            }
            assertThat(d.capacity()).isGreaterThan(8);
            int remaining = d.size();
            assertThat(remaining).isEqualTo(next - expectOldest);
            for (int i = next - 1; i >= expectOldest; i--) {
                assertThat(d.pop()).isEqualTo(i);
            }
            assertThat(d.pop()).isNull();
        }
    }

    @Test
    void capacityIsRoundedUpToPowerOfTwo() {
        assertThat(new ChaseLevDeque<>(1).capacity()).isEqualTo(1);
        assertThat(new ChaseLevDeque<>(2).capacity()).isEqualTo(2);
        assertThat(new ChaseLevDeque<>(3).capacity()).isEqualTo(4);
        assertThat(new ChaseLevDeque<>(1000).capacity()).isEqualTo(1024);
        assertThat(new ChaseLevDeque<>().capacity()).isEqualTo(ChaseLevDeque.DEFAULT_CAPACITY);
    }

    @Test
    void badCapacityRejected() {
        assertThatThrownBy(() -> new ChaseLevDeque<>(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChaseLevDeque<>(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChaseLevDeque<>(Integer.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChaseLevDeque<>((1 << 30) + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChaseLevDeque<>(Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nullRejected() {
        ChaseLevDeque<String> d = new ChaseLevDeque<>();
        assertThatThrownBy(() -> d.push(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> d.tryPush(null, 10)).isInstanceOf(NullPointerException.class);
        assertThat(d.size()).isZero();
        assertThat(d.pop()).isNull();
    }

    @Test
    void tryPushRefusesAtMaxSize() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(2);
        assertThat(d.tryPush(0, 3)).isEqualTo(0);
        assertThat(d.tryPush(1, 3)).isEqualTo(1);
        assertThat(d.tryPush(2, 3)).isEqualTo(2);
        assertThat(d.tryPush(3, 3)).isEqualTo(-1);
        assertThat(d.tryPush(3, 3)).isEqualTo(-1);
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.tryPush(3, 4)).isEqualTo(3);     // a larger bound admits it
        assertThat(d.pop()).isEqualTo(3);
        assertThat(d.pop()).isEqualTo(2);
        assertThat(d.tryPush(9, 3)).isEqualTo(2);     // room again after pops
        assertThat(d.tryPush(10, 3)).isEqualTo(-1);
        assertThat(d.steal().valueOrNull()).isEqualTo(0);
        assertThat(d.tryPush(10, 3)).isEqualTo(2);    // and after steals
        assertThat(d.tryPush(0, 0)).isEqualTo(-1);    // bound 0: always refused
        // Refused pushes left nothing behind: contents are exactly 1, 9, 10 oldest first.
        assertThat(d.steal().valueOrNull()).isEqualTo(1);
        assertThat(d.steal().valueOrNull()).isEqualTo(9);
        assertThat(d.steal().valueOrNull()).isEqualTo(10);
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);
    }

    @Test
    void slotNulledAfterPop() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(4);
        Integer a = box(1000);
        Integer b = box(1001);
        d.push(a);
        d.push(b);
        assertThat(d.pop()).isSameAs(b);               // t < b path
        assertThat(anySlotHolds(d, b)).isFalse();
        assertThat(d.pop()).isSameAs(a);               // last element: CAS path
        assertThat(anySlotHolds(d, a)).isFalse();
        assertThat(nonNullSlots(d)).isZero();
    }

    @Test
    void slotNulledAfterSteal() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(8);
        Integer a = box(1000);
        Integer b = box(1001);
        Integer c = box(1002);
        d.push(a);
        d.push(b);
        d.push(c);
        assertThat(d.steal().valueOrNull()).isSameAs(a);
        assertThat(d.stealOrNull()).isSameAs(b);
        // Thieves never write slots; the owner clears stolen slots in batches (not next to the
        // slots thieves are reading) and all of them when it finds the deque empty.
        Integer e = box(1003);
        d.push(e);
        assertThat(d.pop()).isSameAs(e);
        assertThat(d.steal().valueOrNull()).isSameAs(c);
        assertThat(d.pop()).isNull();                  // the owner's pop on an empty deque clears too
        assertThat(nonNullSlots(d)).isZero();
    }

    @Test
    void slotNulledAfterStealThenPopOnly() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(8);
        Integer[] xs = new Integer[6];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = box(2000 + i);
            d.push(xs[i]);
        }
        for (int i = 0; i < 3; i++) {
            assertThat(d.stealOrNull()).isSameAs(xs[i]);
        }
        assertThat(d.pop()).isSameAs(xs[5]);
        assertThat(d.pop()).isSameAs(xs[4]);
        assertThat(d.pop()).isSameAs(xs[3]);
        assertThat(d.pop()).isNull();                  // empty: every stolen slot is cleared now
        for (int i = 0; i < xs.length; i++) {
            assertThat(anySlotHolds(d, xs[i])).as("slot of %d", i).isFalse();
        }
        assertThat(nonNullSlots(d)).isZero();
    }

    @Test
    void stolenSlotsAreClearedInBatchesWhileTheDequeIsInUse() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(1024);
        for (int i = 0; i < 600; i++) {
            d.push(box(i));
            if (i % 2 == 1) {
                assertThat(d.stealOrNull()).isNotNull();
            }
        }
        // 300 stolen, 300 live: no more than one batch of stale references stays behind
        assertThat(nonNullSlots(d) - d.size()).isBetween(0, 64 + 32);
    }

    @Test
    void slotsNulledAcrossWrapAroundAndGrowth() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(4);
        List<Integer> live = new ArrayList<>();
        int v = 10_000;
        for (int round = 0; round < 50; round++) {
            for (int k = 0; k < 3; k++) {
                Integer x = box(v++);
                d.push(x);
                live.add(x);
            }
            assertThat(d.stealOrNull()).isSameAs(live.removeFirst());
            assertThat(d.stealOrNull()).isSameAs(live.removeFirst());
            d.push(box(-1));
            assertThat(d.pop()).isEqualTo(-1);
            // Every live element is still referenced (stolen ones may linger until a batch).
            for (Integer x : live) {
                assertThat(anySlotHolds(d, x)).isTrue();
            }
        }
        while (d.pop() != null) {
            // drain
        }
        assertThat(d.pop()).isNull();
        assertThat(nonNullSlots(d)).isZero();          // an empty deque keeps no reference
    }

    @Test
    void slotsNulledAfterStealBatch() {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>(16);
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>();
        Integer[] xs = new Integer[10];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = box(3000 + i);
            victim.push(xs[i]);
        }
        assertThat(victim.stealBatchAndPop(dest, 100)).isSameAs(xs[0]);
        assertThat(victim.pop()).isSameAs(xs[9]);
        for (int i = 8; i >= 5; i--) {
            assertThat(victim.pop()).isSameAs(xs[i]);
        }
        assertThat(victim.pop()).isNull();
        for (int i = 0; i < 5; i++) {
            assertThat(anySlotHolds(victim, xs[i])).as("stolen slot %d", i).isFalse();
        }
        assertThat(nonNullSlots(victim)).isZero();
    }

    /** The same reference may be pushed again into the slot it was just stolen from. */
    @Test
    void sameReferencePushedAgainIntoRecycledSlot() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(1);
        Integer x = box(7);
        for (int i = 0; i < 10; i++) {
            d.push(x);
            assertThat(d.stealOrNull()).isSameAs(x);
            d.push(x);
            assertThat(d.size()).isEqualTo(1);
            assertThat(d.pop()).isSameAs(x);
            assertThat(d.capacity()).isEqualTo(1);
        }
        d.push(x);
        d.push(x);
        d.push(x);
        assertThat(d.pop()).isSameAs(x);
        assertThat(d.stealOrNull()).isSameAs(x);
        assertThat(d.pop()).isSameAs(x);
        assertThat(d.pop()).isNull();
    }

    @Test
    void sizeAndToString() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(4);
        assertThat(d.toString()).contains("size=0").contains("capacity=4");
        d.push(1);
        d.push(2);
        assertThat(d.size()).isEqualTo(2);
        assertThat(d.isEmpty()).isFalse();
        assertThat(d.toString()).contains("size=2");
    }

    // ---------------------------------------------------------------- split mode (Lace)

    @Test
    void splitModeSharesOneElementWhenTheSharedPartIsEmpty() {
        java.util.concurrent.atomic.AtomicInteger shares = new java.util.concurrent.atomic.AtomicInteger();
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(4, true, shares::incrementAndGet);
        d.push(1);                                // shared: the shared part was empty
        d.push(2);                                // private
        d.push(3);                                // private
        assertThat(shares.get()).isEqualTo(1);
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.isEmpty()).isFalse();
        assertThat(d.stealOrNull()).isEqualTo(1);
        assertThat(d.isEmpty()).as("private elements are not stealable").isTrue();
        assertThat(d.steal()).isInstanceOf(Steal.Empty.class);   // and asks the owner to share
        assertThat(d.pop()).isEqualTo(3);         // the pop serves the request: shares element 2
        assertThat(shares.get()).isEqualTo(2);
        assertThat(d.stealOrNull()).isEqualTo(2);
        assertThat(d.pop()).isNull();
        assertThat(d.size()).isZero();
    }

    @Test
    void splitModeServesARequestWithHalfThePrivateElements() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(16, true, null);
        for (int i = 0; i < 9; i++) {
            d.push(i);                            // 0 shared, 1..8 private
        }
        assertThat(d.stealOrNull()).isEqualTo(0);
        assertThat(d.stealOrNull()).isNull();     // request
        d.push(9);                                // 1..9 private: shares (9+1)/2 = 5, elements 1..5
        for (int i = 1; i <= 5; i++) {
            assertThat(d.stealOrNull()).isEqualTo(i);
        }
        for (int i = 9; i >= 6; i--) {
            assertThat(d.pop()).isEqualTo(i);     // the rest stayed private, LIFO for the owner
        }
        assertThat(d.pop()).isNull();
    }

    @Test
    void splitModeOwnerPopsThroughTheSharedPartInLifoOrder() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(2, true, null);
        for (int i = 0; i < 100; i++) {
            d.push(i);
            if (i % 10 == 0) {
                d.stealOrNull();                  // keeps requests and shares coming; grows the array
                d.push(-1);
                assertThat(d.pop()).isEqualTo(-1);
            }
        }
        Integer prev = Integer.MAX_VALUE;
        Integer x;
        int n = 0;
        while ((x = d.pop()) != null) {
            assertThat(x).isLessThan(prev);
            prev = x;
            n++;
        }
        assertThat(n).isEqualTo(90);
        assertThat(d.isEmpty()).isTrue();
    }

    /**
     * Lazy splitting on request: a new owner offers at its first split point; a push clears the
     * request; a pop-back alone asks nothing; a thief's look (a failed steal, a successful one, a
     * sleeper's last look) asks again. Split mode keeps its own test (the deque looked empty).
     */
    @Test
    void aThiefsLookAsksTheOwnerToSplitAndAPushClearsTheRequest() {
        ChaseLevDeque<Integer> d = new ChaseLevDeque<>(8);
        assertThat(d.splitRequested()).as("a new owner offers at its first split point").isTrue();
        d.push(1);
        assertThat(d.splitRequested()).isFalse();
        assertThat(d.pop()).isEqualTo(1);
        assertThat(d.splitRequested()).as("a pop-back alone asks nothing").isFalse();
        assertThat(d.stealOrNull()).isNull();
        assertThat(d.splitRequested()).as("a look that found nothing asks").isTrue();
        d.push(2);
        assertThat(d.stealOrNull()).isEqualTo(2);
        assertThat(d.splitRequested()).as("a steal asks for the next offer").isTrue();
        d.push(3);
        assertThat(d.hasStealable()).isTrue();
        assertThat(d.splitRequested()).as("a look that found work asks nothing").isFalse();
        assertThat(d.pop()).isEqualTo(3);
        assertThat(d.hasStealable()).isFalse();
        assertThat(d.splitRequested()).as("a sleeper's last look asks").isTrue();
        d.push(4);
        d.askSplitAgain();
        assertThat(d.splitRequested()).isTrue();

        ChaseLevDeque<Integer> split = new ChaseLevDeque<>(8, true, null);
        assertThat(split.splitWanted()).isTrue();
        split.push(1);
        assertThat(split.splitWanted()).isFalse();
    }
}
