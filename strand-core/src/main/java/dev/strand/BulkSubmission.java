package dev.strand;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link StrandPool}'s {@code invokeAll} and {@code invokeAny}: each callable becomes an
 * interruptible task, submitted to the pool; the caller waits as {@link Task#get()} does (helping,
 * in a worker).
 *
 * <p>Invariants: every task this class created is done or cancelled when a call returns or
 * throws (an interrupt, a rejection or a deadline cancels the rest, with an interrupt if they
 * run); {@code invokeAny} submits no more tasks once one has succeeded.
 */
final class BulkSubmission {
    private BulkSubmission() { }

    /** {@link StrandPool#invokeAll(Collection)}. */
    static <T> List<Future<T>> invokeAll(StrandPool pool, Collection<? extends Callable<T>> tasks)
            throws InterruptedException {
        List<Task<T>> fs = newTasks(tasks);
        boolean done = false;
        try {
            for (Task<T> f : fs) {
                pool.submit(f);
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

    /** {@link StrandPool#invokeAll(Collection, long, TimeUnit)}. */
    static <T> List<Future<T>> invokeAll(StrandPool pool, Collection<? extends Callable<T>> tasks,
            long timeout, TimeUnit unit) throws InterruptedException {
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
                pool.submit(f);
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

    static <T> T invokeAny(StrandPool pool, Collection<? extends Callable<T>> tasks, long deadline)
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
                pool.submit(f);
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
    static final class FirstSuccess<T> extends Task<T> {
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
    static <T> List<Task<T>> newTasks(Collection<? extends Callable<T>> tasks) {
        Objects.requireNonNull(tasks, "tasks must not be null");
        List<Task<T>> fs = new ArrayList<>(tasks.size());
        for (Callable<T> c : tasks) {
            fs.add(new Tasks.CallableTask<>(Objects.requireNonNull(c, "tasks must not contain null")));
        }
        return fs;
    }

    static void cancelAll(List<? extends Task<?>> fs) {
        for (Task<?> f : fs) {
            f.cancel(true);
        }
    }
}
