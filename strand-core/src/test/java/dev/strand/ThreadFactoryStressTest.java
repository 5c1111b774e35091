package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Fork/join trees with blocking leaves on pools whose threads all come from a factory, with a
 * keep-alive short enough that threads retire and come back between rounds: every task is
 * counted, every thread that runs one is the factory's, and the spares the blocking leaves need
 * come from it too. A second run has a factory that fails for some spares: each blocking call
 * then either ran or failed naming the factory, and every other task still ran.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ThreadFactoryStressTest {

    static final class Counted extends StrandWorkerThread {
        Counted(Seed seed) {
            super(seed);
        }
    }

    private static final int ROUNDS = 200;
    private static final int DEPTH = 9;                  // 2^9 leaves per round

    private static final class Counts {
        final LongAdder leaves = new LongAdder();
        final LongAdder blockedRan = new LongAdder();
        final LongAdder blockedFailed = new LongAdder();
        final LongAdder foreignThreads = new LongAdder();
        final AtomicInteger sparesMade = new AtomicInteger();
        final AtomicInteger made = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();
        /** Refusals that a join or a leaving spare met: sent to the uncaught-exception handler. */
        final LongAdder reported = new LongAdder();
        final LongAdder otherReports = new LongAdder();
    }

    private static void tree(int depth, int id, Counts c) {
        if (!(Thread.currentThread() instanceof Counted)) {
            c.foreignThreads.increment();
        }
        if (depth == 0) {
            c.leaves.increment();
            if (id % 16 == 0) {                           // a blocking leaf: needs a spare while others wait
                try {
                    Strand.blocking(() -> {
                        java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                        return null;
                    });
                    c.blockedRan.increment();
                } catch (IllegalStateException e) {
                    assertThat(e).hasMessageContaining("thread factory").hasMessageContaining("spare thread");
                    c.blockedFailed.increment();
                }
            }
            return;
        }
        Strand.join(() -> tree(depth - 1, 2 * id, c), () -> tree(depth - 1, 2 * id + 1, c));
    }

    private static Counts run(int parallelism, int failEvery) throws Exception {
        Counts c = new Counts();
        try (StrandPool pool = StrandPool.builder().name("tf-stress-" + parallelism + "-" + failEvery)
                .parallelism(parallelism).keepAlive(Duration.ofMillis(2))
                .uncaughtExceptionHandler((t, e) -> {
                    if (e instanceof IllegalStateException && String.valueOf(e.getMessage()).contains("thread factory")) {
                        c.reported.increment();
                    } else {
                        c.otherReports.increment();
                    }
                })
                .threadFactory(seed -> {
                    int n = c.made.incrementAndGet();
                    if (seed.spare()) {
                        if (failEvery > 0 && n % failEvery == 0) {
                            c.refused.incrementAndGet();
                            throw new IllegalStateException("refused spare " + n);
                        }
                        c.sparesMade.incrementAndGet();
                    }
                    return new Counted(seed);
                })
                .build()) {
            for (int r = 0; r < ROUNDS; r++) {
                pool.invoke(() -> tree(DEPTH, 0, c));
                if (r % 10 == 9) {
                    Thread.sleep(10);                     // past the keep-alive: threads retire and come back
                }
            }
        }
        return c;
    }

    @Test
    void everyTaskRunsOnTheFactorysThreadsSparesIncluded() throws Exception {
        for (int p : new int[] {1, 2}) {
            Counts c = run(p, 0);
            long leaves = (long) ROUNDS << DEPTH;
            assertThat(c.leaves.sum()).as("leaves at p=%d", p).isEqualTo(leaves);
            assertThat(c.blockedRan.sum()).isEqualTo(leaves / 16);
            assertThat(c.blockedFailed.sum()).isZero();
            assertThat(c.reported.sum() + c.otherReports.sum()).isZero();
            assertThat(c.foreignThreads.sum()).as("tasks on threads the factory did not make").isZero();
            assertThat(c.sparesMade.get()).as("spares made by the factory").isPositive();
            assertThat(c.made.get()).as("threads after the keep-alive").isGreaterThan(p + c.sparesMade.get());
        }
    }

    @Test
    void aFactoryThatRefusesSomeSparesLosesNoTask() throws Exception {
        for (int p : new int[] {1, 2}) {
            Counts c = run(p, 3);
            long leaves = (long) ROUNDS << DEPTH;
            assertThat(c.leaves.sum()).as("leaves at p=%d", p).isEqualTo(leaves);
            assertThat(c.blockedRan.sum() + c.blockedFailed.sum()).isEqualTo(leaves / 16);
            assertThat(c.foreignThreads.sum()).isZero();
            // Each refusal was met once: by a blocking call that failed, or reported from a join
            // or a leaving spare that went on uncompensated.
            assertThat(c.refused.get()).as("refusals at p=%d", p).isPositive()
                    .isEqualTo(c.blockedFailed.sum() + c.reported.sum());
            assertThat(c.otherReports.sum()).isZero();
        }
    }
}
