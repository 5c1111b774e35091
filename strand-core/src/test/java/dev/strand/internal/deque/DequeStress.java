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
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The stress run the deques' tests share: one owner pushing and popping at random (and now and
 * then stealing from its own deque) against three thieves that use {@code steal},
 * {@code stealOrNull} and {@code stealBatchAndPop} into deques of their own. Every element must be
 * obtained exactly once, and the deque must end empty.
 *
 * @param <D> the deque under test
 */
final class DequeStress<D extends WorkerDeque<Integer>> {
    private static final int THIEVES = 3;

    private final Function<D, Steal<Integer>> steal;
    private final Supplier<WorkerDeque<Integer>> thiefDeque;
    private final boolean refusesWhenFull;

    /**
     * @param steal           the deque's three-outcome steal
     * @param thiefDeque      makes a thief's own deque, the destination of its batches
     * @param refusesWhenFull whether a push may be refused (a bounded deque): the owner then runs
     *                        the element "inline", as a scheduler does; otherwise a refused push
     *                        fails the run
     */
    DequeStress(Function<D, Steal<Integer>> steal, Supplier<WorkerDeque<Integer>> thiefDeque,
            boolean refusesWhenFull) {
        this.steal = steal;
        this.thiefDeque = thiefDeque;
        this.refusesWhenFull = refusesWhenFull;
    }

    /**
     * @param deque     a new, empty deque
     * @param n         elements pushed in total (values 0 .. n-1, each once)
     * @param popChance probability that the owner pops instead of pushing, while it still pushes
     * @param burst     the owner pushes this many elements in a row before choosing again
     * @return the number of elements the thieves took (whether the run raced at all)
     */
    long run(D deque, int n, double popChance, int burst) throws InterruptedException {
        AtomicIntegerArray taken = new AtomicIntegerArray(n);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        long[] obtained = new long[THIEVES + 1];
        AtomicBoolean ownerDone = new AtomicBoolean();
        Thread owner = new Thread(() -> {
            try {
                start.await();
                obtained[THIEVES] = own(deque, n, popChance, burst, taken);
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
                    obtained[me] = thieve(deque, new SplittableRandom(me), ownerDone, taken);
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
            throw new AssertionError("a stress thread failed", failure.get());
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
        assertThat(deque.isEmpty()).isTrue();
        return total - obtained[THIEVES];
    }

    /** The owner's part; returns how many elements it obtained itself. */
    private long own(D deque, int n, double popChance, int burst, AtomicIntegerArray taken) {
        SplittableRandom rnd = new SplittableRandom(42);
        int next = 0;
        long got = 0;
        while (next < n) {
            if (rnd.nextDouble() < popChance) {
                got += record(taken, deque.pop());
            } else {
                for (int k = 0; k < burst && next < n; k++) {
                    int v = next++;
                    int before = deque.push(v);
                    if (before < 0) {
                        if (!refusesWhenFull) {
                            throw new AssertionError("push returned " + before);
                        }
                        got += record(taken, v);      // full: run it inline
                    }
                }
            }
            if (rnd.nextInt(64) == 0) {               // the owner may steal from its own deque
                got += record(taken, deque.stealOrNull());
            }
        }
        Integer x;
        while ((x = deque.pop()) != null) {
            got += record(taken, x);
        }
        return got;
    }

    /** A thief's part; returns how many elements it obtained. */
    private long thieve(D deque, SplittableRandom rnd, AtomicBoolean ownerDone,
            AtomicIntegerArray taken) {
        WorkerDeque<Integer> mine = thiefDeque.get();
        long got = 0;
        for (;;) {
            boolean done = ownerDone.get();
            boolean empty;
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    Steal<Integer> s = steal.apply(deque);
                    if (s instanceof Steal.Success<Integer> ok) {
                        got += record(taken, ok.value());
                    }
                    empty = s instanceof Steal.Empty;
                }
                case 1 -> {
                    Integer x = deque.stealOrNull();
                    got += record(taken, x);
                    empty = x == null;
                }
                default -> {
                    Integer x = deque.stealBatchAndPop(mine, 1 + rnd.nextInt(8));
                    got += record(taken, x);
                    Integer y;
                    while ((y = mine.pop()) != null) {
                        got += record(taken, y);
                    }
                    empty = x == null;
                }
            }
            // The owner drained its deque before it finished: an empty look then means empty.
            if (done && empty && deque.isEmpty()) {
                return got;
            }
        }
    }

    /** Counts element {@code x} as obtained; returns 1, or 0 for no element (null). */
    private static int record(AtomicIntegerArray taken, Integer x) {
        if (x == null) {
            return 0;
        }
        if (x < 0 || x >= taken.length()) {
            throw new AssertionError("foreign element " + x);
        }
        int c = taken.incrementAndGet(x);
        if (c != 1) {
            throw new AssertionError("element " + x + " obtained " + c + " times");
        }
        return 1;
    }
}
