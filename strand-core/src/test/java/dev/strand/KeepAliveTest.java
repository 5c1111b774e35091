package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Worker threads of an idle pool exit after the keep-alive and come back for new work: no task is
 * lost across a retirement, a dormant pool shuts down, and pools nobody closes hold no threads.
 */
class KeepAliveTest {

    private static StrandPool pool(String name, int p, Duration keepAlive) {
        return StrandPool.builder().name(name).parallelism(p).keepAlive(keepAlive).build();
    }

    /** @return the live threads of pool {@code name} */
    private static long threadsOf(String name) {
        String prefix = "strand-" + name + "-worker-";
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix)).count();
    }

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting: " + what);
            }
            Thread.sleep(5);
        }
    }

    private static long fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Long> a = Strand.fork(() -> fib(n - 1));
        long b = fib(n - 2);
        return a.join() + b;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void idleWorkersExitAfterTheKeepAliveAndNewWorkStartsThemAgain() throws Exception {
        try (StrandPool pool = pool("keep-1", 4, Duration.ofMillis(50))) {
            assertThat(pool.invoke(() -> fib(20))).isEqualTo(6765L);
            long before = pool.stats().tasksRun();
            await("the idle pool's threads to exit", () -> threadsOf("keep-1") == 0);
            assertThat(pool.dump()).contains("dormant");
            assertThat(pool.stats().workers()).allMatch(WorkerStats::sleeping);

            for (int round = 0; round < 3; round++) {
                // Counted while the work runs: after it, 50 ms of a busy machine can retire them.
                long[] during = new long[1];
                assertThat(pool.invoke(() -> {
                    during[0] = threadsOf("keep-1");
                    return fib(22);
                })).isEqualTo(17711L);
                assertThat(during[0]).as("threads started for the new work").isPositive();
                await("the threads to exit again", () -> threadsOf("keep-1") == 0);
            }
            assertThat(pool.stats().tasksRun()).as("counters survive a retirement")
                    .isGreaterThan(before);
        }
        // close() returns when the pool has terminated; its last threads may still be returning.
        await("the closed pool's threads to end", () -> threadsOf("keep-1") == 0);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDormantPoolShutsDownClosesAndStopsNow() throws Exception {
        StrandPool a = pool("keep-2a", 3, Duration.ofMillis(20));
        a.invoke(() -> fib(15));
        await("dormant", () -> threadsOf("keep-2a") == 0);
        a.shutdown();
        assertThat(a.awaitTermination(10, TimeUnit.SECONDS)).as(a.dump()).isTrue();

        StrandPool b = pool("keep-2b", 3, Duration.ofMillis(20));
        await("dormant", () -> threadsOf("keep-2b") == 0);
        assertThat(b.shutdownNow()).isEmpty();
        assertThat(b.awaitTermination(10, TimeUnit.SECONDS)).as(b.dump()).isTrue();

        StrandPool c = pool("keep-2c", 2, Duration.ofMillis(20));
        await("dormant", () -> threadsOf("keep-2c") == 0);
        c.close();
        assertThat(c.isTerminated()).isTrue();
        assertThat(threadsOf("keep-2a") + threadsOf("keep-2b") + threadsOf("keep-2c")).isZero();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void poolsNobodyClosesReleaseTheirThreadsAndCanBeCollected() throws Exception {
        List<WeakReference<StrandPool>> refs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            StrandPool p = pool("keep-3-" + i, 4, Duration.ofMillis(100));
            assertThat(p.invoke(() -> fib(12))).isEqualTo(144L);
            refs.add(new WeakReference<>(p));
        }
        await("every unclosed pool's threads to exit", () -> {
            long n = 0;
            for (int i = 0; i < 50; i++) {
                n += threadsOf("keep-3-" + i);
            }
            return n == 0;
        });
        await("the pools to be collected", () -> {
            System.gc();
            return refs.stream().allMatch(r -> r.get() == null);
        });
    }

    /** A fork/join tree that counts every node it runs. */
    private static void tree(int depth, AtomicLong nodes) {
        nodes.incrementAndGet();
        if (depth > 0) {
            Task<Void> left = Strand.fork(() -> {
                tree(depth - 1, nodes);
                return null;
            });
            tree(depth - 1, nodes);
            left.join();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void noTaskIsLostWhileWorkersRetireAndReviveUnderLoad() throws Exception {
        try (StrandPool pool = pool("keep-4", 4, Duration.ofMillis(1))) {
            AtomicLong executed = new AtomicLong();
            long submitted = 0;
            for (int round = 0; round < 300; round++) {
                // Idle long enough, some rounds, for workers to retire, then race new work with it.
                Thread.sleep(ThreadLocalRandom.current().nextInt(4));
                int commands = ThreadLocalRandom.current().nextInt(1, 8);
                CountDownLatch ran = new CountDownLatch(commands);
                for (int k = 0; k < commands; k++) {
                    pool.execute(() -> {
                        executed.incrementAndGet();
                        ran.countDown();
                    });
                }
                submitted += commands;
                AtomicLong nodes = new AtomicLong();
                int depth = ThreadLocalRandom.current().nextInt(1, 10);
                pool.invoke(() -> {
                    tree(depth, nodes);
                    return null;
                });
                assertThat(nodes.get()).as("nodes of a depth-%d tree", depth)
                        .isEqualTo((1L << (depth + 1)) - 1);
                assertThat(ran.await(10, TimeUnit.SECONDS)).as(pool.dump()).isTrue();
            }
            assertThat(executed.get()).isEqualTo(submitted);
            assertThat(pool.stats().parks())
                    .isPositive();
        }
        await("the closed pool's threads to end", () -> threadsOf("keep-4") == 0);
    }

    @Test
    void theKeepAliveIsValidated() {
        assertThat(StrandPool.builder().config().keepAliveNanos())
                .isEqualTo(PoolConfig.DEFAULT_KEEP_ALIVE_NANOS).isEqualTo(60_000_000_000L);
        assertThatThrownBy(() -> StrandPool.builder().keepAlive(Duration.ZERO).config())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keepAlive");
        assertThatThrownBy(() -> StrandPool.builder().keepAlive(Duration.ofMillis(-5)).config())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keepAlive");
        assertThatThrownBy(() -> StrandPool.builder().keepAlive(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("keepAlive");
        assertThat(StrandPool.builder().keepAlive(ChronoUnit.FOREVER.getDuration()).config()
                .keepAliveNanos()).isEqualTo(Long.MAX_VALUE);
    }
}
