package dev.strand;

import static dev.strand.ContractPools.LONG_WAIT_SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Blocking waits from inside a pool complete with a single worker, as they do on ForkJoinPool: the
 * waiting worker helps run its pool's tasks (queued submissions included), and a worker waiting on
 * another pool keeps serving its own.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WaitingInPoolTest {
    private final ContractPools pools = new ContractPools("wait");

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        pools.closeAllAndCheckNoThreadsLeft();
    }

    /**
     * A task running on the only worker receives the handle of a task submitted from outside after
     * it started (so queued in the submission queue, not in its deque), then waits for it.
     */
    private static int waitForALaterSubmission(boolean useGet) throws Exception {
        StrandPool pool = new StrandPool(1);
        try {
            AtomicReference<Task<Integer>> handle = new AtomicReference<>();
            CountDownLatch handed = new CountDownLatch(1);
            CountDownLatch started = new CountDownLatch(1);
            Task<Integer> waiter = pool.submit(Task.of(() -> {
                started.countDown();
                try {
                    handed.await();
                    Task<Integer> t = handle.get();
                    return useGet ? t.get() : t.join();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
            started.await();
            handle.set(pool.submit(Task.of(() -> 41)));
            handed.countDown();
            return waiter.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS) + 1;
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTaskMayGetATaskSubmittedFromOutsideAfterItStarted() throws Exception {
        assertThat(waitForALaterSubmission(true)).isEqualTo(42);
    }

    @Test
    void aTaskMayJoinATaskSubmittedFromOutsideAfterItStarted() throws Exception {
        assertThat(waitForALaterSubmission(false)).isEqualTo(42);
    }

    @Test
    void aTimedGetInsideATaskHelps() throws Exception {
        StrandPool pool = pools.newPool(1);
        int r = pool.invoke(() -> {
            Task<Integer> child = pool.submit(() -> 5);   // onto this worker's deque
            try {
                return child.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(r).isEqualTo(5);
    }

    @Test
    void invokeAllFromATaskCompletes() throws Exception {
        StrandPool pool = pools.newPool(1);
        List<Callable<Integer>> jobs = List.of(() -> 1, () -> 2, () -> 3);
        int sum = pool.invoke(() -> {
            try {
                int s = 0;
                for (Future<Integer> f : pool.invokeAll(jobs)) {
                    s += f.get();
                }
                return s;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(sum).isEqualTo(6);
    }

    @Test
    void timedInvokeAllFromATaskRunsTheTasks() throws Exception {
        StrandPool pool = pools.newPool(1);
        List<Callable<Integer>> jobs = List.of(() -> 1, () -> 2, () -> 3);
        int sum = pool.invoke(() -> {
            try {
                int s = 0;
                for (Future<Integer> f : pool.invokeAll(jobs, LONG_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    s += f.get();                 // cancelled (CancellationException) if not run
                }
                return s;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(sum).isEqualTo(6);
    }

    @Test
    void invokeAnyFromATaskCompletes() throws Exception {
        StrandPool pool = pools.newPool(1);
        List<Callable<Integer>> jobs = List.of(() -> {
            throw new IllegalStateException("first fails");
        }, () -> 7);
        int r = pool.invoke(() -> {
            try {
                return pool.invokeAny(jobs) + pool.invokeAny(jobs, LONG_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(r).isEqualTo(14);
    }

    @Test
    void nestedPoolsAtOneWorkerEachComplete() throws Exception {
        StrandPool a = pools.newPool(1);
        StrandPool b = pools.newPool(1);
        // A's only worker waits in B.invoke while B's task waits in A.invoke
        assertThat(a.invoke(() -> b.invoke(() -> a.invoke(() -> 42)))).isEqualTo(42);
        // the same through the ExecutorService API
        Callable<Integer> innermost = () -> 43;
        Callable<Integer> middle = () -> a.submit(innermost).get();
        Callable<Integer> outer = () -> b.submit(middle).get();
        assertThat(a.submit(outer).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(43);
        Callable<Integer> viaInvokeAll = () -> b.invokeAll(List.<Callable<Integer>>of(
                () -> a.invokeAny(List.of(innermost)))).get(0).get();
        assertThat(a.submit(viaInvokeAll).get(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(43);
    }
}
