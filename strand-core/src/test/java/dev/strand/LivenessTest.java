package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lost wake-ups show up as hangs. Each round needs all N tasks running at once (they meet at a
 * barrier with the test thread), so every round after the pool went idle must wake N parked workers.
 * The barrier's timeout turns a lost wake-up into a failure instead of a hung build.
 */
class LivenessTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyRoundWakesEnoughWorkers() throws Exception {
        int n = 4;
        try (StrandPool pool = StrandPool.builder().parallelism(n).experimental(x -> x.spinRounds(2)).build()) {
            for (int round = 0; round < 400; round++) {
                CyclicBarrier barrier = new CyclicBarrier(n + 1);
                List<Task<?>> ts = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    ts.add(pool.submit(() -> {
                        barrier.await(10, TimeUnit.SECONDS);
                        return null;
                    }));
                }
                barrier.await(10, TimeUnit.SECONDS);
                for (Task<?> t : ts) {
                    t.get(10, TimeUnit.SECONDS);
                }
                if (round % 50 == 0) {
                    Thread.sleep(5);              // let every worker park
                }
            }
            assertThat(pool.stats().parks()).isPositive();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void forksFromOneWorkerWakeTheOthers() throws Exception {
        // Tasks forked inside the pool (not submitted) must also wake sleepers: the forking task
        // waits at the barrier and can never run its own children.
        int n = 3;
        try (StrandPool pool = StrandPool.builder().parallelism(n + 1).experimental(x -> x.spinRounds(0)).build()) {
            for (int round = 0; round < 200; round++) {
                CyclicBarrier barrier = new CyclicBarrier(n + 1);
                pool.invoke(() -> {
                    for (int i = 0; i < n; i++) {
                        Strand.fork(() -> {
                            try {
                                barrier.await(10, TimeUnit.SECONDS);
                            } catch (Exception e) {
                                throw new AssertionError("child lost a wake-up", e);
                            }
                        });
                    }
                    try {
                        barrier.await(10, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new AssertionError("round lost a wake-up", e);
                    }
                    return null;
                });
                if (round % 40 == 0) {
                    Thread.sleep(5);
                }
            }
        }
    }

    /**
     * The stolen task, on worker B: once its joiner (worker A) has run out of work and parked, it
     * forks a child and spins (never helping itself) until someone else runs the child.
     *
     * @return whether another worker ran the child before the deadline
     */
    private static boolean forkLateThenSpin(CountDownLatch stolen) {
        stolen.countDown();
        try {
            Thread.sleep(200);                    // the joiner sweeps 64 times (even interpreted), parks
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        AtomicBoolean ran = new AtomicBoolean();
        Task<Void> child = Strand.fork(() -> ran.set(true));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!ran.get() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        boolean byOther = ran.get();
        child.join();                             // inline if nobody took it: the round still ends
        return byOther;
    }

    private static void await(CountDownLatch l) {
        try {
            assertThat(l.await(10, TimeUnit.SECONDS)).as("the other worker stole the task").isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aJoinerThatFoundNothingStillTakesWorkItsThiefPublishesLater() {
        // A joiner whose child was stolen helps, and parks when it finds nothing. If it slept until
        // the child completed, work the thief offered afterwards would wait for the thief alone:
        // here the thief spins until someone else runs it, so a sleeping joiner fails the round.
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            for (int round = 0; round < 2; round++) {
                CountDownLatch stolen = new CountDownLatch(1);
                boolean viaTask = pool.invoke(() -> {           // a Task: waiter-list registration
                    Task<Boolean> t = Strand.fork(() -> forkLateThenSpin(stolen));
                    await(stolen);
                    return t.join();
                });
                assertThat(viaTask).as("round %d, Task.join", round).isTrue();

                CountDownLatch stolenFrame = new CountDownLatch(1);
                boolean viaFrame = pool.invoke(() -> {          // a join frame: the PARKED state
                    Joined<Void, Boolean> r = Strand.join(() -> {
                        await(stolenFrame);
                        return null;
                    }, () -> forkLateThenSpin(stolenFrame));
                    return r.second();
                });
                assertThat(viaFrame).as("round %d, Strand.join", round).isTrue();
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anIdlePoolParksEveryWorker() throws Exception {
        try (StrandPool pool = new StrandPool(3)) {
            pool.invoke(() -> ForkJoinTest.fib(20));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (pool.stats().workers().stream().anyMatch(w -> !w.sleeping())) {
                assertThat(System.nanoTime()).as("workers still awake: " + pool.dump()).isLessThan(deadline);
                Thread.sleep(10);
            }
        }
    }
}
