package dev.strand;

import dev.strand.internal.worker.Worker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** Adapters from functional interfaces to {@link Task}. */
final class Tasks {

    // Each wrapper is made by a factory of its own class, which callers name (Tasks.SupplierTask.wrap):
    // the verifier then loads a wrapper class when its factory first runs, not when the caller's
    // class is linked, and no other (a program that never submits a Callable never loads
    // CallableTask). A factory here that returned `new X(...)` as a Task would make the verifier
    // load X to check the assignment when it links this class, that is, every wrapper at the
    // first use of any of them; and this class itself would be one more to load.

    private Tasks() { }

    /**
     * A task submitted through the {@code ExecutorService} API ({@code submit(Callable)},
     * {@code submit(Runnable)}, {@code newTaskFor}, so {@code invokeAll} and {@code invokeAny}):
     * it records the thread running it, and {@code cancel(true)} interrupts that thread, as
     * {@code FutureTask} does and as {@code ForkJoinPool} does for such tasks since JDK 19. Forked
     * tasks are not of this kind: the fork path stays free of the two extra writes.
     *
     * <p>The interrupt must reach the task, never another task of the same worker: neither a later
     * one, nor one that the worker runs inside this task's wait ({@code get}, {@code join},
     * {@code invokeAll} help by running the pool's tasks, nested on this task's stack). So
     * {@link #runner} has five values: null (not running), the running thread (this task's own
     * code is the innermost on it), {@link #SUSPENDED} (its worker runs another task nested in
     * it), {@link #OWED} (cancelled with an interrupt while suspended) and {@link #INTERRUPTING}.
     *
     * <ul>
     *   <li>The canceller interrupts only after moving the runner from the thread to
     *       {@link #INTERRUPTING} by CAS, and sets it to null when done. It moves
     *       {@link #SUSPENDED} to {@link #OWED} instead, and sends nothing.</li>
     *   <li>Before its worker runs a nested task, the runner moves itself from the thread to
     *       {@link #SUSPENDED} by CAS ({@link #suspend}); after it, back to the thread
     *       ({@link #resume}), or, finding {@link #OWED}, to null, and interrupts itself: the
     *       interrupt is delivered once this task's own code is innermost again. If the canceller
     *       won the first CAS, its interrupt is this task's: the runner clears the flag while the
     *       nested task runs and sets it again after.</li>
     *   <li>The runner leaves {@link #compute()} only after moving it from itself to null by
     *       CAS, or, if the canceller got there first, after the canceller finished.</li>
     * </ul>
     *
     * <p>The canceller's CAS of the outcome and the runner's store of itself are a Dekker pair
     * with the reads that follow them (all volatile): either the canceller sees the runner, or the
     * runner sees the cancellation and skips the body. The cancellation's interrupt is then
     * cleared, unless the flag was already set when the task started (a task helped inside
     * another's wait leaves that wait's flag as it found it). The forks that this task joins and
     * that its worker runs inline at the join are its own computation, not suspended.
     */
    abstract static class InterruptibleTask<T> extends Task<T> {
        private static final VarHandle RUNNER;
        /** The canceller is interrupting the runner; the runner must not leave until it is done. */
        private static final Object INTERRUPTING = new Object();
        /** Running, but its worker runs another task nested in it: an interrupt now would hit that one. */
        private static final Object SUSPENDED = new Object();
        /** Cancelled with an interrupt while suspended: the runner interrupts itself when it resumes. */
        private static final Object OWED = new Object();

        /** {@link #suspend}'s outcomes, for {@link #resume}. */
        static final int SUSPENDED_HERE = 0;
        /** The cancellation's interrupt had been sent: the flag is cleared, set again at resume. */
        static final int INTERRUPT_HELD = 1;
        /** The cancellation's interrupt had been sent and its flag consumed: nothing to restore. */
        static final int INTERRUPT_DONE = 2;

