package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The short-circuiting searches ({@code anyMatch}, {@code allMatch}, {@code findAny}) over
 * collections and spliterators: the same answers as {@code parallelStream()} for every source,
 * size, grain and predicate (none, one, some, all elements matching); a search stops early once it
 * has an answer; null elements and failing predicates behave as in a stream.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SearchTest {

    private static final List<Grain> GRAINS = List.of(Grain.auto(), Grain.fixed(1), Grain.fixed(97),
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


    /** Predicates matching no element, one (first, middle, last), some, and all of 0..n-1. */
    private static List<Predicate<Integer>> predicates(int n) {
        return List.of(x -> x < 0, x -> x == 0, x -> x == n / 2, x -> x == n - 1, x -> x % 97 == 5,
                x -> x >= 0);
    }

    @Test
    void collectionSearchesAnswerAsAParallelStream() {
        for (int n : new int[] {0, 1, 2, 1000, 20_000}) {
            for (Collection<Integer> c : Fixtures.collections(n)) {
                List<Predicate<Integer>> ps = predicates(n);
                for (int k = 0; k < ps.size(); k++) {
                    Predicate<Integer> p = ps.get(k);
                    String what = c.getClass().getSimpleName() + " n=" + n + " predicate " + k;
                    boolean any = c.parallelStream().anyMatch(p);
                    boolean all = c.parallelStream().allMatch(p);
                    Optional<Integer> found = c.parallelStream().filter(p).findAny();
                    assertThat(Parallel.anyMatch(pool, c, p)).as(what).isEqualTo(any);
                    assertThat(Parallel.allMatch(pool, c, p)).as(what).isEqualTo(all);
                    assertFound(Parallel.findAny(pool, c, p), found, p, what);
                    for (Grain g : GRAINS) {
                        assertThat(Parallel.anyMatch(pool, c, p, g)).as("%s %s", what, g).isEqualTo(any);
                        assertThat(Parallel.allMatch(pool, c, p, g)).as("%s %s", what, g).isEqualTo(all);
                        assertFound(Parallel.findAny(pool, c, p, g), found, p, what + " " + g);
                    }
                }
            }
        }
    }

    /** Sources of 0..n-1: sized by index, iterator-split, unordered, unsized, a stream pipeline. */
    @SuppressWarnings("JdkObsolete")
    private static List<Supplier<Spliterator<Integer>>> spliterators(int n) {
        List<Integer> list = IntStream.range(0, n).boxed().toList();
        LinkedList<Integer> linked = new LinkedList<>(list);
        HashSet<Integer> set = new HashSet<>(list);
        return List.of(list::spliterator, linked::spliterator, set::spliterator,
                () -> Stream.iterate(0, i -> i + 1).limit(n).spliterator(),
                () -> IntStream.range(0, n).boxed().filter(i -> true).spliterator());
    }

    @Test
    void spliteratorSearchesAnswerAsAParallelStream() {
        for (int n : new int[] {0, 1, 2, 1000, 20_000}) {
            List<Predicate<Integer>> ps = predicates(n);
            for (Supplier<Spliterator<Integer>> src : spliterators(n)) {
                for (int k = 0; k < ps.size(); k++) {
                    Predicate<Integer> p = ps.get(k);
                    String what = src.get().getClass().getSimpleName() + " n=" + n + " predicate " + k;
                    boolean any = java.util.stream.StreamSupport.stream(src.get(), true).anyMatch(p);
                    boolean all = java.util.stream.StreamSupport.stream(src.get(), true).allMatch(p);
                    Optional<Integer> found = java.util.stream.StreamSupport.stream(src.get(), true)
                            .filter(p).findAny();
                    assertThat(Parallel.anyMatch(pool, src.get(), p)).as(what).isEqualTo(any);
                    assertThat(Parallel.allMatch(pool, src.get(), p)).as(what).isEqualTo(all);
                    assertFound(Parallel.findAny(pool, src.get(), p), found, p, what);
                    for (Grain g : GRAINS) {
                        assertThat(Parallel.anyMatch(pool, src.get(), p, g)).as("%s %s", what, g).isEqualTo(any);
                        assertThat(Parallel.allMatch(pool, src.get(), p, g)).as("%s %s", what, g).isEqualTo(all);
                        assertFound(Parallel.findAny(pool, src.get(), p, g), found, p, what + " " + g);
                    }
                }
            }
        }
    }

    /** findAny may pick another match than the stream: both present or both empty, and a match. */
    private static void assertFound(Optional<Integer> got, Optional<Integer> stream, Predicate<Integer> p,
                                    String what) {
        assertThat(got.isPresent()).as(what).isEqualTo(stream.isPresent());
        got.ifPresent(x -> assertThat(p.test(x)).as("%s: %d matches", what, x).isTrue());
    }

    @Test
    void aSearchStopsOnceItHasItsAnswer() {
        // One worker runs the pieces left to right: the first piece finds index 10, every later
        // piece stops before its first element, so the predicate sees 11 elements of a million.
        List<Integer> values = IntStream.range(0, 1_000_000).boxed().toList();
        try (StrandPool one = new StrandPool(1)) {
            for (Grain g : List.of(Grain.auto(), Grain.fixed(1000))) {
                LongAdder calls = new LongAdder();
                Predicate<Integer> p = x -> {
                    calls.increment();
                    return x == 10;
                };
                assertThat(Parallel.findAny(one, values, p, g)).contains(10);
                assertThat(calls.sum()).as("collection, %s", g).isEqualTo(11);
                calls.reset();
                assertThat(Parallel.anyMatch(one, values.spliterator(), p, g)).isTrue();
                assertThat(calls.sum()).as("spliterator, %s", g).isEqualTo(11);
                calls.reset();
                assertThat(Parallel.allMatch(one, values, x -> !p.test(x), g)).isFalse();
                assertThat(calls.sum()).as("allMatch, %s", g).isEqualTo(11);
            }
        }
        // On two workers every element is still tested at most once, and far fewer are.
        LongAdder calls = new LongAdder();
        assertThat(Parallel.anyMatch(pool, values, x -> {
            calls.increment();
            return x % 100_000 == 7;
        }, Grain.fixed(1000))).isTrue();
        assertThat(calls.sum()).isBetween(1L, (long) values.size());
    }

    @Test
    void nullElementsAndFailuresBehaveAsInAStream() {
        List<Integer> withNull = Arrays.asList(1, 2, null, 4);
        assertThat(Parallel.anyMatch(pool, withNull, Objects::isNull))
                .isEqualTo(withNull.parallelStream().anyMatch(Objects::isNull)).isTrue();
        assertThat(Parallel.allMatch(pool, withNull, Objects::nonNull)).isFalse();
        assertThatThrownBy(() -> Parallel.findAny(pool, withNull, Objects::isNull))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> withNull.parallelStream().filter(Objects::isNull).findAny())
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Parallel.anyMatch(pool, withNull, null))
                .isInstanceOf(NullPointerException.class).hasMessage("predicate must not be null");
        assertThatThrownBy(() -> Parallel.allMatch(pool, withNull.spliterator(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("predicate must not be null");
        List<Integer> values = IntStream.range(0, 100_000).boxed().toList();
        assertThatThrownBy(() -> Parallel.anyMatch(pool, values, x -> {
            if (x == 77_777) {
                throw new IllegalStateException("boom at " + x);
            }
            return false;
        }, Grain.fixed(10))).isInstanceOf(IllegalStateException.class).hasMessage("boom at 77777");
    }
}
