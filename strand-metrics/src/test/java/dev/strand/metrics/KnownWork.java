package dev.strand.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/** Work whose counts are known, run on a pool before its counters are read. */
final class KnownWork {
    private KnownWork() { }

    /** Runnables submitted from outside the pool. */
    static final int SUBMITTED = 1_000;

    /**
     * Runs {@link #SUBMITTED} submitted runnables, then one forced steal: a task forks a child
     * and spins until the child runs, which only another worker can do (so at least one steal).
     * Waits until every worker sleeps, so that the counters stand still while they are compared.
     */
    static void run(StrandPool pool) throws Exception {
        assertThat(pool.parallelism()).isGreaterThanOrEqualTo(2);
        LongAdder ran = new LongAdder();
        CountDownLatch done = new CountDownLatch(SUBMITTED);
        for (int i = 0; i < SUBMITTED; i++) {
            pool.execute(() -> {
                ran.increment();
                done.countDown();
            });
        }
        assertThat(done.await(30, TimeUnit.SECONDS)).as("submitted tasks done").isTrue();
        assertThat(ran.sum()).isEqualTo(SUBMITTED);

        AtomicBoolean childRan = new AtomicBoolean();
        pool.invoke(() -> {
            Task<?> child = Strand.fork(() -> childRan.set(true));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!childRan.get()) {              // not join: the child must be stolen
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no worker stole the child: " + pool.dump());
                }
                Thread.onSpinWait();
            }
            child.join();
            return null;
        });
        awaitIdle(pool);
    }

    /** Waits until every worker sleeps. */
    static void awaitIdle(StrandPool pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.stats().workers().stream().anyMatch(w -> !w.sleeping())) {
            if (System.nanoTime() > deadline) {
                fail("pool never went idle: " + pool.dump());
            }
            Thread.sleep(1);
        }
    }
}
