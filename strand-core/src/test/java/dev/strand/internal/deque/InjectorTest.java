package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sequential behaviour of {@link Injector}: order, batches, growth, admission, clearing. */
class InjectorTest {

    @Test
    void stealsInFifoOrderAcrossGrowthAndWrapAround() {
        Injector<Integer> q = new Injector<>(2);
        List<Integer> got = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 50; round++) {      // pushes outpace steals: wraps, then grows
            for (int i = 0; i < 3; i++) {
                q.push(next++);
            }
            for (int i = 0; i < 2; i++) {
                got.add(q.steal());
            }
        }
        Integer x;
        while ((x = q.steal()) != null) {
            got.add(x);
        }
        assertThat(got).hasSize(next);
        for (int i = 0; i < next; i++) {
            assertThat(got.get(i)).isEqualTo(i);
        }
        assertThat(q.isEmpty()).isTrue();
        assertThat(q.size()).isZero();
        assertThat(q.capacity()).isGreaterThan(2);
    }

    @Test
    void batchReturnsOldestAndQueuesTheRestInOrderOnTheDeque() {
        Injector<Integer> q = new Injector<>();
        for (int i = 0; i < 10; i++) {
            q.push(i);
        }
        ChaseLevDeque<Integer> mine = new ChaseLevDeque<>();
        // parts = 2: at most 10 / 2 + 1 = 6; limit 4 wins
        assertThat(q.stealBatchAndPop(mine, 4, 2)).isEqualTo(0);
        assertThat(mine.size()).isEqualTo(3);
        assertThat(mine.pop()).isEqualTo(1);              // the owner runs them in queue order
        assertThat(mine.stealOrNull()).isEqualTo(3);           // thieves take the newest
        assertThat(mine.pop()).isEqualTo(2);
        assertThat(q.size()).isEqualTo(6);
        // parts = 2 with 6 queued: 6 / 2 + 1 = 4 of them
        assertThat(q.stealBatchAndPop(mine, 32, 2)).isEqualTo(4);
        assertThat(mine.size()).isEqualTo(3);
        // never more than are queued, even with parts = 1 (n / 1 + 1 > n)
        assertThat(q.stealBatchAndPop(mine, 32, 1)).isEqualTo(8);
        assertThat(mine.size()).isEqualTo(4);
        assertThat(q.stealBatchAndPop(mine, 32, 1)).isNull();
    }

    @Test
    void admissionIsCheckedUnderTheLock() {
        Injector<String> q = new Injector<>();
        assertThat(q.offer("a", () -> true)).isTrue();
        assertThat(q.offer("b", () -> false)).isFalse();
        boolean[] open = {true};
        q.whileLocked(() -> open[0] = false);
        assertThat(q.offer("c", () -> open[0])).isFalse();
        assertThat(q.size()).isEqualTo(1);
        assertThat(q.steal()).isEqualTo("a");
        assertThat(q.steal()).isNull();
    }

    @Test
    void drainedQueueDropsItsReferences() {
        Injector<Object> q = new Injector<>(4);
        for (int i = 0; i < 1000; i++) {                  // grows to 1024 slots, all referenced
            q.push(new Object());
        }
        ChaseLevDeque<Object> mine = new ChaseLevDeque<>();
        while (q.stealBatchAndPop(mine, 32, 2) != null) {
            while (mine.pop() != null) {
                // run it
            }
        }
        // The claim that emptied the queue took the free lock and nulled every consumed slot.
        assertThat(q.referencedSlots()).isZero();
        for (int i = 0; i < 500; i++) {                   // a producer clears as it goes, too
            q.push(new Object());
            q.steal();
        }
        assertThat(q.referencedSlots()).isLessThanOrEqualTo(64 + 32);
    }

    @Test
    void badInputIsRejected() {
        Injector<Object> q = new Injector<>();
        assertThatThrownBy(() -> q.push(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("null");
        assertThatThrownBy(() -> q.stealBatchAndPop(new ChaseLevDeque<>(), 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("limit");
        assertThatThrownBy(() -> new Injector<>(3)).isInstanceOf(IllegalArgumentException.class);
        assertThat(q.isEmpty()).isTrue();
    }
}
