package dev.strand;

import static dev.strand.ContractPools.LONG_WAIT_SECONDS;
import static dev.strand.ContractPools.await;
import static dev.strand.ContractPools.blockUntilInterrupted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code cancel(true)} interrupts the tasks the ExecutorService API creates, as ThreadPoolExecutor
 * and ForkJoinPool do, and never a later task of the same worker.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CancellationTest {
    private final ContractPools pools = new ContractPools("cancel");

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        pools.closeAllAndCheckNoThreadsLeft();
    }

    @Test
    void cancelTrueInterruptsASubmittedCallableAndFreesItsWorker() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Future<Object> blocked = pool.submit((Callable<Object>) () -> {
            blockUntilInterrupted(started, interrupted);
            return null;
        });
        await(started, "the task started");
        assertThat(blocked.cancel(true)).isTrue();
        await(interrupted, "the running task was interrupted");
        assertThat(blocked.isCancelled()).isTrue();
        assertThatThrownBy(blocked::get).isInstanceOf(CancellationException.class);
        // the only worker is free again
        assertThat(pool.submit(() -> 42).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(42);
    }

    @Test
    void cancelTrueInterruptsASubmittedRunnable() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Future<?> f = pool.submit(() -> blockUntilInterrupted(started, interrupted));
        await(started, "the task started");
        assertThat(f.cancel(true)).isTrue();
        await(interrupted, "the running task was interrupted");
    }

    @Test
    void cancelFalseDoesNotInterrupt() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger sawInterrupt = new AtomicInteger();
        Future<?> f = pool.submit(() -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                sawInterrupt.incrementAndGet();
            }
        });
        await(started, "the task started");
        assertThat(f.cancel(false)).isTrue();
        release.countDown();
        assertThat(pool.submit(() -> 1).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(sawInterrupt.get()).isZero();
    }

    @Test
    void aFutureOfAnExecutorCompletionServiceIsInterruptedByCancelTrue() throws Exception {
        StrandPool pool = pools.newPool(1);
        ExecutorCompletionService<Object> ecs = new ExecutorCompletionService<>(pool);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Future<Object> f = ecs.submit(() -> {
            blockUntilInterrupted(started, interrupted);
            return null;
        });
        await(started, "the task started");
        assertThat(f.cancel(true)).isTrue();
        await(interrupted, "the running task was interrupted");
        assertThat(ecs.take()).isSameAs(f);
    }

    @Test
    void invokeAnyInterruptsTheLosers() throws Exception {
        StrandPool pool = pools.newPool(2);
        CountDownLatch loserStarted = new CountDownLatch(1);
        CountDownLatch loserInterrupted = new CountDownLatch(1);
        Callable<String> loser = () -> {
            blockUntilInterrupted(loserStarted, loserInterrupted);
            return "loser";
        };
        Callable<String> winner = () -> {
            loserStarted.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS);   // both run at once
            return "winner";
        };
        assertThat(pool.invokeAny(List.of(loser, winner))).isEqualTo("winner");
        await(loserInterrupted, "the losing task was interrupted");
    }

    @Test
    void timedInvokeAllInterruptsTheTasksRunningAtTheDeadline() throws Exception {
        StrandPool pool = pools.newPool(2);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Callable<String> slow = () -> {
            blockUntilInterrupted(started, interrupted);
            return "slow";
        };
        Callable<String> fast = () -> {
            started.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            return "fast";
        };
        List<Future<String>> fs = pool.invokeAll(List.of(slow, fast), 200, TimeUnit.MILLISECONDS);
        assertThat(fs).allMatch(Future::isDone);
        assertThat(fs.get(0).isCancelled()).isTrue();
        assertThat(fs.get(1).get()).isEqualTo("fast");
        await(interrupted, "the task still running at the deadline was interrupted");
    }

    /** Task subclasses (here Task.of, as forks use) record no runner: cancel(true) cannot interrupt. */
    @Test
    void taskSubclassesIgnoreTheInterruptFlagAsDocumented() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger sawInterrupt = new AtomicInteger();
        Task<Integer> t = pool.submit(Task.of(() -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                sawInterrupt.incrementAndGet();
            }
            return 1;
        }));
        await(started, "the task started");
        assertThat(t.cancel(true)).isTrue();
        release.countDown();
        assertThat(pool.submit(() -> 2).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(2);
        assertThat(sawInterrupt.get()).isZero();
        assertThatThrownBy(t::join).isInstanceOf(CancellationException.class);
    }

    /**
     * A cancel(true) racing the task's end must never interrupt the worker after the task returned:
     * the next task on that worker (a probe that waits a little) must not see an interrupt.
     */
    @Test
    void anInterruptFromCancelNeverReachesALaterTask() throws Exception {
        StrandPool pool = pools.newPool(1);
        AtomicInteger strayInterrupts = new AtomicInteger();
        for (int round = 0; round < 2_000; round++) {
            Future<?> quick = pool.submit(() -> Thread.onSpinWait());
            Future<?> probe = pool.submit(() -> {
                long until = System.nanoTime() + 20_000;
                while (System.nanoTime() - until < 0) {
                    if (Thread.currentThread().isInterrupted()) {
                        strayInterrupts.incrementAndGet();
                        return;
                    }
                }
            });
            quick.cancel(true);
            probe.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertThat(strayInterrupts.get()).isZero();
    }
}
