package dev.strand.workloads.async;

import dev.strand.StrandPool;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Async throughput: {@code n} tiny fire-and-forget tasks (each increments its thread's slot of a
 * {@link SlotCounter}, which no other thread writes)
 * submitted with {@code execute}, in one of three patterns:
 * <ul>
 *   <li>{@code external}: the calling thread, which is not a pool thread, submits all of them;</li>
 *   <li>{@code task}: one task running in the pool submits all of them;</li>
 *   <li>{@code tree}: task i submits tasks 2i+1 and 2i+2 (a binary tree of submissions);</li>
 *   <li>{@code chain}: task i submits task i+1 and ends (an asynchronous chain: one task is
 *       runnable at a time, so this measures the latency of a hand-over, not throughput). With
 *       {@code runnext=1} the Strand variant's pool puts each submission in its worker's run-next
 *       slot ({@code Tuning.runNext}).</li>
 * </ul>
 * The caller then waits until all have run (polling the counter every 20 us) and checks that
 * exactly {@code n} ran. Variants: Strand, ForkJoinPool(P) and ThreadPoolExecutor(P). The score
 * is time; tasks/s = n / time.
 */
public final class AsyncWorkload extends Workload {
    /** Submission patterns. */
    public enum Mode { EXTERNAL, TASK, TREE, CHAIN }

    /** A run that makes no progress for this long fails (a lost task would otherwise hang). */
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(20);

    final Mode mode;
    final int n;
    /** chain: whether the Strand variant uses a pool with run-next slots (its own pool). */
    final boolean runNext;
    private StrandPool own;
    final SlotCounter done = new SlotCounter();
    final Runnable tiny = done::increment;

    AsyncWorkload(Mode mode, int n, boolean runNext) {
        this.mode = mode;
        this.n = n;
        this.runNext = runNext;
    }

    /** @return the kernel for {@code mode} ({@code async-external}, {@code async-task}, {@code async-tree}) */
    public static Kernel kernel(Mode mode) {
        String name = "async-" + mode.name().toLowerCase(Locale.ROOT);
        String how = switch (mode) {
            case EXTERNAL -> "submitted from one outside thread";
            case TASK -> "submitted from one pool task";
            case TREE -> "submitted as a binary tree (each task submits two)";
            case CHAIN -> "in a chain (each task submits the next and ends)";
        };
        if (mode == Mode.CHAIN) {
            return new Kernel(name, "async latency: n tiny tasks " + how + "; vs FJP and ThreadPoolExecutor",
                    List.of(new Kernel.Param("n", "tasks", "10000", "2000000", "10000000"),
                            new Kernel.Param("runnext", "1: the Strand pool uses run-next slots; 0: its deques",
                                    "0", "0", "0")),
                    p -> new AsyncWorkload(mode, p.getInt("n", 1, Integer.MAX_VALUE),
                            p.getInt("runnext", 0, 1) == 1));
        }
        return new Kernel(name, "async throughput: n tiny tasks " + how + "; vs FJP and ThreadPoolExecutor",
                List.of(new Kernel.Param("n", "tasks", "10000", "10000000", "20000000")),
                p -> new AsyncWorkload(mode, p.getInt("n", 1, Integer.MAX_VALUE), false));
    }

    @Override
    public String name() {
        return "async-" + mode.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String params() {
        return mode == Mode.CHAIN ? "n=" + n + " runnext=" + (runNext ? 1 : 0) : "n=" + n;
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        if (runNext && pools.hasStrand()) {
            own = StrandPool.builder().parallelism(pools.parallelism()).name("chain-runnext")
                    .tuning(t -> t.runNext(true)).build();
        }
    }

    @Override
    public void close() {
        if (own != null) {
            own.close();
            own = null;
        }
        super.close();
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.STRAND, Variant.FJP, Variant.TPE);
    }

    @Override
    public void prepare(Variant v) {
        done.reset();
    }

    Executor executor(Variant v) {
        return switch (v) {
            case STRAND -> own != null ? own : pools.strand();
            case FJP -> pools.fjp();
            case TPE -> pools.tpe();
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public Object run(Variant v) {
        Executor ex = executor(v);
        switch (mode) {
            case EXTERNAL -> {
                for (int i = 0; i < n; i++) {
                    ex.execute(tiny);
                }
            }
            case TASK -> ex.execute(() -> {
                for (int i = 0; i < n; i++) {
                    ex.execute(tiny);
                }
            });
            case TREE -> ex.execute(new Node(ex, 0));
            case CHAIN -> ex.execute(new Link(ex, 0));
            default -> throw new IllegalStateException();
        }
        return await();
    }

    /** One task of the tree: counts itself, submits its two children. */
    final class Node implements Runnable {
        final Executor ex;
        final int i;

        Node(Executor ex, int i) {
            this.ex = ex;
            this.i = i;
        }

        @Override
        public void run() {
            done.increment();
            long c = 2L * i + 1;
            if (c < n) {
                ex.execute(new Node(ex, (int) c));
                if (c + 1 < n) {
                    ex.execute(new Node(ex, (int) c + 1));
                }
            }
        }
    }

    /** One link of the chain: counts itself, submits the next. */
    final class Link implements Runnable {
        final Executor ex;
        final int i;

        Link(Executor ex, int i) {
            this.ex = ex;
            this.i = i;
        }

        @Override
        public void run() {
            done.increment();
            if (i + 1 < n) {
                ex.execute(new Link(ex, i + 1));
            }
        }
    }

    /** Waits until n tasks ran; fails if the count stops moving. */
    long await() {
        long last = -1;
        long since = System.nanoTime();
        while (true) {
            long c = done.sum();
            if (c >= n) {
                return c;
            }
            long now = System.nanoTime();
            if (c != last) {
                last = c;
                since = now;
            } else if (now - since > STALL_NANOS) {
                throw new WrongResultException(name() + ": only " + c + " of " + n
                        + " tasks completed, no progress for " + STALL_NANOS / 1_000_000_000 + " s");
            }
            LockSupport.parkNanos(20_000);
        }
    }

    @Override
    public void check(Variant v, Object result) {
        long c = Math.max((Long) result, done.sum());
        WrongResultException.expect(name() + " " + v.label() + " completed tasks", c, n);
    }

    @Override
    public Units units() {
        return new Units(n, "tasks");
    }
}
