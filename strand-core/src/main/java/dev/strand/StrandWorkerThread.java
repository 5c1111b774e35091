package dev.strand;

import dev.strand.internal.worker.Worker;
import java.util.Objects;

/**
 * A thread of a {@link StrandPool}: every worker and spare thread of a pool is one. A pool makes
 * them with its {@linkplain PoolConfig.Builder#threadFactory thread factory}, which may return this
 * class, set up as it likes (name, daemon, priority, context class loader, uncaught-exception
 * handler), or a subclass of it, as a {@link java.util.concurrent.ForkJoinWorkerThread} is made by
 * a {@code ForkJoinWorkerThreadFactory}.
 *
 * <p>The thread is the worker: the scheduler keeps its per-thread state (the deque, the join
 * frames, the counters) in this object, so that {@link Strand#fork} and {@link Strand#join} find
 * it with one type check of {@link Thread#currentThread()}, with no lookup. That is why a pool
 * cannot run on the threads of a plain {@link java.util.concurrent.ThreadFactory}, and why its
 * threads are never virtual threads (a subclass of {@link Thread} makes platform threads).
 *
 * <pre>{@code
 * StrandPool pool = StrandPool.builder().name("render")
 *         .threadFactory(seed -> {
 *             StrandWorkerThread t = new StrandWorkerThread(seed);
 *             t.setName("render-" + seed.index());
 *             t.setPriority(Thread.NORM_PRIORITY - 1);
 *             return t;
 *         })
 *         .build();
 * }</pre>
 *
 * <p>A factory must return a new, unstarted thread made from the {@link Seed} it was given; the
 * pool starts it. A subclass may override {@link #onStart()} and {@link #onTermination()}, which
 * run on the thread itself; the scheduling loop ({@link #run()}) and the scheduler's methods are
 * final.
 *
 * <p>A factory that throws, returns null, a thread already started or one not made from its seed
 * makes the call that needed the thread throw an {@link IllegalStateException} naming the pool,
 * and the pool stays usable: {@link PoolConfig.Builder#build()} for a worker (no thread of the
 * pool has started); {@link Strand#blocking} for a spare (its call is not run, the task fails
 * with the exception, what it would have waited for still runs, and the next block asks the
 * factory again); the submission or fork that woke a slot whose thread ended after the
 * keep-alive (the work is queued already and runs once a thread starts). A join that wanted a
 * spare only to keep the parallelism up waits without one, and the failure goes to the
 * uncaught-exception handler.
 */
// "exports": the superclass is the engine's Worker, in an unexported package, on purpose (see the
// design notes, "Worker threads and the thread factory"): its members stay out of clients' reach.
@SuppressWarnings("exports")
public class StrandWorkerThread extends Worker {

    /**
     * Makes the threads of a pool: set with {@link PoolConfig.Builder#threadFactory}. Called for
     * each core worker as the pool starts, again when a worker thread starts after the pool's
     * keep-alive ended an idle one, and for each spare thread the pool starts while workers block
     * in {@link Strand#blocking}: possibly on any thread that hands work to the pool, a worker
     * included, so it must be quick and must not wait for the pool. While the pool is being
     * built, the pool a seed names is not finished: read its name and configuration only.
     */
    @FunctionalInterface
    public interface Factory {
        /**
         * @param seed what the new thread is made from: pass it to the
         *             {@link StrandWorkerThread#StrandWorkerThread(Seed) constructor}
         * @return a new, unstarted thread made from {@code seed}
         */
        StrandWorkerThread newThread(Seed seed);
    }

    /**
     * What the pool gives its {@link Factory} for one thread: which pool and which slot the thread
     * is for. It makes exactly one thread.
     */
    public static final class Seed {
        final StrandPool pool;
        final int index;
        /** Whether a thread was made from this seed: it makes one. Read and written by the factory's thread. */
        private boolean used;

        Seed(StrandPool pool, int index) {
            this.pool = pool;
            this.index = index;
        }

        /** @return the pool the thread is for */
        public StrandPool pool() {
            return pool;
        }

        /**
         * @return the slot the thread is for: below the parallelism for a worker (the same slot
         *     may get a new thread after the keep-alive), at or above it for a spare
         */
        public int index() {
            return index;
        }

        /** @return whether the thread is a spare, started to stand in for a worker that blocks */
        public boolean spare() {
            return index >= pool.config().parallelism();
        }

        Seed claim() {
            if (used) {
                throw new IllegalStateException("a StrandWorkerThread.Seed makes one thread: this one, for "
                        + "worker " + index + " of StrandPool '" + pool.name() + "', made one already");
            }
            used = true;
            return this;
        }

        @Override
        public String toString() {
            return "Seed[pool=" + pool.name() + ", index=" + index + "]";
        }
    }

