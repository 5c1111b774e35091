package dev.strand;

import dev.strand.internal.deque.ChaseLevDeque;
import dev.strand.internal.profile.Frame;
import dev.strand.internal.profile.WorkerProfiler;
import dev.strand.internal.worker.JoinFrameStack;
import dev.strand.internal.worker.SplitMode;
import dev.strand.internal.worker.Worker;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The fork/join vocabulary: {@link #fork}, {@link #join(Supplier, Supplier)} (with
 * {@link #joinLong}, its allocation-free form for numeric results) and {@link #scope}.
 * Called from a task running in a {@link StrandPool}, they use that pool. Called from any other
 * thread, they run on the {@linkplain StrandPool#commonPool() common pool}: {@code join} and
 * {@code scope} block the caller until the work is done (their bodies then run on the pool's
 * workers), and {@code fork} submits the child there. To choose the pool, start the computation
 * with {@link StrandPool#invoke(Supplier)}.
 *
 * <p>Memory consistency, as in {@code java.util.concurrent}: actions in a thread before it forks
 * or submits a task happen-before that task runs; a task's actions happen-before a successful
 * return from its {@code join}, {@code get}, or the {@code join} or {@code scope} that awaited it.
 *
 * <pre>{@code
 * static long sum(long[] a, int lo, int hi) {
 *     if (hi - lo <= 4096) return serialSum(a, lo, hi);
 *     int mid = (lo + hi) >>> 1;
 *     Joined<Long, Long> r = Strand.join(() -> sum(a, lo, mid), () -> sum(a, mid, hi));
 *     return r.first() + r.second();
 * }
 * }</pre>
 */
public final class Strand {
    private Strand() { }

    /**
     * Spawns {@code body} as a child task that another worker may steal; the caller continues
     * (child-stealing). Join the returned handle to get the result.
     *
     * @param body the child's work
     * @param <T>  result type
     * @return the child's handle
     * @throws NullPointerException  if {@code body} is null
     */
    public static <T> Task<T> fork(Supplier<? extends T> body) {
        Task<T> t = Tasks.SupplierTask.wrap(body);
        if (Thread.currentThread() instanceof Worker w) {
            w.fork(t);
        } else {
            StrandPool.commonPool().submit(t);
        }
        return t;
    }

    /**
     * Spawns {@code body} as a child task without a result.
     *
     * @param body the child's work
     * @return the child's handle
     * @throws NullPointerException if {@code body} is null
     */
    public static Task<Void> fork(Runnable body) {
        Task<Void> t = Tasks.RunnableTask.wrap(body);
        if (Thread.currentThread() instanceof Worker w) {
            w.fork(t);
        } else {
            StrandPool.commonPool().submit(t);
        }
        return t;
    }

    /**
     * Runs {@code a} and {@code b}, potentially in parallel, and returns both results (Rayon's
     * {@code join}): {@code b} is offered to thieves while the caller runs {@code a}, then {@code b}
     * runs inline if nobody stole it. With lazy splitting ({@link PoolConfig.Tuning#lazySplitting()}, the
     * default), {@code b} is offered only where {@link #wantsSplit} would say so (another worker
     * asked this one for work); otherwise both run in the caller, a then b, with no task created.
     * The offered {@code b} waits in a frame the worker reuses, so a join allocates no task either
     * way.
     *
     * @param a   first computation, run by the caller
     * @param b   second computation, offered for stealing
     * @param <A> first type
     * @param <B> second type
     * @return both results
     * @throws java.util.concurrent.CompletionException if either threw (if both threw, {@code a}'s
     *     exception, with {@code b}'s suppressed)
     */
    public static <A, B> Joined<A, B> join(Supplier<? extends A> a, Supplier<? extends B> b) {
        Objects.requireNonNull(a, "first computation must not be null");
        Objects.requireNonNull(b, "second computation must not be null");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return CommonPool.invoke(() -> join(a, b));
        }
        if (w.lazySplitting && !splitWanted(w) && (w.prof == null || !w.prof.timesInline())) {
            return joinInline(a, b);              // nobody asked for work
        }
        if (w.prof != null) {
            return joinProfiled(w, a, b);
        }
        JoinFrameStack js = w.joins;
        int depth = js.depth;
        JoinFrame f = (JoinFrame) js.at(depth);   // no allocation: a reused per-worker frame
        try {
            js.depth = depth + 1;
            w.offerFrame(f, b);
            A ra;
            try {
                ra = a.get();
            } catch (Throwable e) {
                throw bothFailed(w, f, e);
            }
            @SuppressWarnings("unchecked") B rb = (B) w.joinFrame(f);
            return new Joined<>(ra, rb);
        } finally {
            endJoin(js, f, depth);
        }
    }

    /**
     * {@link #join(Supplier, Supplier)} in a profiling pool, where the join is timed: {@code b}
     * gets a forked frame and {@code a} a called one, so that the profile shows the two branches as
     * parallel even when lazy splitting runs both here. The join takes the path it takes without
     * the profiler: callers test lazy splitting first, and a join it runs inline that the profiler
     * does not time ({@link WorkerProfiler#timesInline}) never comes here, so that fine-grained
     * code runs the same schedule, at nearly the same speed, profiled or not.
     */
    private static <A, B> Joined<A, B> joinProfiled(Worker w, Supplier<? extends A> a,
                                                    Supplier<? extends B> b) {
        WorkerProfiler p = w.prof;
        boolean inline = w.lazySplitting && !splitWanted(w);
        Frame fb = inline ? p.forkInline() : p.fork();
        Supplier<A> pa = () -> {
            p.forked();                           // the offer was the scheduler's work
            p.beginCall();
            try {
                return a.get();
            } finally {
                p.end();
                p.beforeJoin();                   // from here, waiting for b is nobody's work
            }
        };
        Supplier<B> pb = () -> {
            WorkerProfiler q = ((Worker) Thread.currentThread()).prof;   // the thief's, if stolen
            if (inline) {
                q.beginInline(fb);
            } else {
                q.begin(fb);
            }
            try {
                return b.get();
            } finally {
                q.end();
            }
        };
        try {
            if (inline) {
                return joinInline(pa, pb);
            }
            JoinFrameStack js = w.joins;
            int depth = js.depth;
            JoinFrame f = (JoinFrame) js.at(depth);
            try {
                js.depth = depth + 1;
                w.offerFrame(f, pb);
                A ra;
                try {
                    ra = pa.get();
                } catch (Throwable e) {
                    throw bothFailed(w, f, e);
                }
                @SuppressWarnings("unchecked") B rb = (B) w.joinFrame(f);
                return new Joined<>(ra, rb);
            } finally {
                endJoin(js, f, depth);
            }
        } finally {
            p.joined(fb);
        }
    }

    /**
     * The end of every parallel join, however it ends: the frame depth goes back, and a settled
     * frame drops its references; an unsettled one (a thief may still hold it) is abandoned, its
     * slot emptied. If entering this method overflows the stack, nothing here happens: the depth
     * stays raised until an enclosing join or the worker's loop resets it, and
     * {@code JoinFrameStack.at} will not reuse the unsettled frame.
     */
    private static void endJoin(JoinFrameStack js, JoinFrame f, int depth) {
        js.depth = depth;
        if (f.settled) {
            f.release();
        } else {
            js.frames[depth] = null;
        }
    }

    /**
     * Runs {@code a} and {@code b}, potentially in parallel, and returns when both are done: the
     * {@link Runnable} form of {@link #join(Supplier, Supplier)}, with the same exception rules.
     *
     * @param a first computation, run by the caller
     * @param b second computation, offered for stealing
     * @throws java.util.concurrent.CompletionException if either threw
     */
    public static void join(Runnable a, Runnable b) {
        Objects.requireNonNull(a, "first computation must not be null");
        Objects.requireNonNull(b, "second computation must not be null");
        if (!(Thread.currentThread() instanceof Worker w)) {
            CommonPool.invoke(() -> {
                join(a, b);
                return null;
            });
            return;
        }
        if (w.lazySplitting && !splitWanted(w) && (w.prof == null || !w.prof.timesInline())) {
            runInline(a, b);                      // no wrappers: this is the common, hot case
            return;
        }
        if (w.prof != null) {
            joinProfiled(w, () -> {
                a.run();
                return null;
            }, () -> {
                b.run();
                return null;
            });
            return;
        }
        JoinFrameStack js = w.joins;
        int depth = js.depth;
        JoinFrame f = (JoinFrame) js.at(depth);
        try {
            js.depth = depth + 1;
            w.offerFrame(f, b);
            try {
                a.run();
            } catch (Throwable e) {
                throw bothFailed(w, f, e);
            }
            w.joinFrame(f);
        } finally {
            endJoin(js, f, depth);
        }
    }

    /**
     * Computes {@code f(x)} and {@code g(y)}, potentially in parallel, and returns
     * {@code combine(f(x), g(y))}: the allocation-free form of {@link #join(Supplier, Supplier)}
     * for recursion whose results are numbers (sums, counts, maxima). With static or non-capturing
     * method references for {@code f}, {@code g} and {@code combine}, and arguments that are
     * existing objects (a tree node, a range record) or small boxed integers, a call allocates
     * nothing: no lambda, no boxed result, no pair. It splits lazily and offers {@code g(y)} to
     * thieves exactly as {@code join} does, and follows its exception rules.
     *
     * <pre>{@code
     * static long sum(Node n) {
     *     if (n.left == null || n.right == null) return serialSum(n);
     *     return n.value + Strand.joinLong(Tree::sum, n.left, Tree::sum, n.right, Long::sum);
     * }
     * }</pre>
     *
     * @param f       first function, applied by the caller
     * @param x       its argument
     * @param g       second function, whose application is offered for stealing
     * @param y       its argument
     * @param combine combines the two results, in the caller
     * @param <T>     first argument type
     * @param <U>     second argument type
     * @return {@code combine(f(x), g(y))}
     * @throws java.util.concurrent.CompletionException if {@code f} or {@code g} threw (if both
     *     threw, {@code f}'s exception, with {@code g}'s suppressed)
     * @throws NullPointerException if {@code f}, {@code g} or {@code combine} is null
     */
    public static <T, U> long joinLong(ToLongFunction<? super T> f, T x, ToLongFunction<? super U> g,
                                       U y, LongBinaryOperator combine) {
        Objects.requireNonNull(f, "first function must not be null");
        Objects.requireNonNull(g, "second function must not be null");
        Objects.requireNonNull(combine, "combine must not be null");
        if (Thread.currentThread() instanceof Worker w && w.lazySplitting && !splitWanted(w)
                && (w.prof == null || !w.prof.timesInline())) {
            return joinLongInline(f, x, g, y, combine);   // kept small: the JIT inlines this part
        }
        return joinLongOffered(f, x, g, y, combine);
    }

    /**
     * Whether a join here would give another worker something to take: a thief asked the calling
     * worker for work since it last offered (it stole the last offer, or looked and found
     * nothing), or the caller popped back its last offer while thieves are active; or the pool
     * does not split lazily, or the caller is not a worker. In a pool of one worker it is false
     * (nobody asks), and while the pool's other workers are backed off after pieces too small to
     * pay for their steal it stays false between their looks. Fine-grained recursion can test it
     * and recurse plainly while it is false:
     *
     * <pre>{@code
     * static long fib(int n) {
     *     if (n < 2) return n;
     *     if (Strand.wantsSplit()) return Strand.joinLong(Fib::fib, n - 1, Fib::fib, n - 2, Long::sum);
     *     return fib(n - 1) + fib(n - 2);
     * }
     * }</pre>
     *
     * <p>This is lazy binary splitting's test (Tzannes, Caragea, Barua and Vishkin, PPoPP 2010)
     * made on request, and {@link #join} and {@link #joinLong} make it themselves; asking it in the
     * program leaves the plain recursion as the compiler sees it, with no function objects or boxed
     * arguments in the way, and costs one field read. The answer is a hint: a thief may ask right
     * after it is read, and the next test sees that.
     *
     * @return whether to split here
     */
    public static boolean wantsSplit() {
        if (!(Thread.currentThread() instanceof Worker w)) {
            return true;
        }
        ChaseLevDeque<Runnable> d = w.lazyDeque;  // the common case: one field of a final class
        if (d != null) {
            return d.splitRequested();
        }
        byte m = w.splitMode;
        return m == SplitMode.ALWAYS || (m == SplitMode.LAZY && w.deque.splitWanted());
    }

    /** Lazy splitting's test in a join: whether to offer the second branch. */
    private static boolean splitWanted(Worker w) {
        ChaseLevDeque<Runnable> d = w.lazyDeque;
        return d != null ? d.splitRequested() : w.deque.splitWanted();
    }

    /** {@link #joinLong} off its inline path: outside a worker, timed by the profiler, or offering {@code g(y)}. */
    @SuppressWarnings("unchecked")
    private static <T, U> long joinLongOffered(ToLongFunction<? super T> f, T x,
                                               ToLongFunction<? super U> g, U y,
                                               LongBinaryOperator combine) {
        if (!(Thread.currentThread() instanceof Worker w)) {
            return CommonPool.invoke(() -> joinLong(f, x, g, y, combine));
        }
        if (w.prof != null) {
            Joined<Long, Long> r = joinProfiled(w, () -> f.applyAsLong(x), () -> g.applyAsLong(y));
            return combine.applyAsLong(r.first(), r.second());
        }
        JoinFrameStack js = w.joins;
        int depth = js.depth;
        JoinFrame fr = (JoinFrame) js.at(depth);
        try {
            js.depth = depth + 1;
            fr.longFn = (ToLongFunction<Object>) g;   // published with the body by the push
            fr.arg = y;
            w.offerFrame(fr, JoinFrame.LONG_CALL);
            long ra;
            try {
                ra = f.applyAsLong(x);
            } catch (Throwable e) {
                throw bothFailed(w, fr, e);
            }
            w.joinFrame(fr);
            return combine.applyAsLong(ra, fr.longResult);
        } finally {
            endJoin(js, fr, depth);
        }
    }

    /** {@link #joinInline} for {@link #joinLong}. */
    private static <T, U> long joinLongInline(ToLongFunction<? super T> f, T x,
                                              ToLongFunction<? super U> g, U y,
                                              LongBinaryOperator combine) {
        long ra;
        try {
            ra = f.applyAsLong(x);
        } catch (Throwable e) {
            try {
                var unused = g.applyAsLong(y);               // run for its exception only: it joins e's
            } catch (Throwable eb) {
                suppress(e, eb);
            }
            throw JoinFrame.failed(e);
        }
        long rb;
        try {
            rb = g.applyAsLong(y);
        } catch (Throwable e) {
            throw JoinFrame.failed(e);
        }
        return combine.applyAsLong(ra, rb);
    }

    /**
     * Lazy binary splitting (Tzannes, Caragea, Barua and Vishkin, PPoPP 2010): while the worker's
     * deque still holds something stealable, a split point creates no task; both halves run here,
     * with the exception rules of the parallel path.
     */
    private static <A, B> Joined<A, B> joinInline(Supplier<? extends A> a, Supplier<? extends B> b) {
        A ra;
        try {
            ra = a.get();
        } catch (Throwable e) {
            try {
                var unused = b.get();             // run for its exception only: it joins e's
            } catch (Throwable eb) {
                suppress(e, eb);
            }
            throw JoinFrame.failed(e);
        }
        B rb;
        try {
            rb = b.get();
        } catch (Throwable e) {
            throw JoinFrame.failed(e);
        }
        return new Joined<>(ra, rb);
    }

    /** {@link #joinInline} for runnables. */
    private static void runInline(Runnable a, Runnable b) {
        try {
            a.run();
        } catch (Throwable e) {
            try {
                b.run();
            } catch (Throwable eb) {
                suppress(e, eb);
            }
            throw JoinFrame.failed(e);
        }
        try {
            b.run();
        } catch (Throwable e) {
            throw JoinFrame.failed(e);
        }
    }

    /** {@code a} threw: still join {@code b} (never leave a frame offered), then report both. */
    private static RuntimeException bothFailed(Worker w, JoinFrame f, Throwable e) {
        try {
            w.joinFrame(f);
        } catch (Throwable eb) {
            suppress(e, eb instanceof java.util.concurrent.CompletionException
                    && eb.getCause() != null ? eb.getCause() : eb);
        }
        return JoinFrame.failed(e);
    }

    /**
     * Records {@code second} as suppressed by {@code first}, unless it is the same exception (both
     * sides threw one shared instance) or already recorded there (a shared exception thrown by
     * many joins must not collect an entry per join).
     */
    private static void suppress(Throwable first, Throwable second) {
        if (first == second) {
            return;
        }
        synchronized (first) {
            for (Throwable s : first.getSuppressed()) {
                if (s == second) {
                    return;
                }
            }
            first.addSuppressed(second);
        }
    }

    /**
     * Runs every computation of {@code computations}, potentially in parallel, and returns their
     * results in the same order: the fork-many, join-all step of divide and conquer with more than
     * two parts (a four-way split is {@code joinAll(List.of(q1, q2, q3, q4))}). The list is split in
     * halves with {@link #join(Supplier, Supplier)}, so it splits lazily as {@code join} does and
     * allocates no task when no worker is idle.
     *
     * @param computations the computations; not null, no null element
     * @param <T>          result type
     * @return their results, in order (an unmodifiable list; {@code null} results allowed)
     * @throws java.util.concurrent.CompletionException once all have ended, if any threw: the cause
     *     is the first failure in list order, the others suppressed by it
     * @throws NullPointerException if {@code computations} or one of its elements is null
     */
    public static <T> java.util.List<T> joinAll(java.util.List<? extends Supplier<? extends T>> computations) {
        Objects.requireNonNull(computations, "computations must not be null");
        Object[] bodies = computations.toArray();
        for (int i = 0; i < bodies.length; i++) {
            if (bodies[i] == null) {
                throw new NullPointerException("computation " + i + " must not be null");
            }
        }
        Object[] results = new Object[bodies.length];
        Throwable[] failures = new Throwable[bodies.length];
        if (bodies.length > 0) {
            joinRange(bodies, results, failures, 0, bodies.length);
        }
        Throwable first = null;
        for (Throwable f : failures) {
            if (f == null) {
                continue;
            }
            if (first == null) {
                first = f instanceof java.util.concurrent.CompletionException ce && ce.getCause() != null
                        ? ce.getCause() : f;
            } else {
                suppress(first, f instanceof java.util.concurrent.CompletionException ce
                        && ce.getCause() != null ? ce.getCause() : f);
            }
        }
        if (first != null) {
            throw JoinFrame.failed(first);
        }
        @SuppressWarnings("unchecked")
        java.util.List<T> list = (java.util.List<T>) java.util.Collections.unmodifiableList(
                java.util.Arrays.asList(results));
        return list;
    }

    /**
     * Runs every action, potentially in parallel, and returns when all have ended: the
     * {@code Runnable} form of {@link #joinAll(java.util.List)}, with the same exception rules.
     *
     * @param actions the actions; not null, no null element
     * @throws java.util.concurrent.CompletionException once all have ended, if any threw
     * @throws NullPointerException if {@code actions} or one of its elements is null
     */
    public static void joinAll(Runnable... actions) {
        Objects.requireNonNull(actions, "actions must not be null");
        java.util.List<Supplier<Object>> bodies = new java.util.ArrayList<>(actions.length);
        for (int i = 0; i < actions.length; i++) {
            Runnable a = actions[i];
            if (a == null) {
                throw new NullPointerException("action " + i + " must not be null");
            }
            bodies.add(() -> {
                a.run();
                return null;
            });
        }
        joinAll(bodies);
    }

    /**
     * Runs bodies {@code [lo, hi)}, {@code hi > lo}, into {@code results}, halves by join. Each
     * body's failure is kept in its slot of {@code failures} instead of travelling up the joins,
     * so that the caller can report them in list order.
     */
    private static void joinRange(Object[] bodies, Object[] results, Throwable[] failures, int lo, int hi) {
        if (hi - lo == 1) {
            try {
                results[lo] = ((Supplier<?>) bodies[lo]).get();
            } catch (Throwable e) {
                failures[lo] = e;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        join(() -> joinRange(bodies, results, failures, lo, mid),
                () -> joinRange(bodies, results, failures, mid, hi));
    }

    /**
     * Runs {@code body} with a {@link Scope} in which it may spawn any number of tasks, and returns
     * when all of them have finished (a join counter; the wait is greedy).
     *
     * @param body spawns tasks through the scope
     * @throws java.util.concurrent.CompletionException if a spawned task threw (the first
     *     exception is the cause, later ones are suppressed)
     * @throws RuntimeException the body's own exception, as it is, once every spawned task has
     *     finished (their failures suppressed by it); an argument error in {@code spawn}, such as a
     *     null task, so reaches the caller unwrapped
     */
    public static void scope(Consumer<? super Scope> body) {
        Objects.requireNonNull(body, "scope body must not be null");
        if (!(Thread.currentThread() instanceof Worker w)) {
            CommonPool.invoke(() -> {
                scope(body);
                return null;
            });
            return;
        }
        Scope s = new Scope((StrandPool) w.pool, w.prof != null);
        Throwable bodyFailure = null;
        try {
            body.accept(s);
        } catch (Throwable e) {
            bodyFailure = e;
        }
        s.sync(w, bodyFailure);
    }

    /**
     * A call that may block its thread: a lock, a queue's {@code take}, I/O, a latch.
     *
     * @param <T> its result
     * @param <E> what it throws
     */
    @FunctionalInterface
    public interface BlockingCall<T, E extends Exception> {
        /**
         * @return the result
         * @throws E what the blocking operation throws
         */
        T call() throws E;
    }

    /**
     * Runs {@code call}, which may block, without costing the pool a core: while it runs, the
     * pool keeps {@code parallelism} threads that are not blocked, with at least as many spare
     * threads out as workers blocked (up to {@link PoolConfig#maxSpares()}): a spare already out
     * beyond the blocked workers covers the call, else a parked spare is woken or a new one
     * started. One exception, ForkJoinPool's minimum-runnable rule: a call made while no work is
     * queued starts no spare if another thread of the pool is not blocked; that thread covers it. A spare leaves once more are out than workers blocked and it has nothing to do;
     * its thread then waits the pool's keep-alive to be reused. Tasks the blocked task forked
     * before it blocked are stolen and run meanwhile, so a task may wait for its own children
     * this way, even with one worker. A call inside another counts once. Off a worker thread it
     * just runs {@code call}.
     *
     * <pre>{@code
     * String line = Strand.blocking(() -> queue.take());
     * Strand.blocking(() -> { latch.await(); return null; });
     * }</pre>
     *
     * <p>Use it for waits on something other than Strand's own joins: those need no wrapper
     * (a join runs or helps with the work it waits for, and counts as blocked while what it
     * waits for is held up by a blocking call). See the guide's "Blocking" section for what may
     * block and what deadlocks.
     *
     * @param call the blocking operation
     * @param <T>  its result
     * @param <E>  what it throws
     * @return what {@code call} returned
     * @throws E what {@code call} threw
     */
    public static <T, E extends Exception> T blocking(BlockingCall<? extends T, ? extends E> call) throws E {
        Objects.requireNonNull(call, "call must not be null");
        if (!(Thread.currentThread() instanceof Worker w)) {
            return call.call();
        }
        // The count of blocked workers must come back down whatever is thrown, a stack overflow
        // included, so it is raised and lowered by field stores in this frame, which call nothing
        // and so cannot overflow; the compensation that may throw runs inside the try.
        int depth = w.blockDepth;
        w.blockDepth = depth + 1;
        try {
            if (depth == 0) {
                ((StrandPool) w.pool).beginBlock(w);   // a nested call blocks no further thread
            }
            return call.call();
        } finally {
            w.blockDepth = depth;
        }
    }

    /**
     * Blocks with {@code blocker} as {@link java.util.concurrent.ForkJoinPool#managedBlock} does,
     * keeping {@code parallelism} threads running tasks meanwhile as {@link #blocking} does: code
     * written for ForkJoinPool's managed blocking ports unchanged.
     *
     * @param blocker the blocker
     * @throws InterruptedException if {@code blocker.block()} throws it
     */
    public static void managedBlock(java.util.concurrent.ForkJoinPool.ManagedBlocker blocker)
            throws InterruptedException {
        Objects.requireNonNull(blocker, "blocker must not be null");
        if (blocker.isReleasable()) {
            return;
        }
        blocking(() -> {
            while (!blocker.isReleasable() && !blocker.block()) {
                Thread.onSpinWait();              // block() returned false: it wants another call
            }
            return null;
        });
    }

    /** @return whether the calling thread is a Strand worker */
    public static boolean inWorker() {
        return Thread.currentThread() instanceof Worker;
    }

    /** @return the calling worker's index, or -1 outside a pool */
    public static int workerIndex() {
        return Thread.currentThread() instanceof Worker w ? w.index : -1;
    }

    /**
     * The pool whose worker is calling, as {@link #workerIndex()} is its index: {@code null} on any
     * other thread. For "the pool to run parallel work in" use {@link StrandPool#current()}, which
     * gives the common pool there instead of {@code null}.
     *
     * @return the pool of the calling worker, or {@code null} outside a pool (where this class's
     *     methods use {@link StrandPool#commonPool()})
     */
    public static StrandPool workerPool() {
        return Thread.currentThread() instanceof Worker w ? (StrandPool) w.pool : null;
    }
}
