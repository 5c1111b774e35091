package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.internal.cpu.CpuBudget;
import dev.strand.internal.cpu.Oversubscription;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The multiprogrammed mode: when it turns on, and that yielding workers lose no task. */
class MultiprogrammingTest {

    /** A pool with more workers than the process has cores turns AUTO on until it terminates. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void moreWorkersThanCoresTurnTheModeOnUntilThePoolTerminates() {
        int before = Oversubscription.workers();
        int p = CpuBudget.cores() + 1;
        StrandPool pool = StrandPool.builder().parallelism(p).build();
        try {
            assertThat(Oversubscription.workers()).isEqualTo(before + p);
            assertThat(Oversubscription.active()).isTrue();
            assertThat(pool.invoke(() -> fib(20))).isEqualTo(6765);
        } finally {
            pool.close();
        }
        assertThat(Oversubscription.workers()).isEqualTo(before);
    }

    /** Every task of a fork tree runs exactly once with yields before every steal, at P = 1..8. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void yieldingWorkersRunEveryTaskOnce() {
        for (int p : new int[] {1, 2, 3, 8}) {
            try (StrandPool pool = StrandPool.builder().parallelism(p)
                    .multiprogramming(Multiprogramming.ALWAYS).build()) {
                for (int round = 0; round < 3; round++) {
                    LongAdder ran = new LongAdder();
                    long leaves = pool.invoke(() -> tree(12, ran));
                    assertThat(leaves).isEqualTo(1L << 12);
                    assertThat(ran.sum()).isEqualTo((1L << 13) - 1);   // every node once
                }
            }
        }
    }

    private static long tree(int depth, LongAdder ran) {
        ran.increment();
        if (depth == 0) {
            return 1;
        }
        Task<Long> left = Strand.fork(() -> tree(depth - 1, ran));
        long right = tree(depth - 1, ran);
        return right + left.join();
    }

    private static int fib(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> j = Strand.join(() -> fib(n - 1), () -> fib(n - 2));
        return j.first() + j.second();
    }
}
