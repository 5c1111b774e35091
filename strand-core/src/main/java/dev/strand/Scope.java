package dev.strand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CompletionException;

/**
 * A region in which tasks are spawned freely and all are awaited at its end; see
 * {@link Strand#scope}. Spawned tasks may themselves spawn into the same scope.
 *
 * <p>Implementation: a join counter. It starts at 1 (the body itself), each spawn adds 1, each
 * finished task subtracts 1, and the body's end subtracts its own 1; whoever brings it to 0
 * completes the scope's latch task, which the owner awaits with an ordinary greedy join.
 */
public final class Scope {
    private static final VarHandle PENDING;
    private static final VarHandle FAILURE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PENDING = l.findVarHandle(Scope.class, "pending", int.class);
            FAILURE = l.findVarHandle(Scope.class, "failure", Throwable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final StrandPool pool;
    private final Latch latch = new Latch();
    private volatile int pending = 1;
    private volatile Throwable failure;
    private volatile boolean closed;

    Scope(StrandPool pool) {
        this.pool = pool;
        latch.claimFor(pool);
    }

    /**
     * Spawns a task in this scope.
     *
     * @param body the task's work
     * @throws IllegalStateException if the scope has ended, or if called outside this scope's pool
     */
    public void spawn(Runnable body) {
        Objects.requireNonNull(body, "spawned task must not be null");
        if (closed) {
            throw new IllegalStateException("spawn() on a scope that has already ended");
        }
        Worker w = Worker.current("Scope.spawn()");
        if (w.pool != pool) {
            throw new IllegalStateException("Scope.spawn() from a worker of another pool");
        }
        PENDING.getAndAdd(this, 1);
        w.fork(new Member(body));
    }

    void fail(Throwable e) {
        if (!FAILURE.compareAndSet(this, null, e)) {
            Throwable first = failure;
            if (first != e) {
                synchronized (first) {
                    first.addSuppressed(e);
                }
            }
        }
    }

    private void arrive() {
        if ((int) PENDING.getAndAdd(this, -1) == 1) {
            latch.exec();
        }
    }

    void sync(Worker w) {
        arrive();                                 // the body's own count
        if (latch.pending()) {
            w.awaitJoin(latch);
        }
        closed = true;
        Throwable e = failure;
        if (e != null) {
            throw e instanceof CompletionException ce ? ce : new CompletionException(e);
        }
    }

    /** One spawned task: runs its body, records a failure, and counts itself out. */
    private final class Member extends Task<Void> {
        private final Runnable body;

        Member(Runnable body) {
            this.body = body;
        }

        @Override
        protected Void compute() {
            try {
                body.run();
            } catch (Throwable e) {
                fail(e);
            } finally {
                arrive();
            }
            return null;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean c = super.cancel(mayInterruptIfRunning);
            // Members are never exposed; only shutdownNow cancels one, after taking it out of a
            // deque, so a successful cancel means it will never run: count it out here.
            if (c) {
                fail(new java.util.concurrent.CancellationException("scope task cancelled"));
                arrive();
            }
            return c;
        }
    }

    /** Completed when the count reaches 0; awaited by the scope's owner. */
    private static final class Latch extends Task<Void> {
        @Override
        protected Void compute() {
            return null;
        }
    }
}
