package dev.strand;

import dev.strand.internal.profile.FrameGroup;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.worker.Worker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A region in which tasks are spawned freely and all are awaited at its end; see
 * {@link Strand#scope}. Spawned tasks may themselves spawn into the same scope, and each spawn
 * returns a handle that may be joined earlier.
 *
 * <pre>{@code
 * Strand.scope(s -> {
 *     Task<Long> left = s.spawn(() -> count(tree.left));
 *     Task<Long> right = s.spawn(() -> count(tree.right));
 *     for (Node leaf : tree.leaves) s.spawn(() -> visit(leaf));     // fire and forget
 *     total.set(left.join() + right.join());                          // joined before the end
 * });                                                                // every spawn has ended here
 * }</pre>
 *
 * <p>Implementation: a join counter. It starts at 1 (the body itself), each spawn adds 1, each
 * finished task subtracts 1, and the body's end subtracts its own 1. The owner waits, with an
 * ordinary greedy join, on a latch that is done once the counter reads 0. When the body ends with
 * nothing outstanding (the counter at 1: nothing spawned, or every member already counted out),
 * the owner takes the counter to 0 with one CAS and neither waits nor completes the latch: in
 * fine-grained recursion most scopes spawn nothing at their leaves.
 *
 * <p>Stack overflow safety (see {@code internal.stack}): a member's end is "record the failure,
 * then count out". <b>Invariant:</b> each member counts out exactly once, after its failure (if
 * any) is recorded. A member that runs claims its start first (so a cancellation can no longer
 * count it out), completes its handle, and counts out last; if the error it ends with leaves no stack for that, the
 * worker finishes it later ({@link Member#abort}). A spawn whose fork throws after the increment
 * has the worker retire the member later: cancelled and counted out if it never started, left to
 * its runner otherwise, so an overflow cannot leave a count with no member behind it. The latch's
 * completion is only a wake-up: the owner's wait reads the counter itself.
 */
public final class Scope {
    private static final VarHandle PENDING;
    private static final VarHandle FAILURE;
    private static final VarHandle STARTED;
    private static final VarHandle CLOSED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PENDING = l.findVarHandle(Scope.class, "pending", int.class);
            FAILURE = l.findVarHandle(Scope.class, "failure", Throwable.class);
            STARTED = l.findVarHandle(Member.class, "started", int.class);
            CLOSED = l.findVarHandle(Scope.class, "closed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final StrandPool pool;
    private final Latch latch = new Latch();
    /** The count: the body's 1 plus the members not yet counted out. */
    private volatile int pending;
    private volatile Throwable failure;
    /**
     * Set once the scope has ended, for the misuse check in {@link #spawn}: a release store, not a
     * volatile one (a spawn racing the end is a programming error this check may miss anyway).
     */
    private volatile boolean closed;

    /** The members' frames joined at the scope's end, when the pool profiles; else null. */
    private final FrameGroup profiled;

    Scope(StrandPool pool, boolean profile) {
        this.pool = pool;
        this.profiled = profile ? new FrameGroup() : null;
        latch.claimFor(pool);
        // A release store, not a volatile one (whose fence would cost every scope, most of which
        // in fine-grained code spawn nothing): another thread reaches this scope only through a
        // member's fork, whose push publishes this write, or through the user's own synchronization.
        PENDING.setRelease(this, 1);
    }

    /**
     * Spawns a task in this scope.
     *
     * @param body the task's work
     * @return the task's handle: {@link Task#join()} waits for it (greedily, inside the pool), and
     *     after the scope has ended it is done
     * @throws NullPointerException  if {@code body} is null
     * @throws IllegalStateException if the scope has ended, or if called outside this scope's pool
     */
    public Task<Void> spawn(Runnable body) {
        Objects.requireNonNull(body, "spawned task must not be null");
        return enter(new Member<Void>(body, false));
    }

    /**
     * Spawns a task with a result in this scope. Its handle may be joined before the scope ends
     * (for example, to combine two results in the body); after the scope has ended every handle is
     * done, so {@link Task#resultNow()} then returns its result.
     *
     * <p>A failure of the task reaches both its joiners (as the cause of a
     * {@link CompletionException}) and the scope, which reports it at its end as it reports a
     * failure of any spawned task.
     *
     * @param body the task's work
     * @param <T>  result type
     * @return the task's handle
     * @throws NullPointerException  if {@code body} is null
     * @throws IllegalStateException if the scope has ended, or if called outside this scope's pool
     */
    public <T> Task<T> spawn(Supplier<? extends T> body) {
        Objects.requireNonNull(body, "spawned task must not be null");
        return enter(new Member<T>(body, true));
    }

    /** Counts {@code m} in and forks it. */
    private <T> Task<T> enter(Member<T> m) {
        if (closed) {
            throw new IllegalStateException("spawn() on a scope that has already ended");
        }
        Worker w = Worker.current("Scope.spawn()");
        if (w.pool != pool) {
            throw new IllegalStateException("Scope.spawn() from a worker of another pool");
        }
        PENDING.getAndAdd(this, 1);
        try {
            w.fork(m);
        } catch (Throwable e) {
            // The fork overflowed the stack (or ran out of memory) before or after queuing m: we
            // cannot tell which. The worker retires m later (Member.abort): a cancellation that
            // wins means m never started and never will, so it is counted out there; one that
            // loses means m runs, and counts itself out. No calls, as in Worker.runTask.
            m.spawnFailed = true;
            w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {m, e};
            throw e;
        }
        return m;
    }

    /** Records {@code e} as the scope's failure, or as suppressed by the first one. */
    void fail(Throwable e) {
        if (!FAILURE.compareAndSet(this, null, e)) {
            Throwable first = failure;
            if (first != e) {
                synchronized (first) {
                    for (Throwable s : first.getSuppressed()) {
                        if (s == e) {
                            return;               // recorded by an earlier, interrupted attempt
                        }
                    }
                    first.addSuppressed(e);
                }
            }
        }
    }

    /** Counts one participant out; the last one wakes the owner. */
    private void arrive() {
        if ((int) PENDING.getAndAdd(this, -1) == 1) {
            latch.exec();                         // a wake-up only: see Latch.pending()
        }
    }

    /**
     * The body returned (or threw {@code bodyFailure}): count it out, wait for every member, and
     * report. The body's own exception is rethrown as it is, with the members' failures
     * suppressed; otherwise the first member failure is the cause of a CompletionException.
     */
    void sync(Worker w, Throwable bodyFailure) {
        if (profiled == null && pending == 1 && PENDING.compareAndSet(this, 1, 0)) {
            // Nothing outstanding (nothing spawned, or every member counted out): the body's own
            // count ends the scope; no member can count out after this, so no latch to complete.
            end(bodyFailure);
            return;
        }
        arrive();                                 // the body's own count
        if (profiled != null) {
            w.prof.beforeJoin();
        }
        try {
            if (latch.pending()) {
                w.awaitJoin(latch);
            }
        } finally {
            if (profiled != null) {
                profiled.joinInto(w.prof);        // every member has counted out: all ended
            }
        }
        end(bodyFailure);
    }

    /** Every member has ended: close the scope and report. */
    private void end(Throwable bodyFailure) {
        CLOSED.setRelease(this, true);
        Throwable e = failure;
        if (bodyFailure != null) {
            if (e != null && e != bodyFailure) {
                bodyFailure.addSuppressed(e);
            }
            if (bodyFailure instanceof RuntimeException re) {
                throw re;
            }
            if (bodyFailure instanceof Error err) {
                throw err;
            }
            throw new CompletionException(bodyFailure);
        }
        if (e != null) {
            throw e instanceof CompletionException ce ? ce : new CompletionException(e);
        }
    }

    /**
     * One spawned task, and its handle: claims its start, runs its body, completes with the
     * outcome, records a failure, and counts itself out. Package-private so that
     * {@code StrandPool.shutdownNow} can tell it apart: it cancels members, never returns them.
     *
     * <p>Start and cancellation race on {@code started}, not on the task's outcome, because the
     * outcome is set only at the end: exactly one of them claims it, and only the winner counts
     * the member out (a cancellation at once, a run at its end).
     */
    final class Member<T> extends Task<T> {
        /** A {@code Supplier<? extends T>} if {@link #returns}, else a {@code Runnable}. */
        private final Object body;
        private final boolean returns;
        /** 0 until a run or a cancellation claims this member (see the class comment). */
        private volatile int started;
        /** Set once this member's count-out happened. Written by the thread that ran it. */
        private boolean countedOut;
        /** Its spawn threw after the count was raised. Written and read by the spawning worker. */
        boolean spawnFailed;

        Member(Object body, boolean returns) {
            this.body = body;
            this.returns = returns;
        }

        private boolean claim() {
            return started == 0 && STARTED.compareAndSet(this, 0, 1);
        }

        @Override
        void exec() {
            if (!claim()) {
                return;                           // cancelled before it ran: counted out there
            }
            WorkerProfiler wp = profileFrame == null ? null : beginProfile();
            T r = null;
            Throwable f = null;
            try {
                if (returns) {
                    @SuppressWarnings("unchecked") Supplier<? extends T> get = (Supplier<? extends T>) body;
                    r = get.get();
                } else {
                    ((Runnable) body).run();
                }
            } catch (Throwable e) {
                f = e;
            }
            if (wp != null) {
                wp.end();
                profiled.add(profileFrame);      // before the count-out that may end the scope
            }
            settle(r, f);                         // joiners of the handle see it before the scope does
            finish(f);
        }

        /** Records {@code f} (if any), then counts out, once. */
        private void finish(Throwable f) {
            if (f != null) {
                fail(f);
            }
            if (!countedOut) {
                int before = (int) PENDING.getAndAdd(Scope.this, -1);
                countedOut = true;                // right after the one step that counts
                if (before == 1) {
                    latch.exec();
                }
            }
        }

        /**
         * Deferred retirement, at a shallower frame. After a failed spawn: cancel it if it never
         * started (then count it out here), else leave it to whoever runs it. After a failed
         * finish (run by this worker): complete the handle if it is not yet, and finish again
         * with that error as the failure.
         */
        @Override
        void abort(Throwable e) {
            if (spawnFailed) {
                spawnFailed = false;
                if (claim()) {
                    tryCancel();
                    fail(e);
                    arrive();
                }
                return;
            }
            super.abort(e);
            finish(e);
        }

        @Override
        protected T compute() {
            throw new UnsupportedOperationException("a scope member runs through exec()");
        }

        /**
         * Cancels the member if it has not started: it will not run, its handle reports a
         * {@link java.util.concurrent.CancellationException}, and so does the scope at its end
         * (not all of its work ran). A started member is not interrupted.
         */
        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (claim()) {
                tryCancel();
                fail(new java.util.concurrent.CancellationException("scope task cancelled"));
                arrive();
                return true;
            }
            return isCancelled();
        }

        Scope scope() {
            return Scope.this;
        }
    }

    /** Done when the count reaches 0; awaited by the scope's owner. */
    private final class Latch extends Task<Void> {
        @Override
        protected Void compute() {
            return null;
        }

        /** The counter decides; the latch's own completion may have been cut short by an overflow. */
        @Override
        boolean pending() {
            return pending != 0;
        }

        /** A thief running one of this scope's members holds its descendants. */
        @Override
        boolean covers(Runnable r) {
            return r instanceof Member<?> m && m.scope() == Scope.this;
        }
    }
}
