package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.Comparator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bad arguments get clear exceptions; failures of user code come back unwrapped. */
class ArgumentsTest {
    static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    @Test
    void grainsAreValidated() {
        assertThatThrownBy(() -> Grain.fixed(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("grain must be >= 1, got 0");
        assertThatThrownBy(() -> Grain.fixed(-5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Grain.auto(0, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minLength must be >= 1");
        assertThatThrownBy(() -> Grain.auto(10, 9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxLength must be >= minLength");
        assertThat(Grain.fixed(8)).isEqualTo(Grain.fixed(8)).hasToString("fixed(8)");
        assertThat(Grain.auto()).hasToString("auto");
        assertThat(Grain.auto(2, 9)).hasToString("auto(2, 9)");
        assertThat(Grain.auto().isAuto()).isTrue();
        assertThat(Grain.fixed(3).size()).isEqualTo(3);
    }

    @Test
    void nullsAreRejectedWithTheirName() {
        long[] a = {1, 2, 3};
        assertThatThrownBy(() -> Parallel.sum(null, a)).isInstanceOf(NullPointerException.class)
                .hasMessage("pool must not be null");
        assertThatThrownBy(() -> Parallel.sum(pool, (long[]) null))
                .isInstanceOf(NullPointerException.class).hasMessage("array must not be null");
        assertThatThrownBy(() -> Parallel.sort(pool, (int[]) null))
                .isInstanceOf(NullPointerException.class).hasMessage("array must not be null");
        assertThatThrownBy(() -> Parallel.sort(null, new int[0]))
                .isInstanceOf(NullPointerException.class).hasMessage("pool must not be null");
        assertThatThrownBy(() -> Parallel.reduce(pool, a, 0L, null))
                .isInstanceOf(NullPointerException.class).hasMessage("operator must not be null");
        assertThatThrownBy(() -> Parallel.scan(pool, a, null))
                .isInstanceOf(NullPointerException.class).hasMessage("operator must not be null");
        assertThatThrownBy(() -> Parallel.sum(pool, a, null))
                .isInstanceOf(NullPointerException.class).hasMessage("grain must not be null");
        assertThatThrownBy(() -> Parallel.forRange(pool, 0, 3, null))
                .isInstanceOf(NullPointerException.class).hasMessage("body must not be null");
        assertThatThrownBy(() -> Parallel.sort(pool, new String[0], (Comparator<String>) null))
                .isInstanceOf(NullPointerException.class).hasMessage("comparator must not be null");
        assertThatThrownBy(() -> Parallel.map(pool, new String[1], s -> s, n -> new String[n + 1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length 1");
    }

    @Test
    void badRangesAndLeafSizesAreRejected() {
        assertThatThrownBy(() -> Parallel.forRange(pool, 5, 3, i -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bad range: from (5) > to (3)");
        assertThatThrownBy(() -> Parallel.mergeSort(pool, new long[10], null))
                .isInstanceOf(NullPointerException.class).hasMessage("grain must not be null");
        Parallel.forRange(pool, 3, 3, i -> {
            throw new AssertionError("empty range runs nothing");
        });
        assertThat(Parallel.reduceRange(pool, 7, 7, "id", (lo, hi) -> "x", String::concat, Grain.auto()))
                .isEqualTo("id");
    }

    @Test
    void anExceptionInTheBodyIsRethrownUnwrapped() {
        assertThatThrownBy(() -> Parallel.forRange(pool, 0, 100_000, i -> {
            if (i == 77_777) {
                throw new IllegalStateException("boom at " + i);
            }
        }, Grain.fixed(10))).isInstanceOf(IllegalStateException.class).hasMessage("boom at 77777");
        Object[] mixed = new Object[100_000];
        java.util.Arrays.setAll(mixed, i -> i == 54_321 ? "x" : (Object) (i * 7 % 1000));
        assertThatThrownBy(() -> Parallel.mergeSort(pool, mixed,
                (x, y) -> ((Integer) x).compareTo((Integer) y), Grain.fixed(1000)))
                .isInstanceOf(ClassCastException.class);
        // the pool is still usable
        assertThat(Parallel.sum(pool, new long[] {1, 2, 3})).isEqualTo(6);
    }
}
