package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pool's thread factory: it makes every worker, every thread after the keep-alive and every
 * spare, with the settings it chooses, and a faulty factory is named in a clear error without
 * a hang or a lost task. Waits carry timeouts, so a hang fails the test instead of the build.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadFactoryTest {

    private static final ThreadLocal<String> SETUP = new ThreadLocal<>();

    /** Waits up to 20 s; false if the wait timed out or was interrupted. */
    static boolean await(CountDownLatch latch) {
        try {
            return latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A subclass with per-thread setup, as a ForkJoinWorkerThread subclass would have. */
    static final class AppThread extends StrandWorkerThread {
        static final Set<Thread> STARTED = ConcurrentHashMap.newKeySet();
        static final Set<Thread> TERMINATED = ConcurrentHashMap.newKeySet();

        AppThread(Seed seed) {
            super(seed);
            setName("app-" + seed.pool().name() + "-" + seed.index());
        }

        @Override
        protected void onStart() {
            assertThat(Thread.currentThread()).isSameAs(this);
            SETUP.set("set up by " + getName());
            STARTED.add(this);
        }

        @Override
        protected void onTermination() {
            TERMINATED.add(this);
        }
    }

    @Test
    @SuppressWarnings("ThreadPriorityCheck") // the priority is one of the settings a factory makes
    void theFactoryMakesEveryWorkerWithItsSettings() throws Exception {
        ClassLoader loader = new ClassLoader(getClass().getClassLoader()) { };
        List<StrandWorkerThread.Seed> seeds = new CopyOnWriteArrayList<>();
        StrandPool pool = StrandPool.builder().name("tf").parallelism(3)
                .threadFactory(seed -> {
                    seeds.add(seed);
                    AppThread t = new AppThread(seed);
                    t.setPriority(Thread.MIN_PRIORITY + 1);
                    t.setContextClassLoader(loader);
                    t.setDaemon(true);
                    return t;
                })
                .build();
        assertThat(seeds).extracting(StrandWorkerThread.Seed::index).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(seeds).allMatch(s -> s.pool() == pool && !s.spare());
        Thread inTask = pool.invoke(Thread::currentThread);
        assertThat(inTask).isInstanceOf(AppThread.class);
        assertThat(inTask.getName()).startsWith("app-tf-");
        assertThat(inTask.getPriority()).isEqualTo(Thread.MIN_PRIORITY + 1);
        assertThat(inTask.getContextClassLoader()).isSameAs(loader);
        AppThread t = (AppThread) inTask;
        assertThat(t.pool()).isSameAs(pool);
        assertThat(t.poolIndex()).isBetween(0, 2);
        assertThat(t.isSpare()).isFalse();
        // onStart ran on the thread before its first task; Strand's own calls find the worker
        assertThat(pool.invoke(SETUP::get)).startsWith("set up by app-tf-");
        assertThat(pool.invoke(() -> Strand.inWorker() && Strand.workerPool() == pool)).isTrue();
        assertThat(pool.invoke(() -> {
            Task<Integer> a = Strand.fork(() -> 20);
            return Strand.join(() -> 21, () -> 1).first() + a.join() + 1;
        })).isEqualTo(42);
        pool.close();
        Set<Thread> mine = ConcurrentHashMap.newKeySet();
        AppThread.STARTED.stream().filter(x -> ((AppThread) x).pool() == pool).forEach(mine::add);
        assertThat(mine).hasSize(3);
        assertThat(AppThread.TERMINATED).containsAll(mine);
    }

    @Test
    void theDefaultThreadIsAStrandWorkerThreadWithThePoolsName() {
        try (StrandPool pool = StrandPool.builder().name("plain").parallelism(1).build()) {
            Thread t = pool.invoke(Thread::currentThread);
            assertThat(t).isExactlyInstanceOf(StrandWorkerThread.class);
            assertThat(t.getName()).isEqualTo("strand-plain-worker-0");
            assertThat(((StrandWorkerThread) t).pool()).isSameAs(pool);
        }
        assertThat(StrandPool.builder().config().threadFactory()).isNull();
    }

    @Test
    void threadsAfterTheKeepAliveComeFromTheFactoryToo() throws Exception {
        AtomicInteger made = new AtomicInteger();
        AtomicInteger exits = new AtomicInteger();
        try (StrandPool pool = StrandPool.builder().name("tf-keep").parallelism(2)
                .keepAlive(Duration.ofMillis(20))
                .onWorkerExit(x -> exits.incrementAndGet())
                .threadFactory(seed -> {
                    made.incrementAndGet();
                    return new AppThread(seed);
                })
                .build()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (exits.get() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(exits.get()).as("both threads retired").isEqualTo(2);
            assertThat(pool.invoke(Thread::currentThread)).isInstanceOf(AppThread.class);
            assertThat(made.get()).as("a new thread came from the factory").isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void sparesComeFromTheFactory() {
        List<StrandWorkerThread.Seed> spares = new CopyOnWriteArrayList<>();
        try (StrandPool pool = StrandPool.builder().name("tf-spare").parallelism(1)
                .threadFactory(seed -> {
                    if (seed.spare()) {
                        spares.add(seed);
                    }
                    return new AppThread(seed);
                })
                .build()) {
            Thread ranChild = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                AtomicReference<Thread> child = new AtomicReference<>();
                Strand.fork(() -> {
                    child.set(Thread.currentThread());
                    latch.countDown();
                });
                Strand.blocking(() -> await(latch));
                return child.get();
            });
            assertThat(ranChild).isInstanceOf(AppThread.class);
            assertThat(((AppThread) ranChild).isSpare()).isTrue();
            assertThat(spares).hasSize(1).allMatch(s -> s.index() == 1);
        }
    }

    // ---------------------------------------------------------------- faulty factories

    @Test
    void aFactoryThatReturnsNullIsNamed() {
        assertThatThrownBy(() -> StrandPool.builder().name("tf-null").parallelism(2)
                .threadFactory(seed -> null).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("StrandPool 'tf-null'").hasMessageContaining("thread factory")
                .hasMessageContaining("worker 0").hasMessageContaining("returned null");
    }

    @Test
    void aFactoryThatThrowsIsNamedWithItsCause() {
        IllegalArgumentException cause = new IllegalArgumentException("no threads today");
        assertThatThrownBy(() -> StrandPool.builder().name("tf-throw").parallelism(2)
                .threadFactory(seed -> {
                    if (seed.index() == 1) {
                        throw cause;
                    }
                    return new StrandWorkerThread(seed);
                }).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("StrandPool 'tf-throw'").hasMessageContaining("worker 1")
                .hasMessageContaining("threw").hasCause(cause);
    }

    @Test
    void aFactoryThatStartsTheThreadIsRefusedAndTheThreadRunsNothing() throws Exception {
        AtomicReference<StrandWorkerThread> started = new AtomicReference<>();
        assertThatThrownBy(() -> StrandPool.builder().name("tf-started").parallelism(1)
                .threadFactory(seed -> {
                    StrandWorkerThread t = new StrandWorkerThread(seed);
                    t.start();
                    started.set(t);
                    return t;
                }).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("StrandPool 'tf-started'").hasMessageContaining("already started");
        started.get().join(10_000);
        assertThat(started.get().isAlive()).as("the refused thread returned at once").isFalse();
    }

    @Test
    void aThreadFromAnotherSeedIsRefusedAndASeedMakesOneThread() {
        AtomicReference<StrandWorkerThread.Seed> first = new AtomicReference<>();
        assertThatThrownBy(() -> StrandPool.builder().name("tf-seed").parallelism(2)
                .threadFactory(seed -> {
                    first.compareAndSet(null, seed);
                    return new StrandWorkerThread(first.get());   // the second call reuses the first seed
                }).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("StrandPool 'tf-seed'").hasMessageContaining("worker 1")
                .hasRootCauseInstanceOf(IllegalStateException.class)
                .rootCause().hasMessageContaining("makes one thread");
        AtomicReference<StrandWorkerThread> kept = new AtomicReference<>();
        assertThatThrownBy(() -> StrandPool.builder().name("tf-seed-2").parallelism(2)
                .threadFactory(seed -> {
                    kept.compareAndSet(null, new StrandWorkerThread(seed));
                    return kept.get();                              // the same thread twice
                }).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("worker 1").hasMessageContaining("not made from the seed");
    }

    /**
     * A factory that fails for a spare: the task's {@link Strand#blocking} call fails with the
     * factory named (its call is not run), the task it would have waited for still runs, no
     * thread hangs, and the next block asks the factory again.
     */
    @Test
    void aSpareTheFactoryCannotMakeFailsTheBlockingCallAndLosesNoTask() throws Exception {
        AtomicInteger spareFailures = new AtomicInteger(1);
        try (StrandPool pool = StrandPool.builder().name("tf-spare-fail").parallelism(1)
                .threadFactory(seed -> {
                    if (seed.spare() && spareFailures.getAndDecrement() > 0) {
                        throw new IllegalStateException("quota reached");
                    }
                    return new StrandWorkerThread(seed);
                })
                .build()) {
            CountDownLatch childRan = new CountDownLatch(1);
            AtomicInteger blockedCallRan = new AtomicInteger();
            assertThatThrownBy(() -> pool.invoke(() -> {
                Strand.fork(childRan::countDown);
                return Strand.blocking(() -> {
                    blockedCallRan.incrementAndGet();
                    return await(childRan);
                });
            }))
                    .isInstanceOf(CompletionException.class)    // the task's failure, as invoke reports it
                    .cause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("StrandPool 'tf-spare-fail'").hasMessageContaining("spare thread 1")
                    .hasRootCauseMessage("quota reached");
            assertThat(blockedCallRan.get()).as("the blocking call did not start").isZero();
            assertThat(childRan.await(20, TimeUnit.SECONDS)).as("the forked task still ran").isTrue();
            // The next block gets its spare: the factory works again.
            boolean reached = pool.invoke(() -> {
                CountDownLatch latch = new CountDownLatch(1);
                Strand.fork(latch::countDown);
                return Strand.blocking(() -> await(latch));
            });
            assertThat(reached).isTrue();
            assertThat(pool.stats().blocking().spareStarts()).isEqualTo(1);
        }
    }

    /** A factory that fails after the keep-alive: the submission says so, the work stays queued. */
    @Test
    void aThreadTheFactoryCannotMakeAfterTheKeepAliveFailsTheSubmissionNotTheWork() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger exits = new AtomicInteger();
        try (StrandPool pool = StrandPool.builder().name("tf-revive").parallelism(1)
                .keepAlive(Duration.ofMillis(20))
                .onWorkerExit(x -> exits.incrementAndGet())
                .threadFactory(seed -> {
                    if (calls.incrementAndGet() == 2) {
                        throw new IllegalStateException("not now");
                    }
                    return new StrandWorkerThread(seed);
                })
                .build()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (exits.get() < 1 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(exits.get()).isEqualTo(1);
            CountDownLatch ran = new CountDownLatch(1);
            assertThatThrownBy(() -> pool.execute(ran::countDown))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("StrandPool 'tf-revive'").hasRootCauseMessage("not now");
            // The next submission starts a thread, which runs both.
            assertThat(pool.invoke(() -> 7)).isEqualTo(7);
            assertThat(ran.await(20, TimeUnit.SECONDS)).as("the first submission ran").isTrue();
            assertThat(calls.get()).isEqualTo(3);
        }
    }
}
