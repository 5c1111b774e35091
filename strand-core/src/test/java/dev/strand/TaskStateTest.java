package dev.strand;

import static dev.strand.ContractPools.LONG_WAIT_SECONDS;
import static dev.strand.ContractPools.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task's Future side: it runs at most once whoever calls run() or submits it, get() waits for a
 * task nobody started yet (FutureTask's contract), waits that end early leave no waiter behind, and
 * an interrupt a task leaves set does not reach the next task of its worker.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskStateTest {
    private final ContractPools pools = new ContractPools("state");

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        pools.closeAllAndCheckNoThreadsLeft();
    }

    // ---------------------------------------------------------------- get() on unstarted tasks

    @Test
    void aFutureFromExecutorCompletionServiceCanBeWaitedOnWhilePending() throws Exception {
        StrandPool pool = pools.newPool(1);
        ExecutorCompletionService<Integer> ecs = new ExecutorCompletionService<>(pool);
        CountDownLatch release = new CountDownLatch(1);
        Future<Integer> f = ecs.submit(() -> {
            release.await();
            return 7;
        });
        assertThatThrownBy(() -> f.get(1, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        Thread releaser = new Thread(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            release.countDown();
        });
        releaser.start();
        assertThat(f.get()).isEqualTo(7);        // blocks until done, like FutureTask.get
        assertThat(ecs.take()).isSameAs(f);
        releaser.join();
    }

    @Test
    void getWaitsForATaskThatAnotherThreadRunsLater() throws Exception {
        Task<Integer> t = Task.of(() -> 5);
        assertThatThrownBy(() -> t.get(1, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        Thread runner = new Thread(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            t.run();
        });
        runner.start();
        assertThat(t.get()).isEqualTo(5);
        runner.join();
        assertThat(t.join()).isEqualTo(5);        // done: any caller gets the result
    }

    @Test
    void joinOnATaskNobodyStartedIsStillAClearError() {
        Task<Integer> t = Task.of(() -> 5);
        assertThatThrownBy(t::join).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("never forked");
    }

    // ---------------------------------------------------------------- runs at most once

    @Test
    void runDoesNotComputeATaskThatAWorkerIsRunning() throws Exception {
        StrandPool pool = pools.newPool(1);
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Task<Integer> t = pool.submit(Task.of(() -> {
            runs.incrementAndGet();
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 1;
        }));
        await(started, "the task started");
        Thread other = new Thread(t);            // FutureTask.run on a running task: a no-op
        other.start();
        release.countDown();
        other.join();
        assertThat(t.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void runAfterSubmitAndSubmitAfterRunAreNoSecondRun() throws Exception {
        StrandPool pool = pools.newPool(1);
        AtomicInteger runs = new AtomicInteger();
        Task<Integer> ran = Task.of(runs::incrementAndGet);
        ran.run();
        assertThatThrownBy(() -> pool.submit(ran)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> pool.execute(ran)).isInstanceOf(IllegalStateException.class);
        assertThat(runs.get()).isEqualTo(1);
        assertThat(ran.isCancelled()).isFalse();  // a refused claim leaves the task alone
    }

    @Test
    void concurrentRunsAndSubmissionsOfOneTaskComputeItOnce() throws Exception {
        StrandPool pool = pools.newPool(2);
        int rounds = 3_000;
        int doubleRuns = 0;
        for (int round = 0; round < rounds; round++) {
            AtomicInteger runs = new AtomicInteger();
            Task<Integer> t = Task.of(runs::incrementAndGet);
            CountDownLatch go = new CountDownLatch(1);
            AtomicInteger accepted = new AtomicInteger();
            Runnable submitOrRun = () -> {
                try {
                    go.await();
                    if ((runs.hashCode() & 1) == 0) {
                        pool.submit(t);
                    } else {
                        pool.execute(t);
                    }
                    accepted.incrementAndGet();
                } catch (IllegalStateException e) {
                    // lost the claim: the expected outcome for one of the two
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            Thread a = new Thread(submitOrRun);
            Thread b = new Thread(submitOrRun);
            Thread c = new Thread(() -> {
                try {
                    go.await();
                    t.run();                      // a third claimant, FutureTask style
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            a.start();
            b.start();
            c.start();
            go.countDown();
            a.join();
            b.join();
            c.join();
            t.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            pool.submit(() -> 0).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);   // a second run would be done by now
            if (runs.get() != 1 || accepted.get() > 1) {
                doubleRuns++;
            }
        }
        assertThat(doubleRuns).as("rounds with a second run or a second accepted submission")
                .isZero();
    }

    // ---------------------------------------------------------------- waiters

    @Test
    void timedOutGetsLeaveNoWaitersBehind() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch release = new CountDownLatch(1);
        Task<Integer> pending = pool.submit(() -> {
            release.await();
            return 1;
        });
        for (int i = 0; i < 20_000; i++) {
            assertThatThrownBy(() -> pending.get(1, TimeUnit.NANOSECONDS))
                    .isInstanceOf(TimeoutException.class);
        }
        assertThat(pending.waiterCount()).isLessThanOrEqualTo(1);
        release.countDown();
        assertThat(pending.get()).isEqualTo(1);
    }

    @Test
    void timedOutGetsInsideAWorkerLeaveNoWaitersBehind() throws Exception {
        StrandPool pool = pools.newPool(2);
        Task<Integer> pending = Task.of(() -> 1);  // never started: get() waits for it
        int waiters = pool.invoke(() -> {
            for (int i = 0; i < 2_000; i++) {
                try {                             // long enough to park, at times
                    pending.get(i % 2 == 0 ? 1 : 50_000, TimeUnit.NANOSECONDS);
                } catch (TimeoutException expected) {
                    // the point of the loop
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
            return pending.waiterCount();
        });
        assertThat(waiters).isLessThanOrEqualTo(1);
    }

    @Test
    void interruptedGetsLeaveNoWaitersBehind() throws Exception {
        Task<Integer> pending = Task.of(() -> 1);
        for (int i = 0; i < 200; i++) {
            AtomicReference<Throwable> seen = new AtomicReference<>();
            Thread waiter = new Thread(() -> {
                try {
                    pending.get();
                } catch (Throwable e) {
                    seen.set(e);
                }
            });
            waiter.start();
            while (pending.waiterCount() == 0 && waiter.isAlive()) {
                Thread.onSpinWait();
            }
            waiter.interrupt();
            waiter.join();
            assertThat(seen.get()).isInstanceOf(InterruptedException.class);
        }
        assertThat(pending.waiterCount()).isZero();
        pending.run();
        assertThat(pending.get()).isEqualTo(1);
    }

    @Test
    void waitersAndCallbacksAreAllWokenWhenSomeWaitsTimedOut() throws Exception {
        Task<Integer> t = Task.of(() -> 3);
        AtomicInteger callbacks = new AtomicInteger();
        List<Thread> waiters = new ArrayList<>();
        AtomicInteger results = new AtomicInteger();
        for (int i = 0; i < 8; i++) {
            t.onDone(callbacks::incrementAndGet);
            Thread w = new Thread(() -> {
                try {
                    results.addAndGet(t.get());
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            w.start();
            waiters.add(w);
            assertThatThrownBy(() -> t.get(1, TimeUnit.MICROSECONDS)).isInstanceOf(TimeoutException.class);
        }
        t.run();
        for (Thread w : waiters) {
            w.join();
        }
        assertThat(results.get()).isEqualTo(24);
        assertThat(callbacks.get()).isEqualTo(8);
    }

    // ---------------------------------------------------------------- interrupt hygiene

    @Test
    void anInterruptThatATaskLeavesSetDoesNotReachTheNextTask() throws Exception {
        StrandPool pool = pools.newPool(1);
        AtomicBoolean nextSawInterrupt = new AtomicBoolean(true);
        CountDownLatch nextRan = new CountDownLatch(1);
        pool.execute(() -> {
            pool.execute(() -> {                  // onto this worker's deque: runs right after
                nextSawInterrupt.set(Thread.currentThread().isInterrupted());
                nextRan.countDown();
            });
            Thread.currentThread().interrupt();   // and leave the flag set
        });
        await(nextRan, "the next task ran");
        assertThat(nextSawInterrupt.get()).isFalse();
    }

    @Test
    void aSecondSubmissionOfATaskIsRejectedWithoutSideEffects() throws Exception {
        StrandPool pool = pools.newPool(1);
        Task<Integer> t = pool.submit(Task.of(() -> 9));
        assertThatThrownBy(() -> pool.submit(t)).isInstanceOf(IllegalStateException.class);
        assertThat(t.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(9);
        Callable<Integer> c = () -> 1;
        assertThat(pool.submit(c).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
    }
}
