package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Strand#joinLong}: the unboxed result travels through the reused frame, so these tests
 * check that a stolen, popped-back, throttled or moved half returns its own result and never a
 * previous use's, that every half runs exactly once, and the exception rules of {@code join}.
 */
class JoinLongTest {

    /** A tree node of known sum: the values {@code lo..hi}, the middle one at the node. */
    record Range(long lo, long hi) { }

    static final LongAdder RUNS = new LongAdder();

    /** The sum of lo..hi by a binary recursion that forks at every node. */
    static long sum(Range r) {
        RUNS.increment();
        if (r.lo() > r.hi()) {
            return 0;
        }
        long mid = (r.lo() + r.hi()) >>> 1;
        return mid + Strand.joinLong(JoinLongTest::sum, new Range(r.lo(), mid - 1),
                JoinLongTest::sum, new Range(mid + 1, r.hi()), Long::sum);
    }

    /** Calls of {@link #sum} for the range lo..hi: two per value, plus one (every empty range). */
    static long calls(long lo, long hi) {
        return 2 * (hi - lo + 1) + 1;
    }

    @ParameterizedTest(name = "P={0} steal={1} bound={2} lazy={3} split={4}")
    @CsvSource({
        "1, ONE, 4096, true, false", "2, ONE, 4096, true, false", "4, HALF, 4096, true, false",
        "2, ONE, 4096, false, false", "8, HALF, 4096, false, false", "3, ONE, 2, false, false",
        "4, ONE, 4096, false, true", "8, HALF, 1, false, true"
    })
    void everyHalfReturnsItsOwnResultOnce(int p, StealPolicy steal, int bound, boolean lazy, boolean split) {
        try (StrandPool pool = StrandPool.builder().parallelism(p).tuning(tu -> tu.stealPolicy(steal))
                .experimental(x -> x.stealHalfLimit(4)).tuning(tu -> tu.spawnBound(bound))
                .tuning(tu -> tu.lazySplitting(lazy)).experimental(x -> x.splitDeques(split)).build()) {
            for (int round = 0; round < 20; round++) {
                long n = 2_000 + 997L * round;
                RUNS.reset();
                long got = pool.invoke(() -> sum(new Range(1, n)));
                assertThat(got).as("round %d", round).isEqualTo(n * (n + 1) / 2);
                assertThat(RUNS.sum()).as("round %d", round).isEqualTo(calls(1, n));
            }
            if (bound <= 2) {
                assertThat(pool.stats().inlinedSpawns()).isPositive();   // the throttled path ran
            }
        }
    }

    @Test
    void combineOrderIsFirstThenSecond() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).tuning(tu -> tu.lazySplitting(false)).build()) {
            long r = pool.invoke(() -> Strand.joinLong(x -> x * 10, 3L, y -> y, 4L, (a, b) -> a - b));
            assertThat(r).isEqualTo(26);
        }
    }

    @Test
    void outsideAPoolRunsOnTheCommonPool() {
        long r = Strand.joinLong(x -> Strand.inWorker() ? x : -1, 5, y -> Strand.inWorker() ? y : -1, 6,
                Long::sum);
        assertThat(r).isEqualTo(11);
    }

    @Test
    void exceptionsFollowJoinsRules() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).tuning(tu -> tu.lazySplitting(false)).build()) {
            LongAdder secondRan = new LongAdder();
            assertThatThrownBy(() -> pool.invoke(() -> Strand.joinLong(x -> {
                throw new IllegalStateException("first");
            }, 0, y -> {
                secondRan.increment();
                throw new IllegalArgumentException("second");
            }, 0, Long::sum)))
                    .isInstanceOf(CompletionException.class)
                    .rootCause().isInstanceOf(IllegalStateException.class).hasMessage("first")
                    .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1)
                            .allSatisfy(s -> assertThat(s).isInstanceOf(IllegalArgumentException.class)));
            assertThat(secondRan.sum()).isEqualTo(1);
            assertThatThrownBy(() -> pool.invoke(() -> Strand.joinLong(x -> x, 1, y -> {
                throw new ArithmeticException("second only");
            }, 0, Long::sum))).isInstanceOf(CompletionException.class)
                    .rootCause().isInstanceOf(ArithmeticException.class);
            // the pool and its frames stay usable
            assertThat(pool.invoke(() -> sum(new Range(1, 1000)))).isEqualTo(500_500L);
        }
    }

    @Test
    void nullFunctionsAreRejectedByName() {
        assertThatThrownBy(() -> Strand.joinLong(null, 1, x -> 1, 1, Long::sum))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("first function");
        assertThatThrownBy(() -> Strand.joinLong(x -> 1, 1, null, 1, Long::sum))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("second function");
        assertThatThrownBy(() -> Strand.joinLong(x -> 1, 1, x -> 1, 1, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("combine");
    }

    /**
     * A profiling pool runs the joins lazy splitting inlines as the plain pool does: with one
     * worker nearly every join runs inline, and only the few the profiler times (the shallow ones,
     * whose branches are long enough to time) become forks. Timing every join made a fine-grained
     * program another program when profiled.
     */
    @Test
    void aProfilingPoolInlinesFineJoinsWithoutTimingEach() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).profile(true).build()) {
            long n = 200_000;
            for (int i = 0; i < 3; i++) {
                assertThat(pool.invoke(() -> sum(new Range(1, n)))).isEqualTo(n * (n + 1) / 2);
            }
            var report = pool.profile();
            assertThat(report.spawns()).isPositive().isLessThan(3 * n / 20);
            assertThat(report.total().workNanos()).isPositive();
            assertThat(report.total().spanNanos()).isPositive().isLessThanOrEqualTo(report.total().workNanos());
        }
    }
}
