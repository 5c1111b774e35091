package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Task#toCompletableFuture()} waited for from inside a task of a one-worker pool: the
 * submitted task is queued behind the waiter, so a plain {@code CompletableFuture} wait would hold
 * the only worker for ever. A hang fails the test through its timeout, in a separate thread.
 */
class TaskFutureTest {

    static StrandPool onePool() {
        return StrandPool.builder().parallelism(1).build();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void joinAndGetOfASubmittedTaskInsideATaskDoNotDeadlockOneWorker() {
        try (StrandPool pool = onePool()) {
            int v = pool.invoke(() -> pool.submit(() -> 40).toCompletableFuture().join() + 2);
            assertThat(v).isEqualTo(42);
            int g = pool.invoke(() -> {
                try {
                    return pool.submit(() -> 7).toCompletableFuture().get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(g).isEqualTo(7);
            assertThat(pool.stats().blocking().spareStarts()).as("joined, no spare needed").isZero();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void dependentStagesAndTimedGetsWaitThroughCompensation() {
        try (StrandPool pool = onePool()) {
            int v = pool.invoke(() -> pool.submit(() -> 40).toCompletableFuture()
                    .thenApply(x -> x + 1).thenCompose(x -> CompletableFuture.completedFuture(x + 1)).join());
            assertThat(v).isEqualTo(42);
            int t = pool.invoke(() -> {
                try {
                    return pool.submit(() -> 5).toCompletableFuture().get(20, TimeUnit.SECONDS);
                } catch (InterruptedException | ExecutionException | TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(t).isEqualTo(5);
            assertThat(pool.stats().blocking().blocks()).isPositive();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void failuresAreReportedAsCompletableFutureReportsThem() {
        try (StrandPool pool = onePool()) {
            assertThatThrownBy(() -> pool.invoke(() -> pool.submit(() -> {
                throw new ArithmeticException("boom");
            }).toCompletableFuture().join())).hasRootCauseInstanceOf(ArithmeticException.class);
            Throwable fromGet = pool.invoke(() -> {
                try {
                    pool.submit(() -> {
                        throw new ArithmeticException("boom");
                    }).toCompletableFuture().get();
                    return null;
                } catch (ExecutionException e) {
                    return e;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(fromGet).isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(ArithmeticException.class);
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aTimedGetTimesOut() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            CountDownLatch never = new CountDownLatch(1);
            Task<Integer> stuck = pool.submit(() -> {
                never.await();
                return 1;
            });
            boolean timedOut = pool.invoke(() -> {
                try {
                    stuck.toCompletableFuture().get(50, TimeUnit.MILLISECONDS);
                    return false;
                } catch (TimeoutException e) {
                    return true;
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(timedOut).isTrue();
            never.countDown();
            assertThat(stuck.join()).isEqualTo(1);
        }
    }

    @Test
    void offAWorkerItIsAPlainCompletableFuture() {
        try (StrandPool pool = onePool()) {
            CompletableFuture<Integer> f = pool.submit(() -> 3).toCompletableFuture();
            assertThat(f.join()).isEqualTo(3);
            assertThat(f.thenApply(x -> x * 2).join()).isEqualTo(6);
            assertThatThrownBy(() -> pool.submit(() -> {
                throw new IllegalStateException("x");
            }).toCompletableFuture().join()).isInstanceOf(CompletionException.class);
        }
    }
}
