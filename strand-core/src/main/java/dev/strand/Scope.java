package dev.strand;

import dev.strand.internal.profile.FrameGroup;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.worker.Worker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.CompletionException;

/**
 * A region in which tasks are spawned freely and all are awaited at its end; see
 * {@link Strand#scope}. Spawned tasks may themselves spawn into the same scope.
 *
 * <p>Implementation: a join counter. It starts at 1 (the body itself), each spawn adds 1, each
 * finished task subtracts 1, and the body's end subtracts its own 1. The owner waits, with an
 * ordinary greedy join, on a latch that is done once the counter reads 0.
 *
 * <p>Stack overflow safety (see {@code internal.stack}): a member's end is "record the failure,
 * then count out". <b>Invariant:</b> each member counts out exactly once, after its failure (if
 * any) is recorded. A member that runs marks itself done first (so a cancellation can no longer
 * count it out), and counts out last; if the error it ends with leaves no stack for that, the
 * worker finishes it later ({@link Member#abort}). A spawn whose fork throws after the increment
 * has the worker retire the member later: cancelled and counted out if it never started, left to
 * its runner otherwise, so an overflow cannot leave a count with no member behind it. The latch's
 * completion is only a wake-up: the owner's wait reads the counter itself.
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

    /** The members' frames joined at the scope's end, when the pool profiles; else null. */
    private final FrameGroup profiled;

    Scope(StrandPool pool, boolean profile) {
        this.pool = pool;
        this.profiled = profile ? new FrameGroup() : null;
        latch.claimFor(pool);
    }

    /**
     * Spawns a task in this scope.
     *
     * @param body the task's work
     * @throws NullPointerException  if {@code body} is null
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
        Member m = new Member(body);
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
        closed = true;
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
     * One spawned task: runs its body, records a failure, and counts itself out. Package-private
     * so that {@code StrandPool.shutdownNow} can tell it apart: it cancels members, never returns
     * them.
     */
    final class Member extends Task<Void> {
        private final Runnable body;
        /** Set once this member's count-out happened. Written by the thread that ran it. */
        private boolean countedOut;
        /** Its spawn threw after the count was raised. Written and read by the spawning worker. */
        boolean spawnFailed;

        Member(Runnable body) {
            this.body = body;
        }

        @Override
        void exec() {
            if (!markStarted()) {
                return;                           // cancelled before it ran: counted out there
            }
            WorkerProfiler wp = profileFrame == null ? null : beginProfile();
            Throwable f = null;
            try {
                body.run();
            } catch (Throwable e) {
                f = e;
            }
            if (wp != null) {
                wp.end();
                profiled.add(profileFrame);      // before the count-out that may end the scope
            }
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
         * finish (run by this worker): finish again with that error as the failure.
         */
        @Override
        void abort(Throwable e) {
            if (spawnFailed) {
                spawnFailed = false;
                if (tryCancel()) {
                    fail(e);
                    arrive();
                }
                return;
            }
            finish(e);
        }

        @Override
        protected Void compute() {
            throw new UnsupportedOperationException("a scope member runs through exec()");
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            // Members are never exposed; only shutdownNow (or a stopping worker) cancels one, after
            // taking it out of a deque. Only the cancel that wins counts out: the member never
            // started (a started member is done), so it will never count itself out. A repeated
            // cancel reports true but must not count it again.
            if (tryCancel()) {
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
            return r instanceof Member m && m.scope() == Scope.this;
        }
    }
}
