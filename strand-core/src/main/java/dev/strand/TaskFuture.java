package dev.strand;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The future of {@link Task#toCompletableFuture()} and of every stage that depends on it
 * ({@link #newIncompleteFuture()}): a {@link CompletableFuture} whose waits are safe inside a
 * task. {@code CompletableFuture.join} and {@code get} compensate a blocked thread only when it is
 * a {@code ForkJoinWorkerThread}; on a Strand worker they would hold the worker, and on a pool of
 * one worker wait for ever for a task queued behind them. Here a wait that starts on a worker of
 * a Strand pool first joins the task itself (a join runs the task, or helps its thief, as
 * {@link Task#join()} does), and otherwise (a dependent stage, a task of another pool) waits
 * through {@link Strand#blocking}, which keeps the pool's parallelism while it waits. Off a
 * worker, and once the future is done, these are {@code CompletableFuture}'s own methods.
 *
 * <p>Futures made elsewhere (by {@code CompletableFuture.supplyAsync(f, pool)}, for instance) are
 * the JDK's own class and cannot be changed: wrap their waits in {@code Strand.blocking}.
 *
 * @param <T> the result type
 */
final class TaskFuture<T> extends CompletableFuture<T> {
    /** The task this future reports, or null for a dependent stage. */
    private final Task<?> task;

    TaskFuture(Task<?> task) {
        this.task = task;
    }

    /**
     * @param task the task to report
     * @return a new future for it, typed as its superclass: a caller that only names that type
     *     makes the verifier load no TaskFuture when the caller is linked
     */
    static <T> CompletableFuture<T> of(Task<T> task) {
        return new TaskFuture<>(task);
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new TaskFuture<>(null);
    }

    @Override
    public T join() {
        if (!isDone() && Strand.inWorker() && !joinedTask()) {
            return Strand.blocking(super::join);
        }
        return super.join();
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        if (!isDone() && Strand.inWorker() && !joinedTask()) {
            Strand.blocking(() -> {
                try {
                    return super.get();
                } catch (ExecutionException e) {
                    return null;                  // the outcome: the get() below reports it
                }
            });
        }
        return super.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException,
            TimeoutException {
        if (!isDone() && Strand.inWorker()) {
            Strand.blocking(() -> {
                try {
                    return super.get(timeout, unit);
                } catch (ExecutionException | TimeoutException e) {
                    return null;                  // the outcome: reported below
                }
            });
            if (!isDone()) {
                throw new TimeoutException("not completed within " + timeout + " " + unit);
            }
        }
        return super.get(timeout, unit);          // done by now: returns or throws at once
    }

    /**
     * Joins the task itself when it belongs to the calling worker's pool: a join runs the task
     * or helps its thief, needing no extra thread. Its completion runs the callback that
     * completes this future; what is left of the wait (that callback, on the completing thread)
     * is short.
     *
     * @return whether the task was joined
     */
    private boolean joinedTask() {
        return task != null && task.awaitInOwnPool();
    }
}