        static {
            try {
                RUNNER = MethodHandles.lookup().findVarHandle(InterruptibleTask.class, "runner", Object.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** null, the running thread, {@link #SUSPENDED}, {@link #OWED} or {@link #INTERRUPTING}. */
        private volatile Object runner;

        /** The body. */
        abstract T call() throws Exception;

        @Override
        protected final T compute() throws Exception {
            Thread t = Thread.currentThread();
            boolean flagAtStart = t.isInterrupted();
            runner = t;                           // volatile: the Dekker store (see the class comment)
            Worker w = t instanceof Worker wk ? wk : null;
            // Run directly (run()) by another interruptible task's own code: that one is suspended.
            Runnable outer = w == null ? null : w.swapInterruptible(this);
            int outerState = outer == null ? SUSPENDED_HERE : ((InterruptibleTask<?>) outer).suspend();
            try {
                if (isDone()) {
                    return null;                  // cancelled before it started: the outcome is kept
                }
                return call();
            } finally {
                if (!RUNNER.compareAndSet(this, t, null)) {
                    awaitInterrupter(flagAtStart);
                }
                if (w != null) {
                    w.swapInterruptible(outer);
                    if (outer != null) {
                        ((InterruptibleTask<?>) outer).resume(outerState);
                    }
                }
            }
        }

        /**
         * A canceller is interrupting this thread: wait until it is done, then drop its interrupt.
         * A task that an error left suspended (its resume never ran) was sent no interrupt.
         */
        private void awaitInterrupter(boolean flagAtStart) {
            Object r = awaitNotInterrupting();
            if (r != null) {
                runner = null;                    // SUSPENDED or OWED: nothing was sent
            } else if (!flagAtStart) {
                Thread.interrupted();             // the cancellation's interrupt, delivered: done with
            }
        }

        /** @return the runner once no canceller is interrupting */
        @SuppressWarnings("ThreadPriorityCheck") // spin, then yield to a descheduled canceller
        private Object awaitNotInterrupting() {
            Object r;
            for (int spins = 0; (r = runner) == INTERRUPTING; spins++) {
                if (spins < 64) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();               // the canceller may have been descheduled
                }
            }
            return r;
        }

        /**
         * This task's worker is about to run another task nested in it (on the runner's thread,
         * while this task's own code is the innermost). A cancel(true) from now on leaves the
         * interrupt owed instead of sending it.
         *
         * @return how to {@link #resume}
         */
        int suspend() {
            Object r = runner;
            if (r instanceof Thread t && RUNNER.compareAndSet(this, t, SUSPENDED)) {
                return SUSPENDED_HERE;
            }
            // The canceller won: its interrupt is (or is about to be) this thread's. It is this
            // task's, so the nested task must not see it: hold it until the nested task returns.
            awaitNotInterrupting();
            assert runner == null : "Invariant: only the canceller moves a running task off its thread";
            return Thread.interrupted() ? INTERRUPT_HELD : INTERRUPT_DONE;
        }

        /**
         * The nested task returned: this task's own code is the innermost again. An interrupt owed
         * or held for it is delivered now.
         *
         * @param how what {@link #suspend} returned
         */
        void resume(int how) {
            Thread t = Thread.currentThread();
            if (how == SUSPENDED_HERE) {
                if (!RUNNER.compareAndSet(this, SUSPENDED, t)) {
                    assert runner == OWED : "Invariant: only a cancel moves a suspended runner";
                    runner = null;                // as after an interrupt the canceller sent
                    t.interrupt();
                }
            } else if (how == INTERRUPT_HELD) {
                t.interrupt();
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (!tryCancel()) {
                return isCancelled();
            }
            if (mayInterruptIfRunning) {
                interruptRunner();
            }
            return true;
        }

        /** Interrupts the runner if this task's own code is the innermost on it, else owes it. */
        private void interruptRunner() {
            for (;;) {
                Object r = runner;
                if (r instanceof Thread t) {
                    if (RUNNER.compareAndSet(this, t, INTERRUPTING)) {
                        try {
                            t.interrupt();
                        } finally {
                            runner = null;        // releases the runner (awaitInterrupter, suspend)
                        }
                        return;
                    }
                } else if (r == SUSPENDED) {
                    if (RUNNER.compareAndSet(this, SUSPENDED, OWED)) {
                        return;                   // the runner interrupts itself when it resumes
                    }
                } else {
                    return;                       // not running (null), or left suspended by an error
                }
            }                                     // the runner moved between the read and the CAS
        }
    }

    /** {@code submit(Runnable)}: an interruptible task with a null result. */
    static final class SubmittedRunnable extends InterruptibleTask<Void> {
        private final Runnable body;

        static Task<?> wrap(Runnable body) {
            return new SubmittedRunnable(body);
        }

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

        static <T> Task<T> wrap(Supplier<? extends T> body) {
            return new SupplierTask<>(body);
        }

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

        static Task<Void> wrap(Runnable body) {
            return new RunnableTask(body);
        }

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

        static <T> Task<T> wrap(Runnable body, T result) {
            return new RunnableValueTask<>(body, result);
        }

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

        static <T> Task<T> wrap(Callable<? extends T> body) {
            return new CallableTask<>(body);
        }

        CallableTask(Callable<? extends T> body) {
            this.body = Objects.requireNonNull(body, "task body (Callable) must not be null");
        }

        @Override
        T call() throws Exception {
            return body.call();
        }
    }
}
