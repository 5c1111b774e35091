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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One owner pushing and popping at random against three thieves using {@link ChaseLevDeque#steal},
 * {@link ChaseLevDeque#stealOrNull} and {@link ChaseLevDeque#stealBatchAndPop}: every element is
 * obtained exactly once. The deque starts at capacity 1, so it grows (while thieves read it) many
 * times; the owner's pops keep it hovering near empty, where pop and steal race for the last element.
 */
class ChaseLevDequeStressTest {

    private static final int THIEVES = 3;

    @ParameterizedTest(name = "split={0}")
    @ValueSource(booleans = {false, true})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyElementObtainedExactlyOnce(boolean split) throws Exception {
        // Shallow: the deque stays near empty (last-element races). Deep: bursts grow it far.
        // Repeat for about three seconds (at least once each); a run takes well under a second.
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
        do {
            run(1_000_000, 0.55, 1, 1, split);
            run(500_000, 0.50, 1, 200, split);
        } while (System.nanoTime() < deadline);
    }

    /**
     * @param n          elements pushed in total (values 0 .. n-1, each once)
     * @param popChance  probability that the owner pops instead of pushing, while it still pushes
     * @param capacity   the deque's initial capacity
     * @param burst      the owner pushes this many elements in a row before choosing again
     * @param split      split mode (private elements, shared on request) for every deque
     */
    private static void run(int n, double popChance, int capacity, int burst, boolean split)
            throws Exception {
        ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(capacity, split, null);
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
                            int before = deque.push(next++);
                            if (before < 0) {
                                throw new AssertionError("push returned " + before);
                            }
                        }
                    }
                    if (rnd.nextInt(64) == 0) {     // the owner may steal from its own deque too
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
                    ChaseLevDeque<Integer> mine = new ChaseLevDeque<>(1, split, null);
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
                        // After the owner finished (and drained), an empty look means really empty.
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
        assertThat(deque.isEmpty()).isTrue();
        long stolen = total - obtained[THIEVES];
        assertThat(stolen).as("thieves took something (the test exercised races)").isPositive();
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
