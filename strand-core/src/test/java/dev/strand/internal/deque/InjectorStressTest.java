package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Several producers and consumers on real threads: every element is taken exactly once, and each
 * producer's elements come out in the order it pushed them (FIFO per producer).
 */
class InjectorStressTest {

    private static final int PRODUCERS = 3;
    private static final int CONSUMERS = 3;
    private static final int PER_PRODUCER = 200_000;

    @Test
    void everyElementExactlyOnceInPerProducerOrder() throws InterruptedException {
        Injector<long[]> q = new Injector<>(2);
        AtomicIntegerArray seen = new AtomicIntegerArray(PRODUCERS * PER_PRODUCER);
        AtomicLong taken = new AtomicLong();
        AtomicLong orderViolations = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[PRODUCERS + CONSUMERS];
        for (int p = 0; p < PRODUCERS; p++) {
            int id = p;
            threads[p] = new Thread(() -> {
                await(start);
                for (int i = 0; i < PER_PRODUCER; i++) {
                    q.push(new long[] {id, i});
                }
            });
        }
        for (int c = 0; c < CONSUMERS; c++) {
            boolean batches = c % 2 == 0;
            threads[PRODUCERS + c] = new Thread(() -> {
                await(start);
                ChaseLevDeque<long[]> mine = new ChaseLevDeque<>();
                long[] last = new long[PRODUCERS];
                java.util.Arrays.fill(last, -1);
                while (taken.get() < (long) PRODUCERS * PER_PRODUCER) {
                    long[] x = batches ? q.stealBatchAndPop(mine, 16, CONSUMERS) : q.steal();
                    while (x != null) {
                        int p = (int) x[0];
                        int i = (int) x[1];
                        if (seen.getAndIncrement(p * PER_PRODUCER + i) != 0) {
                            throw new AssertionError("taken twice: producer " + p + " element " + i);
                        }
                        if (i <= last[p]) {              // one consumer sees a producer in order
                            orderViolations.incrementAndGet();
                        }
                        last[p] = i;
                        taken.incrementAndGet();
                        x = mine.pop();
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(t.isAlive()).as("thread finished (no element lost)").isFalse();
        }
        assertThat(taken.get()).isEqualTo((long) PRODUCERS * PER_PRODUCER);
        for (int i = 0; i < seen.length(); i++) {
            assertThat(seen.get(i)).as("element %d", i).isEqualTo(1);
        }
        assertThat(orderViolations.get()).isZero();
        assertThat(q.isEmpty()).isTrue();
    }

    private static void await(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
