package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ContextPropagator}: every construct carries the context, and failures lose no task. */
class ContextPropagationTest {
    /** The "context": a thread-local string, as an MDC entry would be. */
    static final ThreadLocal<String> CTX = new ThreadLocal<>();

    /** Propagates {@link #CTX}; counts its calls. */
    public static final class Propagator implements ContextPropagator<String> {
        final LongAdder captures = new LongAdder();

        @Override
        public String capture() {
            captures.increment();
            return CTX.get();
        }

        @Override
        public String install(String context) {
            String previous = CTX.get();
            CTX.set(context);
            return previous;
        }
    }

    /** Records every worker's context as it exits: a restored worker holds none. */
    private static StrandPool pool(int parallelism, ContextPropagator<?> p, Queue<String> leftAtExit) {
        return StrandPool.builder().parallelism(parallelism).contextPropagator(p)
                .onWorkerExit(t -> leftAtExit.add(String.valueOf(CTX.get()))).build();
    }

    /**
     * Every construct, nested, from two outside threads with different contexts at once: every
     * task sees its submitter's context (or the one its parent set before forking), every task is
     * counted, and no worker keeps a context after its tasks.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void everyConstructCarriesTheSubmittersContext(int parallelism) throws Exception {
        Propagator p = new Propagator();
        Queue<String> leftAtExit = new ConcurrentLinkedQueue<>();
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        LongAdder ran = new LongAdder();
        try (StrandPool pool = pool(parallelism, p, leftAtExit)) {
            List<Thread> submitters = new ArrayList<>();
            for (String user : List.of("alice", "bob")) {
                submitters.add(new Thread(() -> {
                    CTX.set(user);
                    for (int round = 0; round < 20; round++) {
                        long n = pool.invoke(() -> tree(6, user, wrong, ran));
                        if (n != 127) {
                            wrong.add(user + ": counted " + n);
                        }
                        Task<?> s = pool.submit(() -> check(user, wrong, ran));
                        CountDownLatch done = new CountDownLatch(1);
                        pool.execute(() -> {
                            check(user, wrong, ran);
                            done.countDown();
                        });
                        try {
                            s.get();
                            done.await();
                        } catch (InterruptedException | ExecutionException e) {
                            wrong.add(user + ": " + e);
                        }
                    }
                }));
            }
            submitters.forEach(Thread::start);
            for (Thread t : submitters) {
                t.join();
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(ran.sum()).isEqualTo(2L * 20 * (127 + 2));
        assertThat(leftAtExit).hasSize(parallelism).containsOnly("null");
        assertThat(p.captures.sum()).as("every fork, offer and submission captured").isPositive();
    }

    private static void check(String expected, Queue<String> wrong, LongAdder ran) {
        ran.increment();
        if (!expected.equals(CTX.get())) {
            wrong.add("expected " + expected + ", saw " + CTX.get() + " on " + Thread.currentThread().getName());
        }
    }

    /**
     * A tree of {@code 2^(depth+1) - 1} nodes mixing Strand.join, Strand.fork, Task subclasses,
     * scopes and submissions from a task; at depth 3 a node changes the context for its subtree.
     */
    private static long tree(int depth, String ctx, Queue<String> wrong, LongAdder ran) {
        check(ctx, wrong, ran);
        if (depth == 0) {
            return 1;
        }
        String below = ctx;
        if (depth == 3) {
            below = ctx + "/sub";
            CTX.set(below);                       // its forks carry the new value
        }
        String c = below;
        long n;
        try {
            switch (depth % 4) {
                case 0 -> {
                    Joined<Long, Long> r = Strand.join(() -> tree(depth - 1, c, wrong, ran),
                            () -> tree(depth - 1, c, wrong, ran));
                    n = r.first() + r.second();
                }
                case 1 -> {
                    Task<Long> a = Strand.fork(() -> tree(depth - 1, c, wrong, ran));
                    long b = new Node(depth - 1, c, wrong, ran).fork().join();
                    n = a.join() + b;
                }
                case 2 -> {
                    long[] sum = new long[1];
                    Strand.scope(s -> {
                        Task<Long> a = s.spawn(() -> tree(depth - 1, c, wrong, ran));
                        Task<Long> b = s.spawn(() -> tree(depth - 1, c, wrong, ran));
                        sum[0] = a.join() + b.join();
                    });
                    n = sum[0];
                }
                default -> {
                    StrandPool pool = Strand.workerPool();
                    Task<Long> a = pool.submit(() -> tree(depth - 1, c, wrong, ran));
                    n = tree(depth - 1, c, wrong, ran) + a.join();
                }
            }
        } finally {
            CTX.set(ctx);
        }
        return n + 1;
    }

