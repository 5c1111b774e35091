package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.parallel.Parallel;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fork/join vocabulary works from any thread: off a worker it runs on the common pool, with
 * the same results and exceptions as on a worker; on a worker it keeps using that worker's pool.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommonPoolTest {

    private static final String COMMON_WORKER = "strand-common-worker-";

    private static long fib(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Long, Long> r = Strand.join(() -> fib(n - 1), () -> fib(n - 2));
        return r.first() + r.second();
    }

    private static String thread() {
        return Thread.currentThread().getName();
    }

    @Test
    void joinFromAPlainThreadRunsOnTheCommonPool() {
        assertThat(Strand.inWorker()).isFalse();
        Joined<String, Long> r = Strand.join(CommonPoolTest::thread, () -> fib(20));
        assertThat(r.first()).startsWith(COMMON_WORKER);
        assertThat(r.second()).isEqualTo(6765L);

        AtomicInteger ran = new AtomicInteger();
        Strand.join(ran::incrementAndGet, (Runnable) ran::incrementAndGet);
        assertThat(ran.get()).isEqualTo(2);
    }

    @Test
    void forkFromAPlainThreadSubmitsToTheCommonPool() {
        Task<String> t = Strand.fork(CommonPoolTest::thread);
        assertThat(t.join()).startsWith(COMMON_WORKER);
        AtomicInteger ran = new AtomicInteger();
        Strand.fork(ran::incrementAndGet).join();
        assertThat(ran.get()).isEqualTo(1);

        ForkJoinTest.FibTask f = new ForkJoinTest.FibTask(15);
        assertThat(f.fork().join()).isEqualTo(610L);
        assertThatThrownBy(f::fork).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void scopeFromAPlainThreadWaitsForEveryTask() {
        AtomicInteger ran = new AtomicInteger();
        Strand.scope(s -> {
            for (int i = 0; i < 100; i++) {
                s.spawn(ran::incrementAndGet);
            }
        });
        assertThat(ran.get()).isEqualTo(100);
    }

    @Test
    void failuresOffAWorkerAreTheFailuresOnAWorker() {
        IllegalStateException boom = new IllegalStateException("boom");
        IllegalArgumentException bang = new IllegalArgumentException("bang");
        // join: a CompletionException whose cause is the original; both failed: the second suppressed.
        assertThatThrownBy(() -> Strand.join(() -> { throw boom; }, () -> 1))
                .isInstanceOf(CompletionException.class).cause().isSameAs(boom);
        assertThatThrownBy(() -> Strand.join(() -> { throw boom; }, () -> { throw bang; }))
                .isInstanceOf(CompletionException.class).cause().isSameAs(boom);
        assertThat(boom.getSuppressed()).containsExactly(bang);
        // scope: the body's own exception as it is; a member's as the cause.
        RuntimeException own = new RuntimeException("body");
        assertThatThrownBy(() -> Strand.scope(s -> { throw own; })).isSameAs(own);
        assertThatThrownBy(() -> Strand.scope(s -> s.spawn(() -> { throw bang; })))
                .isInstanceOf(CompletionException.class).cause().isSameAs(bang);
        // the same calls inside a pool
        try (StrandPool pool = new StrandPool(2)) {
            assertThatThrownBy(() -> pool.invoke(() -> Strand.scope(s -> { throw own; })))
                    .isInstanceOf(CompletionException.class).cause().isSameAs(own);
        }
        assertThatThrownBy(() -> Strand.join(null, () -> 1)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Strand.scope(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void workerPoolIsNullOffAWorkerWhereCurrentIsTheCommonPool() {
        assertThat(Strand.workerPool()).isNull();
        assertThat(StrandPool.current()).isSameAs(StrandPool.commonPool());
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            assertThat(pool.invoke(Strand::workerPool)).isSameAs(pool);
            assertThat(pool.invoke(() -> Strand.workerPool() == StrandPool.current())).isTrue();
        }
    }

    @Test
    void eachOfThePoolQuestionsHasOneName() {
        // StrandPool.current(): the worker's pool, else the common pool; Strand.workerPool(): the
        // worker's pool, else null. No third name for either.
        assertThat(java.util.Arrays.stream(Strand.class.getMethods()).map(java.lang.reflect.Method::getName))
                .contains("workerPool").doesNotContain("currentPool", "current");
        assertThat(java.util.Arrays.stream(StrandPool.class.getMethods())
                .filter(m -> m.getReturnType() == StrandPool.class && m.getParameterCount() == 0
                        && java.lang.reflect.Modifier.isStatic(m.getModifiers()))
                .map(java.lang.reflect.Method::getName))
                .containsExactlyInAnyOrder("current", "commonPool");
    }

    @Test
    void callsFromAWorkerKeepUsingItsPool() {
        try (StrandPool pool = StrandPool.builder().name("mine").parallelism(2).build()) {
            Joined<String, String> r = pool.invoke(() -> Strand.join(CommonPoolTest::thread,
                    () -> Strand.fork(CommonPoolTest::thread).join()));
            assertThat(r.first()).startsWith("strand-mine-worker-");
            assertThat(r.second()).startsWith("strand-mine-worker-");
            assertThat(pool.invoke(Strand::workerPool)).isSameAs(pool);
            assertThat(pool.invoke(StrandPool::current)).isSameAs(pool);
            long[] a = new long[100_000];
            java.util.Arrays.fill(a, 2);
            // From inside the pool, current() forks into the running computation on its workers.
            String[] where = new String[1];
            assertThat(pool.invoke(() -> Parallel.reduce(StrandPool.current(), a, 0L, (x, y) -> {
                where[0] = thread();
                return x + y;
            }))).isEqualTo(200_000L);
            assertThat(where[0]).startsWith("strand-mine-worker-");
        }
        assertThat(StrandPool.current()).isSameAs(StrandPool.commonPool());
    }

    @Test
    void theCommonPoolIsSharedAndCannotBeStopped() throws Exception {
        StrandPool common = StrandPool.commonPool();
        assertThat(StrandPool.commonPool()).isSameAs(common);
        assertThat(common.isCommonPool()).isTrue();
        assertThat(new StrandPool(1).isCommonPool()).isFalse();
        assertThat(common.name()).isEqualTo("common");
        assertThat(common.config().daemon()).isTrue();
        String property = System.getProperty(StrandPool.COMMON_PARALLELISM_PROPERTY);
        assertThat(common.parallelism()).isEqualTo(property == null
                ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(property));

        common.shutdown();
        assertThat(common.shutdownNow()).isEmpty();
        common.close();
        assertThat(common.isShutdown()).isFalse();
        assertThat(common.awaitTermination(10, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(common.invoke(() -> 6 * 7)).isEqualTo(42);
        assertThat(common.invoke(Strand::workerPool)).isSameAs(common);
        long[] a = new long[100_000];
        java.util.Arrays.fill(a, 3);
        assertThat(Parallel.sum(common, a)).isEqualTo(300_000L);
    }

    @Test
    void theCommonParallelismPropertyIsValidated() {
        assertThat(CommonPool.parallelism(null, 6)).isEqualTo(6);
        assertThat(CommonPool.parallelism(" 3 ", 6)).isEqualTo(3);
        assertThatThrownBy(() -> CommonPool.parallelism("0", 6))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strand.common.parallelism").hasMessageContaining("0");
        assertThatThrownBy(() -> CommonPool.parallelism("four", 6))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strand.common.parallelism").hasMessageContaining("'four'");
        assertThatThrownBy(() -> CommonPool.parallelism("40000", 6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32767");
    }
}
