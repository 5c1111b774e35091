package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.internal.cpu.CpuBudget;
import dev.strand.internal.cpu.Oversubscription;
import dev.strand.internal.feedback.Feedback;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The multiprogrammed mode: when it turns on, and that yielding workers lose no task. */
class MultiprogrammingTest {

    /**
     * More awake workers than the process has cores turn AUTO on; the same pool idle, its workers
     * asleep, counts nothing (a pool that sleeps does not compete for the cores), and a closed
     * pool counts nothing either.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void awakeWorkersBeyondTheCoresTurnTheModeOnAndSleepingOnesCountNothing() throws Exception {
        Oversubscription.refine();                // as the feedback sampler does after its first quantum
        int p = CpuBudget.cores() + 1;
        try (StrandPool pool = StrandPool.builder().parallelism(p).build()) {
            // Settled first: the pool's workers asleep, the common pool's too if it was touched.
            assertThat(awaitCount(c -> c < p)).as("a pool whose workers sleep counts nothing").isTrue();
            int idle = Oversubscription.workers();
            CountDownLatch all = new CountDownLatch(p);
            CountDownLatch release = new CountDownLatch(1);
            List<Task<?>> held = new ArrayList<>();
            for (int i = 0; i < p; i++) {          // p tasks, each holding its worker: all awake
                held.add(pool.submit(() -> {
                    all.countDown();
                    release.await();
                    return null;
                }));
            }
            assertThat(all.await(20, TimeUnit.SECONDS)).as("every worker took a task").isTrue();
            try {
                assertThat(Oversubscription.workers()).as("p awake workers").isGreaterThanOrEqualTo(p);
                assertThat(Oversubscription.active()).as("%d awake workers on %d cores", p, CpuBudget.cores())
                        .isTrue();
            } finally {
                release.countDown();
            }
            held.forEach(Task::join);
            assertThat(awaitCount(c -> c <= idle)).as("asleep again, they count no more").isTrue();
            assertThat(pool.invoke(() -> fib(20))).isEqualTo(6765);
        }
    }

    /** Waits up to 10 s for the count of awake workers to satisfy {@code ok}. */
    private static boolean awaitCount(java.util.function.IntPredicate ok) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!ok.test(Oversubscription.workers()) && System.nanoTime() - giveUp < 0) {
            Thread.sleep(5);
        }
        return ok.test(Oversubscription.workers());
    }

    /**
     * Pools that were never closed and were garbage-collected (their idle workers retired after
     * the keep-alive, so nothing held them) count no more: a new pool whose workers fit in the
     * cores then finds AUTO off. Ten such pools of two used to count for ever.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void poolsCollectedWithoutCloseCountNoMore() throws InterruptedException {
        int before = Oversubscription.workers();
        List<WeakReference<StrandPool>> refs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            refs.add(new WeakReference<>(abandonedPool()));
        }
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (refs.stream().anyMatch(r -> r.get() != null) && System.nanoTime() - giveUp < 0) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(refs).as("the abandoned pools were collected").allMatch(r -> r.get() == null);
        assertThat(Oversubscription.workers()).as("workers counted after the pools were collected")
                .isLessThanOrEqualTo(before);
        int fit = CpuBudget.cores() - Oversubscription.workers();
        if (fit >= 1) {                           // nothing else in this JVM fills the cores
            try (StrandPool pool = StrandPool.builder().parallelism(fit).build()) {
                assertThat(Oversubscription.active()).as("AUTO with %d workers on %d cores",
                        Oversubscription.workers(), CpuBudget.cores()).isFalse();
                assertThat(pool.invoke(() -> fib(15))).isEqualTo(610);
            }
        }
    }

    /** A pool of two with a 1 ms keep-alive that runs one task, then is dropped unclosed. */
    private static StrandPool abandonedPool() {
        StrandPool pool = StrandPool.builder().parallelism(2).keepAlive(Duration.ofMillis(1)).build();
        assertThat(pool.invoke(() -> fib(10))).isEqualTo(55);
        return pool;
    }

    /**
     * Workers that retired after the keep-alive (an idle pool, the common pool after a burst) are
     * not counted while they are gone, and count again when work brings them back.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void retiredWorkersAreNotCountedUntilWorkRevivesThem() throws InterruptedException {
        int before = Oversubscription.workers();
        try (StrandPool pool = StrandPool.builder().parallelism(2).keepAlive(Duration.ofMillis(1))
                .build()) {
            assertThat(pool.invoke(() -> fib(10))).isEqualTo(55);
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!allDormant(pool) && System.nanoTime() - giveUp < 0) {
                Thread.sleep(5);
            }
            assertThat(allDormant(pool)).as("both workers retired").isTrue();
            int retired = Oversubscription.workers();
            assertThat(retired).as("workers counted while the pool's have retired").isLessThanOrEqualTo(before);
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                running.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
            try {
                assertThat(Oversubscription.workers()).as("a revived worker counts").isGreaterThan(retired);
            } finally {
                release.countDown();
            }
        }
    }

    private static boolean allDormant(StrandPool pool) {
        return pool.dump().lines().skip(1).allMatch(l -> l.contains(" dormant "));
    }

    /** Every task of a fork tree runs exactly once with yields before every steal, at P = 1..8. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void yieldingWorkersRunEveryTaskOnce() {
        for (int p : new int[] {1, 2, 3, 8}) {
            try (StrandPool pool = StrandPool.builder().parallelism(p)
                    .multiprogramming(Multiprogramming.ALWAYS).build()) {
                for (int round = 0; round < 3; round++) {
                    LongAdder ran = new LongAdder();
                    long leaves = pool.invoke(() -> tree(12, ran));
                    assertThat(leaves).isEqualTo(1L << 12);
                    assertThat(ran.sum()).isEqualTo((1L << 13) - 1);   // every node once
                }
            }
        }
    }

    /**
     * Thieves that shrink and regrow while computations run lose no task and end every
     * computation: the decision flips every few hundred microseconds (thieves stop spinning and
     * yield, then spin again) under fork trees submitted from several threads at once.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void thievesThatShrinkAndRegrowLoseNoTask() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread flipper = new Thread(() -> {
            boolean on = false;
            while (!stop.get()) {
                on = !on;
                Feedback.force(on);
                LockSupport.parkNanos(200_000L + (on ? 0 : 300_000L));
            }
        }, "feedback-flipper");
        flipper.start();
        try {
            for (int p : new int[] {2, 3, 4}) {
                try (StrandPool pool = StrandPool.builder().parallelism(p)
                        .multiprogramming(Multiprogramming.AUTO).build()) {
                    for (int round = 0; round < 20; round++) {
                        LongAdder ran = new LongAdder();
                        List<java.util.concurrent.Future<Long>> fs = new ArrayList<>();
                        for (int s = 0; s < 3; s++) {
                            fs.add(pool.submit(() -> tree(12, ran)));
                        }
                        long leaves = pool.invoke(() -> tree(13, ran));
                        for (java.util.concurrent.Future<Long> f : fs) {
                            assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(1L << 12);
                        }
                        assertThat(leaves).isEqualTo(1L << 13);
                        assertThat(ran.sum()).as("every node once, P=%d round %d", p, round)
                                .isEqualTo(3 * ((1L << 13) - 1) + (1L << 14) - 1);
                    }
                }
            }
        } finally {
            stop.set(true);
            flipper.join();
            Feedback.force(null);
        }
    }

    /**
     * The competition sampler judges quanta: a busy pool beside as many CPU-bound processes as the
     * machine has processors waits for its cores, and the decision turns on; it turns on again
     * after an idle spell in which the pool slept (the sampler went idle and came back when a
     * worker woke). Each phase ends as soon as the decision is seen on, within its deadline.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void competitionIsSeenAndSeenAgainAfterAnIdleSpell() throws Exception {
        assumeSchedstat();
        Feedback.force(null);
        List<Process> hogs = new ArrayList<>();
        try (StrandPool pool = StrandPool.builder().parallelism(2).multiprogramming(Multiprogramming.AUTO).build()) {
            for (int phase = 0; phase < 2; phase++) {
                for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                    hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
                }
                boolean seen = false;
                long end = System.nanoTime() + 15_000_000_000L;
                while (!seen && System.nanoTime() < end) {
                    assertThat(pool.invoke(() -> fib(22))).isEqualTo(17711);
                    seen = Feedback.competition();
                }
                assertThat(seen).as("competition seen in phase %d", phase).isTrue();
                stopAll(hogs);
                Thread.sleep(300);                // the pool sleeps: the sampler goes idle
                assertThat(Feedback.competition()).as("an idle pool meets no competition").isFalse();
            }
        } finally {
            stopAll(hogs);
        }
    }

    /**
     * The process's own threads are not competition: a busy pool beside as many CPU-bound threads
     * of its own process as there are processors (as the JIT's compilers or the collector can be)
     * waits for its cores as long as beside other processes, and the decision stays off in most
     * looks (counting from outside, another process may still come by). Fails when every wait
     * counts: the decision is then on in nearly every look after the first quanta.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theProcesssOwnThreadsAreNotCompetition() throws Exception {
        assumeSchedstat();
        Feedback.force(null);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        List<Thread> hogs = new ArrayList<>();
        int looks = 0;
        int on = 0;
        try (StrandPool pool = StrandPool.builder().parallelism(2).multiprogramming(Multiprogramming.AUTO).build()) {
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                Thread h = new Thread(() -> {
                    long x = 0;
                    while (!stop.get()) {
                        x++;
                    }
                    assertThat(x).isPositive();
                }, "hog-" + i);
                h.setDaemon(true);
                h.start();
                hogs.add(h);
            }
            long end = System.nanoTime() + 2_000_000_000L;   // about a hundred quanta
            while (System.nanoTime() < end) {
                assertThat(pool.invoke(() -> fib(22))).isEqualTo(17711);
                looks++;
                on += Feedback.competition() ? 1 : 0;
            }
        } finally {
            stop.set(true);
            for (Thread h : hogs) {
                h.join();
            }
        }
        assertThat(looks).isPositive();
        assertThat(on).as("looks with the decision on, of %d", looks).isLessThan(looks / 2);
    }

    private static void stopAll(List<Process> hogs) throws InterruptedException {
        for (Process h : hogs) {
            h.destroyForcibly();
        }
        for (Process h : hogs) {
            h.waitFor();
        }
        hogs.clear();
    }

    private static long tree(int depth, LongAdder ran) {
        ran.increment();
        if (depth == 0) {
            return 1;
        }
        Task<Long> left = Strand.fork(() -> tree(depth - 1, ran));
        long right = tree(depth - 1, ran);
        return right + left.join();
    }

    private static int fib(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> j = Strand.join(() -> fib(n - 1), () -> fib(n - 2));
        return j.first() + j.second();
    }

    /** Skips the test where per-thread scheduler statistics cannot be read (not Linux). */
    private static void assumeSchedstat() {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new java.io.File("/proc/thread-self/schedstat").canRead(), "per-thread scheduler statistics (Linux)");
    }
}
