package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.trace.SchedulerListener;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * After shutdown, the pool terminates only when no task runs: a worker between finding a task and
 * running it is never taken for asleep. The steal hook is slowed down to widen that window.
 */
class TerminationTest {

    private static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    /**
     * Forks {@code width} children it never joins, each of which does the same {@code depth - 1}.
     * With a width of 1, a thief that takes the child while its forker finishes takes the last
     * task there is.
     */
    private static void scatter(int depth, int width, AtomicLong ran) {
        ran.incrementAndGet();
        spin(20_000);
        if (depth > 0) {
            for (int i = 0; i < width; i++) {
                Strand.fork(() -> scatter(depth - 1, width, ran));
            }
            spin(30_000);                         // the child waits, stealable, meanwhile
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shutdownWaitsForTasksForkedAndNeverJoined() throws Exception {
        SchedulerListener slowSteals = new SchedulerListener() {
            @Override
            public void onSteal(dev.strand.trace.StealEvent e) {
                spin(500_000);                    // a thief holds its task longer before running it
            }
        };
        int depth = 100;
        int width = 1;
        long expected = depth + 1L;
        for (int round = 0; round < 150; round++) {
            StrandPool pool = StrandPool.builder().parallelism(2).experimental(x -> x.spinRounds(0))
                    .listener(slowSteals).build();
            AtomicLong ran = new AtomicLong();
            Task<?> root = pool.submit(Task.of(() -> {
                scatter(depth, width, ran);
                return null;
            }));
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            assertThat(root.isCompletedAbnormally()).isFalse();
            assertThat(ran.get()).as("round %d: tasks that ran", round).isEqualTo(expected);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shutdownNeverCancelsTheForksOfARunningTask() throws Exception {
        SchedulerListener slowSteals = new SchedulerListener() {
            @Override
            public void onSteal(dev.strand.trace.StealEvent e) {
                long until = System.nanoTime() + 200_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        };
        for (int round = 0; round < 40; round++) {
            StrandPool pool = StrandPool.builder().parallelism(2).experimental(x -> x.spinRounds(0))
                    .listener(slowSteals).build();
            AtomicLong ran = new AtomicLong();
            int tasks = 20;
            Task<?>[] ts = new Task<?>[tasks];
            for (int i = 0; i < tasks; i++) {
                ts[i] = pool.submit(Task.of(() -> {
                    Thread.onSpinWait();
                    Task<Void> child = Strand.fork(() -> {
                        ran.incrementAndGet();
                    });
                    Strand.workerPool().execute(ran::incrementAndGet);
                    child.join();
                    return null;
                }));
                if (i % 5 == 0) {
                    Thread.sleep(0, 200_000);     // let the workers go idle between bursts
                }
            }
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            for (Task<?> t : ts) {
                assertThat(t.isCompletedAbnormally()).as("task %s after shutdown", t).isFalse();
            }
            assertThat(ran.get()).as("children and executed runnables that ran").isEqualTo(2L * tasks);
        }
    }
}
