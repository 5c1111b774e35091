package dev.strand;

import static dev.strand.ContractPools.LONG_WAIT_SECONDS;
import static dev.strand.ContractPools.await;
import static dev.strand.ContractPools.blockUntilInterrupted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * StrandPool as a drop-in {@link java.util.concurrent.ExecutorService}: what a caller of
 * ThreadPoolExecutor or ForkJoinPool may rely on, method by method (the ground the JSR-166 TCK's
 * executor tests cover). Every pool a test creates is stopped after it, and none of its threads may
 * survive.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExecutorContractTest {
    private final ContractPools pools = new ContractPools("contract");

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        pools.closeAllAndCheckNoThreadsLeft();
    }

    private static final long WAIT = LONG_WAIT_SECONDS;

    private static Callable<String> failing(Exception e) {
        return () -> {
            throw e;
        };
    }

    private static List<Callable<String>> listWithNull() {
        List<Callable<String>> l = new ArrayList<>();
        l.add(() -> "a");
        l.add(null);
        return l;
    }

    // ---------------------------------------------------------------- execute and submit

    @Nested
    class ExecuteAndSubmit {
        @Test
        void executeRunsTheCommand() throws Exception {
            StrandPool pool = pools.newPool(2);
            CountDownLatch ran = new CountDownLatch(1);
            pool.execute(ran::countDown);
            await(ran, "the command ran");
        }

        @Test
        void submitRunnableCompletesWithNull() throws Exception {
            StrandPool pool = pools.newPool(2);
            AtomicBoolean ran = new AtomicBoolean();
            Future<?> f = pool.submit(() -> ran.set(true));
            assertThat(f.get(WAIT, TimeUnit.SECONDS)).isNull();
            assertThat(ran).isTrue();
            assertThat(f.isDone()).isTrue();
            assertThat(f.isCancelled()).isFalse();
        }

        @Test
        void submitRunnableWithResultCompletesWithThatResult() throws Exception {
            StrandPool pool = pools.newPool(2);
            assertThat(pool.submit(() -> { }, "given").get(WAIT, TimeUnit.SECONDS)).isEqualTo("given");
        }

        @Test
        void submitCallableCompletesWithItsValue() throws Exception {
            StrandPool pool = pools.newPool(2);
            assertThat(pool.submit(() -> "value").get()).isEqualTo("value");
        }

        @Test
        void nullsAreRejectedWithNullPointerException() {
            StrandPool pool = pools.newPool(1);
            assertThatThrownBy(() -> pool.execute(null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.submit((Runnable) null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.submit((Runnable) null, "x")).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.submit((Callable<String>) null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.submit((Task<String>) null)).isInstanceOf(NullPointerException.class);
        }

        @Test
        void aFailingCallableReportsItsExceptionAsTheCause() {
            StrandPool pool = pools.newPool(1);
            IOException io = new IOException("io");
            Future<String> f = pool.submit(failing(io));
            assertThatThrownBy(() -> f.get(WAIT, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isSameAs(io);
            assertThat(f.isDone()).isTrue();
            assertThat(f.isCancelled()).isFalse();
        }

        @Test
        void aFailingRunnableReportsItsExceptionAsTheCause() {
            StrandPool pool = pools.newPool(1);
            IllegalStateException boom = new IllegalStateException("boom");
            Future<?> f = pool.submit((Runnable) () -> {
                throw boom;
            });
            assertThatThrownBy(f::get).isInstanceOf(ExecutionException.class).cause().isSameAs(boom);
        }

        @Test
        void manyExternalSubmittersAllComplete() throws Exception {
            StrandPool pool = pools.newPool(2);
            List<Thread> threads = new ArrayList<>();
            AtomicInteger sum = new AtomicInteger();
            for (int t = 0; t < 4; t++) {
                Thread th = new Thread(() -> {
                    try {
                        for (int i = 0; i < 500; i++) {
                            sum.addAndGet(pool.submit(() -> 1).get());
                        }
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join();
            }
            assertThat(sum.get()).isEqualTo(2_000);
        }
    }

    // ---------------------------------------------------------------- Future

    @Nested
    class Futures {
        @Test
        void getOfAPendingTaskThrowsInterruptedExceptionWhenTheWaiterIsInterrupted() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<String> f = pool.submit(() -> {
                release.await();
                return "x";
            });
            AtomicReference<Throwable> seen = new AtomicReference<>();
            Thread waiter = new Thread(() -> {
                try {
                    f.get();
                } catch (Throwable e) {
                    seen.set(e);
                }
            });
            waiter.start();
            while (waiter.getState() != Thread.State.WAITING && waiter.isAlive()) {
                Thread.onSpinWait();
            }
            waiter.interrupt();
            waiter.join();
            assertThat(seen.get()).isInstanceOf(InterruptedException.class);
            assertThat(f.isDone()).isFalse();     // the task itself is unaffected
            release.countDown();
            assertThat(f.get(WAIT, TimeUnit.SECONDS)).isEqualTo("x");
        }

        @Test
        void getByAnAlreadyInterruptedThreadOfAPendingTaskThrowsAtOnce() {
            StrandPool pool = pools.newPool(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<String> f = pool.submit(() -> {
                release.await();
                return "x";
            });
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(f::get).isInstanceOf(InterruptedException.class);
                assertThat(Thread.interrupted()).isFalse();   // the flag was consumed
                Thread.currentThread().interrupt();
                assertThatThrownBy(() -> f.get(WAIT, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
            } finally {
                Thread.interrupted();
                release.countDown();
            }
        }

        @Test
        void getOfADoneTaskReturnsEvenWhenInterrupted() throws Exception {
            StrandPool pool = pools.newPool(1);
            Future<String> f = pool.submit(() -> "done");
            assertThat(f.get()).isEqualTo("done");
            Thread.currentThread().interrupt();
            try {
                assertThat(f.get()).isEqualTo("done");
                assertThat(f.get(0, TimeUnit.SECONDS)).isEqualTo("done");
            } finally {
                Thread.interrupted();
            }
        }

        @Test
        void timedGetTimesOutOnAPendingTaskAndZeroOrNegativeTimeoutsDoNotWait() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<String> f = pool.submit(() -> {
                release.await();
                return "x";
            });
            assertThatThrownBy(() -> f.get(10, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            assertThatThrownBy(() -> f.get(0, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
            assertThatThrownBy(() -> f.get(-1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
            assertThatThrownBy(() -> f.get(1, null)).isInstanceOf(NullPointerException.class);
            release.countDown();
            assertThat(f.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS)).isEqualTo("x");
        }

        @Test
        void aCancelledQueuedTaskNeverRunsAndReportsCancellation() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.submit(() -> {
                started.countDown();
                release.await();
                return null;
            });
            await(started, "the worker is busy");
            AtomicBoolean ran = new AtomicBoolean();
            Future<?> queued = pool.submit(() -> ran.set(true));
            assertThat(queued.cancel(false)).isTrue();
            assertThat(queued.isCancelled()).isTrue();
            assertThat(queued.isDone()).isTrue();
            assertThat(queued.cancel(true)).isTrue();     // cancelling again still reports it
            assertThatThrownBy(queued::get).isInstanceOf(CancellationException.class);
            assertThatThrownBy(() -> queued.get(1, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
            release.countDown();
            pool.submit(() -> 0).get(WAIT, TimeUnit.SECONDS);
            assertThat(ran).isFalse();
        }

        @Test
        void cancelOfACompletedTaskFailsAndLeavesTheResult() throws Exception {
            StrandPool pool = pools.newPool(1);
            Future<String> f = pool.submit(() -> "r");
            assertThat(f.get()).isEqualTo("r");
            assertThat(f.cancel(true)).isFalse();
            assertThat(f.cancel(false)).isFalse();
            assertThat(f.isCancelled()).isFalse();
            assertThat(f.get()).isEqualTo("r");
        }

        @Test
        void cancelTrueOfARunningTaskInterruptsIt() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            Future<?> f = pool.submit(() -> blockUntilInterrupted(started, interrupted));
            await(started, "it runs");
            assertThat(f.cancel(true)).isTrue();
            await(interrupted, "it was interrupted");
            assertThat(f.isCancelled()).isTrue();
            assertThatThrownBy(f::get).isInstanceOf(CancellationException.class);
        }
    }

    // ---------------------------------------------------------------- invokeAll

    @Nested
    class InvokeAll {
        @Test
        void argumentsAreChecked() {
            StrandPool pool = pools.newPool(1);
            assertThatThrownBy(() -> pool.invokeAll(null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(null, 1, TimeUnit.SECONDS)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(List.of(() -> "a"), 1, null))
                    .isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(listWithNull())).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(listWithNull(), WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(NullPointerException.class);
        }

        @Test
        void anEmptyCollectionGivesAnEmptyList() throws Exception {
            StrandPool pool = pools.newPool(1);
            assertThat(pool.invokeAll(new ArrayList<Callable<String>>())).isEmpty();
            assertThat(pool.invokeAll(new ArrayList<Callable<String>>(), WAIT, TimeUnit.SECONDS)).isEmpty();
        }

        @Test
        void theFuturesAreDoneAndInOrderWithFailuresReportedByGet() throws Exception {
            StrandPool pool = pools.newPool(2);
            IllegalStateException boom = new IllegalStateException("boom");
            List<Callable<String>> jobs = List.of(() -> "a", failing(boom), () -> "c");
            for (List<Future<String>> fs : List.of(pool.invokeAll(jobs),
                    pool.invokeAll(jobs, WAIT, TimeUnit.SECONDS))) {
                assertThat(fs).hasSize(3).allMatch(Future::isDone);
                assertThat(fs.get(0).get()).isEqualTo("a");
                assertThatThrownBy(() -> fs.get(1).get()).isInstanceOf(ExecutionException.class)
                        .cause().isSameAs(boom);
                assertThat(fs.get(2).get()).isEqualTo("c");
            }
        }

        @Test
        void aTimedInvokeAllCancelsWhatIsNotDoneAtTheDeadline() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch release = new CountDownLatch(1);
            List<Callable<String>> jobs = List.of(() -> "quick", () -> {
                release.await();                  // holds the only worker past the deadline
                return "slow";
            }, () -> "never started");
            List<Future<String>> fs = pool.invokeAll(jobs, 50, TimeUnit.MILLISECONDS);
            release.countDown();
            assertThat(fs).hasSize(3).allMatch(Future::isDone);
            assertThat(fs.get(1).isCancelled()).isTrue();
            assertThat(fs.get(2).isCancelled() || fs.get(2).get().equals("never started")).isTrue();
        }

        @Test
        void aZeroTimeoutCancelsEverything() throws Exception {
            StrandPool pool = pools.newPool(1);
            List<Future<String>> fs = pool.invokeAll(List.of(() -> "a", () -> "b"), 0, TimeUnit.SECONDS);
            assertThat(fs).hasSize(2).allMatch(Future::isCancelled);
        }

        @Test
        void anInterruptedCallerGetsInterruptedExceptionAndTheTasksAreCancelled() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            AtomicReference<Throwable> seen = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    pool.invokeAll(List.of(() -> {
                        blockUntilInterrupted(started, interrupted);
                        return "x";
                    }));
                } catch (Throwable e) {
                    seen.set(e);
                }
            });
            caller.start();
            await(started, "the task runs");
            caller.interrupt();
            caller.join();
            assertThat(seen.get()).isInstanceOf(InterruptedException.class);
            await(interrupted, "the task was cancelled with an interrupt");
        }
    }

    // ---------------------------------------------------------------- invokeAny

    @Nested
    class InvokeAny {
        @Test
        void argumentsAreChecked() {
            StrandPool pool = pools.newPool(1);
            assertThatThrownBy(() -> pool.invokeAny(null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAny(null, 1, TimeUnit.SECONDS)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAny(List.of(() -> "a"), 1, null))
                    .isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAny(new ArrayList<Callable<String>>()))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> pool.invokeAny(new ArrayList<Callable<String>>(), 1, TimeUnit.SECONDS))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        /** Both forms reject a null element before they run anything. */
        @Test
        void aNullElementIsRejectedByBothFormsBeforeAnyTaskRuns() throws Exception {
            StrandPool pool = pools.newPool(1);
            AtomicInteger ran = new AtomicInteger();
            List<Callable<String>> jobs = new ArrayList<>();
            jobs.add(() -> {
                ran.incrementAndGet();
                return "a";
            });
            jobs.add(null);
            assertThatThrownBy(() -> pool.invokeAny(jobs)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAny(jobs, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(NullPointerException.class);
            pool.shutdown();
            assertThat(pool.awaitTermination(WAIT, TimeUnit.SECONDS)).isTrue();
            assertThat(ran.get()).isZero();
            // checked before any submission: a shut-down pool still reports the null element
            assertThatThrownBy(() -> pool.invokeAny(jobs)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAny(jobs, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(jobs)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invokeAll(jobs, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(NullPointerException.class);
        }

        @Test
        void itReturnsTheResultOfATaskThatSucceeded() throws Exception {
            StrandPool pool = pools.newPool(2);
            List<Callable<String>> jobs = List.of(failing(new IOException()), () -> "ok", failing(new IOException()));
            assertThat(pool.invokeAny(jobs)).isEqualTo("ok");
            assertThat(pool.invokeAny(jobs, WAIT, TimeUnit.SECONDS)).isEqualTo("ok");
            assertThat(pool.invokeAny(List.<Callable<String>>of(() -> null))).isNull();
        }

        @Test
        void whenAllFailItThrowsExecutionExceptionWithAFailureAsCause() {
            StrandPool pool = pools.newPool(2);
            List<Callable<String>> jobs = List.of(failing(new IOException("x")), failing(new IOException("y")));
            assertThatThrownBy(() -> pool.invokeAny(jobs)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(IOException.class);
            assertThatThrownBy(() -> pool.invokeAny(jobs, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(IOException.class);
        }

        @Test
        void aTimedInvokeAnyThatRunsOutOfTimeThrowsTimeoutExceptionAndCancels() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            assertThatThrownBy(() -> pool.invokeAny(List.of(() -> {
                blockUntilInterrupted(started, interrupted);
                return "late";
            }), 50, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            await(interrupted, "the running task was cancelled with an interrupt");
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Nested
    class Lifecycle {
        @Test
        void aNewPoolIsNeitherShutDownNorTerminated() {
            StrandPool pool = pools.newPool(1);
            assertThat(pool.isShutdown()).isFalse();
            assertThat(pool.isTerminated()).isFalse();
        }

        @Test
        void shutdownRunsQueuedTasksThenTerminatesAndIsIdempotent() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger ran = new AtomicInteger();
            pool.execute(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            for (int i = 0; i < 100; i++) {
                pool.execute(ran::incrementAndGet);
            }
            pool.shutdown();
            pool.shutdown();
            assertThat(pool.isShutdown()).isTrue();
            assertThat(pool.awaitTermination(10, TimeUnit.MILLISECONDS)).isFalse();
            assertThat(pool.isTerminated()).isFalse();
            release.countDown();
            assertThat(pool.awaitTermination(WAIT, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.isTerminated()).isTrue();
            assertThat(ran.get()).isEqualTo(100);
            assertThat(pool.awaitTermination(0, TimeUnit.SECONDS)).isTrue();
        }

        @Test
        void everySubmissionFromOutsideIsRejectedAfterShutdown() {
            StrandPool pool = pools.newPool(1);
            pool.shutdown();
            List<Callable<String>> one = List.of(() -> "a");
            assertThatThrownBy(() -> pool.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.submit(() -> { })).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.submit(() -> { }, "r")).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.submit(() -> "c")).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.invoke(() -> "c")).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.invokeAll(one)).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.invokeAll(one, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.invokeAny(one)).isInstanceOf(RejectedExecutionException.class);
            assertThatThrownBy(() -> pool.invokeAny(one, WAIT, TimeUnit.SECONDS))
                    .isInstanceOf(RejectedExecutionException.class);
        }

        @Test
        void aRunningTaskMaySubmitAfterShutdownAndItsWorkRunsBeforeTermination() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch shutDown = new CountDownLatch(1);
            AtomicBoolean childRan = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            pool.execute(() -> {
                started.countDown();
                try {
                    shutDown.await();
                    pool.execute(() -> childRan.set(true));       // as ForkJoinPool allows
                    pool.submit(() -> "also").get();
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            await(started, "the task runs");
            pool.shutdown();
            shutDown.countDown();
            assertThat(pool.awaitTermination(WAIT, TimeUnit.SECONDS)).isTrue();
            assertThat(failure.get()).isNull();
            assertThat(childRan).isTrue();
        }

        @Test
        void shutdownNowOfAnIdlePoolReturnsNothingAndTerminates() throws Exception {
            StrandPool pool = pools.newPool(2);
            assertThat(pool.shutdownNow()).isEmpty();
            assertThat(pool.isShutdown()).isTrue();
            assertThat(pool.awaitTermination(WAIT, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.isTerminated()).isTrue();
            assertThat(pool.shutdownNow()).isEmpty();      // again: nothing changes
        }

        @Test
        void shutdownNowInterruptsRunningTasksAndReturnsQueuedOnesAsGiven() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            pool.execute(() -> blockUntilInterrupted(started, interrupted));
            await(started, "the worker is busy");
            Runnable plain = () -> { };
            pool.execute(plain);
            Future<String> queued = pool.submit(() -> "q");
            List<Runnable> returned = pool.shutdownNow();
            await(interrupted, "the running task was interrupted");
            assertThat(returned).containsExactlyInAnyOrder(plain, (Runnable) queued);
            assertThat(queued.isCancelled()).isTrue();
            assertThat(pool.awaitTermination(WAIT, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> pool.execute(plain)).isInstanceOf(RejectedExecutionException.class);
        }

        @Test
        void awaitTerminationHonoursInterrupts() throws Exception {
            StrandPool pool = pools.newPool(1);
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(() -> pool.awaitTermination(WAIT, TimeUnit.SECONDS))
                        .isInstanceOf(InterruptedException.class);
            } finally {
                Thread.interrupted();
            }
        }

        @Test
        void closeWaitsForAcceptedTasksAndIsIdempotent() throws Exception {
            StrandPool pool = pools.newPool(2);
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 20; i++) {
                pool.execute(() -> {
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    ran.incrementAndGet();
                });
            }
            pool.close();
            assertThat(pool.isTerminated()).isTrue();
            assertThat(ran.get()).isEqualTo(20);
            pool.close();
        }

        @Test
        void anInterruptedCloseStopsThePoolAndKeepsTheFlag() throws Exception {
            StrandPool pool = pools.newPool(1);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            pool.execute(() -> blockUntilInterrupted(started, interrupted));
            await(started, "the worker is busy");
            AtomicBoolean flagKept = new AtomicBoolean();
            Thread closer = new Thread(() -> {
                pool.close();                     // waits: the task blocks until interrupted
                flagKept.set(Thread.currentThread().isInterrupted());
            });
            closer.start();
            while (closer.getState() != Thread.State.WAITING && closer.isAlive()) {
                Thread.onSpinWait();
            }
            closer.interrupt();                   // close then stops the pool, as shutdownNow
            closer.join();
            assertThat(pool.isTerminated()).isTrue();
            assertThat(flagKept).isTrue();
        }

        @Test
        void waitingForThePoolFromItsOwnWorkerIsAClearError() {
            StrandPool pool = pools.newPool(1);
            assertThatThrownBy(() -> pool.invoke(() -> {
                try {
                    return pool.awaitTermination(1, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            })).rootCause().isInstanceOf(IllegalStateException.class);
        }
    }

    // ---------------------------------------------------------------- ExecutorCompletionService

    @Nested
    class CompletionServices {
        @Test
        void completedTasksAreTakenInCompletionOrder() throws Exception {
            StrandPool pool = pools.newPool(2);
            CompletionService<String> ecs = new ExecutorCompletionService<>(pool);
            CountDownLatch release = new CountDownLatch(1);
            Future<String> slow = ecs.submit(() -> {
                release.await();
                return "slow";
            });
            Future<String> fast = ecs.submit(() -> "fast");
            assertThat(ecs.take()).isSameAs(fast);
            assertThat(ecs.poll()).isNull();
            assertThat(ecs.poll(1, TimeUnit.MILLISECONDS)).isNull();
            release.countDown();
            Future<String> next = ecs.poll(WAIT, TimeUnit.SECONDS);
            assertThat(next).isSameAs(slow);
            assertThat(next.get()).isEqualTo("slow");
        }

        @Test
        void runnableWithResultAndFailuresComeBackThroughTheQueue() throws Exception {
            StrandPool pool = pools.newPool(2);
            CompletionService<String> ecs = new ExecutorCompletionService<>(pool);
            ecs.submit(() -> { }, "given");
            assertThat(ecs.take().get()).isEqualTo("given");
            IOException io = new IOException();
            ecs.submit(failing(io));
            Future<String> f = ecs.take();
            assertThatThrownBy(f::get).isInstanceOf(ExecutionException.class).cause().isSameAs(io);
        }

        @Test
        void aCancelledSubmissionIsQueuedAsCancelled() throws Exception {
            StrandPool pool = pools.newPool(1);
            CompletionService<String> ecs = new ExecutorCompletionService<>(pool);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            await(started, "the worker is busy");
            Future<String> f = ecs.submit(() -> "never");
            assertThat(f.cancel(false)).isTrue();
            release.countDown();
            Future<String> taken = ecs.poll(WAIT, TimeUnit.SECONDS);
            assertThat(taken).isSameAs(f);
            assertThat(taken.isCancelled()).isTrue();
        }

        @Test
        void aTaskMayUseACompletionServiceOfItsOwnPool() throws Exception {
            StrandPool pool = pools.newPool(1);
            String r = pool.invoke(() -> {
                CompletionService<String> ecs = new ExecutorCompletionService<>(pool);
                Future<String> f = ecs.submit(() -> "inner");
                try {
                    return f.get();               // helps: runs the queued wrapper
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(r).isEqualTo("inner");
        }
    }

    /** Collections other than lists are accepted, as Collection promises. */
    @Test
    void invokeAllAcceptsAnyCollection() throws Exception {
        StrandPool pool = pools.newPool(2);
        Collection<Callable<Integer>> set = new java.util.LinkedHashSet<>();
        set.add(() -> 1);
        set.add(() -> 2);
        List<Future<Integer>> fs = pool.invokeAll(set);
        assertThat(fs.get(0).get() + fs.get(1).get()).isEqualTo(3);
    }
}
