package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Strand.join reuses one frame per worker and join depth (JoinFrame). These tests stress what
 * reuse could break: a frame completed by a slow thief, frames moved by steal-half, deep nesting
 * past the initial frame array, throttled pushes, and exceptions on either side.
 */
class JoinFrameTest {

    /** Counts leaves of a binary join tree; every leaf must be counted exactly once. */
    static long leaves(int depth, LongAdder runs) {
        if (depth == 0) {
            runs.increment();
            return 1;
        }
        Joined<Long, Long> j = Strand.join(() -> leaves(depth - 1, runs), () -> leaves(depth - 1, runs));
        return j.first() + j.second();
    }

    @ParameterizedTest(name = "P={0} steal={1} join={2} bound={3} split={4}")
    @CsvSource({
        "2, ONE, GREEDY, 4096, false", "8, ONE, GREEDY, 4096, false", "8, HALF, GREEDY, 4096, false",
        "4, HALF, STALLING, 4096, false", "8, ONE, GREEDY, 2, false", "3, HALF, GREEDY, 1, false",
        "2, ONE, GREEDY, 4096, true", "8, HALF, GREEDY, 4096, true", "4, ONE, STALLING, 2, true"
    })
    void framesReusedAcrossStealsGiveExactCounts(int p, StealPolicy steal, JoinPolicy join, int bound,
            boolean split) {
        try (StrandPool pool = StrandPool.builder().parallelism(p).tuning(tu -> tu.stealPolicy(steal))
                .experimental(x -> x.stealHalfLimit(4)).tuning(tu -> tu.joinPolicy(join)).tuning(tu -> tu.spawnBound(bound)).experimental(x -> x.splitDeques(split))
                .tuning(tu -> tu.lazySplitting(false)).build()) {          // eager: every join uses a frame
            for (int round = 0; round < 30; round++) {
                LongAdder runs = new LongAdder();
                int depth = 8 + round % 6;
                long got = pool.invoke(() -> leaves(depth, runs));
                assertThat(got).isEqualTo(1L << depth);
                assertThat(runs.sum()).as("round %d", round).isEqualTo(1L << depth);
            }
            if (bound <= 2) {
                assertThat(pool.stats().inlinedSpawns()).isPositive();   // the throttled path ran
            }
        }
    }

    /** A chain of nested joins far deeper than the initial frame array (8). */
    static long chain(int n) {
        if (n == 0) {
            return 0;
        }
        Joined<Long, Integer> j = Strand.join(() -> chain(n - 1), () -> 1);
        return j.first() + j.second();
    }

