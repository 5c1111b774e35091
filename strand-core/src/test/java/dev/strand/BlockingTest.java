package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.internal.sleep.SleepCoordinator;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Blocking compensation: a task that blocks inside {@link Strand#blocking} keeps the pool's
 * parallelism running, so tasks it (or anyone) forked still run, even with one worker. The latch
 * waits carry timeouts: without compensation they time out, which is the failure these tests
 * detect, instead of a hung build.
 */
class BlockingTest {

    /** A task waits for a child it forked: with one worker, only a spare thread can run the child. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void oneWorkerWaitsForItsOwnChild() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            boolean reached = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                Strand.fork(latch::countDown);
                return await(latch, 20_000);
            });
            assertThat(reached).isTrue();
            BlockingStats b = pool.stats().blocking();
            assertThat(b.blocks()).isEqualTo(1);
            assertThat(b.spareStarts()).isEqualTo(1);
            assertThat(b.uncompensated()).isZero();
        }
    }

    /** The same program with compensation turned off does not complete: the test above can fail. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutSparesTheChildNeverRuns() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).maxSpares(0).build()) {
            boolean reached = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                Strand.fork(latch::countDown);     // runs at the join below, after the timeout
                return await(latch, 300);
            });
            assertThat(reached).isFalse();
            assertThat(pool.stats().blocking().uncompensated()).isEqualTo(1);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void managedBlockerPortsFromForkJoinPool() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            AtomicInteger blockCalls = new AtomicInteger();
            long v = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                AtomicLong value = new AtomicLong();
                Strand.fork(() -> {
                    value.set(42);
                    latch.countDown();
                });
                try {
                    Strand.managedBlock(new ForkJoinPool.ManagedBlocker() {
                        @Override
                        public boolean block() throws InterruptedException {
                            blockCalls.incrementAndGet();
                            return latch.await(20, TimeUnit.SECONDS);
                        }

                        @Override
                        public boolean isReleasable() {
                            return latch.getCount() == 0;
                        }
                    });
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return value.get();
            });
            assertThat(v).isEqualTo(42);
            assertThat(blockCalls.get()).isBetween(0, 1);   // 0 if the child ran before the check
        }
    }

    /** {@code CompletableFuture.join} of work queued in the same one-worker pool. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void completableFutureJoinInsideATask() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            int v = pool.invoke(() -> {
                CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> 6 * 7, pool);
                return Strand.blocking(f::join);
            });
            assertThat(v).isEqualTo(42);
        }
    }

    /** A spare that blocks in turn gets its own spare; at the cap, the block is counted uncompensated. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sparesNestAndTheCapHolds() throws Exception {
        try (StrandPool pool = StrandPool.builder().parallelism(1).maxSpares(2).build()) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch allBlocked = new CountDownLatch(4);
            Task<Integer> root = pool.submit(() -> {
                // Four tasks block until the test releases them: the first holds the worker, two
                // hold the spares, and the fourth finds the cap reached.
                List<Task<Integer>> ts = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    ts.add(Strand.fork(() -> blockUntil(allBlocked, release)));
                }
                int sum = blockUntil(allBlocked, release);
                for (Task<Integer> t : ts) {
                    sum += t.join();
                }
                return sum;
            });
            // Only three threads exist (one worker, two spares): the fourth task starts only after
            // the release, so the count stops at three.
            assertThat(allBlocked.await(2, TimeUnit.SECONDS)).isFalse();
            assertThat(allBlocked.getCount()).isEqualTo(1);
            BlockingStats b = pool.stats().blocking();
            assertThat(b.spareStarts()).isEqualTo(2);
            assertThat(b.uncompensated()).isEqualTo(1);
            assertThat(b.sparesRunning()).isEqualTo(2);
            release.countDown();
            assertThat(root.get(20, TimeUnit.SECONDS)).isEqualTo(4);
        }
    }

    /** Waits for {@code latch} inside {@link Strand#blocking}, as a task body (no checked exception). */
    private static boolean await(CountDownLatch latch, long millis) {
        try {
            return Strand.blocking(() -> latch.await(millis, TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int blockUntil(CountDownLatch arrived, CountDownLatch release) {
        arrived.countDown();
        try {
            return Strand.blocking(() -> release.await(20, TimeUnit.SECONDS)) ? 1 : 0;
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Once nothing blocks, spares go back to the reserve and their threads exit. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sparesLeaveWhenTheBlockEnds() throws Exception {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            for (int round = 0; round < 20; round++) {
                boolean ok = pool.invoke(() -> {
                    CountDownLatch latch = new CountDownLatch(1);
                    Strand.fork(latch::countDown);
                    return await(latch, 20_000);
                });
                assertThat(ok).isTrue();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (pool.stats().blocking().sparesRunning() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            BlockingStats b = pool.stats().blocking();
            assertThat(b.sparesRunning()).as(pool.dump()).isZero();
            assertThat(b.blockedNow()).isZero();
            // At most one start per round: a spare still out from the round before (asleep, not
            // yet gone) is woken instead of starting another.
            assertThat(b.spareStarts()).isBetween(1L, 20L);
            // Every spare slot in use was started at least once: slots are reused, not leaked.
            assertThat(pool.stats().workers().size() - 1L).isBetween(1L, b.spareStarts());
        }
    }

    /**
     * A fork-join tree whose leaves block for a while: every leaf runs exactly once, at P = 1, 2
     * and 4, and the pool ends with no spare out and nothing blocked.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void blockingLeavesAreCountedExactlyOnce() throws Exception {
        for (int p : new int[] {1, 2, 4}) {
            try (StrandPool pool = StrandPool.builder().parallelism(p).build()) {
                for (int round = 0; round < 5; round++) {
                    LongAdder ran = new LongAdder();
                    int depth = 7;                  // 128 leaves
                    int r = round;
                    long leaves = pool.invoke(() -> tree(depth, ran, r));
                    assertThat(leaves).isEqualTo(1L << depth);
                    assertThat(ran.sum()).isEqualTo(1L << depth);
                }
                assertThat(pool.stats().blocking().blocks()).isPositive();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (pool.stats().blocking().sparesRunning() > 0 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(pool.stats().blocking().sparesRunning()).as(pool.dump()).isZero();
                assertThat(pool.stats().blocking().blockedNow()).isZero();
            }
        }
    }

    private static long tree(int depth, LongAdder ran, int round) {
        if (depth == 0) {
            ran.increment();
            if (ran.sum() % 2 == round % 2) {       // half the leaves block
                try {
                    Strand.blocking(() -> {
                        Thread.sleep(0, 200_000);
                        return null;
                    });
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            return 1;
        }
        Task<Long> left = Strand.fork(() -> tree(depth - 1, ran, round));
        long right = tree(depth - 1, ran, round);
        return right + left.join();
    }

    /**
     * A spare slot gets its deque at its first start, and concurrent activations can make the
     * slots in use cover a slot whose start is still under way, before its deque exists (slot 3
     * started, slot 2 claimed but not yet given a deque). Every loop over the slots must pass
     * such a slot by: here the pool is put in that state, then runs fork-join work, whose steals
     * and sleeps sweep every slot in use. Before, the sweep threw a NullPointerException that
     * killed the worker.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSlotInUseWithoutItsDequeYetIsPassedBy() throws Exception {
        List<Throwable> died = Collections.synchronizedList(new ArrayList<>());
        try (StrandPool pool = StrandPool.builder().parallelism(2)
                .uncaughtExceptionHandler((t, e) -> died.add(e)).build()) {
            Field f = StrandPool.class.getDeclaredField("sleep");
            f.setAccessible(true);
            ((SleepCoordinator) f.get(pool)).raiseInUse(4);
            for (int round = 0; round < 50; round++) {
                assertThat(pool.invoke(() -> fib(16))).isEqualTo(987);
                assertThat(pool.submit(() -> 7).get(10, TimeUnit.SECONDS)).isEqualTo(7);
            }
            assertThat(pool.stats().workers()).hasSize(4);
            boolean ok = pool.invoke(() -> {      // a spare still starts in the pending slot
                CountDownLatch latch = new CountDownLatch(1);
                Strand.fork(latch::countDown);
                return await(latch, 20_000);
            });
            assertThat(ok).isTrue();
        }
        assertThat(died).isEmpty();
    }

    private static int fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Integer> a = Strand.fork(() -> fib(n - 1));
        int b = fib(n - 2);
        return a.join() + b;
    }

    /**
     * Spares are taken out in proportion to the blocked workers, not one per blocking call: a
     * spare still running after the block it replaced ended covers the next block. Here the only
     * worker blocks (spare 1 starts and takes a long task), resumes, and blocks again while
     * spare 1 still runs: no second spare starts.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSpareStillRunningCoversTheNextBlock() throws Exception {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            CountDownLatch longStarted = new CountDownLatch(1);
            CountDownLatch longRelease = new CountDownLatch(1);
            CountDownLatch secondBlock = new CountDownLatch(1);
            AtomicLong startsAtSecondBlock = new AtomicLong(-1);
            Task<Integer> root = pool.submit(() -> {
                Task<Boolean> longTask = Strand.fork(() -> {
                    longStarted.countDown();
                    return release(longRelease);     // holds spare 1 until the test releases it
                });
                await(longStarted, 20_000);          // block 1: spare 1 starts and takes longTask
                return Strand.blocking(() -> {        // block 2, while spare 1 still runs
                    startsAtSecondBlock.set(pool.stats().blocking().spareStarts());
                    secondBlock.countDown();
                    return longTask.join() ? 1 : 0;   // longTask's runner, not this wait, ends it
                });
            });
            try {
                assertThat(secondBlock.await(20, TimeUnit.SECONDS)).isTrue();
                assertThat(startsAtSecondBlock.get()).isEqualTo(1);
                assertThat(pool.stats().blocking().spareStarts()).isEqualTo(1);
            } finally {
                longRelease.countDown();              // the pool closes only once the task ends
            }
            assertThat(root.get(20, TimeUnit.SECONDS)).isEqualTo(1);
        }
    }

    /** Waits until {@code latch} opens (or 20 s pass), spinning: a task that keeps its thread busy. */
    private static boolean release(CountDownLatch latch) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (latch.getCount() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        return latch.getCount() == 0;
    }

    /**
     * A join that waits for a task whose thief is blocked counts as blocked too: the pool keeps a
     * thread for other work meanwhile, as ForkJoinPool's compensated joins do. One worker: the
     * root forks a child that waits for a latch, lets a spare take the child, then joins it; the
     * latch is counted down by a task submitted from outside while the root waits. Without
     * compensation for the join, the spare that replaced the child has left by then and nothing
     * runs the submission.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aJoinWaitingForABlockedThiefKeepsAThreadForOtherWork() throws Exception {
        try (StrandPool pool = StrandPool.builder().parallelism(1).build()) {
            CountDownLatch childStarted = new CountDownLatch(1);
            CountDownLatch latch = new CountDownLatch(1);
            CountDownLatch joining = new CountDownLatch(1);
            Task<Boolean> root = pool.submit(() -> {
                Task<Boolean> child = Strand.fork(() -> {
                    childStarted.countDown();
                    return await(latch, 20_000);
                });
                await(childStarted, 20_000);         // a spare takes the child while the root waits
                joining.countDown();
                return child.join();
            });
            try {
                assertThat(joining.await(20, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(200);                    // the root is parked in its join by now
                Task<Boolean> opener = pool.submit(() -> {
                    latch.countDown();
                    return true;
                });
                assertThat(opener.get(5, TimeUnit.SECONDS)).isTrue();
                assertThat(root.get(5, TimeUnit.SECONDS)).isTrue();
            } finally {
                latch.countDown();                    // the pool closes only once the child ends
            }
        }
    }

    /** Off a worker thread, blocking just runs the call. */
    @Test
    void offAWorkerItRunsTheCall() throws Exception {
        assertThat(Strand.blocking(() -> "x")).isEqualTo("x");
    }

    /** A pool whose spares are out still shuts down and terminates. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shutdownWithSparesOut() throws Exception {
        StrandPool pool = StrandPool.builder().parallelism(1).build();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Task<Boolean> t = pool.submit(() -> {
            started.countDown();
            return Strand.blocking(() -> release.await(20, TimeUnit.SECONDS));
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        Task<Integer> other = pool.submit(() -> 7);   // runs on the spare meanwhile
        assertThat(other.get(10, TimeUnit.SECONDS)).isEqualTo(7);
        pool.shutdown();
        release.countDown();
        assertThat(t.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).as(pool.dump()).isTrue();
    }
}
