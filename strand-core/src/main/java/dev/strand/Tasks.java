package dev.strand;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** Adapters from functional interfaces to {@link Task}. */
final class Tasks {
    private Tasks() { }

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
     * A Runnable with no result: one field, so the object is 24 bytes, not 32 (with compressed
     * references); a spawn loop of a million forks is largely a garbage-collection benchmark.
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

    /** A Runnable with a given result ({@code submit(runnable, result)}). */
    static final class RunnableValueTask<T> extends Task<T> {
        private final Runnable body;
        private final T result;

        RunnableValueTask(Runnable body, T result) {
            this.body = Objects.requireNonNull(body, "task body (Runnable) must not be null");
            this.result = result;
        }

        @Override
        protected T compute() {
            body.run();
            return result;
        }
    }

    static final class CallableTask<T> extends Task<T> {
        private final Callable<? extends T> body;

        CallableTask(Callable<? extends T> body) {
            this.body = Objects.requireNonNull(body, "task body (Callable) must not be null");
        }

        @Override
        protected T compute() throws Exception {
            return body.call();
        }
    }
}
