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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

    /** How a cancelled task waits while its worker runs another task inside the wait. */
    enum WaitForm { GET, TIMED_GET, JOIN }

    /**
     * A plain Runnable run by a worker inside another task's wait: it says when it started, runs
     * until released, and records whether its thread's interrupt flag was set meanwhile (the flag
     * stays set through parkNanos, so a cancel's interrupt sent while it runs is seen here).
     */
    private static final class Bystander implements Runnable {
        final CountDownLatch started = new CountDownLatch(1);
        final AtomicBoolean interrupted = new AtomicBoolean();
        final CountDownLatch finished = new CountDownLatch(1);
        volatile boolean release;
        volatile Thread thread;

        @Override
        public void run() {
            thread = Thread.currentThread();
            started.countDown();
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(LONG_WAIT_SECONDS);
            while (!release && System.nanoTime() - giveUp < 0) {
                LockSupport.parkNanos(100_000);
            }
            interrupted.set(Thread.interrupted());
            finished.countDown();
        }
    }

    /**
     * A submitted task waits ({@code get}, timed {@code get} or {@code join}) for a task queued under
     * a bystander it executed: its only worker runs the bystander inside the wait. Cancelling the
     * waiter with an interrupt while the bystander runs must not interrupt the bystander (it is
     * another task); the waiter itself gets the interrupt once the bystander has returned, as a
     * cancelled waiter is interrupted in its wait. ForkJoinPool(1) leaves such a bystander alone too.
     */
    @ParameterizedTest
    @EnumSource(WaitForm.class)
    void cancelTrueOfAWaitingTaskDoesNotInterruptATaskItsWorkerRunsInTheWait(WaitForm form) throws Exception {
        StrandPool pool = pools.newPool(1);
        Bystander x = new Bystander();
        AtomicBoolean waiterSawInterrupt = new AtomicBoolean();
        AtomicReference<Thread> waiterThread = new AtomicReference<>();
        CountDownLatch waiterDone = new CountDownLatch(1);
        Future<Integer> waiter = pool.submit((Callable<Integer>) () -> {
            waiterThread.set(Thread.currentThread());
            try {
                Task<Integer> y = pool.submit(() -> 1);   // this worker's deque: [y]
                pool.execute(x);                           // [y, x]: the wait pops x first
                switch (form) {
                    case GET -> y.get();
                    case TIMED_GET -> y.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
                    case JOIN -> y.join();
                }
                waiterSawInterrupt.set(Thread.currentThread().isInterrupted());
            } catch (InterruptedException e) {
                waiterSawInterrupt.set(true);
            } finally {
                waiterDone.countDown();
            }
            return 0;
        });
        await(x.started, "the bystander started inside the wait");
        assertThat(x.thread).as("run by the waiting task's worker").isSameAs(waiterThread.get());
        assertThat(waiter.cancel(true)).isTrue();
        x.release = true;
        await(x.finished, "the bystander finished");
        assertThat(x.interrupted.get()).as("the bystander was interrupted by another task's cancel").isFalse();
        await(waiterDone, "the cancelled waiter finished");
        assertThat(waiterSawInterrupt.get()).as("the cancelled waiter got its interrupt").isTrue();
        assertThat(pool.submit(() -> 3).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(3);
    }

    /**
     * invokeAny's loser waits in {@code get} and its worker runs a bystander inside the wait; the
     * winner's success cancels the loser with an interrupt, which must wait until the bystander
     * returned. Both workers are busy (loser and winner meet at a barrier first), so the loser's
     * worker itself pops the bystander.
     */
    @Test
    void invokeAnyDoesNotInterruptATaskALoserRunsInItsWait() throws Exception {
        StrandPool pool = pools.newPool(2);
        Bystander x = new Bystander();
        CountDownLatch bothStarted = new CountDownLatch(2);
        AtomicInteger order = new AtomicInteger();
        AtomicReference<Thread> loserThread = new AtomicReference<>();
        CountDownLatch loserDone = new CountDownLatch(1);
        Task<Integer> never = Task.of(() -> 0);           // never run: the loser waits for ever
        Callable<String> role = () -> {
            boolean loser = order.getAndIncrement() == 0;
            bothStarted.countDown();
            bothStarted.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            if (!loser) {
                x.started.await(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
                return "winner";
            }
            loserThread.set(Thread.currentThread());
            try {
                pool.execute(x);                           // onto this worker's deque
                never.get();
                return "loser";
            } finally {
                loserDone.countDown();
            }
        };
        assertThat(pool.invokeAny(List.of(role, role))).isEqualTo("winner");
        assertThat(x.thread).as("run inside the loser's wait").isSameAs(loserThread.get());
        x.release = true;
        await(x.finished, "the bystander finished");
        assertThat(x.interrupted.get()).as("the bystander was interrupted by the loser's cancel").isFalse();
        await(loserDone, "the loser got its interrupt once the bystander returned");
    }

    /**
     * The timed invokeAll's cancellation at the deadline: its task waits in {@code get} while its
     * only worker runs a bystander, which the cancellation must not interrupt.
     */
    @Test
    void timedInvokeAllDoesNotInterruptATaskRunningInsideACancelledWait() throws Exception {
        StrandPool pool = pools.newPool(1);
        Bystander x = new Bystander();
        CountDownLatch waiterDone = new CountDownLatch(1);
        Task<Integer> never = Task.of(() -> 0);
        Callable<String> waiter = () -> {
            try {
                pool.execute(x);
                never.get();
                return "done";
            } finally {
                waiterDone.countDown();
            }
        };
        List<Future<String>> fs = List.of();
        for (long millis = 100; x.thread == null; millis *= 2) {   // until the waiter started in time
            fs = pool.invokeAll(List.of(waiter), millis, TimeUnit.MILLISECONDS);
        }
        assertThat(fs.get(0).isCancelled()).isTrue();
        x.release = true;
        await(x.finished, "the bystander finished");
        assertThat(x.interrupted.get()).as("the bystander was interrupted by invokeAll's cancel").isFalse();
        await(waiterDone, "the cancelled waiter got its interrupt once the bystander returned");
    }

    /**
     * cancel(true) racing a waiter whose worker runs other tasks inside its wait, at every moment
     * (before the waiter starts, while it runs its own code, while a nested task runs, after it
     * ends): no nested task ever sees an interrupt, and every task executed runs exactly once.
     */
    @Test
    void cancelRacingNestedRunsNeverInterruptsTheNestedTasks() throws Exception {
        StrandPool pool = pools.newPool(2);
        int rounds = 2_000;
        int perWaiter = 4;
        AtomicInteger executed = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        AtomicInteger interruptedNested = new AtomicInteger();
        java.util.SplittableRandom random = new java.util.SplittableRandom(31);
        AtomicInteger active = new AtomicInteger();
        for (int round = 0; round < rounds; round++) {
            Future<Integer> waiter = pool.submit((Callable<Integer>) () -> {
                active.incrementAndGet();
                try {
                    Task<Integer> y = pool.submit(() -> 1);
                    for (int i = 0; i < perWaiter; i++) {
                        executed.incrementAndGet();
                        pool.execute(() -> {
                            long until = System.nanoTime() + 2_000;
                            while (System.nanoTime() - until < 0) {
                                Thread.onSpinWait();
                            }
                            if (Thread.currentThread().isInterrupted()) {
                                interruptedNested.incrementAndGet();
                            }
                            ran.incrementAndGet();
                        });
                    }
                    return y.get();
                } finally {
                    active.decrementAndGet();
                }
            });
            int spins = random.nextInt(20_000);
            for (int i = 0; i < spins; i++) {
                Thread.onSpinWait();
            }
            waiter.cancel(true);
            // Once cancel returned, a waiter that had not started never starts: wait for the rest.
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(LONG_WAIT_SECONDS);
            while ((active.get() != 0 || ran.get() != executed.get()) && System.nanoTime() - giveUp < 0) {
                LockSupport.parkNanos(10_000);
            }
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(ran.get()).as("every executed task ran once").isEqualTo(executed.get());
        assertThat(interruptedNested.get()).as("nested tasks interrupted by another task's cancel").isZero();
    }
}
