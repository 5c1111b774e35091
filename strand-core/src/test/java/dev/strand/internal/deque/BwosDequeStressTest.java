package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One owner pushing and popping at random against three thieves using {@link BwosDeque#steal},
 * {@link BwosDeque#stealOrNull} and {@link BwosDeque#stealBatchAndPop}: every element is obtained
 * exactly once. Small deques (4 blocks of 4 slots, or 2 of 1) make the owner cross block boundaries,
 * take blocks back from the thieves and reuse every block many thousands of times (round
 * wrap-around); a push refused because the deque is full is "run inline" by the owner, as a
 * scheduler does.
 */
class BwosDequeStressTest {

    private static final int THIEVES = 3;

    @ParameterizedTest(name = "blocks={0} size={1} shareOnRequest={2}")
    @CsvSource({"4, 4, false", "4, 4, true", "2, 1, false", "2, 1, true"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyElementObtainedExactlyOnce(int blocks, int blockSize, boolean share) throws Exception {
        // Shallow: the owner pops about as often as it pushes (block boundary thrashing).
        // Deep: bursts fill the deque to its capacity. About a second each, at least one run.
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(700);
        long stolen = 0;
        do {
            stolen += run(300_000, 0.55, 1, blocks, blockSize, share);
            stolen += run(200_000, 0.45, 12, blocks, blockSize, share);
        } while (System.nanoTime() < deadline);
        assertThat(stolen).as("thieves took something (the test exercised races)").isPositive();
    }

    /**
     * @param n         elements pushed in total (values 0 .. n-1, each once)
     * @param popChance probability that the owner pops instead of pushing, while it still pushes
     * @param burst     the owner pushes this many elements in a row before choosing again
     * @return the number of elements the thieves took
     */
    private static long run(int n, double popChance, int burst, int blocks, int blockSize,
            boolean share) throws Exception {
        BwosDeque<Integer> deque = new BwosDeque<>(blocks, blockSize, share, null);
        AtomicIntegerArray taken = new AtomicIntegerArray(n);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        long[] obtained = new long[THIEVES + 1];
        AtomicBoolean ownerDone = new AtomicBoolean();
        Thread owner = new Thread(() -> {
            try {
                start.await();
                SplittableRandom rnd = new SplittableRandom(42);
                int next = 0;
                long got = 0;
                while (next < n) {
                    if (rnd.nextDouble() < popChance) {
                        Integer x = deque.pop();
                        if (x != null) {
                            record(taken, x);
                            got++;
                        }
                    } else {
                        for (int k = 0; k < burst && next < n; k++) {
                            int v = next++;
                            if (deque.push(v) < 0) {      // full: run it inline
                                record(taken, v);
                                got++;
                            }
                        }
                    }
                    if (rnd.nextInt(64) == 0) {           // the owner may steal from its own deque
                        Integer x = deque.stealOrNull();
                        if (x != null) {
                            record(taken, x);
                            got++;
                        }
                    }
                }
                Integer x;
                while ((x = deque.pop()) != null) {
                    record(taken, x);
                    got++;
                }
                obtained[THIEVES] = got;
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                ownerDone.set(true);
            }
        }, "owner");
        List<Thread> thieves = new ArrayList<>();
        for (int id = 0; id < THIEVES; id++) {
            final int me = id;
            thieves.add(new Thread(() -> {
                try {
                    start.await();
                    SplittableRandom rnd = new SplittableRandom(me);
                    BwosDeque<Integer> mine = new BwosDeque<>(2, 8);
                    long got = 0;
                    for (;;) {
                        boolean done = ownerDone.get();
                        int mode = rnd.nextInt(3);
                        boolean empty;
                        if (mode == 0) {
                            Steal<Integer> s = deque.steal();
                            if (s instanceof Steal.Success<Integer> ok) {
                                record(taken, ok.value());
                                got++;
                            }
                            empty = s instanceof Steal.Empty;
                        } else if (mode == 1) {
                            Integer x = deque.stealOrNull();
                            if (x != null) {
                                record(taken, x);
                                got++;
                            }
                            empty = x == null;
                        } else {
                            Integer x = deque.stealBatchAndPop(mine, 1 + rnd.nextInt(8));
                            if (x != null) {
                                record(taken, x);
                                got++;
                            }
                            Integer y;
                            while ((y = mine.pop()) != null) {
                                record(taken, y);
                                got++;
                            }
                            empty = x == null;
                        }
                        // The owner drained its deque before it finished: an empty look then means
                        // really empty.
                        if (done && empty && deque.isEmpty()) {
                            break;
                        }
                    }
                    obtained[me] = got;
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "thief-" + id));
        }
        owner.start();
        thieves.forEach(Thread::start);
        start.countDown();
        owner.join(TimeUnit.SECONDS.toMillis(50));
        for (Thread t : thieves) {
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
        assertThat(owner.isAlive()).as("owner finished").isFalse();
        for (Thread t : thieves) {
            assertThat(t.isAlive()).as(t.getName() + " finished").isFalse();
        }
        if (failure.get() != null) {
            throw new AssertionError("worker thread failed", failure.get());
        }
        List<Integer> missing = new ArrayList<>();
        List<Integer> duplicated = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int c = taken.get(i);
            if (c == 0 && missing.size() < 20) {
                missing.add(i);
            } else if (c > 1 && duplicated.size() < 20) {
                duplicated.add(i);
            }
        }
        assertThat(duplicated).as("elements obtained more than once").isEmpty();
        assertThat(missing).as("elements never obtained").isEmpty();
        long total = 0;
        for (long g : obtained) {
            total += g;
        }
        assertThat(total).isEqualTo(n);
        assertThat(deque.size()).isZero();
        assertThat(deque.ownerBlockCounter()).as("blocks were reused (wrap-around)")
                .isGreaterThan(4L * deque.blockCount());
        return total - obtained[THIEVES];
    }

    private static void record(AtomicIntegerArray taken, int x) {
        if (x < 0 || x >= taken.length()) {
            throw new AssertionError("foreign element " + x);
        }
        int c = taken.incrementAndGet(x);
        if (c != 1) {
            throw new AssertionError("element " + x + " obtained " + c + " times");
        }
    }
}
