package dev.strand.cli.soak;

import static dev.strand.cli.soak.Run.check;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** Pools that end (close, shutdown, shutdownNow) while busy, and pools waiting on each other. */
final class LifecycleWorkloads {
    private LifecycleWorkloads() { }

    /** A Runnable that records whether it ran. */
    static final class Marked implements Runnable {
        final AtomicBoolean ran = new AtomicBoolean();
        final AtomicLong counter;

        Marked(AtomicLong counter) {
            this.counter = counter;
        }

        @Override
        public void run() {
            check(ran.compareAndSet(false, true), "a Runnable ran twice");
            counter.incrementAndGet();
        }
    }

    static void lifecycle(Run r) throws Exception {
        StrandPool p = r.newPool("life", r.someParallelism(), 0);
        int n = r.upTo(20_000);
        AtomicLong executed = new AtomicLong();
        List<Marked> runnables = new ArrayList<>(n);
        Tree tree = Tree.random(r.rng, 50_000);
        TreeWorkloads.ForkTree ft = new TreeWorkloads.ForkTree(tree, TreeWorkloads.NO_THROW);
        Task<Long> treeTask = p.submit(Task.of(() -> ft.node(tree.root(), 0)));
        for (int i = 0; i < n; i++) {
            Marked m = new Marked(executed);
            runnables.add(m);
            p.execute(m);
        }
        switch (r.rng.nextInt(3)) {
            case 0 -> {
                p.close();
                check(p.isTerminated(), "close() returned before the pool terminated");
                check(executed.get() == n, "close(): %d of %d executed Runnables ran",
                        executed.get(), n);
                check(treeTask.isDone() && treeTask.join() == tree.serialCount(),
                        "close(): the fork tree's result");
            }
            case 1 -> shutdownThenAwait(r, p, n, executed, treeTask, tree);
            default -> shutdownNow(p, n, executed, runnables, treeTask, tree);
        }
    }

    private static void shutdownThenAwait(Run r, StrandPool p, int n, AtomicLong executed,
                                          Task<Long> treeTask, Tree tree) throws Exception {
        // a task running at shutdown may still submit: its work runs before termination
        CountDownLatch go = new CountDownLatch(1);
        int extra = r.upTo(100);
        AtomicLong late = new AtomicLong();
        Task<Object> spawner = p.submit(() -> {
            go.await();
            for (int i = 0; i < extra; i++) {
                p.execute(late::incrementAndGet);
            }
            Strand.fork(() -> late.incrementAndGet()).join();
            return null;
        });
        p.shutdown();
        try {
            p.execute(() -> { });
            check(false, "execute() after shutdown() was accepted");
        } catch (RejectedExecutionException expected) {
            // as it must
        }
        go.countDown();
        check(p.awaitTermination(1, TimeUnit.HOURS), "awaitTermination() returned false");
        check(p.isTerminated(), "awaitTermination(): pool not terminated");
        spawner.get();
        check(executed.get() == n, "shutdown(): %d of %d executed Runnables ran", executed.get(), n);
        check(late.get() == extra + 1, "shutdown(): %d of %d tasks submitted by a running task ran",
                late.get(), extra + 1);
        check(treeTask.join() == tree.serialCount(), "shutdown(): the fork tree's result");
    }

    private static void shutdownNow(StrandPool p, int n, AtomicLong executed, List<Marked> runnables,
                                    Task<Long> treeTask, Tree tree) throws Exception {
        List<Runnable> returned = p.shutdownNow();
        check(p.awaitTermination(1, TimeUnit.HOURS), "awaitTermination() after shutdownNow()");
        Set<Runnable> back = Collections.newSetFromMap(new IdentityHashMap<>());
        back.addAll(returned);
        check(back.size() == returned.size(), "shutdownNow() returned a Runnable twice");
        long ours = 0;
        for (Marked m : runnables) {
            boolean isBack = back.contains(m);
            ours += isBack ? 1 : 0;
            check(isBack != m.ran.get(), "shutdownNow(): a Runnable %s", isBack
                    ? "was returned and also ran" : "neither ran nor was returned (lost)");
        }
        check(executed.get() + ours == n, "shutdownNow(): executed %d + returned %d != submitted %d",
                executed.get(), ours, n);
        // the fork tree: its exact count, or an exception; never a wrong count
        try {
            long got = treeTask.get();
            check(got == tree.serialCount(), "shutdownNow(): fork tree returned %d, serial %d", got,
                    tree.serialCount());
        } catch (CancellationException | ExecutionException expected) {
            check(treeTask.isDone(), "fork tree not done");
        }
        check(!back.contains(treeTask) || treeTask.isCancelled(),
                "shutdownNow() returned a task it did not cancel");
    }

    static void crossPool(Run r) throws Exception {
        StrandPool a = r.rng.nextBoolean() ? r.pool : r.newPool("a", r.someParallelism(), 0);
        StrandPool b = r.newPool("b", r.someParallelism(), 0);
        Tree tree = Tree.random(r.rng, 50_000);
        long want = tree.serialCount();
        // A waits for B
        TreeWorkloads.ForkTree t1 = new TreeWorkloads.ForkTree(tree, TreeWorkloads.NO_THROW);
        long got = a.invoke(() -> b.invoke(() -> t1.node(tree.root(), 0)));
        check(got == want, "A.invoke(B.invoke(tree)): %d, serial %d", got, want);
        // A waits for B, which waits for A, from several members of a scope at once
        int k = r.upTo(8);
        AtomicLong total = new AtomicLong();
        a.invoke(() -> {
            Strand.scope(s -> {
                for (int i = 0; i < k; i++) {
                    s.spawn(() -> total.addAndGet(b.invoke(() -> {
                        TreeWorkloads.ForkTree t = new TreeWorkloads.ForkTree(tree,
                                TreeWorkloads.NO_THROW);
                        return a.invoke(() -> t.node(tree.root(), 0));
                    })));
                }
            });
            return null;
        });
        check(total.get() == k * want, "A->B->A from %d scope members: %d, want %d", k, total.get(),
                k * want);
        // get() across pools
        long g = a.invoke(() -> {
            try {
                return b.submit(() -> 41L).get() + 1;
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        check(g == 42, "B.submit().get() from A: %d", g);
        int x = r.rng.nextInt(1000);
        int cf = CompletableFuture.supplyAsync(() -> x, a).thenApplyAsync(v -> v + 1, b)
                .thenApplyAsync(v -> v * 2, a).join();
        check(cf == (x + 1) * 2, "CompletableFuture A->B->A: %d", cf);
        b.close();
        if (a != r.pool) {
            a.close();
        }
    }
}
