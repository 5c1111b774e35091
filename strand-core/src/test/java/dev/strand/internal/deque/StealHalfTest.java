package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link ChaseLevDeque#stealBatchAndPop}: how many elements move, which, and in what order. */
class StealHalfTest {

    private static final int[] LIMITS = {1, 2, 3, 4, 7, 16, 50, 64, 100, 1000, Integer.MAX_VALUE};

    /**
     * For a victim holding {@code 0 .. n-1} (0 oldest), the batch is the {@code k} oldest elements:
     * 0 is returned, {@code 1 .. k-1} land in dest oldest first, {@code k .. n-1} stay.
     */
    private static void check(int n, int limit, int initialCapacity, int rotate, int destPrefill) {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>(initialCapacity);
        for (int i = 0; i < rotate; i++) {          // start with top and bottom away from index 0
            victim.push(-1);
            assertThat(victim.stealOrNull()).isEqualTo(-1);
        }
        for (int i = 0; i < n; i++) {
            victim.push(i);
        }
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>(1);
        for (int i = 0; i < destPrefill; i++) {
            dest.push(-100 - i);
        }
        int k = (int) Math.min(limit, (n + 1L) / 2);

        Integer first = victim.stealBatchAndPop(dest, limit);

        String ctx = "n=" + n + " limit=" + limit + " cap=" + initialCapacity + " rotate=" + rotate;
        assertThat(first).as(ctx).isEqualTo(0);
        assertThat(victim.size()).as(ctx).isEqualTo(n - k);
        assertThat(dest.size()).as(ctx).isEqualTo(destPrefill + k - 1);
        // dest: its previous elements are older, then 1 .. k-1 in FIFO order (thieves take 1 first).
        for (int i = 0; i < destPrefill; i++) {
            assertThat(dest.steal().valueOrNull()).as(ctx).isEqualTo(-100 - i);
        }
        for (int i = 1; i < k; i++) {
            assertThat(dest.steal().valueOrNull()).as(ctx).isEqualTo(i);
        }
        assertThat(dest.steal()).as(ctx).isInstanceOf(Steal.Empty.class);
        // victim: exactly k .. n-1 remain, still usable from both ends.
        if (n - k > 0) {
            assertThat(victim.pop()).as(ctx).isEqualTo(n - 1);
        }
        for (int i = k; i < n - 1; i++) {
            assertThat(victim.steal().valueOrNull()).as(ctx).isEqualTo(i);
        }
        assertThat(victim.pop()).as(ctx).isNull();
    }

    @Test
    void movesMinOfLimitAndHalfRoundedUp() {
        for (int n = 1; n <= 200; n++) {
            for (int limit : LIMITS) {
                check(n, limit, 64, 0, 0);
            }
        }
    }

    @Test
    void sameWithWrappedIndicesSmallArraysAndNonEmptyDest() {
        for (int n = 1; n <= 200; n += 3) {
            for (int limit : LIMITS) {
                check(n, limit, 1, 0, 0);
                check(n, limit, 8, 5, 0);
                check(n, limit, 256, 250, 3);
            }
        }
    }

    @Test
    void destOwnerPopsNewestOfTheBatchFirst() {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>();
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>();
        for (int i = 0; i < 10; i++) {
            victim.push(i);
        }
        assertThat(victim.stealBatchAndPop(dest, 100)).isEqualTo(0);   // takes 0 .. 4
        assertThat(dest.pop()).isEqualTo(4);
        assertThat(dest.pop()).isEqualTo(3);
        assertThat(dest.stealOrNull()).isEqualTo(1);
        assertThat(dest.pop()).isEqualTo(2);
        assertThat(dest.pop()).isNull();
    }

    @Test
    void repeatedBatchesDrainTheVictim() {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>(2);
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>(2);
        int n = 100;
        for (int i = 0; i < n; i++) {
            victim.push(i);
        }
        boolean[] seen = new boolean[n];
        int count = 0;
        Integer x;
        while ((x = victim.stealBatchAndPop(dest, 8)) != null) {
            assertThat(seen[x]).isFalse();
            seen[x] = true;
            count++;
            Integer y;
            while ((y = dest.pop()) != null) {
                assertThat(seen[y]).isFalse();
                seen[y] = true;
                count++;
            }
        }
        assertThat(count).isEqualTo(n);
        assertThat(victim.isEmpty()).isTrue();
    }

    @Test
    void emptyVictimReturnsNullAndLeavesDestAlone() {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>();
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>();
        dest.push(42);
        assertThat(victim.stealBatchAndPop(dest, 5)).isNull();
        assertThat(dest.size()).isEqualTo(1);
        victim.push(1);
        victim.pop();
        assertThat(victim.stealBatchAndPop(dest, 5)).isNull();
        assertThat(dest.pop()).isEqualTo(42);
    }

    @Test
    void rejectsSelfAndBadLimit() {
        ChaseLevDeque<Integer> victim = new ChaseLevDeque<>();
        ChaseLevDeque<Integer> dest = new ChaseLevDeque<>();
        victim.push(1);
        victim.push(2);
        assertThatThrownBy(() -> victim.stealBatchAndPop(victim, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> victim.stealBatchAndPop(dest, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> victim.stealBatchAndPop(dest, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> victim.stealBatchAndPop(dest, Integer.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
        // Nothing moved by the rejected calls.
        assertThat(victim.size()).isEqualTo(2);
        assertThat(dest.size()).isZero();
        // Rejected even when the victim is empty.
        ChaseLevDeque<Integer> empty = new ChaseLevDeque<>();
        assertThatThrownBy(() -> empty.stealBatchAndPop(empty, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> empty.stealBatchAndPop(dest, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
