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
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.sleep.SleepCoordinator;
import dev.strand.internal.steal.StealBoard;
import dev.strand.internal.victim.Locality;
import dev.strand.internal.worker.Contexts;
import dev.strand.internal.worker.PoolAccess;
import dev.strand.internal.worker.Worker;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.Timeline;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
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

    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;
    private static final int TERMINATED = 3;

    private final PoolConfig config;
    /** Whether this is the {@link #commonPool()}, which shutting down does not stop. */
    private final boolean common;
    /**
     * Slot i's current Worker. A slot whose thread retired after the keep-alive gets a new Worker
     * when it is woken, so slots are read and written with volatile semantics ({@link #worker}).
     */
    private final Worker[] workers;
    private static final java.lang.invoke.VarHandle WORKERS =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(Worker[].class);
    /**
     * A spare slot's deque is created when the slot is first started, and the slots in use
     * ({@code inUse}) may already cover a slot whose start another activation has not finished:
     * loops over slots read the deque with acquire semantics ({@link #deque}) and skip a null one,
     * which holds nothing. The start publishes it with a release store.
     */
    private static final java.lang.invoke.VarHandle DEQUES =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(WorkerDeque[].class);
    private final WorkerDeque<Runnable>[] deques;
    private final SleepCoordinator sleep;
    private final StealBoard board;
    /** The core workers' run-next slots ({@code Tuning.runNext}), or null. */
    private final NextSlots nexts;
    private final Internals access;
    /** Blocking calls that waited; spare threads started; blocks at the spare cap (statistics). */
    private final java.util.concurrent.atomic.LongAdder blocks = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder spareStarts = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder uncompensated = new java.util.concurrent.atomic.LongAdder();
    /** Tasks from outside the pool; workers take them in batches onto their own deques. */
    private final Injector<Runnable> submissions = new Injector<>();
    private final AtomicInteger runState = new AtomicInteger(RUNNING);
    /** Checked under the injector's lock: a submission is queued only while RUNNING. */
    @SuppressWarnings("UnnecessaryLambda") // one object for every submission (a method reference would allocate per call)
    private final BooleanSupplier accepting = new Accepting();
    /** Checked under the injector's lock: a task's overflow or a requeued element until STOP. */
    private final BooleanSupplier notStopped = new NotStopped();
    private final AtomicInteger liveWorkers;
    /**
     * {@code shutdownNow} calls under way: termination waits for them, so that the pool is never
     * terminated while a queued submission is neither run nor returned yet, and stopping workers
     * wait for them before they handle what is left in their deques.
     */
    private final AtomicInteger stopDrains = new AtomicInteger();
    private final CountDownLatch terminated = new CountDownLatch(1);
    /** Set by shutdownNow (before {@link #stopDrains} is released): queued tasks are not run. */
    private volatile boolean stopNow;
    /** The work/span profiler, or null when the pool does not profile. */
    final PoolProfiler profiler;
    /** The configuration's context propagator, as the engine uses it; null if it has none. */
    private final Contexts contexts;

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

    private StrandPool(PoolConfig config, boolean common) {
        this.config = Objects.requireNonNull(config, "config must not be null");
        this.common = common;
        int p = config.parallelism();
        int slots = p + config.maxSpares();       // spare slots get a deque and a thread when first used
        this.access = new Internals();
        this.sleep = new SleepCoordinator(p, config.maxSpares(), config.tuning().maxSearchers(), access);
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
        this.profiler = config.profile() || System.getProperty(Profiling.PROPERTY) != null
                ? Profiling.start(config.name(), p, config.timeline()) : null;
        this.board = new StealBoard(slots, Locality.of(config.tuning(), p));
        this.nexts = config.tuning().runNext() ? new NextSlots(p) : null;
        for (int i = 0; i < p; i++) {
            workers[i] = new Worker(this, access, i, workers, ds, board, sleep, config);
            sleep.register(i, workers[i]);
        }
        this.liveWorkers = new AtomicInteger(p);
        Oversubscription.add(p);                  // each thread removes itself as it exits
        for (int i = 0; i < p; i++) {
            workers[i].start();
        }
    }

    private WorkerDeque<Runnable> newDeque(int owner) {
        Runnable onShare = new WakeOnShare(sleep, owner);
        PoolConfig.Tuning t = config.tuning();
        if (t.deque() == DequeKind.BWOS) {
            // Thieves that find only the owner's private block ask it to grant the block (Lace's
            // remedy): without it a worker holding fewer tasks than a block would share none. And
            // a push when nothing is stealable grants at once: sleeping thieves do not ask.
            return new BwosDeque<>(t.bwosBlocks(), t.bwosBlockSize(), true, true, onShare);
        }
        return new ChaseLevDeque<>(256, t.splitDeques(), onShare);
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
        return Thread.currentThread() instanceof Worker w ? w.pool : commonPool();
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
        StrandPool p = CommonHolder.POOL;
        if (p == null) {
            throw new IllegalStateException(CommonHolder.PROBLEM);
        }
        return p;
    }

    /** Lazily creates the common pool (class initialization is the lock); never throws. */
    private static final class CommonHolder {
        static final String PROBLEM;
        static final StrandPool POOL;

        static {
            String problem = null;
            StrandPool pool = null;
            try {
                int p = commonParallelism(System.getProperty(COMMON_PARALLELISM_PROPERTY),
                        Runtime.getRuntime().availableProcessors());
                ContextPropagator<?> contexts = commonPropagator(System.getProperty(COMMON_CONTEXT_PROPAGATOR_PROPERTY));
                pool = new StrandPool(builder().name("common").parallelism(p).daemon(true)
                        .contextPropagator(contexts).config(), true);
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
            PROBLEM = problem;
            POOL = pool;
        }
    }

    /**
     * @param value      the {@value #COMMON_PARALLELISM_PROPERTY} property, or null
     * @param processors the default
     * @return the common pool's parallelism
     * @throws IllegalArgumentException naming the property if {@code value} is not an integer in
     *                                  [1, 32767]
     */
    static int commonParallelism(String value, int processors) {
        if (value == null) {
            return processors;
        }
        int p;
        try {
            p = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + COMMON_PARALLELISM_PROPERTY
                    + " must be an integer, got '" + value + "'");
        }
        if (p < 1 || p > 32767) {
            throw new IllegalArgumentException("-D" + COMMON_PARALLELISM_PROPERTY
                    + " must be in [1, 32767], got " + p);
        }
        return p;
    }

    /**
     * @param className the {@value #COMMON_CONTEXT_PROPAGATOR_PROPERTY} property, or null
     * @return a new instance of that class, or null if the property is unset
     * @throws IllegalArgumentException naming the property if the class cannot be made into one
     */
    static ContextPropagator<?> commonPropagator(String className) {
        if (className == null || className.isBlank()) {
            return null;
        }
        String where = "-D" + COMMON_CONTEXT_PROPAGATOR_PROPERTY + "=" + className;
        Class<?> c;
        try {
            c = Class.forName(className.trim(), true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException(where + ": class not found (" + e + ")");
        }
        if (!ContextPropagator.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException(where + ": " + c.getName() + " does not implement "
                    + ContextPropagator.class.getName());
        }
        try {
            return (ContextPropagator<?>) c.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException(where + ": cannot create it with a public no-argument "
                    + "constructor (" + (e.getCause() != null ? e.getCause() : e) + ")");
        }
    }

    /** @return whether this is the {@link #commonPool()} */
    public boolean isCommonPool() {
        return common;
    }

    /**
     * Runs {@code body} in the common pool for a thread that is not a worker and rethrows what it
     * threw as it is, so that the fork/join vocabulary fails the same way off a worker as on one.
     */
    static <T> T invokeCommon(Supplier<? extends T> body) {
        Object[] thrown = new Object[1];
        T r = commonPool().invoke(() -> {
            try {
                return body.get();
            } catch (Throwable e) {
                thrown[0] = e;
                return null;
            }
        });
        Throwable e = (Throwable) thrown[0];      // the join in invoke orders the write before this
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return r;
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
        invoke(new Tasks.RunnableTask(body));
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
        return submit(new Tasks.CallableTask<>(callable));
    }

    @Override
    public Task<?> submit(Runnable runnable) {
        return submit(new Tasks.SubmittedRunnable(runnable));
    }

    @Override
    public <T> Task<T> submit(Runnable runnable, T result) {
        return submit(new Tasks.RunnableValueTask<>(runnable, result));
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new Tasks.CallableTask<>(callable);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return new Tasks.RunnableValueTask<>(runnable, value);
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
        List<Task<T>> fs = newTasks(tasks);
        boolean done = false;
        try {
            for (Task<T> f : fs) {
                submit(f);
            }
            for (Task<T> f : fs) {
                if (!f.isDone()) {
                    f.awaitUntil(0L);
                }
            }
            done = true;
            return new ArrayList<>(fs);
        } finally {
            if (!done) {
                cancelAll(fs);                    // interrupted or rejected: stop the others
            }
        }
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
        long nanos = unit.toNanos(timeout);
        List<Task<T>> fs = newTasks(tasks);
        long deadline = Task.deadlineAfter(nanos);
        boolean done = false;
        try {
            boolean inTime = true;
            for (Task<T> f : fs) {
                if (deadline - System.nanoTime() <= 0L) {
                    inTime = false;               // out of time before all were submitted
                    break;
                }
                submit(f);
            }
            for (int i = 0; inTime && i < fs.size(); i++) {
                Task<T> f = fs.get(i);
                inTime = f.isDone() || f.awaitUntil(deadline);
            }
            done = true;
            if (!inTime) {
                cancelAll(fs);                    // the ones not done at the deadline
            }
            return new ArrayList<>(fs);
        } finally {
            if (!done) {
                cancelAll(fs);
            }
        }
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
            return doInvokeAny(tasks, 0L);
        } catch (TimeoutException e) {
            throw new AssertionError("an untimed invokeAny timed out", e);
        }
    }

    /** {@inheritDoc} As {@link #invokeAny(Collection)}, with a deadline. */
    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        long nanos = unit.toNanos(timeout);
        return doInvokeAny(tasks, Task.deadlineAfter(nanos));
    }

    private <T> T doInvokeAny(Collection<? extends Callable<T>> tasks, long deadline)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<Task<T>> fs = newTasks(tasks);
        if (fs.isEmpty()) {
            throw new IllegalArgumentException("invokeAny() needs at least one task");
        }
        FirstSuccess<T> first = new FirstSuccess<>(fs.size());
        try {
            for (Task<T> f : fs) {
                f.onDone(() -> first.arrive(f));
            }
            for (Task<T> f : fs) {
                if (first.isDone()) {
                    break;                        // one succeeded already: submit no more
                }
                submit(f);
            }
            if (!first.isDone() && !first.awaitUntil(deadline)) {
                throw new TimeoutException("no task of invokeAny() completed in time");
            }
            return first.get();                   // the result, or ExecutionException (all failed)
        } finally {
            cancelAll(fs);
        }
    }

    /**
     * invokeAny's outcome: completed by the first task that succeeds, or, once all have finished
     * without success, failed with the last one's exception (a cancelled task counts as failed with
     * its {@link java.util.concurrent.CancellationException}, as in AbstractExecutorService). Never
     * queued: its waiter waits on it like on a task, helping in a worker.
     */
    private static final class FirstSuccess<T> extends Task<T> {
        private final AtomicInteger left;
        private volatile T value;
        private volatile boolean succeeded;
        private volatile Throwable failure;

        FirstSuccess(int n) {
            left = new AtomicInteger(n);
        }

        /** Completion callback of task {@code f}, on the thread that completed it. */
        void arrive(Task<T> f) {
            if (!f.isCompletedAbnormally()) {
                value = f.join();                 // done: join only reads the result
                succeeded = true;
                exec();                           // before the count: the last failure sees it
            } else {
                Throwable e = f.isCancelled()
                        ? new java.util.concurrent.CancellationException("task was cancelled")
                        : f.exceptionOrNull();
                if (left.decrementAndGet() == 0) {
                    failure = e;
                    exec();                       // no-op if one succeeded meanwhile
                }
                return;
            }
            left.decrementAndGet();
        }

        @Override
        protected T compute() throws Exception {
            if (!succeeded) {
                Throwable e = failure;
                if (e instanceof Exception ex) {
                    throw ex;
                }
                if (e instanceof Error err) {
                    throw err;                    // exec records any Throwable as the outcome
                }
                throw new ExecutionException(e);  // a Throwable of neither kind
            }
            return value;
        }
    }

    /** @return an unsubmitted task per callable, after checking them all (NPE for null) */
    private static <T> List<Task<T>> newTasks(Collection<? extends Callable<T>> tasks) {
        Objects.requireNonNull(tasks, "tasks must not be null");
        List<Task<T>> fs = new ArrayList<>(tasks.size());
        for (Callable<T> c : tasks) {
            fs.add(new Tasks.CallableTask<>(Objects.requireNonNull(c, "tasks must not contain null")));
        }
        return fs;
    }

    private static void cancelAll(List<? extends Task<?>> fs) {
        for (Task<?> f : fs) {
            f.cancel(true);
        }
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
    private RejectedExecutionException rejected(Runnable r) {
        if (r instanceof Task<?> t) {
            t.cancel(false);
        }
        return new RejectedExecutionException("StrandPool '" + name() + "' is shut down; "
                + "it accepts no new tasks");
    }

    /**
     * Takes external work for worker {@code w}: the oldest submission, and a batch of the next ones
     * onto its deque; nothing once the pool is stopping ({@link #shutdownNow()} takes what is queued
     * then).
     */
    Runnable takeExternal(Worker w) {
        if (submissions.isEmpty() || !beginMove(w)) {
            return null;                          // the common idle case costs no fence
        }
        try {
            return submissions.stealBatchAndPop(w.deque, EXTERNAL_BATCH, config.parallelism());
        } finally {
            w.endMove();
        }
    }

    /**
     * Takes the oldest submission alone, for a waiting worker's help; nothing once the pool is
     * stopping. Unlike a batch, a single element needs no move handshake: its one taker runs it.
     */
    Runnable takeOneExternal() {
        if (submissions.isEmpty() || isStopping()) {
            return null;
        }
        return submissions.steal();
    }

    /**
     * Begins a move of a batch into worker {@code w}'s deque, unless the pool is stopping. The
     * volatile store of {@code w.moving}, then the read of the run state, pair with
     * {@link #shutdownNow()}'s store of STOP, then its read of {@code moving} (a Dekker pair): a
     * move either sees the stop and does not start, or {@code shutdownNow} sees it and waits for its
     * batch to land before it drains the deques. Without it, a batch claimed before the stop and
     * pushed after {@code shutdownNow} drained that deque was neither run nor returned.
     *
     * @return false if stopping (nothing begun); otherwise the caller must call {@code Worker.endMove}
     */
    boolean beginMove(Worker w) {
        assert Thread.currentThread() == w : "only a worker moves work into its own deque";
        w.moving = true;
        if (isStopping()) {
            w.endMove();
            return false;
        }
        return true;
    }

    // ---------------------------------------------------------------- blocking

    /**
     * Worker {@code w}, already counted as blocked ({@code Worker.blockDepth}), is about to block
     * in {@link Strand#blocking}: keep {@code parallelism} threads that are not blocked, that is,
     * at least as many spares out of the reserve as workers blocked. A spare already out beyond
     * the blocked ones (still running after the block it replaced ended, or asleep) covers this
     * block too, woken if it sleeps and work is waiting; otherwise one leaves the reserve, a
     * parked thread first, unless the cap is reached. May throw (a stack overflow, no thread to be
     * had) with nothing changed but the statistics; the caller's {@code finally} uncounts
     * {@code w}.
     */
    void beginBlock(Worker w) {
        w.flushNext();                            // its run-next task, stealable without a grace
        blocks.increment();
        if (!compensate() && ControlWord.sleepers(sleep.controlWord()) > 0 && workVisible()) {
            sleep.workPublished(w.index);         // the covering spare, or any sleeper, if nobody searches
        }
    }

    /**
     * Takes a spare out of the reserve if fewer are out than workers are blocked. Each blocker
     * counts itself before it calls this, and each spare that leaves calls it after it joined the
     * reserve ({@link PoolAccess#compensate}): the field stores and the control word's read-modify-writes
     * are volatile, so of two racing parties at least one sees the other, and no block is left
     * without its spare.
     *
     * @return whether a spare was taken out (or the cap stopped it, counted as uncompensated)
     */
    boolean compensate() {
        int out = sleep.sparesOut(sleep.controlWord());
        if (blockedWorkers(out + 1) <= out) {
            return false;
        }
        if (sleep.activateSpare() < 0) {
            uncompensated.increment();
        }
        return true;
    }

    /**
     * @return the workers blocked in {@link Strand#blocking} now, up to {@code atMost} (a scan:
     *     each worker counts itself in its own field)
     */
    private int blockedWorkers(int atMost) {
        int n = 0;
        for (int i = 0, m = sleep.inUse(); i < m && n < atMost; i++) {
            Worker w = worker(i);
            if (w != null && w.blockDepth > 0) {
                n++;
            }
        }
        return n;
    }

    /** @return whether more spares are out of the reserve than workers are blocked */
    boolean spareSurplus() {
        int out = sleep.sparesOut(sleep.controlWord());
        return out > 0 && out > blockedWorkers(out);
    }

    /** The most submissions one worker moves to its deque at a time (Go's globrunqget caps at 128). */
    static final int EXTERNAL_BATCH = 32;

    boolean externalQueueEmpty() {
        return submissions.isEmpty();
    }

    /** @return whether any queue holds work (a snapshot; used by the sleep protocol's step S1) */
    boolean workVisible() {
        if (!submissions.isEmpty() || (nexts != null && nexts.anyFull())) {
            return true;
        }
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            WorkerDeque<Runnable> d = deque(i);
            if (d != null && d.hasStealable()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Queues {@code r}, an element accepted already (a task a joiner stole but may not run, or one
     * its worker's bounded deque cannot hold), for any worker: it is queued even after shutdown.
     * Not once the pool is stopping: the run state is checked under the injector's lock, where
     * {@link #shutdownNow} changes it before it drains the queue, so an element queued here is
     * always drained (a check outside the lock let an offer land after the drain, and the element
     * was neither run nor returned). One refused is {@linkplain #neverRunsAfterStop handled here}.
     */
    void requeue(Runnable r) {
        if (!submissions.offer(r, notStopped)) {
            neverRunsAfterStop(r);
            return;
        }
        sleep.workPublishedByVolatileWrite(-1);
    }

    /**
     * Queues {@code r}, a new submission from one of this pool's tasks that its worker's bounded
     * deque cannot hold; rejected once the pool is stopping, as {@link #enqueue} rejects it (the
     * check is under the injector's lock, as in {@link #requeue}).
     */
    void submitOverflow(Runnable r) {
        if (!submissions.offer(r, notStopped)) {
            throw rejected(r);
        }
        sleep.workPublishedByVolatileWrite(-1);
    }

    /**
     * The runtime itself failed in a way no worker can recover from: report it and stop the pool,
     * so that callers see their tasks cancelled instead of a pool that limps.
     */
    void fail(Throwable e) {
        System.getLogger(StrandPool.class.getName()).log(System.Logger.Level.ERROR,
                "StrandPool '" + name() + "' failed and is shutting down", e);
        shutdownNow();
    }

    // ---------------------------------------------------------------- lifecycle

    boolean isStopping() {
        return runState.get() >= STOP;
    }

    /** Called by the worker that saw every worker asleep, nothing queued, after shutdown. */
    void quiescentAfterShutdown() {
        if (runState.compareAndSet(SHUTDOWN, STOP)) {   // nothing can be queued once SHUTDOWN
            sleep.wakeAll();
        }
    }

    /**
     * Starts a new thread for dormant slot {@code i}, claimed by a waker (see {@code Worker(Worker)}).
     * Counted live before it starts, so the pool cannot terminate in between.
     */
    private void revive(int i) {
        Worker old = worker(i);
        if (old == null) {                        // a spare slot's first start
            startFirst(i);
            return;
        }
        Worker w = new Worker(old);
        liveWorkers.incrementAndGet();
        boolean core = i < config.parallelism();
        if (core) {
            Oversubscription.add(1);              // a core thread again; it removes itself as it exits
        }
        try {
            WORKERS.setVolatile(workers, i, w);   // before start: shutdownNow must see the new one
            sleep.register(i, w);
            w.start();
        } catch (Throwable e) {
            WORKERS.setVolatile(workers, i, old);
            sleep.register(i, old);
            liveWorkers.decrementAndGet();
            if (core) {
                Oversubscription.remove(1);
            }
            throw e;
        }
        if (i >= config.parallelism()) {
            spareStarts.increment();
        }
    }

    /**
     * Gives spare slot {@code i} its deque and worker, makes the slot visible to the other workers'
     * loops ({@code inUse}, a volatile write after both exist), then starts the thread. If the
     * start fails, the unstarted worker stays in the slot and a later activation copies it.
     */
    private void startFirst(int i) {
        DEQUES.setRelease(deques, i, newDeque(i));
        Worker w = new Worker(this, access, i, workers, deques, board, sleep, config);
        w.searchingAtStart();
        WORKERS.setVolatile(workers, i, w);
        sleep.register(i, w);
        sleep.raiseInUse(i + 1);
        liveWorkers.incrementAndGet();
        try {
            w.start();
        } catch (Throwable e) {
            liveWorkers.decrementAndGet();
            throw e;
        }
        spareStarts.increment();
    }

    /**
     * A worker's thread retired after the keep-alive: its slot is dormant, counted as a sleeper,
     * and holds nothing. If it was the last live thread of a stopping pool, the pool terminates.
     */
    void workerRetired() {
        if (liveWorkers.decrementAndGet() == 0) {
            tryTerminate();
        }
    }

    /** @return slot {@code i}'s deque, or null if the slot was never started (see {@link #DEQUES}) */
    @SuppressWarnings("unchecked")
    private WorkerDeque<Runnable> deque(int i) {
        return (WorkerDeque<Runnable>) DEQUES.getAcquire(deques, i);
    }

    /** @return the current Worker of slot {@code i} (a revived slot has a new one) */
    private Worker worker(int i) {
        return (Worker) WORKERS.getVolatile(workers, i);
    }

    void workerExited(Worker w) {
        if (liveWorkers.decrementAndGet() == 0) {
            // Nothing is queued from outside after SHUTDOWN (offers check the state under the
            // injector's lock), so this finds work only if the quiescence check raced a last
            // batch; what it finds was accepted, so it runs. After shutdownNow, the queue is
            // shutdownNow's alone to drain: what it takes, it returns.
            Runnable r;
            while (!stopNow && (r = submissions.steal()) != null) {
                w.runTask(r);
            }
            tryTerminate();
        } else {
            sleep.wakeAll();                      // make sure the others see STOP promptly
        }
    }

    /**
     * Terminates once every worker has exited and no {@code shutdownNow} is still draining: only
     * then has every accepted task run or been returned. Called by the last worker to exit and by
     * each {@code shutdownNow} as it ends; whichever comes last terminates.
     */
    private void tryTerminate() {
        if (liveWorkers.get() == 0 && stopDrains.get() == 0
                && runState.compareAndSet(STOP, TERMINATED)) {
            if (profiler != null) {
                Profiling.finish(profiler);       // writes the report if -Dstrand.profile asked
            }
            terminated.countDown();
        }
    }

    /**
     * Called by a stopping worker before it handles what is left in its deque: waits until no
     * {@code shutdownNow} is draining, so that each queued task is either taken by
     * {@code shutdownNow} (and returned) or handled by its worker, never lost between the two.
     * Short: a drain takes a bounded number of elements.
     */
    @SuppressWarnings("ThreadPriorityCheck") // yield while a short drain by another thread ends
    void awaitStopDrains() {
        if (!stopNow) {
            return;                               // stopped by quiescence: nothing queued
        }
        while (stopDrains.get() != 0) {
            Thread.yield();
        }
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
        ToShutdown change = new ToShutdown();
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
    @SuppressWarnings("ThreadPriorityCheck") // spin, then yield, while a worker's short section ends
    public List<Runnable> shutdownNow() {
        if (common) {
            return new ArrayList<>();             // shared by the whole process: never stops
        }
        stopDrains.incrementAndGet();             // before stopNow: workers that see it wait for us
        try {
            stopNow = true;
            submissions.whileLocked(() -> {
                int s;
                while ((s = runState.get()) < STOP && !runState.compareAndSet(s, STOP)) {
                    Thread.onSpinWait();
                }
            });
            interruptWorkers();                   // first: running tasks stop pushing work
            sleep.wakeAll();
            for (int i = 0; i < sleep.inUse(); i++) {   // batches claimed before the stop land first
                Worker w = worker(i);
                for (int spins = 0; w != null && w.moving; spins++) {
                    if (spins < 64) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield();
                    }
                }
            }
            List<Runnable> never = new ArrayList<>();
            Runnable r;
            while ((r = submissions.steal()) != null) {   // nothing is queued after the stop
                neverStarted(r, never);
            }
            for (int i = 0, n = sleep.inUse(); i < n; i++) {
                WorkerDeque<Runnable> d = deque(i);
                if (d != null) {
                    drainDeque(d, never);
                }
            }
            if (nexts != null) {
                for (int i = 0; i < nexts.size(); i++) {
                    if ((r = nexts.drain(i)) != null) {
                        neverStarted(r, never);
                    }
                }
            }
            // Again: a worker may have started a queued task (a join helps with what it pops)
            // after the first interrupt; whatever was queued then has started or been taken now.
            interruptWorkers();
            return never;
        } finally {
            stopDrains.decrementAndGet();
            tryTerminate();
        }
    }

    private void interruptWorkers() {
        Thread self = Thread.currentThread();
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            Worker w = worker(i);
            if (w != null && w != self) {
                w.interrupt();
            }
        }
    }

    /**
     * Takes the elements {@code d} holds now (at most its size now: from the top, the oldest
     * first, so whatever it held then has left it afterwards, taken here, by a thief or by its
     * owner, both of which run it), ignoring what a running task pushes meanwhile.
     */
    private static void drainDeque(WorkerDeque<Runnable> d, List<Runnable> never) {
        int left = d.size();
        while (left > 0) {
            Runnable r = d.stealOrNull();
            if (r != null) {
                neverStarted(r, never);
                left--;
            } else if (d.isEmpty()) {
                return;
            }                                     // else lost a race: try again
        }
    }

    /**
     * A task a joiner stole but may not run, found after the pool began to stop (shutdownNow has
     * returned its list already): a Task is cancelled, so its joiners see it; a plain Runnable runs
     * here, since nothing could return it any more and an accepted command is never dropped.
     */
    private static void neverRunsAfterStop(Runnable r) {
        if (r instanceof Task<?> t) {
            t.cancel(false);
        } else {
            r.run();
        }
    }

    /**
     * A queued element taken by shutdownNow: a plain Runnable is returned; a user's task is
     * cancelled and returned; an internal task (a join frame, a scope member) is cancelled only, so
     * that its joiner sees the cancellation and nobody else can touch it.
     */
    private static void neverStarted(Runnable r, List<Runnable> never) {
        if (r instanceof JoinFrame || r instanceof Scope.Member<?>) {
            ((Task<?>) r).cancel(false);
        } else if (!(r instanceof Task<?> t) || t.cancel(false)) {
            never.add(r instanceof Contexts.Carried c ? c.command : r);
        }
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
        return profiler().report();
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
        Timeline t = profiler == null ? null : profiler.timeline();
        if (t == null) {
            throw new IllegalStateException("pool '" + name() + "' records no timeline: build it "
                    + "with StrandPool.builder().timeline(true)");
        }
        return t;
    }

    private PoolProfiler profiler() {
        if (profiler == null) {
            throw new IllegalStateException("pool '" + name() + "' does not profile: build it with "
                    + "StrandPool.builder().profile(true), or run with -Dstrand.profile=DIR");
        }
        return profiler;
    }

    /** @return a snapshot of every worker's counters */
    public PoolStats stats() {
        int n = sleep.inUse();
        List<WorkerStats> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Worker w = worker(i);
            list.add(w != null ? w.snapshot()
                    : new WorkerStats(i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, true, 0, 0, 0));
        }
        return new PoolStats(config.parallelism(), list, submissions.size(), blockingStats());
    }

    private BlockingStats blockingStats() {
        return new BlockingStats(blocks.sum(), spareStarts.sum(), uncompensated.sum(),
                sleep.sparesOut(sleep.controlWord()), blockedWorkers(Integer.MAX_VALUE));
    }

    /** @return a readable dump of the pool's state: run state, idle control word, every worker */
    public String dump() {
        StringBuilder sb = new StringBuilder();
        String[] states = {"RUNNING", "SHUTDOWN", "STOP", "TERMINATED"};
        sb.append("StrandPool '").append(name()).append("' ").append(states[runState.get()])
                .append(", parallelism=").append(config.parallelism())
                .append(", steal=").append(config.tuning().stealPolicy())
                .append(", join=").append(config.tuning().joinPolicy())
                .append(", ").append(ControlWord.toString(sleep.controlWord()))
                .append(", queued external=").append(submissions.size()).append('\n');
        for (int i = 0, n = sleep.inUse(); i < n; i++) {
            Worker w = worker(i);
            if (w == null) {
                continue;
            }
            WorkerStats s = w.snapshot();
            String state = sleep.isDormant(i) ? "dormant" : s.sleeping() ? "sleeping"
                    : w.getState().toString().toLowerCase(Locale.ROOT);
            sb.append(String.format("  %-28s %-9s deque=%-6d tasks=%-10d steals=%-8d parks=%d%n",
                    w.getName(), state,
                    s.dequeSize(), s.tasksRun(), s.steals(), s.parks()));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "StrandPool[" + name() + ", parallelism=" + config.parallelism() + "]";
    }

    /*
     * The pool's callbacks are named classes, not lambdas or method references: each lambda spins a
     * class at first use, milliseconds apiece in a fresh JVM, on the path to a program's first
     * result (see docs/design.md, "Start-up").
     */

    /** Whether the pool accepts submissions, asked under the submission queue's lock. */
    private final class Accepting implements BooleanSupplier {
        @Override
        public boolean getAsBoolean() {
            return runState.get() == RUNNING;
        }
    }

    /** Whether the pool has not stopped, asked under the submission queue's lock. */
    private final class NotStopped implements BooleanSupplier {
        @Override
        public boolean getAsBoolean() {
            return runState.get() < STOP;
        }
    }

    /** Moves the run state from running to shut down (under the submission queue's lock). */
    private final class ToShutdown implements Runnable {
        boolean changed;

        @Override
        public void run() {
            changed = runState.compareAndSet(RUNNING, SHUTDOWN);
        }
    }

    /** A deque shared work that thieves may be waiting for: wake one. */
    private static final class WakeOnShare implements Runnable {
        private final SleepCoordinator sleep;
        private final int owner;

        WakeOnShare(SleepCoordinator sleep, int owner) {
            this.sleep = sleep;
            this.owner = owner;
        }

        @Override
        public void run() {
            sleep.workPublished(owner);
        }
    }

    /**
     * This pool's operations for its workers (the {@link PoolAccess} of {@code internal.worker}):
     * they stay package-private here, and the workers reach them through nothing public.
     */
    private final class Internals extends PoolAccess implements SleepCoordinator.Reviver {
        @Override
        public void revive(int index) {
            StrandPool.this.revive(index);
        }


        @Override
        public Runnable takeExternal(Worker w) {
            return StrandPool.this.takeExternal(w);
        }

        @Override
        public Runnable takeOneExternal() {
            return StrandPool.this.takeOneExternal();
        }

        @Override
        public boolean externalQueued() {
            return !submissions.isEmpty();
        }

        @Override
        public boolean canCompensate() {
            long c = sleep.controlWord();
            return ControlWord.sleepers(c) > 0 || ControlWord.reserve(c) > 0;
        }

        @Override
        public boolean beginMove(Worker w) {
            return StrandPool.this.beginMove(w);
        }

        @Override
        public boolean isStopping() {
            return StrandPool.this.isStopping();
        }

        @Override
        public boolean workVisible() {
            return StrandPool.this.workVisible();
        }

        @Override
        public void requeue(Runnable r) {
            StrandPool.this.requeue(r);
        }

        @Override
        public void submitOverflow(Runnable r) {
            StrandPool.this.submitOverflow(r);
        }

        @Override
        public void fail(Throwable e) {
            StrandPool.this.fail(e);
        }

        @Override
        public void quiescentAfterShutdown() {
            StrandPool.this.quiescentAfterShutdown();
        }

        @Override
        public void awaitStopDrains() {
            StrandPool.this.awaitStopDrains();
        }

        @Override
        public void workerRetired() {
            StrandPool.this.workerRetired();
        }

        @Override
        public void workerExited(Worker w) {
            StrandPool.this.workerExited(w);
        }

        @Override
        public boolean spareSurplus() {
            return StrandPool.this.spareSurplus();
        }

        @Override
        public void compensate() {
            StrandPool.this.compensate();
        }

        @Override
        public PoolProfiler profiler() {
            return profiler;
        }

        @Override
        public Contexts contexts() {
            return contexts;
        }

        @Override
        public NextSlots nextSlots() {
            return nexts;
        }
    }
}
