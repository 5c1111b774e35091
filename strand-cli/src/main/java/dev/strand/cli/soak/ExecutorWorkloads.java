package dev.strand.cli.soak;

import static dev.strand.cli.soak.Run.check;
import static dev.strand.cli.soak.Run.hasBoom;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.parallel.Parallel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** The ExecutorService side: submissions, planned exceptions, cancellation. */
final class ExecutorWorkloads {
    private ExecutorWorkloads() { }

    /** How long a workload waits for something that must happen promptly (an interrupt). */
    static final long PROMPT_SECONDS = 10;

    static void executor(Run r) throws Exception {
        fromOutside(r, r.pool);
        int k = r.upTo(20);
        CountDownLatch executed = new CountDownLatch(k);
        long got = r.pool.invoke(() -> {
            try {
                return fromInside(r.pool, k, executed);
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        check(got == 0, "executor calls from inside a task: %d mismatches", got);
        executed.await();                         // every execute() from inside ran
        int x = r.rng.nextInt(1000);
        int cf = CompletableFuture.supplyAsync(() -> x, r.pool).thenApplyAsync(v -> v * 2, r.pool)
                .thenCombine(r.pool.submit(() -> 7).toCompletableFuture(), Integer::sum).join();
        check(cf == 2 * x + 7, "CompletableFuture chain: %d, want %d", cf, 2 * x + 7);
    }

    private static void fromOutside(Run r, StrandPool p) throws Exception {
        int n = r.upTo(200);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            fs.add(p.submit(() -> v * v));
        }
        AtomicLong ran = new AtomicLong();
        Runnable inc = ran::incrementAndGet;
        Future<?> fr = p.submit(inc);
        Future<String> fv = p.submit(inc, "value");
        CountDownLatch executed = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            p.execute(executed::countDown);
        }
        for (int i = 0; i < n; i++) {
            check(fs.get(i).get() == i * i, "submit(Callable) %d of %d: wrong result", i, n);
        }
        check(fr.get() == null && "value".equals(fv.get()), "submit(Runnable[, value]): wrong result");
        executed.await();
        check(ran.get() == 2, "submit(Runnable): ran %d of 2", ran.get());
        List<Callable<Integer>> cs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            cs.add(() -> v + 1);
        }
        List<Future<Integer>> all = p.invokeAll(cs);
        for (int i = 0; i < n; i++) {
            check(all.get(i).isDone() && all.get(i).get() == i + 1, "invokeAll: task %d of %d", i, n);
        }
        int good = r.rng.nextInt(n);
        List<Callable<Integer>> any = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            any.add(() -> {
                if (v != good) {
                    throw new Run.Boom(v + 1);
                }
                return v;
            });
        }
        check(p.invokeAny(any) == good, "invokeAny: not the one task that succeeds");
    }

    /** @return the number of wrong results; runs in a task of {@code p} */
    private static long fromInside(StrandPool p, int n, CountDownLatch executed) throws Exception {
        long bad = 0;
        List<Task<Integer>> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            ts.add(p.submit(() -> v + 3));
        }
        for (int i = 0; i < n; i++) {
            bad += ts.get(i).get() == i + 3 ? 0 : 1;
        }
        List<Callable<Integer>> cs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            cs.add(() -> v * 2);
        }
        List<Future<Integer>> all = p.invokeAll(cs);
        for (int i = 0; i < n; i++) {
            bad += all.get(i).get() == i * 2 ? 0 : 1;
        }
        for (int i = 0; i < n; i++) {
            p.execute(executed::countDown);       // onto this worker's deque; awaited outside
        }
        bad += p.<Integer>invokeAny(List.<Callable<Integer>>of(() -> 1, () -> 1)) == 1 ? 0 : 1;
        return bad;
    }

    // ---------------------------------------------------------------- planned exceptions

    static void exceptions(Run r) throws Exception {
        StrandPool p = r.pool;
        // a fork tree with one throwing node
        Tree tree = Tree.random(r.rng, TreeWorkloads.MAX_NODES);
        long at = tree.nth(r.rng.nextLong(tree.serialCount()));
        TreeWorkloads.ForkTree ft = new TreeWorkloads.ForkTree(tree, at);
        expectJoinFailure(() -> p.invoke(() -> ft.node(tree.root(), 0)), at, "fork tree " + tree);
        // a Strand.join tree with one throwing leaf
        int n = r.upTo(100_000);
        int bad = r.rng.nextInt(n);
        TreeWorkloads.JoinTree jt = new TreeWorkloads.JoinTree(r.rng.nextLong(), r.upTo(64), bad);
        expectJoinFailure(() -> p.invoke(() -> jt.leaves(0, n)), bad, "Strand.join tree n=" + n);
        // a scope tree with one throwing member
        Tree st = Tree.random(r.rng, TreeWorkloads.MAX_NODES);
        long sat = st.nth(r.rng.nextLong(st.serialCount()));
        TreeWorkloads.ScopeTree sct = new TreeWorkloads.ScopeTree(st, sat);
        expectJoinFailure(() -> p.invoke(() -> {
            sct.node(st.root(), 0, null);
            return null;
        }), sat, "scope tree " + st);
        // futures
        long token = r.rng.nextLong() | 1;
        Task<Object> f = p.submit(() -> {
            throw new Run.Boom(token);
        });
        try {
            f.get();
            check(false, "submit(Callable) that throws: get() returned");
        } catch (ExecutionException e) {
            check(hasBoom(e, token), "submit(Callable) that throws: get() threw %s", e.getCause());
        }
        expectJoinFailure(f::join, token, "join() of a failed submission");
        Task<Object> checked = p.submit(() -> {
            throw new java.io.IOException("checked " + token);
        });
        try {
            checked.get();
            check(false, "a Callable's checked exception: get() returned");
        } catch (ExecutionException e) {
            check(e.getCause() instanceof java.io.IOException, "checked exception: got %s",
                    e.getCause());
        }
        List<Callable<Long>> cs = new ArrayList<>();
        int k = r.upTo(20);
        int which = r.rng.nextInt(k);
        for (int i = 0; i < k; i++) {
            int v = i;
            cs.add(() -> {
                if (v == which) {
                    throw new Run.Boom(token + 1);
                }
                return (long) v;
            });
        }
        List<Future<Long>> all = p.invokeAll(cs);
        for (int i = 0; i < k; i++) {
            try {
                long v = all.get(i).get();
                check(i != which && v == i, "invokeAll: task %d returned %d", i, v);
            } catch (ExecutionException e) {
                check(i == which && hasBoom(e, token + 1), "invokeAll: task %d threw %s", i,
                        e.getCause());
            }
        }
        List<Callable<Long>> none = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            none.add(() -> {
                throw new Run.Boom(token + 2);
            });
        }
        try {
            p.invokeAny(none);
            check(false, "invokeAny of failing tasks returned");
        } catch (ExecutionException e) {
            check(hasBoom(e, token + 2), "invokeAny of failing tasks threw %s", e.getCause());
        }
        // execute(): the worker's uncaught-exception handler
        p.execute(() -> {
            throw new Run.Boom(token + 3);
        });
        UncaughtLog log = r.uncaughtLog();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PROMPT_SECONDS);
        while (!log.take(token + 3)) {
            check(System.nanoTime() < deadline, "execute(): the Runnable's exception never reached "
                    + "the uncaught-exception handler in %ds", PROMPT_SECONDS);
            Thread.sleep(1);
        }
        // Parallel: the body's exception itself, unwrapped
        int m = r.upTo(50_000);
        int at2 = r.rng.nextInt(m);
        try {
            Parallel.forRange(p, 0, m, i -> {
                if (i == at2) {
                    throw new Run.Boom(token + 4);
                }
            }, TreeWorkloads.grain(r));
            check(false, "Parallel.forRange with a throwing body returned");
        } catch (Run.Boom b) {
            check(b.token == token + 4, "Parallel.forRange: wrong exception %s", b);
        }
        // the pool still works
        TreeWorkloads.forkTree(r);
    }

    /** {@code body} must throw a CompletionException carrying the planned failure {@code token}. */
    static void expectJoinFailure(Runnable body, long token, String what) {
        try {
            body.run();
        } catch (CompletionException e) {
            check(hasBoom(e, token), "%s: the planned exception %d did not reach the joiner; got %s",
                    what, token, e);
            return;
        }
        check(false, "%s: the planned exception %d did not reach the joiner (it returned)", what,
                token);
    }

    // ---------------------------------------------------------------- cancellation

    static void cancel(Run r) throws Exception {
        StrandPool p = r.newPool("cancel", r.someParallelism(), 0);
        // a running submission: cancel(true) interrupts it
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Task<Object> sleeper = p.submit(() -> {
            started.countDown();
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(10));
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return null;
        });
        started.await();
        check(sleeper.cancel(true), "cancel(true) of a running task returned false");
        check(sleeper.isCancelled() && sleeper.isDone(), "cancel(true): not cancelled and done");
        check(interrupted.await(PROMPT_SECONDS, TimeUnit.SECONDS),
                "cancel(true) did not interrupt the running task within %ds", PROMPT_SECONDS);
        expectCancelled(sleeper, "a cancelled running task");
        // queued submissions: block every worker, cancel some of the queued, release
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(p.parallelism());
        List<Task<Object>> blockers = new ArrayList<>();
        for (int i = 0; i < p.parallelism(); i++) {
            blockers.add(p.submit(() -> {
                blocked.countDown();
                gate.await();
                return null;
            }));
        }
        blocked.await();
        int n = r.upTo(100);
        List<Task<Integer>> queued = new ArrayList<>();
        AtomicBoolean[] ran = new AtomicBoolean[n];
        boolean[] cancelled = new boolean[n];
        for (int i = 0; i < n; i++) {
            int v = i;
            ran[i] = new AtomicBoolean();
            queued.add(p.submit(() -> {
                ran[v].set(true);
                return v;
            }));
        }
        for (int i = 0; i < n; i++) {
            if (r.rng.nextBoolean()) {
                cancelled[i] = queued.get(i).cancel(r.rng.nextBoolean());
                check(cancelled[i], "cancel() of a queued task %d (workers all blocked) returned false",
                        i);
            }
        }
        gate.countDown();
        for (Task<Object> b : blockers) {
            b.get();
        }
        for (int i = 0; i < n; i++) {
            if (cancelled[i]) {
                expectCancelled(queued.get(i), "cancelled queued task " + i);
            } else {
                check(queued.get(i).get() == i, "queued task %d: wrong result", i);
            }
        }
        for (int i = 0; i < n; i++) {
            check(!cancelled[i] || !ran[i].get(), "queued task %d ran although it was cancelled", i);
        }
        // forked tasks: a successful cancel means join() throws CancellationException
        long bad = p.invoke(() -> {
            long wrong = 0;
            for (int i = 0; i < 50; i++) {
                int v = i;
                Task<Integer> t = Strand.fork(() -> v);
                boolean c = t.cancel(false);
                try {
                    int got = t.join();
                    wrong += !c && got == v ? 0 : 1;
                } catch (CancellationException e) {
                    wrong += c ? 0 : 1;
                }
            }
            return wrong;
        });
        check(bad == 0, "cancel() of forked tasks: %d joins disagreed with cancel()", bad);
        // timed invokeAll: the ones not done at the deadline are cancelled
        List<Callable<Integer>> cs = new ArrayList<>();
        cs.add(() -> 1);
        cs.add(() -> {
            Thread.sleep(TimeUnit.MINUTES.toMillis(10));
            return 2;
        });
        List<Future<Integer>> fs = p.invokeAll(cs, 50, TimeUnit.MILLISECONDS);
        check(fs.get(1).isCancelled(), "timed invokeAll: the late task was not cancelled");
        check(fs.get(0).isCancelled() || fs.get(0).get() == 1, "timed invokeAll: the fast task");
        p.close();
    }

    static void expectCancelled(Future<?> f, String what) throws Exception {
        try {
            f.get();
            check(false, "%s: get() returned", what);
        } catch (CancellationException expected) {
            // as it must
        }
    }
}
