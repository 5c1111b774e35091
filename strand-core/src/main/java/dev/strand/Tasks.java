package dev.strand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** Adapters from functional interfaces to {@link Task}. */
final class Tasks {
    private Tasks() { }

    /**
     * A task submitted through the {@code ExecutorService} API ({@code submit(Callable)},
     * {@code submit(Runnable)}, {@code newTaskFor}, so {@code invokeAll} and {@code invokeAny}):
     * it records the thread running it, and {@code cancel(true)} interrupts that thread, as
     * {@code FutureTask} does and as {@code ForkJoinPool} does for such tasks since JDK 19. Forked
     * tasks are not of this kind: the fork path stays free of the two extra writes.
     *
     * <p>The interrupt must reach the task, never a later task of the same worker. So the
     * canceller interrupts only after moving {@link #runner} from the thread to
     * {@link #INTERRUPTING} by CAS, and sets it to null when done; the runner leaves
     * {@link #compute()} only after moving it from itself to null by CAS, or, if the canceller got
     * there first, after the canceller finished. The canceller's CAS of the outcome and the
     * runner's store of itself are a Dekker pair with the reads that follow them (all volatile):
     * either the canceller sees the runner, or the runner sees the cancellation and skips the body.
     * The cancellation's interrupt is then cleared, unless the flag was already set when the task
     * started (a task helped inside another's wait leaves that wait's flag as it found it).
     */
    abstract static class InterruptibleTask<T> extends Task<T> {
        private static final VarHandle RUNNER;
        /** The canceller is interrupting the runner; the runner must not leave until it is done. */
        private static final Object INTERRUPTING = new Object();

        static {
            try {
                RUNNER = MethodHandles.lookup().findVarHandle(InterruptibleTask.class, "runner", Object.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** null (not running), the running thread, or {@link #INTERRUPTING}. */
        private volatile Object runner;

        /** The body. */
        abstract T call() throws Exception;

        @Override
        protected final T compute() throws Exception {
            Thread t = Thread.currentThread();
            boolean flagAtStart = t.isInterrupted();
            runner = t;                           // volatile: the Dekker store (see the class comment)
            try {
                if (isDone()) {
                    return null;                  // cancelled before it started: the outcome is kept
                }
                return call();
            } finally {
                if (!RUNNER.compareAndSet(this, t, null)) {
                    awaitInterrupter(flagAtStart);
                }
            }
        }

        /** A canceller is interrupting this thread: wait until it is done, then drop its interrupt. */
        @SuppressWarnings("ThreadPriorityCheck") // spin, then yield to a descheduled canceller
        private void awaitInterrupter(boolean flagAtStart) {
            for (int spins = 0; runner == INTERRUPTING; spins++) {
                if (spins < 64) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();               // the canceller may have been descheduled
                }
            }
            if (!flagAtStart) {
                Thread.interrupted();             // the cancellation's interrupt, delivered: done with
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (!tryCancel()) {
                return isCancelled();
            }
            if (mayInterruptIfRunning && runner instanceof Thread t
                    && RUNNER.compareAndSet(this, t, INTERRUPTING)) {
                try {
                    t.interrupt();
                } finally {
                    runner = null;                // releases the runner (awaitInterrupter)
                }
            }
            return true;
        }
    }

    /** {@code submit(Runnable)}: an interruptible task with a null result. */
    static final class SubmittedRunnable extends InterruptibleTask<Void> {
        private final Runnable body;

        SubmittedRunnable(Runnable body) {
            this.body = Objects.requireNonNull(body, "task body (Runnable) must not be null");
        }

        @Override
        Void call() {
            body.run();
            return null;
        }
    }

    static final class SupplierTask<T> extends Task<T> {
        private final Supplier<? extends T> body;

        SupplierTask(Supplier<? extends T> body) {
            this.body = Objects.requireNonNull(body, "task body (Supplier) must not be null");
        }

        @Override
        protected T compute() {
            return body.get();
        }
    }

    /**
     * A forked Runnable with no result ({@code Strand.fork(Runnable)}): one field, so the object is
     * 24 bytes, not 32 (with compressed references); a spawn loop of a million forks is largely a
     * garbage-collection benchmark. Submissions use {@link SubmittedRunnable}.
     */
    static final class RunnableTask extends Task<Void> {
        private final Runnable body;

        RunnableTask(Runnable body) {
            this.body = Objects.requireNonNull(body, "task body (Runnable) must not be null");
        }

        @Override
        protected Void compute() {
            body.run();
            return null;
        }
    }

    /** A Runnable with a given result ({@code submit(runnable, result)}, {@code newTaskFor}). */
    static final class RunnableValueTask<T> extends InterruptibleTask<T> {
        private final Runnable body;
        private final T result;

        RunnableValueTask(Runnable body, T result) {
            this.body = Objects.requireNonNull(body, "task body (Runnable) must not be null");
            this.result = result;
        }

        @Override
        T call() {
            body.run();
            return result;
        }
    }

    /** {@code submit(Callable)}, {@code newTaskFor}, {@code invokeAll}, {@code invokeAny}. */
    static final class CallableTask<T> extends InterruptibleTask<T> {
        private final Callable<? extends T> body;

        CallableTask(Callable<? extends T> body) {
            this.body = Objects.requireNonNull(body, "task body (Callable) must not be null");
        }

        @Override
        T call() throws Exception {
            return body.call();
        }
    }
}
