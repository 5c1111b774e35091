package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The run-next slot ({@code Tuning.runNext}): a task submitted from a task waits in its worker's
 * slot. Nothing may be lost or run twice, a task waiting for what sits in its own slot must not
 * hang, a busy owner's slot is stolen, and shutdownNow returns what a slot holds.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RunNextTest {

    private static StrandPool pool(int p) {
        return StrandPool.builder().parallelism(p).tuning(t -> t.runNext(true)).build();
    }

    @Test
    void theOptionIsOffByDefaultAndShown() {
        assertThat(StrandPool.builder().config().tuning().runNext()).isFalse();
        PoolConfig c = StrandPool.builder().tuning(t -> t.runNext(true)).config();
        assertThat(c.tuning().runNext()).isTrue();
        assertThat(c.tuning().toString()).contains("runNext=true");
    }

    /** Each link submits the next and ends: the asynchronous chain the slot is for. */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 4})
    void aChainOfSubmissionsRunsEveryLinkOnce(int p) throws Exception {
        int n = 50_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        CountDownLatch done = new CountDownLatch(1);
        try (StrandPool pool = pool(p)) {
            pool.execute(new Link(pool, runs, 0, n, done));
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        }
        for (int i = 0; i < n; i++) {
            assertThat(runs.get(i)).as("link %d", i).isEqualTo(1);
        }
    }

    private record Link(StrandPool pool, AtomicIntegerArray runs, int i, int n, CountDownLatch done)
            implements Runnable {
        @Override
        public void run() {
            runs.incrementAndGet(i);
            if (i + 1 < n) {
                pool.execute(new Link(pool, runs, i + 1, n, done));
            } else {
                done.countDown();
            }
        }
    }

    /** At P = 1 nobody else can run the submission: the join must find it in the slot. */
    @Test
    void joiningWhatSitsInTheOwnSlotCompletes() {
        try (StrandPool pool = pool(1)) {
            int got = pool.invoke(() -> {
                Task<Integer> a = pool.submit(() -> 20);
                Task<Integer> b = pool.submit(() -> 22);   // a is displaced onto the deque
                return b.join() + a.join();
            });
            assertThat(got).isEqualTo(42);
        }
    }

    @Test
    void aTimedGetOfWhatSitsInTheOwnSlotCompletes() throws Exception {
        try (StrandPool pool = pool(1)) {
            int got = pool.invoke(() -> {
                Task<Integer> a = pool.submit(() -> 42);
                try {
                    return a.get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(got).isEqualTo(42);
        }
    }

    /** The waiting task blocks through Strand.blocking: its slot goes to the deque, for a spare. */
    @Test
    void blockingOnWhatSitsInTheOwnSlotCompletes() {
        try (StrandPool pool = pool(1)) {
            boolean ok = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                pool.execute(latch::countDown);
                try {
                    return Strand.blocking(() -> latch.await(20, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(ok).isTrue();
        }
    }

    /**
     * The owner keeps running after its submission and never joins it: only a thief taking the
     * slot's task (after the grace) lets the owner finish.
     */
    @Test
    void aBusyOwnersSlotIsStolen() {
        try (StrandPool pool = pool(2)) {
            boolean ran = pool.invoke(() -> {
                AtomicBoolean flag = new AtomicBoolean();
                pool.execute(() -> flag.set(true));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!flag.get() && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                return flag.get();
            });
            assertThat(ran).isTrue();
            assertThat(pool.stats().steals()).isPositive();
        }
    }

    @Test
    void shutdownNowReturnsWhatASlotHolds() throws Exception {
        StrandPool pool = pool(1);
        CountDownLatch submitted = new CountDownLatch(1);
        AtomicBoolean ran = new AtomicBoolean();
        Runnable queued = () -> ran.set(true);
        pool.execute(() -> {
            pool.execute(queued);
            submitted.countDown();
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(30));   // interrupted by shutdownNow
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(submitted.await(10, TimeUnit.SECONDS)).isTrue();
        List<Runnable> never = pool.shutdownNow();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(never).containsExactly(queued);
        assertThat(ran).isFalse();
    }

    @Test
    void aShutdownPoolRunsWhatItsSlotsHoldBeforeTerminating() throws Exception {
        StrandPool pool = pool(2);
        AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < 100; i++) {
            pool.execute(() -> {
                pool.execute(ran::incrementAndGet);
                pool.execute(ran::incrementAndGet);
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
        assertThat(ran.get()).isEqualTo(200);
    }

    /**
     * Random series-parallel DAGs whose parallel nodes mix submissions (joined, joined out of
     * order, or waited for with a timeout) with forks, Strand.join and scopes: every node runs
     * exactly once and the result is the serial one.
     */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 4, 8, 32})
    void randomDagsWithSubmissionsRunEveryNodeOnce(int p) {
        try (StrandPool pool = pool(p)) {
            for (long seed = 1; seed <= 8; seed++) {
                RandomDagStressTest.Gen g = new RandomDagStressTest.Gen(seed * 104_729 + p);
                RandomDagStressTest.Node root = g.make(8);
                AtomicIntegerArray runs = new AtomicIntegerArray(g.next);
                long got = pool.invoke(() -> eval(pool, root, runs));
                assertThat(got).as("seed %d", seed).isEqualTo(RandomDagStressTest.serial(root));
                for (int i = 0; i < g.next; i++) {
                    assertThat(runs.get(i)).as("node %d of seed %d", i, seed).isEqualTo(1);
                }
            }
        }
    }

    private static long eval(StrandPool pool, RandomDagStressTest.Node n, AtomicIntegerArray runs) {
        if (n.id() % 2 == 0 || n.kind() != RandomDagStressTest.Node.PARALLEL) {
            // The other styles, with this evaluation below them.
            return RandomDagStressTest.parallel(n, runs, (c, r) -> eval(pool, c, r));
        }
        runs.incrementAndGet(n.id());
        long h = n.value() * 31 + n.id();
        List<RandomDagStressTest.Node> cs = n.children();
        List<Task<Long>> ts = new ArrayList<>();
        for (RandomDagStressTest.Node c : cs) {
            ts.add(pool.submit(() -> eval(pool, c, runs)));
        }
        long[] results = new long[cs.size()];
        for (int i = 0; i < ts.size(); i++) {
            int k = (n.id() / 2 % 2 == 0) ? i : ts.size() - 1 - i;   // in order, or the last first
            try {
                results[k] = n.id() % 3 == 0 ? ts.get(k).get(30, TimeUnit.SECONDS) : ts.get(k).join();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        for (long r : results) {
            h = h * 17 + r;
        }
        return h;
    }
}
