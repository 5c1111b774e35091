package dev.strand.cli.soak;

import static dev.strand.cli.soak.Run.check;

import dev.strand.Joined;
import dev.strand.Scope;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.parallel.Grain;
import dev.strand.parallel.Parallel;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Fork/join trees, Strand.join trees, scopes and the parallel algorithms: exact counts. */
final class TreeWorkloads {
    private TreeWorkloads() { }

    static final long MAX_NODES = 200_000;
    /** No node throws. */
    static final long NO_THROW = 0;

    // ---------------------------------------------------------------- fork trees

    /** Evaluates a {@link Tree} with every fork construct; counts each node twice. */
    static final class ForkTree {
        final Tree tree;
        final AtomicLong visited = new AtomicLong();
        final long throwAt;

        ForkTree(Tree tree, long throwAt) {
            this.tree = tree;
            this.throwAt = throwAt;
        }

        long node(long id, int depth) {
            visited.incrementAndGet();
            if (id == throwAt) {
                throw new Run.Boom(id);
            }
            int f = tree.fan(id, depth);
            if (f == 0) {
                return 1;
            }
            long sum = 1;
            switch (Tree.mode(id, 6)) {
                case 0 -> {                               // Strand.fork(Supplier), last inline
                    @SuppressWarnings("unchecked")
                    Task<Long>[] ts = (Task<Long>[]) new Task<?>[f - 1];
                    for (int i = 0; i < f - 1; i++) {
                        long c = Tree.child(id, i);
                        ts[i] = Strand.fork(() -> node(c, depth + 1));
                    }
                    sum += node(Tree.child(id, f - 1), depth + 1);
                    for (Task<Long> t : ts) {
                        sum += t.join();
                    }
                }
                case 1 -> {                               // Task subclass, joined in reverse
                    NodeTask[] ts = new NodeTask[f];
                    for (int i = 0; i < f; i++) {
                        ts[i] = new NodeTask(this, Tree.child(id, i), depth + 1);
                        ts[i].fork();
                    }
                    for (int i = f - 1; i >= 0; i--) {
                        sum += ts[i].join();
                    }
                }
                case 2 -> {                               // Task.of(...).fork(), waited by get()
                    @SuppressWarnings("unchecked")
                    Task<Long>[] ts = (Task<Long>[]) new Task<?>[f];
                    for (int i = 0; i < f; i++) {
                        long c = Tree.child(id, i);
                        ts[i] = Task.of(() -> node(c, depth + 1)).fork();
                    }
                    for (Task<Long> t : ts) {
                        try {
                            sum += t.get();
                        } catch (ExecutionException e) {
                            throw new CompletionException(e.getCause());
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new CompletionException(e);
                        }
                    }
                }
                case 3 -> {                               // invoke(): inline, no fork
                    for (int i = 0; i < f; i++) {
                        sum += new NodeTask(this, Tree.child(id, i), depth + 1).invoke();
                    }
                }
                case 4 -> {                               // pool.invoke from a worker: inline
                    StrandPool p = Strand.workerPool();
                    for (int i = 0; i < f; i++) {
                        long c = Tree.child(id, i);
                        sum += p.invoke(() -> node(c, depth + 1));
                    }
                }
                default -> {                              // Strand.fork(Runnable) into an adder
                    LongAdder add = new LongAdder();
                    @SuppressWarnings("unchecked")
                    Task<Void>[] ts = (Task<Void>[]) new Task<?>[f];
                    for (int i = 0; i < f; i++) {
                        long c = Tree.child(id, i);
                        ts[i] = Strand.fork(() -> add.add(node(c, depth + 1)));
                    }
                    for (Task<Void> t : ts) {
                        t.join();
                    }
                    sum += add.sum();
                }
            }
            return sum;
        }
    }

    static final class NodeTask extends Task<Long> {
        private final ForkTree t;
        private final long id;
        private final int depth;

        NodeTask(ForkTree t, long id, int depth) {
            this.t = t;
            this.id = id;
            this.depth = depth;
        }

        @Override
        protected Long compute() {
            return t.node(id, depth);
        }
    }

    static void forkTree(Run r) {
        Tree tree = Tree.random(r.rng, MAX_NODES);
        long want = tree.serialCount();
        ForkTree ft = new ForkTree(tree, NO_THROW);
        long got = r.rng.nextBoolean() ? r.pool.invoke(() -> ft.node(tree.root(), 0))
                : r.pool.invoke(new NodeTask(ft, tree.root(), 0));
        check(got == want, "fork tree %s: result %d, serial count %d", tree, got, want);
        check(ft.visited.get() == want, "fork tree %s: %d tasks ran, serial count %d", tree,
                ft.visited.get(), want);
    }

    // ---------------------------------------------------------------- Strand.join trees

    /** Binary splits of [lo, hi) at random points in the middle half; leaves below {@code grain}. */
    static final class JoinTree {
        final long seed;
        final int grain;
        final AtomicLong inner = new AtomicLong();
        final long throwAt;

        JoinTree(long seed, int grain, long throwAt) {
            this.seed = seed;
            this.grain = grain;
            this.throwAt = throwAt;
        }

        int split(int lo, int hi) {
            int len = hi - lo;                    // >= 2: lo < mid < hi
            int q = Math.max(1, len / 4);
            return lo + q + (int) ((Tree.mix(seed ^ (lo * 31L + hi)) >>> 1) % (len - 2 * q + 1));
        }

