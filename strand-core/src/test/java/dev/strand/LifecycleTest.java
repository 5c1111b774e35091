package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LifecycleTest {

    static void assertNoThreadsLeft(String poolName) throws InterruptedException {
        String prefix = "strand-" + poolName + "-worker-";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith(prefix) && t.isAlive())) {
            assertThat(System.nanoTime()).as("threads of " + poolName + " still alive").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Test
    void exceptionsReachTheJoinerWithTheOriginalAsCauseAndThePoolKeepsWorking() {
        try (StrandPool pool = new StrandPool(2)) {
            IllegalStateException boom = new IllegalStateException("boom");
            assertThatThrownBy(() -> pool.invoke(() -> {
                Task<Integer> t = Strand.fork(() -> {
                    throw boom;
                });
                return t.join();
            })).isInstanceOf(CompletionException.class).rootCause().isSameAs(boom);

            Task<Object> failed = pool.submit(Task.of(() -> {
                throw new ArithmeticException("bad math");
            }));
            assertThatThrownBy(failed::get).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(ArithmeticException.class);
            assertThat(failed.isCompletedAbnormally()).isTrue();
            assertThat(failed.exceptionOrNull()).isInstanceOf(ArithmeticException.class);
            // still working
            assertThat(pool.invoke(() -> ForkJoinTest.fib(15))).isEqualTo(610);
        }
    }

    @Test
    void checkedExceptionsFromCallablesAreDeliveredByGet() {
        try (StrandPool pool = new StrandPool(1)) {
            Future<Object> f = pool.submit((Callable<Object>) () -> {
                throw new java.io.IOException("disk");
            });
            assertThatThrownBy(f::get).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(java.io.IOException.class).hasMessage("disk");
        }
    }

    @Test
    void aCancelledTaskNeverRunsAndItsJoinerSeesCancellation() throws Exception {
        try (StrandPool pool = new StrandPool(1)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.submit(() -> {                   // occupy the only worker
                started.countDown();
                release.await();
                return null;
            });
            started.await();
            AtomicInteger ran = new AtomicInteger();
            Task<?> queued = pool.submit(ran::incrementAndGet);
            assertThat(queued.cancel(true)).isTrue();
            assertThat(queued.isCancelled()).isTrue();
            assertThat(queued.isDone()).isTrue();
            release.countDown();
            assertThatThrownBy(queued::join).isInstanceOf(CancellationException.class);
            assertThatThrownBy(queued::get).isInstanceOf(CancellationException.class);
            pool.invoke(() -> 0);                 // the queue has drained past the cancelled task
            assertThat(ran.get()).isZero();
            assertThat(queued.cancel(false)).isTrue();   // idempotent
        }
    }

    @Test
    void cancellingACompletedTaskFails() {
        try (StrandPool pool = new StrandPool(1)) {
            Task<Integer> t = pool.submit(Task.of(() -> 3));
            assertThat(t.join()).isEqualTo(3);
            assertThat(t.cancel(false)).isFalse();
            assertThat(t.isCancelled()).isFalse();
            assertThat(t.join()).isEqualTo(3);            // a failed cancel leaves the result alone
        }
    }

    @Test
    void futuresInteroperateWithCompletableFuture() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 20, pool)
                    .thenApplyAsync(x -> x + 1, pool)
                    .thenCombine(pool.submit(Task.of(() -> 21)).toCompletableFuture(), Integer::sum);
            assertThat(cf.get(10, TimeUnit.SECONDS)).isEqualTo(42);

            CompletableFuture<Object> failing = pool.submit(Task.of(() -> {
                throw new IllegalStateException("x");
            })).toCompletableFuture();
            assertThatThrownBy(() -> failing.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void invokeAllAndInvokeAnyFollowTheExecutorServiceContract() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            List<Callable<Integer>> cs = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int k = i;
                cs.add(() -> k * k);
            }
            List<Future<Integer>> fs = pool.invokeAll(cs);
            for (int i = 0; i < 50; i++) {
                assertThat(fs.get(i).isDone()).isTrue();
                assertThat(fs.get(i).get()).isEqualTo(i * i);
            }
            int any = pool.invokeAny(List.of(() -> {
                throw new IllegalStateException();
            }, () -> 7));
            assertThat(any).isEqualTo(7);
            assertThatThrownBy(() -> pool.invokeAll(null)).isInstanceOf(NullPointerException.class);
            List<Callable<Integer>> withNull = new ArrayList<>();
            withNull.add(null);
            assertThatThrownBy(() -> pool.invokeAll(withNull)).isInstanceOf(NullPointerException.class);
        }
    }

    @Test
    void getWithTimeoutTimesOut() throws Exception {
        try (StrandPool pool = new StrandPool(1)) {
            CountDownLatch release = new CountDownLatch(1);
            Future<?> f = pool.submit(() -> {
                release.await();
                return null;
            });
            assertThatThrownBy(() -> f.get(20, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            release.countDown();
            f.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void shutdownRunsEveryAcceptedTaskThenRejectsNewOnes() throws Exception {
        StrandPool pool = StrandPool.builder().name("shutdown1").parallelism(2).build();
        LongAdder ran = new LongAdder();
        for (int i = 0; i < 10_000; i++) {
            pool.execute(ran::increment);
        }
        pool.shutdown();
        assertThat(pool.isShutdown()).isTrue();
        assertThatThrownBy(() -> pool.execute(ran::increment))
                .isInstanceOf(RejectedExecutionException.class).hasMessageContaining("shut down");
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        assertThat(pool.isTerminated()).isTrue();
        assertThat(ran.sum()).isEqualTo(10_000);
        assertNoThreadsLeft("shutdown1");
    }

    @Test
    void tasksMayStillForkWhileThePoolShutsDown() throws Exception {
        StrandPool pool = StrandPool.builder().name("shutdown2").parallelism(2).build();
        Task<Long> t = pool.submit((Callable<Long>) () -> {
            Thread.sleep(50);
            return ForkJoinTest.fib(20);
        });
        pool.shutdown();
        assertThat(t.get(20, TimeUnit.SECONDS)).isEqualTo(6765);
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        assertNoThreadsLeft("shutdown2");
    }

    @Test
    void submissionsRacingWithShutdownAreRunOrRejectedNeverLost() throws Exception {
        for (int round = 0; round < 30; round++) {
            StrandPool pool = StrandPool.builder().name("race" + round).parallelism(2).build();
            LongAdder accepted = new LongAdder();
            LongAdder ran = new LongAdder();
            Thread[] submitters = new Thread[3];
            for (int s = 0; s < submitters.length; s++) {
                submitters[s] = new Thread(() -> {
                    for (int i = 0; i < 2000; i++) {
                        try {
                            pool.execute(ran::increment);
                            accepted.increment();
                        } catch (RejectedExecutionException e) {
                            return;
                        }
                    }
                });
                submitters[s].start();
            }
            Thread.sleep(round % 3);
            pool.shutdown();
            for (Thread t : submitters) {
                t.join();
            }
            assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
            assertThat(ran.sum()).as("round %d", round).isEqualTo(accepted.sum());
        }
    }

    /** A task that counts itself running, then occupies its worker until shutdownNow interrupts it. */
    private static Runnable sleepUntilInterrupted(CountDownLatch running) {
        return () -> {
            running.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @Test
    void shutdownNowUnderLoadReturnsUnstartedTasksAndLeavesNoThreadBehind() throws Exception {
        StrandPool pool = StrandPool.builder().name("now").parallelism(2).build();
        LongAdder ran = new LongAdder();
        CountDownLatch running = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            pool.execute(sleepUntilInterrupted(running));
        }
        running.await();
        List<Task<?>> queued = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            queued.add(pool.submit(ran::increment));
        }
        List<Runnable> never = pool.shutdownNow();
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        assertThat(never.size() + ran.sum()).isEqualTo(1000);
        for (Task<?> t : queued) {
            assertThat(t.isDone()).isTrue();      // ran or cancelled: no joiner can hang
        }
        assertThatThrownBy(() -> pool.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
        assertNoThreadsLeft("now");
    }

    @Test
    void shutdownNowReturnsPlainRunnablesItTookFromTheQueues() throws Exception {
        StrandPool pool = StrandPool.builder().name("now-plain").parallelism(1).build();
        CountDownLatch running = new CountDownLatch(1);
        pool.execute(sleepUntilInterrupted(running));
        running.await();
        LongAdder ran = new LongAdder();
        List<Runnable> queued = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Runnable r = ran::increment;
            queued.add(r);
            pool.execute(r);
        }
        List<Runnable> never = pool.shutdownNow();
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        assertThat(ran.sum()).isZero();            // the only worker was busy until the stop
        assertThat(never).containsExactlyInAnyOrderElementsOf(queued);
    }

    @Test
    void aFailingExecutedRunnableReachesTheHandlerAndTheWorkerGoesOn() throws Exception {
        List<Throwable> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
        try (StrandPool pool = StrandPool.builder().name("uncaught").parallelism(2)
                .uncaughtExceptionHandler((t, e) -> {
                    threads.add(t.getName());
                    seen.add(e);
                }).build()) {
            IllegalStateException boom = new IllegalStateException("boom");
            LongAdder ran = new LongAdder();
            for (int i = 0; i < 10; i++) {
                pool.execute(() -> {
                    throw boom;
                });
                pool.execute(ran::increment);
            }
            pool.invoke(() -> {                    // and from a task, onto its worker's deque
                pool.execute(() -> {
                    throw boom;
                });
                return null;
            });
            pool.shutdown();
            assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
            assertThat(ran.sum()).isEqualTo(10);
            assertThat(seen).hasSize(11).allMatch(e -> e == boom);
            assertThat(threads).allMatch(n -> n.startsWith("strand-uncaught-worker-"));
        }
    }

    @Test
    void shutdownNowWhileWorkersForkAndJoin() throws Exception {
        StrandPool pool = StrandPool.builder().name("nowfork").parallelism(4).build();
        List<Task<Long>> ts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ts.add(pool.submit(Task.of(() -> ForkJoinTest.fib(24))));
        }
        Thread.sleep(20);
        pool.shutdownNow();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        for (Task<Long> t : ts) {
            assertThat(t.isDone()).isTrue();
            if (!t.isCompletedAbnormally()) {
                assertThat(t.join()).isEqualTo(46368);
            }
        }
        assertNoThreadsLeft("nowfork");
    }

    @Test
    void closeFromAWorkerIsAClearErrorAndCloseWaitsOtherwise() throws Exception {
        StrandPool pool = StrandPool.builder().name("close").parallelism(1).build();
        assertThatThrownBy(() -> pool.invoke(() -> {
            pool.close();
            return null;
        })).hasRootCauseInstanceOf(IllegalStateException.class)
                .rootCause().hasMessageContaining("wait for itself");
        LongAdder ran = new LongAdder();
        pool.execute(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ran.increment();
        });
        pool.close();
        assertThat(pool.isTerminated()).isTrue();
        assertThat(ran.sum()).isEqualTo(1);
        assertNoThreadsLeft("close");
    }

    @Test
    void externalThreadsMayJoinAndInvokeConcurrently() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            List<Thread> callers = new ArrayList<>();
            AtomicInteger ok = new AtomicInteger();
            for (int c = 0; c < 6; c++) {
                Thread t = new Thread(() -> {
                    for (int i = 0; i < 50; i++) {
                        if (pool.invoke(() -> ForkJoinTest.fib(12)) == 144) {
                            ok.incrementAndGet();
                        }
                    }
                });
                callers.add(t);
                t.start();
            }
            for (Thread t : callers) {
                t.join();
            }
            assertThat(ok.get()).isEqualTo(300);
        }
    }

    @Test
    void aRejectedTaskIsCancelledSoItsHandleCannotHang() {
        StrandPool pool = new StrandPool(1);
        pool.shutdown();
        Task<Integer> t = Task.of(() -> 1);
        assertThatThrownBy(() -> pool.submit(t)).isInstanceOf(RejectedExecutionException.class);
        assertThat(t.isCancelled()).isTrue();
        assertThatThrownBy(t::join).isInstanceOf(CancellationException.class);
    }

    @Test
    void aTaskThatLeavesItsInterruptFlagSetDoesNotMakeTheWorkerSpin() throws Exception {
        try (StrandPool pool = StrandPool.builder().name("intr").parallelism(1).build()) {
            pool.submit(() -> Thread.currentThread().interrupt()).get();
            Thread.sleep(200);
            long parks = pool.stats().parks();
            Thread.sleep(300);
            // a spinning worker would re-park thousands of times
            assertThat(pool.stats().parks() - parks).isLessThan(5);
            assertThat(pool.invoke(() -> ForkJoinTest.fib(10))).isEqualTo(55);
        }
    }
}
