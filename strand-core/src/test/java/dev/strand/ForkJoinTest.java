package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.internal.steal.StealPace;
import dev.strand.internal.worker.Worker;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ForkJoinTest {

    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Long> a = Strand.fork(() -> fib(n - 1));
        long b = fib(n - 2);
        return a.join() + b;
    }

    static long serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    static final class FibTask extends Task<Long> {
        final int n;

        FibTask(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 2) {
                return (long) n;
            }
            FibTask f1 = new FibTask(n - 1);
            f1.fork();
            return new FibTask(n - 2).compute() + f1.join();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void forkJoinComputesFib(int p) {
        try (StrandPool pool = new StrandPool(p)) {
            assertThat(pool.invoke(() -> fib(22))).isEqualTo(serialFib(22));
            assertThat(pool.invoke(new FibTask(20))).isEqualTo(serialFib(20));
            PoolStats s = pool.stats();
            assertThat(s.tasksRun()).isGreaterThan(serialFib(22));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ONE", "HALF"})
    void everyPolicyComputesTheSameResult(String steal) {
        for (JoinPolicy join : JoinPolicy.values()) {
            try (StrandPool pool = StrandPool.builder().parallelism(3)
                    .tuning(tu -> tu.stealPolicy(StealPolicy.valueOf(steal))).tuning(tu -> tu.joinPolicy(join)).build()) {
                assertThat(pool.invoke(() -> fib(20))).isEqualTo(serialFib(20));
            }
        }
    }

    @Test
    void rayonStyleJoinReturnsBothResults() {
        try (StrandPool pool = new StrandPool(2)) {
            Joined<String, Integer> r = pool.invoke(() -> Strand.join(() -> "a", () -> 42));
            assertThat(r.first()).isEqualTo("a");
            assertThat(r.second()).isEqualTo(42);
        }
    }

    static long sum(long[] a, int lo, int hi) {
        if (hi - lo <= 64) {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }
        int mid = (lo + hi) >>> 1;
        Joined<Long, Long> r = Strand.join(() -> sum(a, lo, mid), () -> sum(a, mid, hi));
        return r.first() + r.second();
    }

    @Test
    void joinBasedSumMatchesSerial() {
        long[] a = new long[100_003];
        long want = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 97;
            want += a[i];
        }
        try (StrandPool pool = new StrandPool(2)) {
            assertThat(pool.invoke(() -> sum(a, 0, a.length))).isEqualTo(want);
        }
    }

    @Test
    void scopeWaitsForEverySpawnIncludingNestedOnes() {
        try (StrandPool pool = new StrandPool(3)) {
            LongAdder ran = new LongAdder();
            pool.invoke(() -> {
                Strand.scope(s -> {
                    for (int i = 0; i < 1000; i++) {
                        s.spawn(() -> {
                            ran.increment();
                            s.spawn(ran::increment);   // spawning into the same scope from a child
                        });
                    }
                });
                assertThat(ran.sum()).isEqualTo(2000);
                return null;
            });
            assertThat(ran.sum()).isEqualTo(2000);
        }
    }

    @Test
    void scopeRethrowsTheFirstFailureAfterAllTasksFinish() {
        try (StrandPool pool = new StrandPool(2)) {
            AtomicInteger finished = new AtomicInteger();
            assertThatThrownBy(() -> pool.invoke(() -> {
                Strand.scope(s -> {
                    for (int i = 0; i < 100; i++) {
                        int k = i;
                        s.spawn(() -> {
                            if (k % 10 == 0) {
                                throw new IllegalArgumentException("boom " + k);
                            }
                            finished.incrementAndGet();
                        });
                    }
                });
                return null;
            })).hasRootCauseInstanceOf(IllegalArgumentException.class);
            assertThat(finished.get()).isEqualTo(90);
        }
    }

    @Test
    void spawnedScopeTaskCannotOutliveTheScope() {
        try (StrandPool pool = new StrandPool(1)) {
            Scope[] leaked = new Scope[1];
            pool.invoke(() -> {
                Strand.scope(s -> leaked[0] = s);
                return null;
            });
            assertThatThrownBy(() -> pool.invoke(() -> {
                leaked[0].spawn(() -> { });
                return null;
            })).hasRootCauseInstanceOf(IllegalStateException.class)
                    .rootCause().hasMessageContaining("already ended");
        }
    }

    @Test
    void joiningATaskThatWasNeverForkedIsAClearError() {
        Task<Integer> t = Task.of(() -> 1);
        assertThatThrownBy(t::join).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("never forked");
        assertThat(Task.of(() -> 7).invoke()).isEqualTo(7);
    }

    @Test
    void forkingTheSameTaskTwiceIsRejected() {
        try (StrandPool pool = new StrandPool(1)) {
            assertThatThrownBy(() -> pool.invoke(() -> {
                Task<Integer> t = Task.of(() -> 1);
                t.fork();
                t.fork();
                return null;
            })).hasRootCauseInstanceOf(IllegalStateException.class)
                    .rootCause().hasMessageContaining("already forked");
        }
    }

    @Test
    void joiningATaskOfAnotherPoolFromAWorkerIsRejected() {
        try (StrandPool a = StrandPool.builder().name("a").parallelism(1).build();
             StrandPool b = StrandPool.builder().name("b").parallelism(1).build()) {
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            Task<Integer> foreign = b.submit(Task.of(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return 5;
            }));
            assertThatThrownBy(() -> a.invoke(foreign::join))
                    .hasRootCauseInstanceOf(IllegalStateException.class)
                    .rootCause().hasMessageContaining("pool 'a'").hasMessageContaining("pool 'b'");
            release.countDown();
            // get() is the documented way to block across pools
            assertThat(a.invoke(() -> {
                try {
                    return foreign.get();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            })).isEqualTo(5);
        }
    }

    @Test
    void nullBodiesAreRejected() {
        try (StrandPool pool = new StrandPool(1)) {
            assertThatThrownBy(() -> pool.invoke((java.util.function.Supplier<Object>) null))
                    .isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invoke((Task<Object>) null))
                    .isInstanceOf(NullPointerException.class).hasMessageContaining("task");
            assertThatThrownBy(() -> pool.execute(null)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> pool.invoke(() -> Strand.fork((java.util.function.Supplier<Object>) null)))
                    .hasRootCauseInstanceOf(NullPointerException.class);
        }
    }

    @Test
    void invalidConfigurationNamesTheSetting() {
        assertThatThrownBy(() -> new StrandPool(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parallelism");
        assertThatThrownBy(() -> StrandPool.builder().parallelism(-3).build())
                .hasMessageContaining("parallelism");
        assertThatThrownBy(() -> StrandPool.builder().tuning(tu -> tu.spawnBound(0)).build())
                .hasMessageContaining("spawnBound");
        assertThatThrownBy(() -> StrandPool.builder().experimental(x -> x.stealHalfLimit(0)).build())
                .hasMessageContaining("stealHalfLimit");
        assertThatThrownBy(() -> StrandPool.builder().experimental(x -> x.spinRounds(-1)).build())
                .hasMessageContaining("spinRounds");
        assertThatThrownBy(() -> StrandPool.builder().name(" ").build())
                .hasMessageContaining("name");
        assertThatThrownBy(() -> StrandPool.builder().tuning(tu -> tu.stealPaceNanos(-1)).build())
                .hasMessageContaining("stealPaceNanos");
        assertThatThrownBy(() -> StrandPool.builder()
                .tuning(tu -> tu.stealPaceNanos(PoolConfig.Tuning.MAX_STEAL_PACE_NANOS + 1)).build())
                .hasMessageContaining("stealPaceNanos");
    }

    /**
     * Steal pacing bounds how often a thief takes tiny tasks from a forking owner: with a pace of
     * 1 ms, at most about one steal per elapsed millisecond (plus the owner's few helping steals
     * at its joins), where an unpaced thief takes tens of thousands. Every task still runs once.
     */
    @Test
    void aPacedThiefStealsTinyTasksAtMostOncePerPace() {
        try (StrandPool pool = StrandPool.builder().parallelism(2)
                .tuning(tu -> tu.stealPaceNanos(PoolConfig.Tuning.MAX_STEAL_PACE_NANOS)).build()) {
            TinyForks r = forkTinyTasks(pool, 200_000);
            assertThat(r.steals()).isLessThanOrEqualTo(r.elapsedNanos() / 1_000_000 + 16);
        }
    }

    /** Steals and wall time of one task forking {@code n} tiny children and joining them. */
    private record TinyForks(long steals, long elapsedNanos) { }

    /** Runs the producer of {@link TinyForks} in {@code pool}, checking that every child ran once. */
    private static TinyForks forkTinyTasks(StrandPool pool, int n) {
        PoolStats before = pool.stats();
        LongAdder ran = new LongAdder();
        long t0 = System.nanoTime();
        pool.invoke(() -> {
            Task<?>[] ts = new Task<?>[n];
            for (int i = 0; i < n; i++) {
                ts[i] = Strand.fork(ran::increment);
            }
            for (int i = n - 1; i >= 0; i--) {
                ts[i].join();
            }
            return null;
        });
        long elapsed = System.nanoTime() - t0;
        assertThat(ran.sum()).isEqualTo(n);
        return new TinyForks(pool.stats().since(before).steals(), elapsed);
    }

    /**
     * A producer forks tiny tasks; the thief's pace backs off from 50 µs to 800 µs, so it steals
     * about once per 800 µs. Fails with a fixed pace (about 16 times the steals).
     */
    @Test
    void aThiefOfTinyTasksStealsAtTheBackedOffPace() {
        long base = 50_000;
        try (StrandPool pool = StrandPool.builder().parallelism(2).tuning(tu -> tu.stealPaceNanos(base)).build()) {
            TinyForks r = forkTinyTasks(pool, 400_000);
            long cap = base * StealPace.PACE_BACKOFF_LIMIT;
            // 4 steals on the way up (50, 100, 200, 400 µs), then one per 800 µs, plus slack
            assertThat(r.steals()).isLessThanOrEqualTo(r.elapsedNanos() / cap + 4 + 8);
        }
    }

    /**
     * A steal is worth what it saved: a piece that ran 20 ms while its owner waited at the join
     * for all but the first moments of it saved nothing, and with the pace at its cap the thief
     * backs off (the board counts it). A few tries: in a fresh JVM the owner's way to the join can
     * take as long as the pace. Fails when a steal is judged by the piece's own time only, by
     * which 20 ms is clearly worth it and the thief is never counted.
     */
    @Test
    void aStolenPieceItsOwnerWaitedForThroughoutCountsAsTiny() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).tuning(tu -> tu.lazySplitting(false)
                .stealPaceNanos(PoolConfig.Tuning.MAX_STEAL_PACE_NANOS)).build()) {
            int[] tries = pool.invoke(() -> {
                Worker owner = (Worker) Thread.currentThread();
                int stolen = 0;
                for (int i = 1; i <= 5; i++) {
                    AtomicBoolean started = new AtomicBoolean();
                    if (Strand.join(() -> awaitFlag(started), () -> {
                        started.set(true);        // only the other worker gets here: a waits for it
                        sleepMillis(20);
                        return true;
                    }).first()) {
                        stolen++;
                    }
                    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                    while (System.nanoTime() < deadline) {
                        if (owner.pacing.othersBackedOff(1)) {   // the thief judges the steal
                            return new int[] {stolen, i};         // just after completing it
                        }
                        Thread.onSpinWait();
                    }
                }
                return new int[] {stolen, 0};
            });
            assertThat(tries[1]).as("the thief backed off (after %d stolen pieces)", tries[0]).isPositive();
            assertThat(tries[0]).as("every piece ran on the other worker").isEqualTo(tries[1]);
        }
    }

    private static boolean awaitFlag(AtomicBoolean flag) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!flag.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private static void sleepMillis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void workerThreadsAreNamedAfterThePool() {
        try (StrandPool pool = StrandPool.builder().name("naming").parallelism(2).build()) {
            String name = pool.invoke(() -> Thread.currentThread().getName());
            assertThat(name).matches("strand-naming-worker-[01]");
            assertThat(pool.invoke(Strand::workerIndex)).isBetween(0, 1);
            assertThat(pool.invoke(Strand::workerPool)).isSameAs(pool);
        }
        assertThat(Strand.workerIndex()).isEqualTo(-1);
        assertThat(Strand.inWorker()).isFalse();
    }

    @Test
    void aPoolWithoutANameIsNamedPoolN() {
        StrandPool pool = new StrandPool(1);
        pool.close();
        assertThat(pool.name()).matches("pool-[1-9]\\d*");
        assertThatThrownBy(() -> pool.submit(() -> 1)).isInstanceOf(RejectedExecutionException.class)
                .hasMessage("StrandPool '" + pool.name() + "' is shut down; it accepts no new tasks");
        try (StrandPool named = StrandPool.builder().parallelism(1).build()) {
            assertThat(named.name()).matches("pool-[1-9]\\d*").isNotEqualTo(pool.name());
            assertThat(named.invoke(() -> Thread.currentThread().getName()))
                    .isEqualTo("strand-" + named.name() + "-worker-0");
        }
    }

    @Test
    void spawnBoundRunsChildrenInlineSoTheDequeStaysBounded() {
        try (StrandPool pool = StrandPool.builder().parallelism(1).tuning(tu -> tu.spawnBound(16)).build()) {
            LongAdder ran = new LongAdder();
            pool.invoke(() -> {
                java.util.List<Task<Void>> ts = new java.util.ArrayList<>();
                for (int i = 0; i < 10_000; i++) {
                    ts.add(Strand.fork(ran::increment));
                }
                for (Task<Void> t : ts) {
                    t.join();
                }
                return null;
            });
            assertThat(ran.sum()).isEqualTo(10_000);
            PoolStats s = pool.stats();
            assertThat(s.maxDequeSize()).isLessThanOrEqualTo(16);
            assertThat(s.inlinedSpawns()).isGreaterThanOrEqualTo(10_000 - 16);
        }
    }

    @Test
    void listenerSeesEverySpawnAndSteal() {
        LongAdder spawns = new LongAdder();
        LongAdder steals = new LongAdder();
        dev.strand.trace.SchedulerListener l = new dev.strand.trace.SchedulerListener() {
            @Override
            public void onSpawn(dev.strand.trace.SpawnEvent e) {
                spawns.increment();
            }

            @Override
            public void onSteal(dev.strand.trace.StealEvent e) {
                steals.increment();
            }
        };
        try (StrandPool pool = StrandPool.builder().parallelism(2).listener(l).build()) {
            pool.invoke(() -> fib(18));
            PoolStats s = pool.stats();
            assertThat(spawns.sum()).isEqualTo(s.spawns() + s.inlinedSpawns());
            assertThat(steals.sum()).isEqualTo(s.steals());
        }
    }

    @Test
    void statsAreConsistentAndDumpIsReadable() throws InterruptedException {
        try (StrandPool pool = StrandPool.builder().name("stats").parallelism(2)
                .tuning(tu -> tu.stealPolicy(StealPolicy.HALF)).build()) {
            pool.invoke(() -> fib(20));
            assertThat(pool.dump()).contains("StrandPool 'stats' RUNNING").contains("strand-stats-worker-1");
            // Counters are the workers' own plain fields, read racily while they run: a sweep in
            // progress has counted an attempt and not yet its outcome. So they are read once the
            // pool has terminated (every worker has exited, and the termination latch orders all
            // their counts first), and not subtracted from a snapshot taken at the start, when the
            // new workers' first idle sweeps may be under way. (shutdown and awaitTermination:
            // try-with-resources closes the pool.)
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            PoolStats d = pool.stats();
            // every fork is pushed or inlined; each runs once; plus the root submission
            assertThat(d.tasksRun()).isEqualTo(d.spawns() + d.inlinedSpawns() + 1);
            assertThat(d.stealAttempts()).isEqualTo(d.steals() + d.failedSteals());
            assertThat(d.movedByHalf()).isGreaterThanOrEqualTo(d.steals());
            assertThat(d.toTable()).contains("total");
        }
    }
}