        /** @return the number of leaves */
        long leaves(int lo, int hi) {
            if (hi - lo <= grain) {
                if (lo <= throwAt && throwAt < hi) {
                    throw new Run.Boom(throwAt);
                }
                return 1;
            }
            inner.incrementAndGet();
            int mid = split(lo, hi);
            if ((Tree.mix(seed + lo) & 1) == 0) {
                Joined<Long, Long> j = Strand.join(() -> leaves(lo, mid), () -> leaves(mid, hi));
                return j.first() + j.second();
            }
            long[] parts = new long[2];
            Strand.join(() -> parts[0] = leaves(lo, mid), () -> parts[1] = leaves(mid, hi));
            return parts[0] + parts[1];
        }

        long serialLeaves(int lo, int hi, long[] innerCount) {
            if (hi - lo <= grain) {
                return 1;
            }
            innerCount[0]++;
            int mid = split(lo, hi);
            return serialLeaves(lo, mid, innerCount) + serialLeaves(mid, hi, innerCount);
        }
    }

    static void joinTree(Run r) {
        int n = r.upTo(300_000);
        JoinTree jt = new JoinTree(r.rng.nextLong(), r.upTo(64), -1);
        long[] wantInner = new long[1];
        long want = jt.serialLeaves(0, n, wantInner);
        long got = r.pool.invoke(() -> jt.leaves(0, n));
        check(got == want, "Strand.join tree n=%d grain=%d: %d leaves, serial %d", n, jt.grain, got,
                want);
        check(jt.inner.get() == wantInner[0], "Strand.join tree n=%d grain=%d: %d splits, serial %d",
                n, jt.grain, jt.inner.get(), wantInner[0]);
    }

    // ---------------------------------------------------------------- scopes

    /** A {@link Tree} evaluated with scopes: a node opens a scope, or spawns into its parent's. */
    static final class ScopeTree {
        final Tree tree;
        final AtomicLong visited = new AtomicLong();
        final long throwAt;

        ScopeTree(Tree tree, long throwAt) {
            this.tree = tree;
            this.throwAt = throwAt;
        }

        void node(long id, int depth, Scope parent) {
            visited.incrementAndGet();
            if (id == throwAt) {
                throw new Run.Boom(id);
            }
            int f = tree.fan(id, depth);
            if (f == 0) {
                return;
            }
            if (parent != null && Tree.mode(id, 3) == 0) {
                spawnAll(id, depth, f, parent);       // into the enclosing scope, which waits
            } else {
                Strand.scope(s -> spawnAll(id, depth, f, s));
            }
        }

        private void spawnAll(long id, int depth, int f, Scope s) {
            for (int i = 0; i < f; i++) {
                long c = Tree.child(id, i);
                s.spawn(() -> node(c, depth + 1, s));
            }
        }
    }

    static void scopeTree(Run r) {
        Tree tree = Tree.random(r.rng, MAX_NODES);
        long want = tree.serialCount();
        ScopeTree st = new ScopeTree(tree, NO_THROW);
        r.pool.invoke(() -> {
            st.node(tree.root(), 0, null);
            return null;
        });
        check(st.visited.get() == want, "scope tree %s: %d tasks ran, serial count %d", tree,
                st.visited.get(), want);
    }

    // ---------------------------------------------------------------- Parallel

    static Grain grain(Run r) {
        return r.rng.nextBoolean() ? Grain.auto() : Grain.fixed(r.upTo(4096));
    }

    static void parallel(Run r) {
        StrandPool p = r.pool;
        int n = r.rng.nextInt(200_000);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.rng.nextLong(1_000_000);
        }
        long serial = Arrays.stream(a).sum();
        long got = Parallel.sum(p, a, grain(r));
        check(got == serial, "Parallel.sum of %d longs: %d, serial %d", n, got, serial);
        long max = Parallel.reduce(p, a, Long.MIN_VALUE, Math::max, grain(r));
        long wantMax = Arrays.stream(a).max().orElse(Long.MIN_VALUE);
        check(max == wantMax, "Parallel.reduce(max) of %d longs: %d, serial %d", n, max, wantMax);
        long[] m = Parallel.map(p, a, x -> x * 3 + 1, grain(r));
        for (int i = 0; i < n; i++) {
            check(m[i] == a[i] * 3 + 1, "Parallel.map: element %d of %d is %d, want %d", i, n, m[i],
                    a[i] * 3 + 1);
        }
        AtomicLong visits = new AtomicLong();
        LongAdder indexSum = new LongAdder();
        Parallel.forRange(p, 0, n, i -> {
            visits.incrementAndGet();
            indexSum.add(i);
        }, grain(r));
        check(visits.get() == n && indexSum.sum() == (long) n * (n - 1) / 2,
                "Parallel.forRange over %d indices: %d visits, index sum %d", n, visits.get(),
                indexSum.sum());
        long[] s = a.clone();
        Parallel.scan(p, s, Long::sum, grain(r));
        long run = 0;
        for (int i = 0; i < n; i++) {
            run += a[i];
            check(s[i] == run, "Parallel.scan: prefix %d of %d is %d, want %d", i, n, s[i], run);
        }
        long[] sorted = a.clone();
        Parallel.sort(p, sorted);
        long[] want = a.clone();
        Arrays.sort(want);
        check(Arrays.equals(sorted, want), "Parallel.sort of %d longs: wrong order", n);
    }
}
