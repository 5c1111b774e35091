package dev.strand;

import static dev.strand.ContractPools.LONG_WAIT_SECONDS;
import static dev.strand.ContractPools.await;
import static dev.strand.ContractPools.blockUntilInterrupted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * shutdownNow: bounded even against a task that forks until interrupted; every accepted submission
 * runs or is returned; internal tasks are cancelled, never returned; termination comes last.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ShutdownNowTest {
    private final ContractPools pools = new ContractPools("now");

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        pools.closeAllAndCheckNoThreadsLeft();
    }

    /** A forked task whose cancel is slow: a drain takes longer per task than a fork. */
    private static final class SlowToCancel extends Task<Void> {
        @Override
        protected Void compute() {
            return null;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            long until = System.nanoTime() + 2_000;
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
            return super.cancel(mayInterruptIfRunning);
        }
    }

    /**
     * The task forks without joining until it is interrupted, faster than shutdownNow can cancel
     * what it takes, so its deque never empties while it runs: a shutdownNow that drained each
     * deque to empty before interrupting its worker never finished.
     */
    @Test
    void aTaskThatForksUntilInterruptedCannotHoldShutdownNowUp() throws Exception {
        StrandPool pool = pools.newPool(1);
        pool.execute(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                new SlowToCancel().fork();        // never joined
            }
        });
        while (pool.stats().workers().get(0).dequeSize() < 10_000) {
            Thread.sleep(1);
        }
        AtomicBoolean returned = new AtomicBoolean();
        Thread stopper = new Thread(() -> {
            pool.shutdownNow();
            returned.set(true);
        });
        stopper.start();
        stopper.join(TimeUnit.SECONDS.toMillis(LONG_WAIT_SECONDS));
        boolean inTime = returned.get();
        if (!inTime) {                            // stop the forker ourselves, so the test ends
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("strand-" + pool.name() + "-")) {
                    t.interrupt();
                }
            }
            stopper.join();
        }
        assertThat(inTime).as("shutdownNow returned while the task still forked").isTrue();
        assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    /** A submission the pool accepted runs, or shutdownNow returns it: counted over many rounds. */
    @Test
    void everyAcceptedSubmissionRunsOrIsReturned() throws Exception {
        int rounds = 150;
        List<String> lost = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            StrandPool pool = pools.newPool(2);
            LongAdder ran = new LongAdder();
            LongAdder accepted = new LongAdder();
            List<Future<?>> futures = java.util.Collections.synchronizedList(new ArrayList<>());
            CountDownLatch going = new CountDownLatch(2);
            Thread[] submitters = new Thread[2];
            for (int s = 0; s < submitters.length; s++) {
                int kind0 = s;
                submitters[s] = new Thread(() -> {
                    going.countDown();
                    for (int i = 0; ; i++) {
                        try {
                            switch ((i + kind0) % 4) {
                                case 0 -> pool.execute(ran::increment);
                                case 1 -> futures.add(pool.submit(ran::increment));
                                case 2 -> futures.add(pool.submit(Task.of(() -> {
                                    ran.increment();
                                    return 1;
                                })));
                                default -> futures.add(pool.submit((Callable<Integer>) () -> {
                                    ran.increment();
                                    return 2;
                                }));
                            }
                            accepted.increment();
                        } catch (RejectedExecutionException e) {
                            return;
                        }
                    }
                });
                submitters[s].start();
            }
            going.await();
            Thread.sleep(1 + round % 3);
            List<Runnable> returned = pool.shutdownNow();
            for (Thread t : submitters) {
                t.join();
            }
            assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            long missing = accepted.sum() - ran.sum() - returned.size();
            if (missing != 0) {
                lost.add("round " + round + ": " + missing + " of " + accepted.sum());
            }
            for (Runnable r : returned) {
                if (r instanceof Future<?> f) {
                    assertThat(f.isCancelled()).as("a returned task is cancelled").isTrue();
                }
            }
            for (Future<?> f : futures) {
                assertThat(f.isDone()).as("no accepted task is left pending").isTrue();
            }
        }
        assertThat(lost).as("submissions neither run nor returned").isEmpty();
    }

    /** Spins until {@code flag} is set, whatever interrupts arrive meanwhile. */
    private static void holdUntil(AtomicBoolean flag) {
        while (!flag.get()) {
            Thread.onSpinWait();
        }
    }

    @Test
    void joinFramesAreCancelledNotReturned() throws Exception {
        StrandPool pool = pools.newPool(1, false);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        AtomicBoolean stopped = new AtomicBoolean();
        Task<Integer> t = pool.submit(Task.of(() -> {
            // no lazy splitting, so the second half is offered in a frame, which shutdownNow
            // finds while the first half still runs (a lazily splitting pool of one offers none)
            Strand.join(() -> {
                blockUntilInterrupted(started, interrupted);
                holdUntil(stopped);
            }, () -> { });
            return 1;
        }));
        await(started, "the first half runs");
        List<Runnable> returned = pool.shutdownNow();
        stopped.set(true);
        assertThat(returned).noneMatch(r -> r instanceof JoinFrame);
        assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(t::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(CancellationException.class);
    }

    @Test
    void scopeMembersAreCancelledNotReturnedAndTheScopeWaitsForTheRunningOne() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        AtomicInteger membersRunning = new AtomicInteger();
        AtomicBoolean scopeEndedEarly = new AtomicBoolean();
        Task<Integer> t = pool.submit(Task.of(() -> {
            try {
                Strand.scope(s -> {
                    for (int i = 0; i < 10; i++) {
                        s.spawn(() -> {
                            membersRunning.incrementAndGet();
                            blockUntilInterrupted(started, interrupted);
                            membersRunning.decrementAndGet();
                        });
                    }
                });
            } finally {
                scopeEndedEarly.set(membersRunning.get() != 0);
            }
            return 1;
        }));
        await(started, "a member runs");
        List<Runnable> returned = pool.shutdownNow();
        assertThat(returned).noneMatch(r -> r instanceof Scope.Member);
        for (Runnable r : returned) {              // a user may cancel what it got back
            ((Future<?>) r).cancel(true);
        }
        assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(t.isDone()).isTrue();
        assertThat(scopeEndedEarly.get()).as("the scope returned while a member ran").isFalse();
        assertThatThrownBy(t::get).isInstanceOf(ExecutionException.class);
    }

    /**
     * isTerminated() only once every accepted task ran or was returned (and so is done): the
     * workers' tasks end as soon as the pool stops, while shutdownNow still drains a long queue.
     */
    @Test
    void thePoolTerminatesOnlyAfterEveryTaskIsDone() throws Exception {
        for (int round = 0; round < 5; round++) {
            StrandPool pool = pools.newPool(2);
            CountDownLatch busy = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {              // hold both workers until the pool stops
                    busy.countDown();
                    while (!pool.isShutdown()) {
                        Thread.onSpinWait();
                    }
                });
            }
            await(busy, "both workers are busy");
            List<Task<Integer>> tasks = new ArrayList<>();
            AtomicBoolean ranAfterTermination = new AtomicBoolean();
            for (int i = 0; i < 50_000; i++) {
                tasks.add(pool.submit(Task.of(() -> {
                    if (pool.isTerminated()) {
                        ranAfterTermination.set(true);
                    }
                    return 0;
                })));
            }
            AtomicInteger pendingAtTermination = new AtomicInteger(-1);
            Thread watcher = new Thread(() -> {
                while (!pool.isTerminated()) {
                    Thread.onSpinWait();
                }
                // newest first: the submission queue is drained oldest first, so a task still
                // pending at termination is most likely among the last submitted
                int n = 0;
                for (int i = tasks.size() - 1; i >= 0; i--) {
                    if (!tasks.get(i).isDone()) {
                        n++;
                    }
                }
                pendingAtTermination.set(n);
            });
            watcher.start();
            pool.shutdownNow();
            assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            watcher.join();
            assertThat(pendingAtTermination.get()).as("round %d: tasks pending when terminated", round)
                    .isZero();
            assertThat(ranAfterTermination.get()).isFalse();
        }
    }

    @Test
    void afterShutdownNowEverySubmissionIsRejectedEvenFromATask() throws Exception {
        StrandPool pool = pools.newPool(1);
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicBoolean rejected = new AtomicBoolean();
        pool.execute(() -> {
            started.countDown();
            holdUntil(stopped);                   // shutdownNow's interrupts change nothing here
            try {
                pool.execute(() -> { });
            } catch (RejectedExecutionException e) {
                rejected.set(true);
            }
        });
        await(started, "the task runs");
        pool.shutdownNow();
        stopped.set(true);
        assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(rejected.get()).isTrue();
        assertThatThrownBy(() -> pool.submit(() -> 1)).isInstanceOf(RejectedExecutionException.class);
    }

    /** A Runnable that a task passes to execute: counted when it runs, found by its class when returned. */
    private static final class Inner implements Runnable {
        private final LongAdder ran;

        Inner(LongAdder ran) {
            this.ran = ran;
        }

        @Override
        public void run() {
            ran.increment();
        }
    }

    /**
     * Tasks pass Runnables to execute until the pool rejects them, and shutdownNow comes at a
     * different moment each round: every Runnable accepted (execute returned) ran or is in the
     * returned list, on each kind of deque. A block-based ring fills (it is bounded), and a
     * submission that finds it full goes to the submission queue: one that went there just after
     * shutdownNow had drained that queue was neither run nor returned.
     */
    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"CHASE_LEV, 2, 2", "BWOS, 32, 32", "BWOS, 2, 4", "BWOS, 4, 1"})
    void everyRunnableExecutedFromATaskRunsOrIsReturned(DequeKind kind, int blocks, int blockSize)
            throws Exception {
        int rounds = 40;
        List<String> lost = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            StrandPool pool = StrandPool.builder().name("now-exec-" + kind + "-" + round).parallelism(2)
                    .tuning(t -> t.deque(kind).bwosBlocks(blocks).bwosBlockSize(blockSize)).build();
            LongAdder ran = new LongAdder();
            LongAdder accepted = new LongAdder();
            Inner inner = new Inner(ran);
            Runnable spawner = () -> {
                for (int i = 0; i < 64; i++) {
                    try {
                        pool.execute(inner);
                    } catch (RejectedExecutionException e) {
                        return;
                    }
                    accepted.increment();
                }
            };
            CountDownLatch going = new CountDownLatch(1);
            Thread submitter = new Thread(() -> {
                going.countDown();
                try {
                    for (;;) {
                        pool.execute(spawner);
                    }
                } catch (RejectedExecutionException e) {
                    // stopped: done
                }
            });
            submitter.start();
            going.await();
            Thread.sleep(1 + round % 4);
            List<Runnable> returned = pool.shutdownNow();
            submitter.join();
            assertThat(pool.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            long back = returned.stream().filter(r -> r == inner).count();
            long missing = accepted.sum() - ran.sum() - back;
            if (missing != 0) {
                lost.add("round " + round + ": accepted " + accepted.sum() + ", ran " + ran.sum()
                        + ", returned " + back);
            }
        }
        assertThat(lost).as("Runnables neither run nor returned").isEmpty();
    }
}