    /** The seed this thread was made from, or null for the pool's default thread (made without one). */
    private final Seed seed;

    /**
     * A worker thread named {@code strand-<pool>-worker-<index>}, with the pool's daemon flag,
     * stack size and uncaught-exception handler, inheriting no {@link InheritableThreadLocal}
     * values; a factory may change any of these before it returns the thread.
     *
     * @param seed what the pool gave the factory
     * @throws NullPointerException if {@code seed} is null
     * @throws IllegalStateException if {@code seed} made a thread already
     */
    // "this-escape": the engine's constructor registers the thread with the pool's own objects
    // and sets the pool's defaults, before a subclass's fields are set, as Thread's does.
    @SuppressWarnings("this-escape")
    public StrandWorkerThread(Seed seed) {
        super(Objects.requireNonNull(seed, "seed must not be null").claim().pool, seed.pool.access, seed.index,
                seed.pool.workers, seed.pool.deques, seed.pool.board, seed.pool.sleep, seed.pool.settings);
        this.seed = seed;
    }

    /** The pool's default thread: no seed, so a pool without a factory loads no class for one. */
    private StrandWorkerThread(StrandPool pool, int index) {
        super(pool, pool.access, index, pool.workers, pool.deques, pool.board, pool.sleep, pool.settings);
        this.seed = null;
    }

    /** @return the pool this thread works for */
    public final StrandPool pool() {
        return (StrandPool) ((Worker) this).pool;
    }

    /** @return this thread's slot in its pool (see {@link Seed#index()}) */
    public final int poolIndex() {
        return index;
    }

    /** @return whether this is a spare thread (see {@link Seed#spare()}) */
    public final boolean isSpare() {
        return index >= pool().config().parallelism();
    }

    /**
     * Makes slot {@code i}'s thread through the pool's factory and checks what it returns, so that
     * a faulty factory is named as the cause: it returned null, a thread already started, or one
     * not made from the seed it was given, or it threw.
     *
     * <p>Invariant: the thread returned is unstarted and made for this pool and slot {@code i},
     * and no other slot holds it.
     *
     * @param pool the pool
     * @param i    the slot, whose deque exists
     * @return a new, unstarted thread for slot {@code i}
     * @throws IllegalStateException naming the pool if the factory failed or returned a wrong thread
     */
    static StrandWorkerThread make(StrandPool pool, int i) {
        Factory factory = pool.config().threadFactory();
        if (factory == null) {
            return new StrandWorkerThread(pool, i);
        }
        Seed s = new Seed(pool, i);
        StrandWorkerThread t;
        try {
            t = factory.newThread(s);
        } catch (VirtualMachineError e) {
            throw e;                              // out of memory or stack: nothing to add
        } catch (Throwable e) {
            throw FactoryFailure.of(what(pool, i) + " threw " + e, e);
        }
        if (t == null) {
            throw FactoryFailure.of(what(pool, i) + " returned null", null);
        }
        if (t.seed != s) {
            throw FactoryFailure.of(what(pool, i) + " returned '" + t.getName() + "', a thread not made from the "
                    + "seed it was given: it must return a new StrandWorkerThread(seed) (or subclass) each call", null);
        }
        if (t.getState() != Thread.State.NEW) {
            throw FactoryFailure.of(what(pool, i) + " returned '" + t.getName()
                    + "', a thread already started: the pool starts its threads itself", null);
        }
        return t;
    }

    private static String what(StrandPool pool, int i) {
        return "StrandPool '" + pool.name() + "': the thread factory, asked for "
                + (i < pool.config().parallelism() ? "worker " : "spare thread ") + i + ",";
    }

    /**
     * What a faulty factory causes: an {@link IllegalStateException} naming the pool. Made and
     * recognised only through its own static methods, so that the classes that throw or catch
     * it do not load it until a factory fails.
     */
    static final class FactoryFailure extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        private FactoryFailure(String message, Throwable cause) {
            super(message, cause);
        }

        static IllegalStateException of(String message, Throwable cause) {
            return new FactoryFailure(message, cause);
        }

        static boolean is(Throwable e) {
            return e instanceof FactoryFailure;
        }
    }

    /**
     * Runs on this thread before it takes any task, after the pool's
     * {@linkplain PoolConfig.Builder#onWorkerStart start hook}: for per-thread setup such as
     * thread-local state or registering with a monitoring agent. What it throws goes to the
     * uncaught-exception handler and the thread works anyway. Does nothing by default.
     */
    @Override
    protected void onStart() { }

    /**
     * Runs on this thread as the last thing before it exits (at shutdown, after the keep-alive,
     * or a spare's), before the pool's {@linkplain PoolConfig.Builder#onWorkerExit exit hook}.
     * What it throws goes to the uncaught-exception handler. Does nothing by default.
     */
    @Override
    protected void onTermination() { }
}
