package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;
import java.util.Spliterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Parallel} over spliterators: the same results as a parallel stream over the same source
 * (sums, sets, ordered lists and strings), for sized, unsized, ordered and unordered sources,
 * every element exactly once, under each grain; empty and one-element sources; exceptions
 * propagate as thrown.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpliteratorTest {

    private static final int N = 20_000;
    private static final List<Grain> GRAINS = List.of(Grain.auto(), Grain.fixed(1), Grain.fixed(100),
            Grain.auto(4, 1000));

    private static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    private static List<Integer> numbers(int n) {
        return IntStream.range(0, n).boxed().collect(Collectors.toCollection(ArrayList::new));
    }

    /** Sources of the same elements 0..n-1: sized by index, iterator-split, unsized, unordered. */
    @SuppressWarnings("JdkObsolete") // LinkedList on purpose: split by batches of its iterator
    private static List<Supplier<Spliterator<Integer>>> sources(int n) {
        List<Integer> list = numbers(n);
        LinkedList<Integer> linked = new LinkedList<>(list);
        Set<Integer> set = new HashSet<>(list);
        return List.of(list::spliterator, linked::spliterator, set::spliterator,
                () -> Stream.iterate(0, i -> i + 1).limit(n).spliterator(),
                () -> IntStream.range(0, n).boxed().filter(i -> true).spliterator());
    }

    @Test
    void reduceSumsAsAParallelStreamDoes() {
        for (Supplier<Spliterator<Integer>> src : sources(N)) {
            long expected = numbers(N).parallelStream().mapToLong(Integer::longValue).sum();
            for (Grain g : GRAINS) {
                Integer sum = Parallel.reduce(pool, src.get(), 0, Integer::sum, g);
                assertThat(sum.longValue()).as("%s, grain %s", src.get().getClass().getSimpleName(), g)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void forEachVisitsEveryElementOnce() {
        for (Supplier<Spliterator<Integer>> src : sources(N)) {
            for (Grain g : GRAINS) {
                ConcurrentHashMap<Integer, LongAdder> seen = new ConcurrentHashMap<>();
                Parallel.forEach(pool, src.get(), x -> seen.computeIfAbsent(x, k -> new LongAdder()).increment(), g);
                assertThat(seen).hasSize(N);
                assertThat(seen.values()).allMatch(c -> c.sum() == 1);
            }
        }
    }

    @Test
    @SuppressWarnings("JdkObsolete") // LinkedList on purpose: split by batches of its iterator
    void orderedCollectorsKeepTheEncounterOrder() {
        List<Integer> list = numbers(N);
        List<Integer> expected = list.parallelStream().collect(Collectors.toList());
        String joined = list.parallelStream().map(String::valueOf).collect(Collectors.joining(","));
        for (Grain g : GRAINS) {
            assertThat(Parallel.collect(pool, list.spliterator(), Collectors.toList(), g)).isEqualTo(expected);
            assertThat(Parallel.collect(pool, new LinkedList<>(list).spliterator(), Collectors.toList(), g))
                    .isEqualTo(expected);
            assertThat(Parallel.collect(pool, Stream.iterate(0, i -> i + 1).limit(N).spliterator(),
                    Collectors.toList(), g)).isEqualTo(expected);
            assertThat(Parallel.collect(pool, list.stream().map(String::valueOf).spliterator(),
                    Collectors.joining(","), g)).isEqualTo(joined);
            // A non-commutative operator: string concatenation in order.
            assertThat(Parallel.reduce(pool, list.stream().map(String::valueOf).spliterator(), "",
                    (a, b) -> a.isEmpty() ? b : b.isEmpty() ? a : a + "," + b, g)).isEqualTo(joined);
        }
    }

    @Test
    void unorderedCollectorsGetEveryElement() {
        Set<Integer> expected = numbers(N).parallelStream().collect(Collectors.toSet());
        for (Supplier<Spliterator<Integer>> src : sources(N)) {
            assertThat(Parallel.collect(pool, src.get(), Collectors.toSet())).isEqualTo(expected);
            assertThat(Parallel.collect(pool, src.get(), Collectors.counting())).isEqualTo((long) N);
        }
    }

    @Test
    void emptyAndOneElementSources() {
        for (Supplier<Spliterator<Integer>> src : sources(0)) {
            assertThat(Parallel.reduce(pool, src.get(), 7, Integer::sum)).isEqualTo(7);
            assertThat(Parallel.collect(pool, src.get(), Collectors.toList())).isEmpty();
            LongAdder calls = new LongAdder();
            Parallel.forEach(pool, src.get(), x -> calls.increment());
            assertThat(calls.sum()).isZero();
        }
        for (Supplier<Spliterator<Integer>> src : sources(1)) {
            assertThat(Parallel.reduce(pool, src.get(), 0, Integer::sum)).isEqualTo(0);
            assertThat(Parallel.collect(pool, src.get(), Collectors.toList())).containsExactly(0);
            assertThat(Parallel.reduce(pool, List.of(41).spliterator(), 1, Integer::sum)).isEqualTo(42);
        }
    }

    @Test
    void exceptionsPropagateAsThrown() {
        for (Supplier<Spliterator<Integer>> src : sources(N)) {
            assertThatThrownBy(() -> Parallel.forEach(pool, src.get(), x -> {
                if (x == N / 3) {
                    throw new IllegalStateException("element " + x);
                }
            })).isExactlyInstanceOf(IllegalStateException.class).hasMessage("element " + N / 3);
            assertThatThrownBy(() -> Parallel.reduce(pool, src.get(), 0, (a, b) -> {
                if (b == N - 1) {
                    throw new ArithmeticException("last");
                }
                return a + b;
            }, Grain.fixed(64))).isExactlyInstanceOf(ArithmeticException.class);
        }
        assertThatThrownBy(() -> Parallel.forEach(pool, (Spliterator<Integer>) null, x -> { }))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void nestedInATaskOfThePool() {
        List<Integer> list = numbers(N);
        long expected = (long) N * (N - 1) / 2;
        Integer r = pool.invoke(() -> Parallel.reduce(pool, list.spliterator(), 0, Integer::sum));
        assertThat(r.longValue()).isEqualTo(expected);
    }
}
