package dev.strand.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A program whose parallelism drops to one gives the other cores back: while one task computes
 * alone in a pool of 8, the pool's threads together use little more CPU than that task itself.
 * Idle workers that kept searching (or woke on a timer too often) would use up to every core.
 */
class ParallelismFeedbackTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSerialPhaseCostsLittleMoreThanItsWork() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (StrandPool pool = StrandPool.builder().name("feedback").parallelism(8).build()) {
            pool.invoke(() -> Strand.join(() -> 1, () -> 2));   // every worker started
            Thread.sleep(50);                                   // and idle
            for (int round = 0; round < 3; round++) {
                long before = poolCpu(mx);
                AtomicLong workCpu = new AtomicLong();
                pool.invoke(() -> {
                    long c0 = mx.getCurrentThreadCpuTime();
                    spin(TimeUnit.MILLISECONDS.toNanos(150));
                    workCpu.set(mx.getCurrentThreadCpuTime() - c0);
                });
                long used = poolCpu(mx) - before;
                double overhead = (double) (used - workCpu.get()) / workCpu.get();
                // The serial phase's own work plus at most a quarter more: idle workers sleep.
                assertThat(overhead).as("CPU of idle workers over the serial work, round %d", round)
                        .isLessThan(0.25);
            }
        }
    }

    private static long poolCpu(ThreadMXBean mx) {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("strand-feedback-worker-")) {
                long c = mx.getThreadCpuTime(t.threadId());
                if (c > 0) {
                    sum += c;
                }
            }
        }
        return sum;
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 1;
        while (System.nanoTime() < end) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
            throw new AssertionError("unreachable");
        }
    }
}
