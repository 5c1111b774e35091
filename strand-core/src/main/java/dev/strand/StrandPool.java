package dev.strand;

import dev.strand.internal.cpu.Oversubscription;
import dev.strand.internal.deque.BwosDeque;
import dev.strand.internal.deque.ChaseLevDeque;
import dev.strand.internal.deque.Injector;
import dev.strand.internal.deque.NextSlots;
import dev.strand.internal.deque.WorkerDeque;
import dev.strand.internal.jfr.JfrGate;
import dev.strand.internal.jfr.StrandEvents;
import dev.strand.internal.profile.PoolProfiler;
import dev.strand.internal.profile.Profiling;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.steal.StealBoard;
import dev.strand.internal.victim.Locality;
import dev.strand.internal.worker.Contexts;
import dev.strand.internal.worker.EngineSettings;
import dev.strand.internal.worker.Worker;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.Timeline;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A work-stealing fork-join pool: P workers, each owning a Chase-Lev deque (or, by
 * {@link PoolConfig.Tuning#deque()}, a bounded BWoS deque), plus a FIFO submission
 * queue for work from outside. See the package documentation for the design.
 *
 * <pre>{@code
 * try (StrandPool pool = new StrandPool(4)) {
 *     long n = pool.invoke(() -> fib(30));
 * }
 * static long fib(int n) {
 *     if (n < 2) return n;
 *     Task<Long> a = Strand.fork(() -> fib(n - 1));
 *     long b = fib(n - 2);
 *     return a.join() + b;
 * }
 * }</pre>
 *
 * <p>It is an {@link java.util.concurrent.ExecutorService} with the standard contract:
 * <ul>
 *   <li>Tasks accepted before {@link #shutdown()} run to completion. After it, submissions from
 *       outside the pool are rejected ({@link RejectedExecutionException}); a task already running
 *       in the pool may still fork, submit and execute, as in {@code ForkJoinPool}, since what it
 *       spawns is part of a computation the pool accepted. After {@link #shutdownNow()} every
 *       submission is rejected.</li>
 *   <li>{@link #shutdownNow()} interrupts the running tasks, cancels the queued ones and returns
 *       them: an accepted submission either runs or is returned. It never returns the pool's
 *       internal tasks (the frames of {@link Strand#join}, the members of a {@link Scope}); it
 *       cancels them, so their joiners see {@link java.util.concurrent.CancellationException}.</li>
 *   <li>The futures of {@code submit(Callable)}, {@code submit(Runnable)}, {@link #newTaskFor},
 *       {@code invokeAll} and {@code invokeAny} are interrupted by {@code cancel(true)} while they
 *       run (see {@link Task#cancel}); {@code invokeAny} cancels the others once one succeeded,
 *       and the timed {@code invokeAll} those not done at the deadline.</li>
 *   <li>Waiting inside the pool ({@link Task#get()}, {@code invokeAll}, {@code invokeAny},
 *       {@link #invoke} on another pool) helps: the waiting worker runs its pool's tasks meanwhile,
 *       including submissions still queued, so such waits complete even with one worker.</li>
 *   <li>{@link #isTerminated()} becomes true only once every accepted task has run or been
 *       returned, and every worker has exited; {@link #close()} shuts down and waits for it.</li>
 * </ul>
 */
public final class StrandPool extends AbstractExecutorService implements AutoCloseable {

    static final int RUNNING = 0;
    static final int SHUTDOWN = 1;
    static final int STOP = 2;
    static final int TERMINATED = 3;

    final PoolConfig config;
    /** The configuration as the workers read it. */
    final EngineSettings settings;
    /** Whether this is the {@link #commonPool()}, which shutting down does not stop. */
    final boolean common;
    /** Slot i's current Worker; a slot retired after the keep-alive gets a new one: volatile ({@link #worker}). */
    final Worker[] workers;
    static final java.lang.invoke.VarHandle WORKERS =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(Worker[].class);
    /**
     * A spare slot's deque is made at the slot's first start, which {@code inUse} may already cover:
     * loops read it with acquire ({@link #deque}) and skip a null one; the start's store releases it.
     */
    static final java.lang.invoke.VarHandle DEQUES =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(WorkerDeque[].class);
    final WorkerDeque<Runnable>[] deques;
    final SleepCoordinator sleep;
    final StealBoard board;
    /** The core workers' run-next slots ({@code Tuning.runNext}), or null. */
    final NextSlots nexts;
    final PoolInternals access;
    /** Blocking calls that waited; spares started; blocks at the spare cap. Not LongAdders: start path. */
    final AtomicLong blocks = new AtomicLong();
    final AtomicLong spareStarts = new AtomicLong();
    final AtomicLong uncompensated = new AtomicLong();
    /** Blocks left without a spare by the minimum-runnable rule (see PoolSpares.compensate). */
    final AtomicLong uncovered = new AtomicLong();
    /** Tasks from outside the pool; workers take them in batches onto their own deques. */
    final Injector<Runnable> submissions = new Injector<>();
    final AtomicInteger runState = new AtomicInteger(RUNNING);
    /** Checked under the injector's lock: a submission is queued only while RUNNING. */
    @SuppressWarnings("UnnecessaryLambda") // one object for every submission (a method reference would allocate per call)
    private final BooleanSupplier accepting = new PoolCallbacks(this, PoolCallbacks.ACCEPTING, -1);
    /** Checked under the injector's lock: a task's overflow or a requeued element until STOP. */
    final BooleanSupplier notStopped = new PoolCallbacks(this, PoolCallbacks.NOT_STOPPED, -1);
    final AtomicInteger liveWorkers;
    /**
     * {@code shutdownNow} calls under way: termination waits for them, so that the pool is never
     * terminated while a queued submission is neither run nor returned yet, and stopping workers
     * wait for them before they handle what is left in their deques.
     */
    final AtomicInteger stopDrains = new AtomicInteger();
    final CountDownLatch terminated = new CountDownLatch(1);
    /** Set by shutdownNow (before {@link #stopDrains} is released): queued tasks are not run. */
    volatile boolean stopNow;
    /** The work/span profiler, or null when the pool does not profile. */
    final PoolProfiler profiler;
    /** The configuration's context propagator, as the engine uses it; null if it has none. */
    final Contexts contexts;

    /**
     * A pool with {@code parallelism} workers and default settings.
     *
     * @param parallelism number of workers, {@code >= 1}
     * @throws IllegalArgumentException if {@code parallelism < 1}
     */
    public StrandPool(int parallelism) {
        this(builder().parallelism(parallelism).config());
    }

    /** A pool with one worker per available processor. */
    public StrandPool() {
        this(builder().config());
    }

    /**
     * A pool with the given configuration; workers start immediately and park until work arrives.
     *
     * @param config the configuration
     */
    public StrandPool(PoolConfig config) {
        this(config, false);
    }

    StrandPool(PoolConfig config, boolean common) {
        this.config = Objects.requireNonNull(config, "config must not be null");
        this.common = common;
        this.settings = config.engineSettings();
        int p = config.parallelism();
        int slots = p + config.maxSpares();       // spare slots get a deque and a thread when first used
        this.access = new PoolInternals(this);
        this.sleep = new SleepCoordinator(p, config.maxSpares(), config.experimentalMaxSearchers(), access);
        this.workers = new Worker[slots];
        @SuppressWarnings("unchecked")
        WorkerDeque<Runnable>[] ds = (WorkerDeque<Runnable>[]) new WorkerDeque<?>[slots];
        this.deques = ds;
        for (int i = 0; i < p; i++) {
            ds[i] = newDeque(i);
        }
        this.contexts = config.contextPropagator() == null ? null : new Contexts(config.contextPropagator());
        // The property is read here, not through Profiling: a pool that does not profile loads none
        // of the profiler's classes.
        boolean profile = config.profile() || System.getProperty(Profiling.PROPERTY) != null;
        if (profile) {
            Task.profilingStarts();               // before the workers start
        }
        this.profiler = profile ? Profiling.start(config.name(), p, config.timeline()) : null;
        PoolConfig.Tuning t = config.tuning();
        this.board = new StealBoard(slots, Locality.of(t.topology() == null ? null : t.topology().spec(),
                t.hierarchicalVictims(), t.stealBack(), p));
        this.nexts = config.tuning().runNext() ? new NextSlots(p) : null;
        try {
            for (int i = 0; i < p; i++) {         // all made before any starts: a failure starts none
                workers[i] = StrandWorkerThread.make(this, i);
                sleep.register(i, workers[i]);
            }
        } catch (RuntimeException | Error e) {
            if (profiler != null) {
                Profiling.finish(profiler);
            }
            throw e;
        }
        this.liveWorkers = new AtomicInteger(p);
        Oversubscription.add(p);                  // each thread removes itself as it exits
        for (int i = 0; i < p; i++) {
            workers[i].launch();
        }
    }

    WorkerDeque<Runnable> newDeque(int owner) {
        Runnable onShare = new PoolCallbacks(this, PoolCallbacks.WAKE_ON_SHARE, owner);
        PoolConfig.Tuning t = config.tuning();
        if (t.deque() == DequeKind.BWOS) {
            // Thieves that find only the owner's private block ask it to grant the block (Lace's
            // remedy): without it a worker holding fewer tasks than a block would share none. And
            // a push when nothing is stealable grants at once: sleeping thieves do not ask.
            return new BwosDeque<>(t.bwosBlocks(), t.bwosBlockSize(), true, true, onShare);
        }
        return new ChaseLevDeque<>(256, config.experimentalSplitDeques(), onShare);
    }

    // ---------------------------------------------------------------- the common pool

    /**
     * The pool that code should run its parallel work in when it does not choose one: the pool
     * of the calling worker, or the {@linkplain #commonPool() common pool} when called from any
     * other thread. This is the rule that {@link Strand#join} and its relatives follow; pass it to
     * the {@code Parallel} methods from library code that may be called inside a pool or outside
     * one ({@code Parallel.sum(StrandPool.current(), values)}), so that a call from inside a pool
     * forks into the running computation instead of blocking its worker on another pool.
     * {@link Strand#workerPool()} is the same question without the fallback: the worker's pool,
     * or {@code null}.
     *
     * @return the calling worker's pool, or the common pool
     */
    public static StrandPool current() {
        return Thread.currentThread() instanceof Worker w ? (StrandPool) w.pool : commonPool();
    }

    /** System property: the common pool's parallelism (default: the processors available). */
    public static final String COMMON_PARALLELISM_PROPERTY = "strand.common.parallelism";

    /**
     * System property: the class name of the common pool's {@link ContextPropagator}, a public
     * class with a public no-argument constructor, loaded by the system class loader (as
     * {@code java.util.concurrent.ForkJoinPool.common.threadFactory} is for ForkJoinPool).
     */
    public static final String COMMON_CONTEXT_PROPAGATOR_PROPERTY = "strand.common.contextPropagator";

    /**
     * The shared pool that {@link Strand#fork}, {@link Strand#join}, {@link Strand#scope} and
     * {@link Task#fork()} use when called from a thread that is not a Strand worker (calls from a
     * worker keep using that worker's pool). Started on first use, like ForkJoinPool's common pool
     * and Rayon's global pool. Its parallelism is the system property
     * {@value #COMMON_PARALLELISM_PROPERTY} if set, else {@link Runtime#availableProcessors()},
     * which counts the processors this process may use (CPU affinity and a container's CPU quota
     * included). Its workers are daemon threads named {@code strand-common-worker-<i>}, and, as in
     * every pool, exit after the keep-alive when it is idle. {@link #shutdown()},
     * {@link #shutdownNow()} and {@link #close()} have no effect on it: it is shared by every
     * library in the process.
     *
     * @return the common pool
     * @throws IllegalStateException if {@value #COMMON_PARALLELISM_PROPERTY} is not an integer in
     *                               [1, 32767], or {@value #COMMON_CONTEXT_PROPAGATOR_PROPERTY}
     *                               names no usable class
     */
    public static StrandPool commonPool() {
        return CommonPool.get();
    }

    /** @return whether this is the {@link #commonPool()} */
    public boolean isCommonPool() {
        return common;
    }

    /** @return a builder for a configured pool */
    public static PoolConfig.Builder builder() {
        return new PoolConfig.Builder();
    }

    /** @return this pool's configuration */
    public PoolConfig config() {
        return config;
    }

    /** @return the pool's name */
    public String name() {
        return config.name();
    }

    /** @return the number of workers (not counting spare threads that replace blocked ones) */
    public int parallelism() {
        return config.parallelism();
    }

    // ---------------------------------------------------------------- fork/join entry points

    /**
     * Runs {@code body} in this pool and returns its result. From a worker of this pool it runs
     * inline; from any other thread it is submitted and the caller blocks.
     *
     * @param body the computation (may fork and join)
     * @param <T>  result type
     * @return the result
     * @throws java.util.concurrent.CompletionException if the computation threw (cause: the original)
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <T> T invoke(Supplier<? extends T> body) {
        return invoke(Task.of(body));
    }

    /**
     * Runs {@code body} in this pool and returns when it is done: the form of
     * {@link #invoke(Supplier)} for work without a result. From a worker of this pool it runs
     * inline; from any other thread it is submitted and the caller blocks.
     *
     * @param body the computation (may fork and join)
     * @throws java.util.concurrent.CompletionException if the computation threw (cause: the original)
     * @throws RejectedExecutionException if the pool is shut down
     * @throws NullPointerException if {@code body} is null
     */
    public void invoke(Runnable body) {
        invoke(Tasks.RunnableTask.wrap(body));
    }

    /**
     * Runs a task in this pool and returns its result (see {@link #invoke(Supplier)}).
     *
     * @param task an unforked task
     * @param <T>  result type
     * @return the result
     */
    public <T> T invoke(Task<T> task) {
        Objects.requireNonNull(task, "task must not be null");
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            task.claimSubmission(this);
            if (w.prof != null) {
                task.profileFrame = w.prof.fork();    // a fork joined at once: a call
            }
            try {
                w.runTask(task);
            } catch (Throwable e) {               // the call may have overflowed on entry
                w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {task, e};
                throw e;
            }
            return task.join();
        }
        submit(task);
        if (Thread.currentThread() instanceof Worker w) {
            awaitHelping(w, task);                // a worker of another pool: serve it meanwhile
        }
        return task.join();
    }

    /**
     * Waits, not interruptibly, for {@code task} of another pool while worker {@code w} helps its
     * own pool: pool A's worker waiting here on B may be what B's task is waiting for on A.
     */
    private static void awaitHelping(Worker w, Task<?> task) {
        boolean interrupted = false;
        while (!w.awaitJoinUntil(task, 0L)) {
            interrupted |= Thread.interrupted();  // keep waiting; restore the flag at the end
        }
        if (interrupted) {
            w.interrupt();
        }
    }

    /**
     * Submits a task for asynchronous execution.
     *
     * @param task an unforked task
     * @param <T>  result type
     * @return {@code task}, now a handle to join or wait on
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <T> Task<T> submit(Task<T> task) {
        Objects.requireNonNull(task, "task must not be null");
        task.claimSubmission(this);               // atomic: of two racing submitters, one wins
        if (contexts != null) {
            captureFor(task);
        }
        if (profiler != null) {
            profileSubmission(task);
        }
        enqueue(task);
        if (profiler != null && Thread.currentThread() instanceof Worker w && w.prof != null) {
            w.prof.forked();
        }
        return task;
    }

    /**
     * Runs {@code command} asynchronously. A plain Runnable is queued as it is, without a Task around
     * it: nobody can wait for it, so a wrapper would only cost memory (24 bytes per queued command).
     * If it throws, the exception goes to the worker's uncaught-exception handler (by default
     * printed to standard error, as ThreadPoolExecutor and ForkJoinPool do) and the worker goes on.
     * A {@link Task} is submitted ({@link #submit(Task)}).
     *
     * @throws RejectedExecutionException if the pool is shut down (from a task of this pool: only
     *                                    once {@link #shutdownNow()} was called)
     * @throws IllegalStateException      if {@code command} is a task already forked, submitted or run
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command must not be null");
        if (command instanceof Task<?> t) {
            submit(t);
        } else {
            enqueue(contexts == null ? command : new Contexts.Carried(command, contexts));
        }
    }

    /** Stores the submitter's context in {@code task}; if capturing fails, the task fails with it. */
    private void captureFor(Task<?> task) {
        try {
            task.context = contexts.capture();
        } catch (RuntimeException | Error e) {
            task.abort(e);                        // claimed and never queued: nobody waits for ever
            throw e;
        }
    }

    /** Gives a submitted task its profiler frame: forked from the submitting task, or from outside. */
    private void profileSubmission(Task<?> task) {
        if (Thread.currentThread() instanceof Worker w) {
            if (w.pool == this && w.prof != null) {
                task.profileFrame = w.prof.fork();
            }                                     // from another pool: no edge to record
        } else {
            task.profileFrame = profiler.submitFromOutside();
        }
    }

    /** From one of this pool's tasks: onto that worker's deque; otherwise the submission queue. */
    private void enqueue(Runnable r) {
        if (Thread.currentThread() instanceof Worker w && w.pool == this && !isStopping()) {
            w.submitLocal(r);
        } else {
            submitExternal(r);
        }
    }

    @Override
    public <T> Task<T> submit(Callable<T> callable) {
        return submit(Tasks.CallableTask.wrap(callable));
    }

    @Override
    public Task<?> submit(Runnable runnable) {
        return submit(Tasks.SubmittedRunnable.wrap(runnable));
    }

    @Override
    public <T> Task<T> submit(Runnable runnable, T result) {
        return submit(Tasks.RunnableValueTask.wrap(runnable, result));
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return Tasks.CallableTask.wrap(callable);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return Tasks.RunnableValueTask.wrap(runnable, value);
    }

    /**
     * {@inheritDoc}
     *
     * <p>From a worker of this pool the tasks go onto its deque, like forks, and the caller helps
     * run them (and the pool's other tasks) while it waits; from a worker of another pool it serves
     * its own pool while it waits.
     */
    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks)
            throws InterruptedException {
        return BulkSubmission.invokeAll(this, tasks);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Waits as {@link #invokeAll(Collection)} does; the tasks not done at the deadline are
     * cancelled, and interrupted if they are running.
     */
    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout,
                                         TimeUnit unit) throws InterruptedException {
        return BulkSubmission.invokeAll(this, tasks, timeout, unit);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Once one task succeeded, the others are cancelled (and interrupted if running). Waits as
     * {@link #invokeAll(Collection)} does.
     */
    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
            throws InterruptedException, ExecutionException {
        try {
            return BulkSubmission.invokeAny(this, tasks, 0L);
        } catch (TimeoutException e) {
            throw new AssertionError("an untimed invokeAny timed out", e);
        }
    }

    /** {@inheritDoc} As {@link #invokeAny(Collection)}, with a deadline. */
    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        long nanos = unit.toNanos(timeout);
        return BulkSubmission.invokeAny(this, tasks, Task.deadlineAfter(nanos));
    }

    /**
     * Queues a task from outside. Accepted means it will run or, after {@link #shutdownNow()}, be
     * returned: the run state is checked under the injector's lock, and shutdown changes it under
     * the same lock, so a submission racing with shutdown is either queued before it or rejected.
     */
    private void submitExternal(Runnable t) {
        int queued = submissions.offerCounted(t, accepting);
        if (queued == 0) {
            throw rejected(t);
        }
        sleep.workPublishedByVolatileWrite(-1);  // the offer's tail store was volatile (P1)
        if (JfrGate.recorderUp()) {
            StrandEvents.submit(name(), queued);
        }
    }

    /** Cancels the rejected task, so that a caller who keeps its handle cannot wait forever. */
    RejectedExecutionException rejected(Runnable r) {
        if (r instanceof Task<?> t) {
            t.cancel(false);
        }
        return new RejectedExecutionException("StrandPool '" + name() + "' is shut down; "
                + "it accepts no new tasks");
    }

    // ---------------------------------------------------------------- blocking

    /** A worker is about to block in {@link Strand#blocking}: see {@link PoolSpares#beginBlock}. */
    void beginBlock(Worker w) {
        PoolSpares.beginBlock(this, w);
    }

    /** The most submissions one worker moves to its deque at a time (Go's globrunqget caps at 128). */
    static final int EXTERNAL_BATCH = 32;

    // ---------------------------------------------------------------- lifecycle

    boolean isStopping() {
        return runState.get() >= STOP;
    }

    /** @return slot {@code i}'s deque, or null if the slot was never started (see {@link #DEQUES}) */
    @SuppressWarnings("unchecked")
    WorkerDeque<Runnable> deque(int i) {
        return (WorkerDeque<Runnable>) DEQUES.getAcquire(deques, i);
    }

    /** @return the current Worker of slot {@code i} (a revived slot has a new one) */
    Worker worker(int i) {
        return (Worker) WORKERS.getVolatile(workers, i);
    }

    /**
     * No new submissions from outside the pool; accepted tasks still run. No effect on the
     * {@link #commonPool()}.
     */
    @Override
    public void shutdown() {
        if (common) {
            return;                               // shared by the whole process: never stops
        }
        PoolCallbacks change = new PoolCallbacks(this, PoolCallbacks.TO_SHUTDOWN, -1);
        submissions.whileLocked(change);
        if (change.changed) {
            sleep.wakeAll(true);                  // idle workers re-check for quiescence
        }
    }

    /**
     * Stops the pool (the {@link #commonPool()} excepted: there it does nothing and returns an empty
     * list): running tasks' threads are interrupted, queued tasks that have not started are
     * cancelled and returned, and workers exit as soon as their current task returns.
     *
     * <p>Every submission the pool accepted either runs or is in the returned list (plain Runnables
     * as they were given to {@code execute}, tasks cancelled). Forked tasks still queued are
     * returned if this call takes them, or cancelled by their worker; the pool's internal tasks
     * (frames of {@link Strand#join}, members of a {@link Scope}) are cancelled, never returned, so
     * their joiners see {@link java.util.concurrent.CancellationException}. The workers are
     * interrupted before their deques are drained, and each deque is drained of at most the tasks
     * it held then, so a task that forks until it is interrupted cannot hold this call up; they are
     * interrupted again after the drain, so that a queued task a worker started meanwhile (a join
     * runs what it pops) is interrupted too.
     *
     * @return the submitted (and forked) tasks that never started
     */
    @Override
    public List<Runnable> shutdownNow() {
        return common ? new ArrayList<>() : PoolShutdown.shutdownNow(this);
    }

    @Override
    public boolean isShutdown() {
        return runState.get() >= SHUTDOWN;
    }

    @Override
    public boolean isTerminated() {
        return runState.get() == TERMINATED;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            throw new IllegalStateException("awaitTermination() from one of the pool's own workers "
                    + "would wait for itself");
        }
        return terminated.await(timeout, unit);
    }

    /**
     * Shuts down and waits for all tasks to finish. No effect on the {@link #commonPool()}.
     *
     * @throws IllegalStateException if called from one of this pool's workers (it would wait for
     *                               itself)
     */
    @Override
    public void close() {
        if (common) {
            return;                               // shared by the whole process: never stops
        }
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            throw new IllegalStateException("close() from one of the pool's own workers would wait "
                    + "for itself");
        }
        shutdown();
        boolean interrupted = false;
        // The latch, not isTerminated(): the terminating thread writes the profile report
        // (-Dstrand.profile) between the two, and close() returns once it is written.
        while (terminated.getCount() != 0) {
            try {
                terminated.await();
            } catch (InterruptedException e) {
                if (!interrupted) {
                    interrupted = true;
                    shutdownNow();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------- observation

    /**
     * The work/span profile of what this pool ran so far: work, span, parallelism and burdened
     * parallelism, for everything and for each {@linkplain dev.strand.profile.Profiler#region
     * named region}, beside the measured time (see {@code docs/profiling.md}). Exact once the pool
     * is idle; while tasks run, a snapshot.
     *
     * @return the report
     * @throws IllegalStateException if the pool does not profile: build it with
     *     {@code StrandPool.builder().profile(true)}, or run with {@code -Dstrand.profile=DIR}
     */
    public ProfileReport profile() {
        return PoolObservation.profiler(this).report();
    }

    /**
     * The timeline of what this pool's workers did so far: every task longer than 10 µs as a slice
     * on its worker's track, steals as arrows from the forking worker to the thief, and parked
     * time. Take it once the pool is idle; {@link Timeline#writeChromeTrace} writes it for Perfetto.
     *
     * @return the timeline
     * @throws IllegalStateException if the pool records none: build it with
     *     {@code StrandPool.builder().timeline(true)}
     */
    public Timeline timeline() {
        return PoolObservation.timeline(this);
    }

    /** @return a snapshot of every worker's counters */
    public PoolStats stats() {
        return PoolObservation.stats(this);
    }

    /** @return a readable dump of the pool's state: run state, idle control word, every worker */
    public String dump() {
        return PoolObservation.dump(this);
    }

    @Override
    public String toString() {
        return "StrandPool[" + name() + ", parallelism=" + config.parallelism() + "]";
    }
}
