package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A joiner must not run a task it could not prove to be part of what it waits for: a task stolen
 * from an unrelated worker may wait for what the joiner does after its join.
 */
class HelpingRuleTest {

    private static void await(CountDownLatch l, String what) {
        try {
            if (!l.await(20, TimeUnit.SECONDS)) {
                throw new AssertionError("timed out waiting for " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aJoinerNeverRunsAnUnrelatedTaskThatWaitsForItsContinuation() throws Exception {
        try (StrandPool pool = StrandPool.builder().parallelism(3).build()) {
            for (int round = 0; round < 5; round++) {
                CountDownLatch aStarted = new CountDownLatch(1);
                CountDownLatch uForked = new CountDownLatch(1);
                CountDownLatch afterJoin = new CountDownLatch(1);   // T counts it down after joining A
                AtomicBoolean uRanInsideT = new AtomicBoolean();
                AtomicBoolean tJoining = new AtomicBoolean();        // T is inside a.join()
                Thread[] tThread = new Thread[1];
                // T forks A (stolen by another worker), waits until U sits in a third worker's
                // deque, joins A, then releases U.
                Task<Integer> t = pool.submit(Task.of(() -> {
                    tThread[0] = Thread.currentThread();
                    Task<Integer> a = Strand.fork(() -> {
                        aStarted.countDown();
                        await(uForked, "U to be forked");
                        sleep(150);               // T's join helps meanwhile
                        return 1;
                    });
                    await(aStarted, "A to be stolen");
                    tJoining.set(true);
                    int r = a.join();
                    tJoining.set(false);
                    afterJoin.countDown();
                    return r;
                }));
                await(aStarted, "A to start");
                // R runs on the third worker: it forks U and then blocks, so U stays in its deque.
                Task<Integer> rTask = pool.submit(Task.of(() -> {
                    Task<Integer> u = Strand.fork(() -> {
                        // On T's thread inside its join: the bug. (Once T has returned, its
                        // worker is free and may steal U legitimately.)
                        if (Thread.currentThread() == tThread[0] && tJoining.get()) {
                            uRanInsideT.set(true);
                        }
                        await(afterJoin, "T's continuation");
                        return 2;
                    });
                    uForked.countDown();
                    await(afterJoin, "T's continuation (R)");
                    return u.join();
                }));
                assertThat(t.get(60, TimeUnit.SECONDS)).isEqualTo(1);
                assertThat(rTask.get(60, TimeUnit.SECONDS)).isEqualTo(2);
                assertThat(uRanInsideT).as("U ran on T's worker during T's join").isFalse();
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
