package dev.strand.workloads;

import dev.strand.Multiprogramming;
import dev.strand.PoolConfig;
import dev.strand.StrandPool;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The executors a kernel runs on, all of the same parallelism: a Strand pool (default settings, or
 * the scheduler settings it was opened with, e.g. another deque), a
 * {@code ForkJoinPool(P)} (default settings) and, when asked, a {@code ThreadPoolExecutor(P, P)}
 * with an unbounded queue. Only the pools a kernel's variants need are started. Close to stop them.
 */
public final class Pools implements AutoCloseable {
    private final int parallelism;
    private final StrandPool strand;
    private final ForkJoinPool fjp;
    private final ThreadPoolExecutor tpe;
    private final List<Thread> fjpThreads;
    private final Consumer<PoolConfig.Tuning.Builder> tuning;
    private static final AtomicInteger SEQ = new AtomicInteger();

    private Pools(int parallelism, StrandPool strand, ForkJoinPool fjp, ThreadPoolExecutor tpe,
            List<Thread> fjpThreads, Consumer<PoolConfig.Tuning.Builder> tuning) {
        this.parallelism = parallelism;
        this.tuning = tuning;
        this.strand = strand;
        this.fjp = fjp;
        this.tpe = tpe;
        this.fjpThreads = fjpThreads;
    }

    /**
     * Starts the pools that {@code variants} need (STRAND: a Strand pool; FJP: a ForkJoinPool;
     * TPE: a ThreadPoolExecutor).
     *
     * @param parallelism workers per pool, {@code >= 1}
     * @param variants    the variants that will run
     * @return the pools
     */
    public static Pools open(int parallelism, Collection<Variant> variants) {
        return open(parallelism, variants, Pools::defaults);
    }

    /**
     * Starts the pools that {@code variants} need, the Strand pool with scheduler settings.
     *
     * @param parallelism workers per pool, {@code >= 1}
     * @param variants    the variants that will run
     * @param tuning      sets the Strand pool's {@link PoolConfig.Tuning} (e.g. its deque)
     * @return the pools
     */
    public static Pools open(int parallelism, Collection<Variant> variants,
            Consumer<PoolConfig.Tuning.Builder> tuning) {
        return open(parallelism, variants, tuning, Multiprogramming.AUTO);
    }

    /**
     * Starts the pools that {@code variants} need, the Strand pool with scheduler settings and a
     * multiprogrammed mode.
     *
     * @param parallelism      workers per pool, {@code >= 1}
     * @param variants         the variants that will run
     * @param tuning           sets the Strand pool's {@link PoolConfig.Tuning} (e.g. its deque)
     * @param multiprogramming the Strand pool's {@link Multiprogramming} mode
     * @return the pools
     */
    public static Pools open(int parallelism, Collection<Variant> variants,
            Consumer<PoolConfig.Tuning.Builder> tuning, Multiprogramming multiprogramming) {
        if (tuning == null || multiprogramming == null) {
            throw new NullPointerException("tuning and multiprogramming must not be null");
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, got " + parallelism);
        }
        StrandPool s = variants.contains(Variant.STRAND)
                ? StrandPool.builder().name("bench" + SEQ.incrementAndGet()).parallelism(parallelism)
                        .tuning(tuning).multiprogramming(multiprogramming).build()
                : null;
        List<Thread> created = new CopyOnWriteArrayList<>();
        ForkJoinPool f = null;
        if (variants.contains(Variant.FJP)) {
            // the defaults of new ForkJoinPool(p), with a factory that remembers the workers
            f = new ForkJoinPool(parallelism, pool -> {
                ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                created.add(t);
                return t;
            }, null, false);
        }
        ThreadPoolExecutor t = null;
        if (variants.contains(Variant.TPE)) {
            t = new ThreadPoolExecutor(parallelism, parallelism, 0L, TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>());
            t.prestartAllCoreThreads();
        }
        return new Pools(parallelism, s, f, t, created, tuning);
    }

    /**
     * Pools with only the given Strand pool (no ForkJoinPool, no ThreadPoolExecutor), for a tool
     * that configures the pool itself (the profiler runs kernels on profiling pools). The pool is
     * closed with these pools.
     *
     * @param strand a started Strand pool
     * @return the pools
     */
    public static Pools of(StrandPool strand) {
        if (strand == null) {
            throw new NullPointerException("strand must not be null");
        }
        return new Pools(strand.parallelism(), strand, null, null, List.of(), Pools::defaults);
    }

    /**
     * @param v a variant
     * @return whether the executor that {@code v} runs on was started
     */
    public boolean has(Variant v) {
        return switch (v) {
            case STRAND -> strand != null;
            case FJP -> fjp != null;
            case TPE -> tpe != null;
            case SERIAL, CEILING -> true;
        };
    }

    /** The Strand pool's default settings: changes nothing. */
    private static void defaults(PoolConfig.Tuning.Builder t) {
        // default settings
    }

    /**
     * @return the scheduler settings the Strand pool was opened with, for a kernel that opens
     *     more pools like these (none for {@link #of})
     */
    public Consumer<PoolConfig.Tuning.Builder> tuning() {
        return tuning;
    }

    /** @return the parallelism of every pool */
    public int parallelism() {
        return parallelism;
    }

    /** @return the Strand pool */
    public StrandPool strand() {
        if (strand == null) {
            throw new IllegalStateException("no Strand pool: the kernel did not list the strand variant");
        }
        return strand;
    }

    /** @return the ForkJoinPool */
    public ForkJoinPool fjp() {
        if (fjp == null) {
            throw new IllegalStateException("no ForkJoinPool: the kernel did not list fjp or jdk");
        }
        return fjp;
    }

    /** @return the ThreadPoolExecutor */
    public ThreadPoolExecutor tpe() {
        if (tpe == null) {
            throw new IllegalStateException("no ThreadPoolExecutor: the kernel did not list tpe");
        }
        return tpe;
    }

    /** @return whether the Strand pool was started */
    public boolean hasStrand() {
        return strand != null;
    }

    /** @return whether the ForkJoinPool was started */
    public boolean hasFjp() {
        return fjp != null;
    }

    /** @return the Strand pool's worker threads (found by name) */
    public List<Thread> strandThreads() {
        String prefix = "strand-" + strand().name() + "-worker-";
        List<Thread> l = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix)) {
                l.add(t);
            }
        }
        return l;
    }

    /** @return the ForkJoinPool's worker threads, every one it created (alive or not) */
    public List<Thread> fjpThreads() {
        fjp();
        return List.copyOf(fjpThreads);
    }

    /**
     * @param v {@link Variant#STRAND} or {@link Variant#FJP}
     * @return the summed CPU time, in ns, of that pool's threads (0 for any other variant)
     */
    public long cpuNanos(Variant v) {
        return switch (v) {
            case STRAND -> threadCpuNanos(strandThreads());
            case FJP -> threadCpuNanos(fjpThreads());
            default -> 0L;
        };
    }

    /** @return the summed CPU time of {@code threads} in ns (threads that ended count 0) */
    public static long threadCpuNanos(List<Thread> threads) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long s = 0;
        for (Thread t : threads) {
            long c = mx.getThreadCpuTime(t.threadId());
            if (c > 0) {
                s += c;
            }
        }
        return s;
    }

    /** Shuts every pool down and waits for it to terminate. */
    @Override
    public void close() {
        if (strand != null) {
            strand.close();
        }
        if (fjp != null) {
            fjp.close();
        }
        if (tpe != null) {
            tpe.close();
        }
    }
}
