package dev.strand;

import dev.strand.deque.ChaseLevDeque;
import dev.strand.deque.Injector;
import dev.strand.internal.sleep.ControlWord;
import dev.strand.internal.sleep.SleepCoordinator;
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
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A work-stealing fork-join pool: P workers, each owning a Chase-Lev deque, plus a FIFO submission
 * queue ({@link Injector}) for work from outside. See the package documentation for the design.
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
 * <p>It is an {@link java.util.concurrent.ExecutorService} with the standard contract: tasks
 * accepted before {@link #shutdown()} run to completion; {@link #shutdownNow()} cancels queued ones
 * and interrupts running ones; {@link #close()} shuts down and waits.
 */
public final class StrandPool extends AbstractExecutorService implements AutoCloseable {

    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;
    private static final int TERMINATED = 3;

    private final PoolConfig config;
    private final Worker[] workers;
    private final ChaseLevDeque<Runnable>[] deques;
    private final SleepCoordinator sleep;
    /** Tasks from outside the pool; workers take them in batches onto their own deques. */
    private final Injector<Runnable> submissions = new Injector<>();
    private final AtomicInteger runState = new AtomicInteger(RUNNING);
    /** Checked under the injector's lock: a submission is queued only while RUNNING. */
    private final BooleanSupplier accepting = () -> runState.get() == RUNNING;
    private final AtomicInteger liveWorkers;
    private final CountDownLatch terminated = new CountDownLatch(1);
    /** Set by shutdownNow: tasks still queued at termination are cancelled rather than run. */
    private volatile boolean stopNow;

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
        this.config = Objects.requireNonNull(config, "config must not be null");
        int p = config.parallelism();
        this.sleep = new SleepCoordinator(p, config.maxSearchers());
        this.workers = new Worker[p];
        @SuppressWarnings("unchecked")
        ChaseLevDeque<Runnable>[] ds = (ChaseLevDeque<Runnable>[]) new ChaseLevDeque<?>[p];
        for (int i = 0; i < p; i++) {
            int owner = i;                        // sharing work that thieves may wait for: wake one
            ds[i] = new ChaseLevDeque<>(256, config.splitDeques(), () -> sleep.workPublished(owner));
        }
        this.deques = ds;
        Runnable[] steals = new Runnable[p * Worker.STEAL_SLOT_SPACING];
        long[] bases = new long[p * Worker.BASE_SLOT_SPACING];
        for (int i = 0; i < p; i++) {
            workers[i] = new Worker(this, i, workers, ds, steals, bases, sleep, config);
            sleep.register(i, workers[i]);
        }
        this.liveWorkers = new AtomicInteger(p);
        for (Worker w : workers) {
            w.start();
        }
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

    /** @return the number of workers */
    public int parallelism() {
        return workers.length;
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
     * Runs a task in this pool and returns its result (see {@link #invoke(Supplier)}).
     *
     * @param task an unforked task
     * @param <T>  result type
     * @return the result
     */
    public <T> T invoke(Task<T> task) {
        Objects.requireNonNull(task, "task must not be null");
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            task.claimFor(this);
            w.runTask(task);
            return task.join();
        }
        submit(task);
        if (Thread.currentThread() instanceof Worker) {
            task.awaitBlocking(0L);               // a worker of another pool: block, do not help
        }
        return task.join();
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
        task.claimFor(this);
        enqueue(task);
        return task;
    }

    /**
     * Runs {@code command} asynchronously. A plain Runnable is queued as it is, without a Task around
     * it: nobody can wait for it, so a wrapper would only cost memory (24 bytes per queued command).
     * If it throws, the exception goes to the worker's uncaught-exception handler (by default
     * printed to standard error, as ThreadPoolExecutor and ForkJoinPool do) and the worker goes on.
     *
     * @throws RejectedExecutionException if the pool is shut down
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command must not be null");
        if (command instanceof Task<?> t) {
            submit(t);
        } else {
            enqueue(command);
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
        return submit(new Tasks.RunnableTask(runnable));
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

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks)
            throws InterruptedException {
        Objects.requireNonNull(tasks, "tasks must not be null");
        for (Callable<T> c : tasks) {
            Objects.requireNonNull(c, "tasks must not contain null");
        }
        return super.invokeAll(tasks);
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
            throws InterruptedException, ExecutionException {
        Objects.requireNonNull(tasks, "tasks must not be null");
        for (Callable<T> c : tasks) {
            Objects.requireNonNull(c, "tasks must not contain null");
        }
        return super.invokeAny(tasks);
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        Objects.requireNonNull(tasks, "tasks must not be null");
        return super.invokeAny(tasks, timeout, unit);
    }

    /**
     * Queues a task from outside. Accepted means it will run or, after {@link #shutdownNow()}, be
     * returned: the run state is checked under the injector's lock, and shutdown changes it under
     * the same lock, so a submission racing with shutdown is either queued before it or rejected.
     */
    private void submitExternal(Runnable t) {
        if (!submissions.offer(t, accepting)) {
            throw rejected(t);
        }
        sleep.workPublishedByVolatileWrite(-1);  // the offer's tail store was volatile (P1)
    }

    /** Cancels the rejected task, so that a caller who keeps its handle cannot wait forever. */
    private RejectedExecutionException rejected(Runnable r) {
        if (r instanceof Task<?> t) {
            t.cancel(false);
        }
        return new RejectedExecutionException("StrandPool '" + name() + "' is shut down; "
                + "it accepts no new tasks");
    }

    /** Takes external work: the oldest submission, and a batch of the next ones onto {@code dest}. */
    Runnable takeExternal(ChaseLevDeque<Runnable> dest) {
        return submissions.stealBatchAndPop(dest, EXTERNAL_BATCH, workers.length);
    }

    /** The most submissions one worker moves to its deque at a time (Go's globrunqget caps at 128). */
    static final int EXTERNAL_BATCH = 32;

    boolean externalQueueEmpty() {
        return submissions.isEmpty();
    }

    /** @return whether any queue holds work (a snapshot; used by the sleep protocol's step S1) */
    boolean workVisible() {
        if (!submissions.isEmpty()) {
            return true;
        }
        for (ChaseLevDeque<Runnable> d : deques) {
            if (d.hasStealable()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Queues {@code r}, a task a joiner stole but may not run, for any worker: it was accepted
     * already, so it is queued even after shutdown.
     */
    void requeue(Runnable r) {
        submissions.offer(r, () -> true);
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

    void workerExited(Worker w) {
        if (liveWorkers.decrementAndGet() == 0) {
            runState.set(TERMINATED);
            // Nothing is queued from outside after SHUTDOWN (offers check the state under the
            // injector's lock), so this finds work only if the quiescence check raced a last
            // batch; what it finds was accepted, so it runs, unless shutdownNow asked to cancel
            // what never started.
            Runnable r;
            while ((r = submissions.steal()) != null) {
                if (!stopNow) {
                    w.runTask(r);
                } else if (r instanceof Task<?> t) {
                    t.cancel(false);
                }
            }
            terminated.countDown();
        } else {
            sleep.wakeAll();                      // make sure the others see STOP promptly
        }
    }

    @Override
    public void shutdown() {
        boolean[] changed = new boolean[1];
        submissions.whileLocked(() -> changed[0] = runState.compareAndSet(RUNNING, SHUTDOWN));
        if (changed[0]) {
            sleep.wakeAll();                      // idle workers re-check for quiescence
        }
    }

    /**
     * Stops the pool: queued tasks that have not started are cancelled and returned, running tasks'
     * threads are interrupted, and workers exit as soon as their current task returns.
     *
     * @return the tasks that never started
     */
    @Override
    public List<Runnable> shutdownNow() {
        stopNow = true;
        submissions.whileLocked(() -> {
            int s;
            while ((s = runState.get()) < STOP && !runState.compareAndSet(s, STOP)) {
                Thread.onSpinWait();
            }
        });
        List<Runnable> never = new ArrayList<>();
        Runnable r;
        while ((r = submissions.steal()) != null) {
            neverStarted(r, never);
        }
        for (Worker w : workers) {
            while ((r = w.deque.stealOrNull()) != null || !w.deque.isEmpty()) {
                if (r != null) {
                    neverStarted(r, never);
                }
            }
            if (w != Thread.currentThread()) {
                w.interrupt();
            }
        }
        sleep.wakeAll();
        return never;
    }

    /** A queued element taken by shutdownNow: a plain Runnable is returned; a Task, if cancelled. */
    private static void neverStarted(Runnable r, List<Runnable> never) {
        if (!(r instanceof Task<?> t) || t.cancel(false)) {
            never.add(r);
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
     * Shuts down and waits for all tasks to finish.
     *
     * @throws IllegalStateException if called from one of this pool's workers (it would wait for
     *                               itself)
     */
    @Override
    public void close() {
        if (Thread.currentThread() instanceof Worker w && w.pool == this) {
            throw new IllegalStateException("close() from one of the pool's own workers would wait "
                    + "for itself");
        }
        shutdown();
        boolean interrupted = false;
        while (!isTerminated()) {
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

    /** @return a snapshot of every worker's counters */
    public PoolStats stats() {
        List<WorkerStats> list = new ArrayList<>(workers.length);
        for (Worker w : workers) {
            list.add(w.snapshot());
        }
        return new PoolStats(workers.length, list, submissions.size());
    }

    /** @return a readable dump of the pool's state: run state, idle control word, every worker */
    public String dump() {
        StringBuilder sb = new StringBuilder();
        String[] states = {"RUNNING", "SHUTDOWN", "STOP", "TERMINATED"};
        sb.append("StrandPool '").append(name()).append("' ").append(states[runState.get()])
                .append(", parallelism=").append(workers.length)
                .append(", steal=").append(config.stealPolicy())
                .append(", join=").append(config.joinPolicy())
                .append(", ").append(ControlWord.toString(sleep.controlWord()))
                .append(", queued external=").append(submissions.size()).append('\n');
        for (Worker w : workers) {
            WorkerStats s = w.snapshot();
            sb.append(String.format("  %-28s %-9s deque=%-6d tasks=%-10d steals=%-8d parks=%d%n",
                    w.getName(), s.sleeping() ? "sleeping" : w.getState().toString().toLowerCase(),
                    s.dequeSize(), s.tasksRun(), s.steals(), s.parks()));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "StrandPool[" + name() + ", parallelism=" + workers.length + "]";
    }
}