    static final class Node extends Task<Long> {
        final int depth;
        final String ctx;
        final Queue<String> wrong;
        final LongAdder ran;

        Node(int depth, String ctx, Queue<String> wrong, LongAdder ran) {
            this.depth = depth;
            this.ctx = ctx;
            this.wrong = wrong;
            this.ran = ran;
        }

        @Override
        protected Long compute() {
            return tree(depth, ctx, wrong, ran);
        }
    }

    @Test
    void aFailingInstallIsReportedAndTheTaskRunsAnyway() throws Exception {
        Queue<Throwable> reported = new ConcurrentLinkedQueue<>();
        IllegalStateException bang = new IllegalStateException("install failed");
        AtomicInteger installs = new AtomicInteger();
        ContextPropagator<String> failing = new ContextPropagator<>() {
            @Override
            public String capture() {
                return "x";
            }

            @Override
            public String install(String context) {
                if (installs.incrementAndGet() % 2 == 1) {
                    throw bang;
                }
                return null;
            }
        };
        try (StrandPool pool = StrandPool.builder().parallelism(2).contextPropagator(failing)
                .uncaughtExceptionHandler((t, e) -> reported.add(e)).build()) {
            List<Future<?>> fs = new ArrayList<>();
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 100; i++) {
                fs.add(pool.submit(ran::incrementAndGet));
            }
            for (Future<?> f : fs) {
                f.get(10, TimeUnit.SECONDS);
            }
            assertThat(ran.get()).isEqualTo(100);
        }
        assertThat(reported).isNotEmpty().allMatch(e -> e == bang);
    }

    @Test
    void aFailingCaptureFailsTheForkOrSubmissionAndQueuesNothing() {
        IllegalStateException bang = new IllegalStateException("capture failed");
        boolean[] fail = new boolean[1];
        ContextPropagator<String> p = new ContextPropagator<>() {
            @Override
            public String capture() {
                if (fail[0]) {
                    throw bang;
                }
                return null;
            }

            @Override
            public String install(String context) {
                return null;
            }
        };
        try (StrandPool pool = StrandPool.builder().parallelism(2).contextPropagator(p).build()) {
            AtomicInteger ran = new AtomicInteger();
            Task<Integer> t = Task.of(ran::incrementAndGet);
            fail[0] = true;
            assertThatThrownBy(() -> pool.submit(t)).isSameAs(bang);
            assertThat(t.isCompletedAbnormally()).as("its handle cannot wait for ever").isTrue();
            assertThatThrownBy(() -> pool.execute(ran::incrementAndGet)).isSameAs(bang);
            fail[0] = false;
            Throwable[] atFork = new Throwable[1];
            int got = pool.invoke(() -> {
                fail[0] = true;
                try {
                    Strand.fork(ran::incrementAndGet);
                } catch (IllegalStateException e) {
                    atFork[0] = e;
                }
                fail[0] = false;
                return Strand.fork(() -> 7).join();
            });
            assertThat(atFork[0]).isSameAs(bang);
            assertThat(got).isEqualTo(7);
            assertThat(ran.get()).isZero();
        }
    }

    @Test
    void shutdownNowReturnsTheCommandsThemselves() throws Exception {
        Propagator p = new Propagator();
        StrandPool pool = StrandPool.builder().parallelism(1).contextPropagator(p).build();
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
        running.await();
        Runnable queued = () -> { };
        pool.execute(queued);
        List<Runnable> never = pool.shutdownNow();
        release.countDown();
        assertThat(never).containsExactly(queued);
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void theCommonPoolsPropagatorIsNamedByAProperty() {
        assertThat(CommonPool.propagator(null)).isNull();
        assertThat(CommonPool.propagator(Propagator.class.getName())).isInstanceOf(Propagator.class);
        assertThatThrownBy(() -> CommonPool.propagator("no.such.Propagator"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(StrandPool.COMMON_CONTEXT_PROPAGATOR_PROPERTY).hasMessageContaining("not found");
        assertThatThrownBy(() -> CommonPool.propagator(String.class.getName()))
                .hasMessageContaining("does not implement");
        assertThatThrownBy(() -> CommonPool.propagator(NoDefault.class.getName()))
                .hasMessageContaining("no-argument constructor");
    }

    /** Has no no-argument constructor. */
    public static final class NoDefault implements ContextPropagator<String> {
        public NoDefault(String unused) { }

        @Override
        public String capture() {
            return null;
        }

        @Override
        public String install(String context) {
            return null;
        }
    }
}
