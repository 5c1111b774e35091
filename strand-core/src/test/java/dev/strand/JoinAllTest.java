package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link Strand#joinAll}: every computation runs once, results in order, failures in order. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JoinAllTest {

    private static List<Supplier<Integer>> squares(int n, AtomicInteger ran) {
        List<Supplier<Integer>> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            l.add(() -> {
                ran.incrementAndGet();
                return k * k;
            });
        }
        return l;
    }

    private static void checkSquares(int n, List<Integer> r) {
        assertThat(r).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(r.get(i)).isEqualTo(i * i);
        }
    }

    @Test
    void resultsComeInOrderInAPoolAndFromAnyThread() {
        try (StrandPool pool = new StrandPool(2)) {
            for (int n : new int[] {0, 1, 2, 3, 7, 100, 1000}) {
                AtomicInteger ran = new AtomicInteger();
                checkSquares(n, pool.invoke(() -> Strand.joinAll(squares(n, ran))));
                assertThat(ran.get()).isEqualTo(n);
                AtomicInteger ranOutside = new AtomicInteger();
                checkSquares(n, Strand.joinAll(squares(n, ranOutside)));   // on the common pool
                assertThat(ranOutside.get()).isEqualTo(n);
            }
        }
    }

    @Test
    void aFourWaySplitNeedsNoNestedPairs() {
        long[] a = new long[1 << 16];
        Arrays.setAll(a, i -> i);
        try (StrandPool pool = new StrandPool(2)) {
            long s = pool.invoke(() -> sum(a, 0, a.length));
            assertThat(s).isEqualTo((long) a.length * (a.length - 1) / 2);
        }
    }

    private static long sum(long[] a, int lo, int hi) {
        if (hi - lo <= 1024) {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }
        int q = (hi - lo) / 4;
        List<Long> parts = Strand.joinAll(List.<Supplier<Long>>of(
                () -> sum(a, lo, lo + q), () -> sum(a, lo + q, lo + 2 * q),
                () -> sum(a, lo + 2 * q, lo + 3 * q), () -> sum(a, lo + 3 * q, hi)));
        return parts.stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void everyComputationRunsAndTheFirstFailureInListOrderIsTheCause() {
        IllegalStateException one = new IllegalStateException("one");
        IllegalArgumentException three = new IllegalArgumentException("three");
        AtomicInteger ran = new AtomicInteger();
        List<Supplier<Integer>> l = List.of(
                () -> ran.incrementAndGet(),
                () -> { ran.incrementAndGet(); throw one; },
                () -> ran.incrementAndGet(),
                () -> { ran.incrementAndGet(); throw three; },
                () -> ran.incrementAndGet());
        try (StrandPool pool = new StrandPool(2)) {
            assertThatThrownBy(() -> pool.invoke(() -> Strand.joinAll(l)))
                    .isInstanceOf(CompletionException.class).cause().isSameAs(one);
        }
        assertThat(ran.get()).isEqualTo(5);
        assertThat(one.getSuppressed()).containsExactly(three);

        // A shared instance thrown twice is reported once, not suppressed by itself.
        RuntimeException shared = new RuntimeException("shared");
        assertThatThrownBy(() -> Strand.joinAll(() -> { throw shared; }, () -> { throw shared; }))
                .isInstanceOf(CompletionException.class).cause().isSameAs(shared);
        assertThat(shared.getSuppressed()).isEmpty();
    }

    @Test
    void theRunnableFormRunsEachOnce() {
        AtomicInteger ran = new AtomicInteger();
        Runnable[] rs = new Runnable[50];
        Arrays.fill(rs, (Runnable) ran::incrementAndGet);
        try (StrandPool pool = new StrandPool(2)) {
            pool.invoke(() -> Strand.joinAll(rs));
        }
        assertThat(ran.get()).isEqualTo(50);
        Strand.joinAll();
    }

    @Test
    void nullsAreRejectedAtTheCall() {
        assertThatThrownBy(() -> Strand.joinAll((List<Supplier<Integer>>) null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("computations");
        List<Supplier<Integer>> withNull = new ArrayList<>();
        withNull.add(() -> 1);
        withNull.add(null);
        assertThatThrownBy(() -> Strand.joinAll(withNull))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("computation 1");
        assertThatThrownBy(() -> Strand.joinAll((Runnable) () -> { }, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("action 1");
    }
}
