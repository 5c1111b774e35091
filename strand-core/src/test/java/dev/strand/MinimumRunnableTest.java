package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The minimum-runnable rule of blocking compensation: a block with nothing queued starts no
 * spare while another slot that is not blocked remains, and work published later while as many
 * slots as possible are blocked still runs (every task counted).
 */
@Timeout(120)
class MinimumRunnableTest {

    /**
     * Submits a task that blocks until {@code release}, and waits until it is inside its blocking
     * call: the pool's decision for the block (compensate or not) is made by then.
     */
    private static Task<Integer> blockOne(StrandPool pool, CountDownLatch release) throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        Task<Integer> t = pool.submit(() -> Strand.blocking(() -> {
            entered.countDown();
            release.await();
            return 1;
        }));
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the task never blocked: %s", pool.dump()).isTrue();
        return t;
    }

    /** Waits until {@code cond} holds, or fails after 10 s. */
    private static void eventually(StrandPool pool, java.util.function.BooleanSupplier cond) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!cond.getAsBoolean()) {
            assertThat(System.nanoTime()).as(pool.dump()).isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    @Test
    void aBlockWithNothingQueuedIsCoveredByTheOtherWorker() throws Exception {
        // ForkJoinPool's rule (minimumRunnable 1): one of two workers blocked with nothing queued
        // needs no thread; the second block would leave none unblocked, so it gets a spare.
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            CountDownLatch release = new CountDownLatch(1);
            try {
                Task<Integer> first = blockOne(pool, release);
                assertThat(pool.stats().blocking().sparesRunning()).as(pool.dump()).isZero();
                assertThat(pool.uncovered.get()).isEqualTo(1);
                Task<Integer> second = blockOne(pool, release);
                BlockingStats b = pool.stats().blocking();
                assertThat(b.blockedNow()).isEqualTo(2);
                assertThat(b.sparesRunning()).as(pool.dump()).isEqualTo(1);
                release.countDown();
                assertThat(first.get(10, TimeUnit.SECONDS) + second.get(10, TimeUnit.SECONDS)).isEqualTo(2);
            } finally {
                release.countDown();              // a failed assertion must not leave close() waiting
            }
        }
    }

    @Test
    void workPublishedWhileTheMostSlotsAreBlockedStillRuns() throws Exception {
        // For k blocked tasks with nothing queued, max(0, k - (p - 1)) spares are out: exactly one
        // slot is not blocked once k >= p - 1. Work submitted from outside and forked by a task
        // afterwards must all run meanwhile, on that slot and on spares it gets when it blocks.
        for (int p = 1; p <= 3; p++) {
            try (StrandPool pool = StrandPool.builder().parallelism(p).build()) {
                for (int round = 0; round < 4; round++) {
                    CountDownLatch release = new CountDownLatch(1);
                    int k = 1 + round;
                    List<Task<Integer>> blockers = new ArrayList<>();
                    for (int i = 0; i < k; i++) {
                        blockers.add(blockOne(pool, release));
                    }
                    int out = pool.stats().blocking().sparesRunning();
                    if (out != Math.max(0, k - (p - 1))) {
                        release.countDown();      // a failed assertion must not leave close() waiting
                    }
                    assertThat(out).as("p=%d k=%d %s", p, k, pool.dump()).isEqualTo(Math.max(0, k - (p - 1)));
                    LongAdder ran = new LongAdder();
                    int external = 200;
                    int forked = 300;
                    List<Task<?>> tasks = new ArrayList<>();
                    for (int i = 0; i < external; i++) {
                        tasks.add(pool.submit(ran::increment));
                    }
                    tasks.add(pool.submit(() -> {
                        List<Task<Void>> kids = new ArrayList<>();
                        for (int i = 0; i < forked; i++) {
                            kids.add(Strand.fork(ran::increment));
                        }
                        kids.forEach(Task::join);
                    }));
                    // A task that blocks too, waiting for work published after it blocked: the last
                    // unblocked slot blocks, so a spare must come for the work it waits on.
                    CountDownLatch late = new CountDownLatch(1);
                    AtomicInteger lateRan = new AtomicInteger();
                    Task<Integer> waiter = pool.submit(() -> Strand.blocking(() -> {
                        late.await();
                        return 1;
                    }));
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (pool.stats().blocking().blockedNow() <= k && !waiter.isDone()) {
                        assertThat(System.nanoTime()).as(pool.dump()).isLessThan(deadline);
                        Thread.sleep(1);
                    }
                    Task<?> releaser = pool.submit(() -> {
                        lateRan.incrementAndGet();
                        late.countDown();
                    });
                    assertThat(waiter.get(10, TimeUnit.SECONDS)).isEqualTo(1);
                    releaser.get(10, TimeUnit.SECONDS);
                    for (Task<?> t : tasks) {
                        t.get(10, TimeUnit.SECONDS);
                    }
                    assertThat(ran.sum()).isEqualTo(external + forked);
                    assertThat(lateRan.get()).isEqualTo(1);
                    release.countDown();
                    int sum = 0;
                    for (Task<Integer> t : blockers) {
                        sum += t.get(10, TimeUnit.SECONDS);
                    }
                    assertThat(sum).isEqualTo(k);
                    deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (pool.stats().blocking().sparesRunning() > 0 || pool.stats().blocking().blockedNow() > 0) {
                        assertThat(System.nanoTime()).as(pool.dump()).isLessThan(deadline);
                        Thread.sleep(1);
                    }
                }
            }
        }
    }

    @Test
    void blocksThatRaceStillLeaveOneSlotUnblocked() throws Exception {
        // Two workers block at once with nothing queued: each counts itself, then counts the
        // others; at least one must see both and take a spare out, else no slot is left to run
        // the work published next. Every task counted.
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            LongAdder ran = new LongAdder();
            for (int round = 0; round < 300; round++) {
                CountDownLatch release = new CountDownLatch(1);
                CountDownLatch bothStarted = new CountDownLatch(2);
                List<Task<Integer>> blockers = new ArrayList<>();
                try {
                    for (int i = 0; i < 2; i++) {
                        blockers.add(pool.submit(() -> {
                            bothStarted.countDown();
                            bothStarted.await();          // both on a thread before either blocks
                            return Strand.blocking(() -> {
                                release.await();
                                return 1;
                            });
                        }));
                    }
                    // Once both are blocked, some slot must be unblocked (a spare leaving from the
                    // last round may hold it for a moment, then compensates as it leaves).
                    eventually(pool, () -> pool.stats().blocking().blockedNow() == 2
                            && pool.stats().blocking().sparesRunning() >= 1);
                    pool.submit(ran::increment).get(10, TimeUnit.SECONDS);
                } finally {
                    release.countDown();
                }
                for (Task<Integer> t : blockers) {
                    assertThat(t.get(10, TimeUnit.SECONDS)).isEqualTo(1);
                }
            }
            assertThat(ran.sum()).isEqualTo(300);
        }
    }
}
