package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pools for the java.util.concurrent contract tests: each gets a unique name, and
 * {@link #closeAllAndCheckNoThreadsLeft()} (run after each test) stops whatever a test left running
 * and checks that no worker thread of any of them survives.
 */
final class ContractPools {
    private static final AtomicInteger SEQ = new AtomicInteger();

    /** A generous bound for waits that only guard against hangs: nothing here should take it. */
    static final long LONG_WAIT_SECONDS = 10;

    private final String prefix;
    private final List<StrandPool> pools = new ArrayList<>();

    ContractPools(String prefix) {
        this.prefix = prefix;
    }

    StrandPool newPool(int parallelism) {
        return newPool(parallelism, true);
    }

    /** @param lazySplitting false: every join offers its second half (a frame to find in the deque) */
    StrandPool newPool(int parallelism, boolean lazySplitting) {
        StrandPool p = StrandPool.builder().name(prefix + "-" + SEQ.incrementAndGet())
                .parallelism(parallelism).tuning(t -> t.lazySplitting(lazySplitting)).build();
        synchronized (pools) {
            pools.add(p);
        }
        return p;
    }

    void closeAllAndCheckNoThreadsLeft() throws InterruptedException {
        List<StrandPool> ps;
        synchronized (pools) {
            ps = new ArrayList<>(pools);
            pools.clear();
        }
        for (StrandPool p : ps) {
            p.shutdownNow();
            assertThat(p.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS))
                    .as("pool %s terminates", p.name()).isTrue();
            LifecycleTest.assertNoThreadsLeft(p.name());
        }
    }

    /** Waits for a latch that the test expects to open; fails (instead of hanging) if it does not. */
    static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertThat(latch.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).as(what).isTrue();
    }

    /** Blocks until the current thread is interrupted, then counts {@code interrupted} down. */
    static void blockUntilInterrupted(CountDownLatch started, CountDownLatch interrupted) {
        started.countDown();
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            interrupted.countDown();
        }
    }
}
