package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.trace.SchedulerListener;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Whatever escapes into the scheduler (a listener's exception, an error while a task's outcome is
 * recorded) is reported, the affected task completes, and the worker goes on: the pool keeps all
 * its workers and terminates normally.
 */
class WorkerSurvivalTest {

    /** Runs {@code p} tasks that can only finish if {@code p} workers run them at once. */
    private static void allWorkersServe(StrandPool pool) throws Exception {
        int p = pool.parallelism();
        CyclicBarrier meet = new CyclicBarrier(p);
        Task<?>[] ts = new Task<?>[p];
        for (int i = 0; i < p; i++) {
            ts[i] = pool.submit(() -> {
                meet.await(20, TimeUnit.SECONDS);
                return null;
            });
        }
        for (Task<?> t : ts) {
            t.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aThrowingListenerIsReportedAndKillsNoWorker() throws Exception {
        Queue<Throwable> reported = new ConcurrentLinkedQueue<>();
        SchedulerListener throwing = new SchedulerListener() {
            @Override
            public void onSpawn(dev.strand.trace.SpawnEvent e) {
                throw new IllegalStateException("listener: spawn");
            }

            @Override
            public void onSteal(dev.strand.trace.StealEvent e) {
                throw new IllegalStateException("listener: steal");
            }

            @Override
            public void onPark(dev.strand.trace.ParkEvent e) {
                throw new IllegalStateException("listener: park");
            }

            @Override
            public void onWake(dev.strand.trace.WakeEvent e) {
                throw new IllegalStateException("listener: wake");
            }

            @Override
            public void onSync(dev.strand.trace.SyncEvent e) {
                throw new IllegalStateException("listener: sync");
            }
        };
        StrandPool pool = StrandPool.builder().parallelism(2).listener(throwing)
                .uncaughtExceptionHandler((t, e) -> reported.add(e)).build();
        try {
            for (int round = 0; round < 20; round++) {
                assertThat(pool.invoke(() -> fib(18))).isEqualTo(2584);
                allWorkersServe(pool);
                Thread.sleep(2);                  // let workers park (and the listener throw)
            }
            assertThat(reported).isNotEmpty().allMatch(e -> e.getMessage().startsWith("listener: "));
        } finally {
            pool.close();
        }
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private static int fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Integer> a = Strand.fork(() -> fib(n - 1));
        return fib(n - 2) + a.join();
    }

    /** A task whose completion fails as if the runtime ran out of memory recording its outcome. */
    private static final class FailsToComplete extends Task<Integer> {
        @Override
        protected Integer compute() {
            return 1;
        }

        @Override
        void exec() {
            throw new OutOfMemoryError("simulated: no memory to record the outcome");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anErrorWhileRecordingAnOutcomeCompletesTheTaskAndKeepsTheWorker() throws Exception {
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        StrandPool pool = StrandPool.builder().parallelism(2)
                .uncaughtExceptionHandler((t, e) -> reported.add(e)).build();
        try {
            for (int round = 0; round < 10; round++) {
                Task<Integer> t = pool.submit(new FailsToComplete());
                assertThatThrownBy(() -> t.get(10, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .hasCauseInstanceOf(OutOfMemoryError.class);
                allWorkersServe(pool);
            }
            // The error reached the task's waiters; nothing else needed reporting.
            assertThat(reported).isEmpty();
        } finally {
            pool.close();
        }
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
}
