package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Strand#wantsSplit}: true where a join would give a thief something (the caller's deque is
 * empty), false while the deque holds stealable work (in a profiling pool too), always true where
 * the pool splits every join (no lazy splitting) or the caller is no worker; and recursion that splits
 * only where it says so computes every node once.
 */
class WantsSplitTest {

    @Test
    void outsideAPoolItSaysSplit() {
        assertThat(Strand.wantsSplit()).isTrue();
    }

    @Test
    void aWorkerHoldingStealableWorkSaysNoAndAnEmptyDequeSaysSplit() throws Exception {
        try (StrandPool pool = new StrandPool(1)) {
            boolean[] seen = new boolean[3];
            pool.invoke(() -> {
                seen[0] = Strand.wantsSplit();                 // nothing queued yet
                Task<Integer> t = Strand.fork(() -> 1);         // one stealable task
                seen[1] = Strand.wantsSplit();
                int r = t.join();                               // popped back and run here
                seen[2] = Strand.wantsSplit();
                return r;
            });
            assertThat(seen).containsExactly(true, false, true);
        }
    }

    @Test
    void aPoolThatSplitsEveryJoinAlwaysSaysSplit() {
        try (StrandPool pool = StrandPool.builder().parallelism(1)
                .tuning(t -> t.lazySplitting(false)).build()) {
            assertThat(saidWithATaskQueued(pool)).isTrue();
        }
    }

    /** Profiling must not change the schedule: a profiled run splits where the plain run would. */
    @Test
    void aProfilingPoolAnswersAsAPlainOne() {
        try (StrandPool plain = new StrandPool(1);
             StrandPool profiled = StrandPool.builder().parallelism(1).profile(true).build()) {
            assertThat(saidWithATaskQueued(plain)).isFalse();
            assertThat(saidWithATaskQueued(profiled)).isFalse();
        }
    }

    private static boolean saidWithATaskQueued(StrandPool pool) {
        return pool.invoke(() -> {
            Task<Integer> t = Strand.fork(() -> 1);
            boolean s = Strand.wantsSplit();
            t.join();
            return s;
        });
    }

    static final LongAdder CALLS = new LongAdder();

    /** Sum of lo..hi, a call per value, joined only where wantsSplit says so. */
    static long sum(long lo, long hi) {
        CALLS.increment();
        if (lo > hi) {
            return 0;
        }
        long mid = (lo + hi) >>> 1;
        if (Strand.wantsSplit()) {
            return mid + Strand.joinLong(r -> sum(r[0], r[1]), new long[] {lo, mid - 1},
                    r -> sum(r[0], r[1]), new long[] {mid + 1, hi}, Long::sum);
        }
        return mid + sum(lo, mid - 1) + sum(mid + 1, hi);
    }

    @ParameterizedTest(name = "P={0}")
    @CsvSource({"1", "2", "4", "8", "32"})
    void polledRecursionComputesEveryNodeOnceAndSplitsWhereThievesWait(int p) {
        try (StrandPool pool = new StrandPool(p)) {
            for (int round = 0; round < 10; round++) {
                long n = 100_000 + 7919L * round;
                CALLS.reset();
                long got = pool.invoke(() -> sum(1, n));
                assertThat(got).isEqualTo(n * (n + 1) / 2);
                assertThat(CALLS.sum()).isEqualTo(2 * n + 1);
            }
            if (p > 1) {
                assertThat(pool.stats().steals()).as("thieves found work").isPositive();
            }
        }
    }

    @Test
    void aBusyOwnerSplitsAgainOnceAThiefEmptiedItsDeque() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            CountDownLatch stolen = new CountDownLatch(1);
            AtomicBoolean afterSteal = new AtomicBoolean();
            pool.invoke(() -> {
                Task<Integer> t = Strand.fork(() -> {
                    stolen.countDown();
                    return 1;
                });
                // The other worker takes t; until then the deque is not empty.
                boolean taken;
                try {
                    taken = stolen.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    taken = false;
                }
                while (taken && !Strand.wantsSplit()) {
                    Thread.onSpinWait();                       // the thief's take becomes visible
                }
                afterSteal.set(taken && Strand.wantsSplit());
                return t.join();
            });
            assertThat(afterSteal).isTrue();
        }
    }
}