    @Test
    void deepNestingGrowsTheFrameStack() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).stackSize(64L << 20)
                .tuning(tu -> tu.lazySplitting(false)).build()) {
            assertThat(pool.invoke(() -> chain(5_000))).isEqualTo(5_000L);
            assertThat(pool.invoke(() -> chain(100))).isEqualTo(100L);   // and shrinks back cleanly
        }
    }

    /** Random failures on either side: each call reports exactly what it should, bodies run once. */
    static long failing(int depth, long seed, AtomicLong bodies, AtomicLong thrown) {
        bodies.incrementAndGet();
        SplittableRandom r = new SplittableRandom(seed);
        if (depth == 0) {
            if (r.nextInt(8) == 0) {
                thrown.incrementAndGet();
                throw new IllegalStateException("leaf " + seed);
            }
            return 1;
        }
        long sa = r.nextLong();
        long sb = r.nextLong();
        try {
            Joined<Long, Long> j = Strand.join(() -> failing(depth - 1, sa, bodies, thrown),
                    () -> failing(depth - 1, sb, bodies, thrown));
            return j.first() + j.second();
        } catch (CompletionException e) {
            assertThat(rootCause(e)).isInstanceOf(IllegalStateException.class);
            return -1;                            // handled here; the parent sees a normal result
        }
    }

    static Throwable rootCause(Throwable e) {
        while (e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e;
    }

    @ParameterizedTest(name = "P={0} steal={1} lazy={2}")
    @CsvSource({"2, ONE, false", "6, HALF, false", "2, ONE, true", "6, HALF, true"})
    void exceptionsOnEitherSideAreReportedAndFramesReleased(int p, StealPolicy steal, boolean lazy) {
        try (StrandPool pool = StrandPool.builder().parallelism(p).tuning(tu -> tu.stealPolicy(steal))
                .tuning(tu -> tu.lazySplitting(lazy)).build()) {
            for (long seed = 1; seed <= 40; seed++) {
                AtomicLong bodies = new AtomicLong();
                AtomicLong thrown = new AtomicLong();
                long s = seed;
                pool.invoke(() -> failing(9, s, bodies, thrown));
                assertThat(bodies.get()).as("seed %d", seed).isEqualTo((1L << 10) - 1);
            }
            // The pool (and every worker's frame stack) still works.
            LongAdder runs = new LongAdder();
            assertThat(pool.invoke(() -> leaves(10, runs))).isEqualTo(1024L);
        }
    }

    @Test
    void bothSidesFailingReportsTheFirstWithTheSecondSuppressed() {
        try (StrandPool pool = new StrandPool(2)) {
            assertThatThrownBy(() -> pool.invoke(() -> Strand.join(
                    () -> { throw new IllegalStateException("a"); },
                    () -> { throw new IllegalArgumentException("b"); })))
                    .isInstanceOf(CompletionException.class)
                    .satisfies(e -> {
                        Throwable a = rootCause(e);
                        assertThat(a).isInstanceOf(IllegalStateException.class).hasMessage("a");
                        assertThat(a.getSuppressed()).singleElement()
                                .isInstanceOf(IllegalArgumentException.class);
                    });
        }
    }

    @Test
    void nullComputationsAreRejectedBeforeAnythingRuns() {
        try (StrandPool pool = new StrandPool(1)) {
            assertThatThrownBy(() -> pool.invoke(() -> Strand.join(() -> 1, null)))
                    .hasRootCauseInstanceOf(NullPointerException.class)
                    .hasStackTraceContaining("second computation must not be null");
        }
    }

    @Test
    void theRunnableJoinRunsBothSidesAndReportsFailures() {
        try (StrandPool pool = new StrandPool(2)) {
            LongAdder runs = new LongAdder();
            pool.invoke(() -> {
                Strand.join((Runnable) runs::increment, runs::increment);
                return null;
            });
            assertThat(runs.sum()).isEqualTo(2);
            assertThatThrownBy(() -> pool.invoke(() -> {
                Strand.join(runs::increment, (Runnable) () -> {
                    throw new IllegalStateException("b");
                });
                return null;
            })).isInstanceOf(CompletionException.class).hasRootCauseMessage("b");
            assertThat(runs.sum()).isEqualTo(3);
        }
    }

    @Test
    void lazySplittingOffersWorkOnlyWhenAsked() {
        int depth = 12;
        try (StrandPool eager = StrandPool.builder().parallelism(1).tuning(tu -> tu.lazySplitting(false)).build();
             StrandPool lazy = StrandPool.builder().parallelism(1).tuning(tu -> tu.lazySplitting(true)).build()) {
            LongAdder runs = new LongAdder();
            assertThat(eager.invoke(() -> leaves(depth, runs))).isEqualTo(1L << depth);
            assertThat(lazy.invoke(() -> leaves(depth, runs))).isEqualTo(1L << depth);
            assertThat(runs.sum()).isEqualTo(2L << depth);
            // Eager: one frame per join. Lazy, with no other worker to ask for work: none at all
            // (lazy splitting that offered wherever the deque was empty offered one per level).
            assertThat(eager.stats().spawns()).isEqualTo((1L << depth) - 1);
            assertThat(lazy.stats().spawns()).isZero();
        }
    }

    @Test
    void lazyInlineJoinsRunBothSidesAndReportFailuresLikeTheParallelPath() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).tuning(tu -> tu.lazySplitting(true)).build()) {
            LongAdder runs = new LongAdder();
            pool.invoke(() -> {
                Task<Integer> pending = Strand.fork(() -> 1);   // deque non-empty: joins go inline
                assertThatThrownBy(() -> Strand.join(runs::increment, (Runnable) () -> {
                    throw new IllegalStateException("b");
                })).isInstanceOf(CompletionException.class).hasRootCauseMessage("b");
                assertThatThrownBy(() -> Strand.join((Runnable) () -> {
                    throw new IllegalStateException("a");
                }, runs::increment)).isInstanceOf(CompletionException.class)
                        .hasRootCauseMessage("a");
                Joined<Integer, Integer> j = Strand.join(() -> 2, () -> 3);
                assertThat(j.first() + j.second()).isEqualTo(5);
                return pending.join();
            });
            assertThat(runs.sum()).as("the other side ran in both failing joins").isEqualTo(2);
            assertThat(pool.stats().spawns()).as("only the explicit fork was a task").isEqualTo(1);
        }
    }
}
