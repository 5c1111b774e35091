package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Workers on BWoS deques ({@code Tuning.deque(DequeKind.BWOS)}): a full ring never loses or
 * inlines a submission from a task (it goes to the submission queue), a fork refused by a full
 * ring runs inline, and a submission is stealable at once even while its submitter waits outside
 * the pool's joins. The random-DAG stress covers the rest (RandomDagStressTest).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BwosPoolTest {

    private static StrandPool pool(int p, int blocks, int blockSize, boolean runNext) {
        return StrandPool.builder().parallelism(p)
                .tuning(t -> t.deque(DequeKind.BWOS).bwosBlocks(blocks).bwosBlockSize(blockSize)
                        .runNext(runNext))
                .build();
    }

    /**
     * One task submits n tasks in a row, far more than a ring of 4 blocks of 1 task holds: the
     * first few go onto the ring (each granted at once), every later one finds the ring without
     * room and must reach the submission queue. Each must run exactly once, and none on the
     * submitting thread inside its task.
     */
    @ParameterizedTest(name = "P={0} runNext={1}")
    @CsvSource({"1, false", "2, false", "4, false", "2, true"})
    void submissionsRefusedByAFullRingAreQueuedNeverLostOrInlined(int p, boolean runNext)
            throws Exception {
        int n = 20_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        CountDownLatch done = new CountDownLatch(n);
        ThreadLocal<Boolean> inSubmitter = ThreadLocal.withInitial(() -> false);
        List<Integer> inlined = java.util.Collections.synchronizedList(new ArrayList<>());
        try (StrandPool pool = pool(p, 4, 1, runNext)) {
            pool.execute(() -> {
                inSubmitter.set(true);
                try {
                    for (int i = 0; i < n; i++) {
                        int k = i;
                        pool.execute(() -> {
                            if (inSubmitter.get()) {
                                inlined.add(k);
                            }
                            runs.incrementAndGet(k);
                            done.countDown();
                        });
                    }
                } finally {
                    inSubmitter.set(false);
                }
            });
            assertThat(done.await(20, TimeUnit.SECONDS)).as("every submission ran").isTrue();
        }
        assertThat(inlined).as("submissions run inside their submitter").isEmpty();
        for (int i = 0; i < n; i++) {
            assertThat(runs.get(i)).as("submission %d", i).isEqualTo(1);
        }
    }

    /** Forks into a full ring run inline; every one runs once and the stats count them so. */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2})
    void forksRefusedByAFullRingRunInline(int p) {
        int n = 5_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        try (StrandPool pool = pool(p, 2, 1, false)) {
            pool.invoke(() -> {
                List<Task<Integer>> ts = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    int k = i;
                    ts.add(Strand.fork(() -> runs.incrementAndGet(k)));
                }
                for (Task<Integer> t : ts) {
                    t.join();
                }
                return null;
            });
            PoolStats s = pool.stats();
            assertThat(s.inlinedSpawns()).isPositive();
            assertThat(s.spawns() + s.inlinedSpawns()).isGreaterThanOrEqualTo(n);
        }
        for (int i = 0; i < n; i++) {
            assertThat(runs.get(i)).as("fork %d", i).isEqualTo(1);
        }
    }

    /**
     * A task submits another and waits for it on a latch, outside the pool's joins: the
     * submission must be stealable at once (it is granted, and a sleeping worker woken), as it
     * is with Chase-Lev, although BWoS keeps forks private until a block fills.
     */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4})
    void aSubmissionIsStealableWhileItsSubmitterWaits(int p) throws Exception {
        try (StrandPool pool = pool(p, 32, 32, false)) {
            for (int round = 0; round < 50; round++) {
                CountDownLatch ran = new CountDownLatch(1);
                Task<Boolean> waiter = pool.submit(() -> {
                    pool.execute(ran::countDown);
                    return ran.await(10, TimeUnit.SECONDS);
                });
                assertThat(waiter.get(15, TimeUnit.SECONDS)).as("round %d", round).isTrue();
            }
        }
    }
}
