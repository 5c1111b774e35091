package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.worker.Worker;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Deep recursion that exhausts a worker's stack must reach the joiner as a StackOverflowError and
 * leave the pool as it was: no wrong result, no lost wake-up, no leaked join frame, no hang.
 * Workers get small stacks so that overflows come quickly.
 */
class StackOverflowSafetyTest {

    private static final long SMALL_STACK = 512 * 1024;

    private static StrandPool pool(int p) {
        return StrandPool.builder().parallelism(p).stackSize(SMALL_STACK).build();
    }

    /** Whether {@code t} or one of its causes is a StackOverflowError. */
    static boolean overflowed(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- scopes

    private static void scopeChain(AtomicLong count, int level, int levels) {
        count.incrementAndGet();
        if (level < levels) {
            Strand.scope(s -> s.spawn(() -> scopeChain(count, level + 1, levels)));
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aScopeChainThatOverflowsFailsInsteadOfReturningAWrongCount(int p) throws Exception {
        int levels = 100_000;
        try (StrandPool pool = pool(p)) {
            for (int round = 0; round < 4; round++) {
                AtomicLong count = new AtomicLong();
                Task<Void> t = pool.submit(Task.of(() -> {
                    scopeChain(count, 1, levels);
                    return null;
                }));
                try {
                    t.get(60, TimeUnit.SECONDS);
                    assertThat(count.get()).as("a scope chain that returned normally").isEqualTo(levels);
                } catch (ExecutionException e) {
                    assertThat(overflowed(e)).as("failure %s", e.getCause()).isTrue();
                }
                assertThat(pool.invoke(() -> 6 * 7)).isEqualTo(42);
            }
            assertIdleAndClean(pool);
        }
    }

    // ---------------------------------------------------------------- wake-ups and frames

    private static int joinChain(int n) {
        if (n == 0) {
            return 0;
        }
        Joined<Integer, Integer> j = Strand.join(() -> joinChain(n - 1), () -> 1);
        return j.first() + j.second();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void overflowsInsideJoinsLoseNoWakeUpAndLeaveNoFrameInUse() throws Exception {
        try (StrandPool pool = pool(2)) {
            for (int round = 0; round < 20; round++) {
                Task<Integer> t = pool.submit(Task.of(() -> joinChain(1_000_000)));
                try {
                    t.get(60, TimeUnit.SECONDS);
                    fail("a million nested joins fit in a 512 KiB stack");
                } catch (ExecutionException e) {
                    assertThat(overflowed(e)).as("failure %s", e.getCause()).isTrue();
                }
                // Both workers must still wake for new work: two tasks that meet at a barrier.
                java.util.concurrent.CyclicBarrier meet = new java.util.concurrent.CyclicBarrier(2);
                Task<?> a = pool.submit(() -> { meet.await(20, TimeUnit.SECONDS); return null; });
                Task<?> b = pool.submit(() -> { meet.await(20, TimeUnit.SECONDS); return null; });
                a.get(30, TimeUnit.SECONDS);
                b.get(30, TimeUnit.SECONDS);
            }
            assertIdleAndClean(pool);
        }
    }

    /**
     * Waits until every worker sleeps, then checks the sleep control word (nobody searching) and
     * every worker's join frames (none in use, none holding a body or result).
     */
    static void assertIdleAndClean(StrandPool pool) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (pool.stats().workers().stream().anyMatch(w -> !w.sleeping())) {
            if (System.nanoTime() > deadline) {
                fail("pool never went idle: " + pool.dump());
            }
            Thread.sleep(1);
        }
        long c = controlWord(pool);
        assertThat(ControlWord.searching(c)).as("searchers in an idle pool: %s", pool.dump()).isZero();
        assertThat(ControlWord.sleepers(c)).isEqualTo(pool.parallelism());
        Field result = JoinFrame.class.getDeclaredField("result");
        result.setAccessible(true);
        for (Worker w : workers(pool)) {
            if (w == null) {
                continue;                         // a spare slot never started
            }
            assertThat(w.joins.depth).as("frame depth of an idle worker").isZero();
            for (Runnable t : w.joins.frames) {
                if (t != null) {
                    JoinFrame f = (JoinFrame) t;
                    assertThat(f.body).as("body of a free frame").isNull();
                    assertThat(result.get(f)).as("result of a free frame").isNull();
                }
            }
        }
    }

    static Worker[] workers(StrandPool pool) throws Exception {
        Field f = StrandPool.class.getDeclaredField("workers");
        f.setAccessible(true);
        return (Worker[]) f.get(pool);
    }

    static long controlWord(StrandPool pool) throws Exception {
        Field f = StrandPool.class.getDeclaredField("sleep");
        f.setAccessible(true);
        return ((dev.strand.internal.sleep.SleepCoordinator) f.get(pool)).controlWord();
    }

    // ---------------------------------------------------------------- un-joined rests

    private static final AtomicLong chainRuns = new AtomicLong();

    private static int burn(int k) {
        return k == 0 ? 0 : burn(k - 1) + 1;
    }

    /** Each level forks the rest of the chain, uses some stack, then joins the rest. */
    private static int forkedChain(int n, int burn) {
        chainRuns.incrementAndGet();
        if (n == 0) {
            return 0;
        }
        Task<Integer> rest = Strand.fork(() -> forkedChain(n - 1, burn));
        burn(burn);
        return rest.join() + 1;
    }

    /**
     * An overflow between a fork and its join leaves the rest of the chain forked and un-joined.
     * That rest is not dropped: it runs later, or fails with the overflow if a join had already
     * taken it. No level runs twice, and the pool is idle soon after (the failure must not be
     * re-wrapped level by level, which once kept a one-worker pool busy for minutes).
     */
    @ParameterizedTest(name = "burn {0}")
    @ValueSource(ints = {8, 300})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theUnjoinedRestOfAnOverflowedChainRunsOnceAndThePoolGoesIdle(int burn) throws Exception {
        int levels = 1_000_000;
        try (StrandPool pool = pool(1)) {
            for (int round = 0; round < 3; round++) {
                chainRuns.set(0);
                try {
                    pool.invoke(() -> forkedChain(levels, burn));
                    fail("a million nested joins fit in a 512 KiB stack");
                } catch (CompletionException | StackOverflowError e) {
                    assertThat(overflowed(e)).as("failure %s", e).isTrue();
                }
                assertIdleAndClean(pool);
                assertThat(chainRuns.get()).as("levels run").isBetween(2L, levels + 1L);
            }
        }
    }

    // ---------------------------------------------------------------- storms

    /** A random deep recursion through every construct; returns the number of leaves it visited. */
    private static long mixed(int depth, int kind, StrandPool pool) {
        if (depth == 0) {
            return 1;
        }
        return switch ((kind + depth) % 4) {
            case 0 -> {
                Task<Long> a = Strand.fork(() -> mixed(depth - 1, kind, pool));
                long b = mixed(0, kind, pool);        // a leaf: one deep branch keeps the tree linear
                yield a.join() + b;
            }
            case 1 -> {
                Joined<Long, Long> j = Strand.join(() -> mixed(depth - 1, kind, pool), () -> 1L);
                yield j.first() + j.second() - 1;
            }
            case 2 -> {
                AtomicLong sum = new AtomicLong();
                Strand.scope(s -> s.spawn(() -> sum.addAndGet(mixed(depth - 1, kind, pool))));
                yield sum.get();
            }
            default -> pool.invoke(() -> mixed(depth - 1, kind, pool));
        };
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 7})
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aStormOfDeepRecursionsNeverHangsAndShutdownNowStopsThePool(int p) throws Exception {
        StrandPool pool = pool(p);
        try {
            for (int i = 0; i < 30; i++) {
                int kind = i % 4;
                int depth = ThreadLocalRandom.current().nextBoolean() ? 200 : 200_000;
                Task<Long> t = pool.submit(Task.of(() -> mixed(depth, kind, pool)));
                try {
                    // Each level adds one leaf besides its recursion, except the scope and invoke
                    // levels; whatever the mix, a normal return means every level ran.
                    assertThat(t.get(60, TimeUnit.SECONDS)).isPositive();
                } catch (ExecutionException e) {
                    assertThat(overflowed(e)).as("failure %s", e.getCause()).isTrue();
                }
            }
            assertThat(pool.invoke(() -> 1 + 1)).isEqualTo(2);
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).as(pool.dump()).isTrue();
        }
    }

    // ---------------------------------------------------------------- blocking

    /** Recurses through {@link Strand#blocking} until the stack runs out: never returns. */
    private static int blockingRecursion(int n) {
        return Strand.blocking(() -> blockingRecursion(n + 1)) + 1;
    }

    /**
     * Recursions through {@code Strand.blocking} that overflow leave no worker counted as
     * blocked: once the pool is idle, no spare stays out, and CPU-bound tasks run on at most
     * {@code parallelism} threads at once. A count raised before the overflow and never lowered
     * kept spares out for ever, each running tasks beside the core workers.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void overflowsThroughBlockingLeaveNothingCountedAsBlocked() throws Exception {
        int p = 2;
        try (StrandPool pool = pool(p)) {
            for (int round = 0; round < 30; round++) {
                Task<Integer> t = pool.submit(() -> blockingRecursion(0));
                try {
                    t.get(60, TimeUnit.SECONDS);
                    fail("the recursion never ends");
                } catch (ExecutionException e) {
                    assertThat(overflowed(e)).as("round %d", round).isTrue();
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            BlockingStats b = pool.stats().blocking();
            while ((b.blockedNow() > 0 || b.sparesRunning() > 0) && System.nanoTime() < deadline) {
                Thread.sleep(5);
                b = pool.stats().blocking();
            }
            assertThat(b.blockedNow()).as(pool.dump()).isZero();
            assertThat(b.sparesRunning()).as(pool.dump()).isZero();

            AtomicInteger running = new AtomicInteger();
            AtomicInteger peak = new AtomicInteger();
            List<Task<Long>> tasks = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                tasks.add(pool.submit(() -> {
                    peak.accumulateAndGet(running.incrementAndGet(), Math::max);
                    long end = System.nanoTime() + 2_000_000L;
                    long x = 0;
                    while (System.nanoTime() < end) {
                        x++;
                    }
                    running.decrementAndGet();
                    return x;
                }));
            }
            for (Task<Long> t : tasks) {
                assertThat(t.get(60, TimeUnit.SECONDS)).isPositive();
            }
            assertThat(peak.get()).as("CPU-bound tasks running at once").isBetween(1, p);
        }
    }

    // ---------------------------------------------------------------- failures

    private static final class Chain extends Task<Integer> {
        private final int n;

        Chain(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n == 0) {
                throw new IllegalStateException("bottom");
            }
            return new Chain(n - 1).fork().join() + 1;
        }
    }

    @ParameterizedTest(name = "depth {0}")
    @ValueSource(ints = {4_000, 16_000})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFailureDeepInARecursionArrivesWithAShortCauseChain(int depth) {
        try (StrandPool pool = StrandPool.builder().parallelism(2).stackSize(256L << 20).build()) {
            try {
                pool.invoke(new Chain(depth));
                fail("the bottom of the chain throws");
            } catch (CompletionException e) {
                int chain = 0;
                for (Throwable c = e; c != null; c = c.getCause()) {
                    chain++;
                }
                assertThat(chain).as("cause chain length").isLessThanOrEqualTo(3);
                assertThat(e.getMessage().length()).as("message length").isLessThan(200);
                Throwable root = e;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                assertThat(root).isInstanceOf(IllegalStateException.class).hasMessage("bottom");
            }
        }
    }
}
