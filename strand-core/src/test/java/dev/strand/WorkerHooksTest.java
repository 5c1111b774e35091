package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Start and exit hooks run on every worker thread, on that thread, also across the keep-alive. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerHooksTest {

    private static final ThreadLocal<String> TAG = new ThreadLocal<>();

    @Test
    void hooksRunOnEachWorkerThreadAtStartAndExit() throws Exception {
        Set<Thread> started = ConcurrentHashMap.newKeySet();
        Set<Thread> exited = ConcurrentHashMap.newKeySet();
        StrandPool pool = StrandPool.builder().name("hooks").parallelism(3)
                .onWorkerStart(t -> {
                    assertThat(t).isSameAs(Thread.currentThread());
                    TAG.set("tagged");
                    started.add(t);
                })
                .onWorkerExit(exited::add)
                .build();
        // The start hook ran before the worker took a task: its thread-local is there.
        assertThat(pool.invoke(TAG::get)).isEqualTo("tagged");
        pool.close();
        assertThat(started).hasSize(3).allMatch(t -> t.getName().startsWith("strand-hooks-worker-"));
        assertThat(exited).isEqualTo(started);
    }

    @Test
    void hooksRunAgainWhenAnIdlePoolsThreadsExitAndComeBack() throws Exception {
        AtomicInteger starts = new AtomicInteger();
        AtomicInteger exits = new AtomicInteger();
        try (StrandPool pool = StrandPool.builder().name("hooks-2").parallelism(2)
                .keepAlive(Duration.ofMillis(20))
                .onWorkerStart(t -> starts.incrementAndGet())
                .onWorkerExit(t -> exits.incrementAndGet())
                .build()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (exits.get() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(exits.get()).as("both threads retired").isEqualTo(2);
            assertThat(pool.invoke(() -> 1 + 1)).isEqualTo(2);
            assertThat(starts.get()).as("a thread came back for the work").isGreaterThanOrEqualTo(3);
        }
        assertThat(exits.get()).isEqualTo(starts.get());
    }

    @Test
    void aThrowingHookIsReportedAndThePoolStillWorks() {
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        try (StrandPool pool = StrandPool.builder().parallelism(2)
                .onWorkerStart(t -> { throw new IllegalStateException("start hook"); })
                .uncaughtExceptionHandler((t, e) -> reported.add(e))
                .build()) {
            assertThat(pool.invoke(() -> 6 * 7)).isEqualTo(42);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (reported.size() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        }
        assertThat(reported).hasSize(2).allMatch(e -> "start hook".equals(e.getMessage()));
    }
}
