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
 * {@link Strand#wantsSplit}: true where another worker asked the caller for work since its last
 * offer, false while the caller's offer waits in its deque (in a profiling pool too) and always
 * false in a pool of one worker, always true where the pool splits every join (no lazy splitting)
 * or the caller is no worker; a thief of tiny pieces backs off and stops the owner's offers, yet a
 * large computation after them and a sleeping thief still get work; and recursion that splits only
 * where it says so computes every node once.
 */
class WantsSplitTest {

    @Test
    void outsideAPoolItSaysSplit() {
        assertThat(Strand.wantsSplit()).isTrue();
    }

    @Test
    void aWorkerHoldingStealableWorkSaysNoAndAnEmptyDequeSaysSplit() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            boolean[] seen = new boolean[1];
            pool.invoke(() -> {
                seen[0] = Strand.wantsSplit();                 // nothing queued, another worker idle
                return 0;
            });
            assertThat(seen).containsExactly(true);
            assertThat(saidWithATaskQueuedAndKept(pool)).isFalse();
        }
    }

    /**
     * In a pool of one worker nobody could take a piece, so a split point never splits, whatever
     * the deque holds (lazy splitting would offer at every empty deque, a push and a pop each).
     */
    @Test
    void aPoolOfOneNeverSaysSplit() {
        try (StrandPool pool = new StrandPool(1)) {
            boolean[] seen = new boolean[3];
            pool.invoke(() -> {
                seen[0] = Strand.wantsSplit();                 // nothing queued
                Task<Integer> t = Strand.fork(() -> 1);
                seen[1] = Strand.wantsSplit();
                int r = t.join();
                seen[2] = Strand.wantsSplit();                 // empty again
                return r;
            });
            assertThat(seen).containsExactly(false, false, false);
        }
    }

    /** The same, counted: polled recursion in a pool of one offers no frame at all. */
    @Test
    void polledRecursionInAPoolOfOnePushesNothing() {
        try (StrandPool pool = new StrandPool(1)) {
            long n = 100_000;
            CALLS.reset();
            long got = pool.invoke(() -> sum(1, n));
            assertThat(got).isEqualTo(n * (n + 1) / 2);
            assertThat(CALLS.sum()).isEqualTo(2 * n + 1);
            assertThat(pool.stats().spawns()).as("frames offered").isZero();
            assertThat(pool.stats().inlinedSpawns()).as("frames refused by a full deque").isZero();
        }
    }

    /**
     * What the caller's split point said with a task forked and still queued. The other worker may
     * steal it at any moment, so each attempt reads twice: a second answer "no" means the deque
     * was not empty then, hence not at the first read either (once stolen, nothing refills it),
     * and the first answer is the one to check.
     */
    private static boolean saidWithATaskQueuedAndKept(StrandPool pool) {
        return pool.invoke(() -> {
            for (int attempt = 0; attempt < 1000; attempt++) {
                Task<Integer> t = Strand.fork(() -> 1);
                boolean first = Strand.wantsSplit();
                boolean kept = !Strand.wantsSplit();
                t.join();
                if (kept) {
                    return first;
                }
            }
            return false;                                      // always stolen at once: nothing to check
        });
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

    /** Sum of lo..hi as {@link #sum}, without counting calls (each node costs what a plain call does). */
    static long quietSum(long lo, long hi) {
        if (lo > hi) {
            return 0;
        }
        long mid = (lo + hi) >>> 1;
        if (Strand.wantsSplit()) {
            return mid + Strand.joinLong(r -> quietSum(r[0], r[1]), new long[] {lo, mid - 1},
                    r -> quietSum(r[0], r[1]), new long[] {mid + 1, hi}, Long::sum);
        }
        return mid + quietSum(lo, mid - 1) + quietSum(mid + 1, hi);
    }

    /**
     * Sums of 63 values polled at every node, 100,000 of them inside one task of a pool of two:
     * every piece a thief could take is a few microseconds at most (with coverage probes), so the
     * thief backs off and naps out of the search, and the owner, asked by nobody, stops offering.
     * Lazy splitting that offered at every empty deque offered 6-8 frames per sum here; this offers
     * well under one (a probe every few milliseconds, a look per nap).
     */
    @Test
    void aThiefOfTinyPiecesBacksOffAndTheOwnerStopsOffering() {
        try (StrandPool pool = new StrandPool(2)) {
            int sums = 100_000;
            long offered = Long.MAX_VALUE;                     // the fewest of the warm rounds: the
            for (int round = 0; round < 5; round++) {          // first two warm the JIT up (in the
                long before = pool.stats().spawns();          // interpreter the pieces are not tiny)
                long got = pool.invoke(() -> {
                    long s = 0;
                    for (int i = 0; i < sums; i++) {
                        s += quietSum(1, 63);
                    }
                    return s;
                });
                assertThat(got).isEqualTo(sums * (63L * 64 / 2));
                if (round >= 2) {
                    offered = Math.min(offered, pool.stats().spawns() - before);
                }
            }
            assertThat(offered).as("frames offered in %d sums", sums).isLessThan(2L * sums);
        }
    }

    /**
     * A worker that went to sleep while the owner held no request (its last offer was taken or
     * popped back) must still be woken by the owner's next split point: the sleeper's last look
     * asks for an offer, and the offer's push wakes it.
     */
    @Test
    void aSleepingThiefIsWokenAtTheOwnersNextSplitPoint() {
        try (StrandPool pool = new StrandPool(2)) {
            long stolen = pool.invoke(() -> {
                quietSum(1, 1000);                             // offers, and so clears the request
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!otherAsleep(pool) && System.nanoTime() - until < 0) {
                    Thread.onSpinWait();
                }
                long steals = pool.stats().steals();
                long n = 1L << 22;
                if (quietSum(1, n) != n * (n + 1) / 2) {
                    throw new AssertionError("wrong sum");
                }
                return pool.stats().steals() - steals;
            });
            assertThat(stolen).as("steals after the other worker slept").isPositive();
        }
    }

    static Thread owner;
    static long othersNodes;                                   // written by the other worker only

    /** {@link #quietSum}, counting the nodes that threads other than {@link #owner} compute. */
    static long countedSum(long lo, long hi) {
        if (lo > hi) {
            return 0;
        }
        if (Thread.currentThread() != owner) {
            othersNodes++;
        }
        long mid = (lo + hi) >>> 1;
        if (Strand.wantsSplit()) {
            return mid + Strand.joinLong(r -> countedSum(r[0], r[1]), new long[] {lo, mid - 1},
                    r -> countedSum(r[0], r[1]), new long[] {mid + 1, hi}, Long::sum);
        }
        return mid + countedSum(lo, mid - 1) + countedSum(mid + 1, hi);
    }

    /**
     * A thief backed off after tiny pieces must not stay so through a large computation that
     * follows, where a piece taken wherever the owner happens to be is also tiny (near the
     * leaves): the back-off ends after a while and lazy splitting's frame, near the root, is on
     * offer again. The other worker computes a real share of the large sum.
     */
    @Test
    void aLargeComputationAfterTinyPiecesStillGetsTheOtherWorker() {
        try (StrandPool pool = new StrandPool(2)) {
            for (int round = 0; round < 3; round++) {
                pool.invoke(() -> {
                    long s = 0;
                    for (int i = 0; i < 100_000; i++) {
                        s += quietSum(1, 63);
                    }
                    return s;
                });
            }
            long n = 1L << 24;
            long[] others = new long[1];
            long got = pool.invoke(() -> {
                for (int i = 0; i < 100_000; i++) {           // the thief naps between its looks now
                    quietSum(1, 63);
                }
                owner = Thread.currentThread();
                othersNodes = 0;
                long s = countedSum(1, n);
                others[0] = othersNodes;                       // the other's joins happen-before ours
                return s;
            });
            assertThat(got).isEqualTo(n * (n + 1) / 2);
            assertThat(others[0]).as("nodes the other worker computed of %d", n).isGreaterThan(n / 10);
        }
    }

    private static boolean otherAsleep(StrandPool pool) {
        int self = ((dev.strand.internal.worker.Worker) Thread.currentThread()).index;
        return pool.stats().workers().get(1 - self).sleeping();
    }
}
