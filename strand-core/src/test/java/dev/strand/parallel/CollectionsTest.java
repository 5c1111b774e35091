package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code Parallel} over collections and long ranges: every element once, results in order. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectionsTest {

    private static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }


    @Test
    void forEachVisitsEveryElementOnce() {
        for (int n : new int[] {0, 1, 2, 1000, 100_000}) {
            for (Collection<Integer> c : Fixtures.collections(n)) {
                Map<Integer, Integer> seen = new ConcurrentHashMap<>();
                Parallel.forEach(pool, c, x -> seen.merge(x, 1, Integer::sum));
                assertThat(seen).hasSize(n);
                assertThat(seen.values()).allMatch(v -> v == 1);
                LongAdder count = new LongAdder();
                Parallel.forEach(pool, c, x -> count.increment(), Grain.fixed(7));
                assertThat(count.sum()).isEqualTo(n);
            }
        }
    }

    @Test
    void mapKeepsTheCollectionsOrder() {
        for (int n : new int[] {0, 1, 3, 10_000}) {
            for (Collection<Integer> c : Fixtures.collections(n)) {
                List<String> expected = c.stream().map(x -> "v" + x).toList();
                assertThat(Parallel.map(pool, c, x -> "v" + x)).containsExactlyElementsOf(expected);
                assertThat(Parallel.map(pool, c, x -> "v" + x, Grain.fixed(3)))
                        .containsExactlyElementsOf(expected);
            }
        }
        assertThat(Parallel.map(pool, List.of(1, 2), x -> (String) null)).containsExactly(null, null);
        assertThatThrownBy(() -> Parallel.map(pool, List.of(1), x -> x).add(2))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @SuppressWarnings("JdkObsolete") // LinkedList on purpose: a list that is not RandomAccess
    void reduceCombinesInOrderWithANonCommutativeOperator() {
        List<String> letters = IntStream.range(0, 5000).mapToObj(i -> String.valueOf((char) ('a' + i % 26)))
                .toList();
        String serial = String.join("", letters);
        assertThat(Parallel.reduce(pool, letters, "", String::concat)).isEqualTo(serial);
        assertThat(Parallel.reduce(pool, new LinkedList<>(letters), "", String::concat, Grain.fixed(10)))
                .isEqualTo(serial);
        assertThat(Parallel.reduce(pool, List.<String>of(), "empty", String::concat)).isEqualTo("empty");
    }

    @Test
    void collectMatchesASequentialStream() {
        List<Integer> values = IntStream.range(0, 50_000).boxed().toList();
        assertThat(Parallel.collect(pool, values, Collectors.toList())).isEqualTo(values);
        assertThat(Parallel.collect(pool, values, Collectors.groupingBy(x -> x % 7, Collectors.counting())))
                .isEqualTo(values.stream().collect(Collectors.groupingBy(x -> x % 7, Collectors.counting())));
        assertThat(Parallel.collect(pool, new HashSet<>(values), Collectors.toSet()))
                .isEqualTo(new HashSet<>(values));
        assertThat(Parallel.collect(pool, values.subList(0, 100), Collectors.mapping(String::valueOf,
                Collectors.joining(",")), Grain.fixed(9)))
                .isEqualTo(values.subList(0, 100).stream().map(String::valueOf).collect(Collectors.joining(",")));
        assertThat(Parallel.collect(pool, List.<Integer>of(), Collectors.counting())).isZero();
    }

    @Test
    void longRangesBeyondTheIntRange() {
        long from = Integer.MAX_VALUE - 100L;
        long to = Integer.MAX_VALUE + 100L;
        AtomicLong sum = new AtomicLong();
        Parallel.forLongRange(pool, from, to, sum::addAndGet);
        long expected = 0;
        for (long i = from; i < to; i++) {
            expected += i;
        }
        assertThat(sum.get()).isEqualTo(expected);
        AtomicLong pieces = new AtomicLong();
        Parallel.forLongRange(pool, from, to, i -> pieces.addAndGet(i), Grain.fixed(7));
        assertThat(pieces.get()).isEqualTo(expected);

        // Longer than Integer.MAX_VALUE: count the values by their leaves' lengths.
        for (long[] r : new long[][] {{0, 3_000_000_000L}, {-5, 1L << 40}, {Long.MIN_VALUE, Long.MAX_VALUE},
                {7, 7}, {0, 1}}) {
            Long length = Parallel.reduceLongRange(pool, r[0], r[1], 0L,
                    (lo, hi) -> {
                        assertThat(lo).isLessThan(hi);
                        return hi - lo;
                    }, Long::sum);
            assertThat(length).as("length of [%d, %d)", r[0], r[1]).isEqualTo(r[1] - r[0]);
        }
        assertThatThrownBy(() -> Parallel.forLongRange(pool, 5, 4, i -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("from (5) > to (4)");
    }

    @Test
    void badArgumentsAndFailures() {
        assertThatThrownBy(() -> Parallel.forEach(pool, (java.util.Collection<Integer>) null, x -> { }))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("items");
        assertThatThrownBy(() -> Parallel.map(pool, List.of(1), (java.util.function.Function<Integer, Integer>) null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("function");
        assertThatThrownBy(() -> Parallel.collect(pool, List.of(1), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("collector");
        IllegalStateException boom = new IllegalStateException("boom");
        assertThatThrownBy(() -> Parallel.forEach(pool, IntStream.range(0, 1000).boxed().toList(), x -> {
            if (x == 777) {
                throw boom;
            }
        })).isSameAs(boom);
        assertThat(Parallel.map(StrandPool.commonPool(), List.of(1, 2, 3), x -> x * 2)).containsExactly(2, 4, 6);
    }
}
