package dev.strand.workloads.uts;

import dev.strand.Task;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Unbalanced Tree Search: count the nodes of an implicit tree whose shape comes from SHA-1
 * splittable random numbers ({@link Sha1Rng}, {@link UtsParams}). The parallel versions make one
 * task per node: a node forks all of its children but the last, explores the last inline, then joins
 * the others newest first. That per-node overhead is the point of the benchmark.
 */
public final class Uts {
    private Uts() { }

    /**
     * @return the number of nodes of the tree, counted serially (depth-first recursion; on a
     *     {@linkplain #deep large stack} when the tree may be deep)
     */
    public static long serial(UtsParams t) {
        return deep(t, () -> count(t, Sha1Rng.root(t.seed())));
    }

    static long count(UtsParams t, Sha1Rng.Node n) {
        int k = t.numChildren(n);
        long c = 1;
        for (int i = 0; i < k; i++) {
            c += count(t, n.child(i));
        }
        return c;
    }

    /** Size, leaves and depth of a tree (the figures the UTS reference prints). */
    public record Shape(long nodes, long leaves, int maxDepth) { }

    /** @return the tree's size, leaves and depth, counted serially (on a large stack when deep) */
    public static Shape shape(UtsParams t) {
        long[] acc = new long[3];
        deep(t, () -> {
            shape(t, Sha1Rng.root(t.seed()), acc);
            return 0;
        });
        return new Shape(acc[0], acc[1], (int) acc[2]);
    }

    private static void shape(UtsParams t, Sha1Rng.Node n, long[] acc) {
        int k = t.numChildren(n);
        acc[0]++;
        if (k == 0) {
            acc[1]++;
        }
        acc[2] = Math.max(acc[2], n.depth);
        for (int i = 0; i < k; i++) {
            shape(t, n.child(i), acc);
        }
    }

    /**
     * @return the most tasks that the versions' fork order holds forked but not started when run
     *     serially, depth-first (the serial program's queue at its peak): a node forks children
     *     0 .. k-2 and explores child k-1 inline, then joins newest first, so child {@code i}
     *     runs while {@code i} of its siblings wait, on top of what waits above its parent
     */
    public static long serialQueued(UtsParams t) {
        long[] peak = new long[1];
        deep(t, () -> {
            serialQueued(t, Sha1Rng.root(t.seed()), 0, peak);
            return 0;
        });
        return peak[0];
    }

    private static void serialQueued(UtsParams t, Sha1Rng.Node n, long waiting, long[] peak) {
        peak[0] = Math.max(peak[0], waiting);
        int k = t.numChildren(n);
        for (int i = k - 1; i >= 0; i--) {
            serialQueued(t, n.child(i), waiting + i, peak);
        }
    }

    /** Trees at most this deep are recursed on the caller's stack: a few hundred kB at most. */
    static final long SHALLOW = 1000;

    /** Stack of the threads that recurse deep trees: reserved address space, touched only as used. */
    static final long DEEP_STACK_BYTES = 1L << 30;

    private static final AtomicInteger DEEP_SEQ = new AtomicInteger();

    /**
     * Threads with a {@link #DEEP_STACK_BYTES} stack, started on demand and kept while used (idle
     * ones end after a minute): a thread that lives across runs keeps its CPU time on the clocks of
     * the benchmark harness, which drops a thread that ended between two readings.
     */
    private static final ExecutorService DEEP = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
            new SynchronousQueue<>(), r -> {
                Thread th = new Thread(null, r, "uts-deep-" + DEEP_SEQ.incrementAndGet(), DEEP_STACK_BYTES);
                th.setDaemon(true);
                return th;
            });

    /**
     * Runs a recursion over the tree: on the calling thread if the tree is at most {@link #SHALLOW}
     * deep, else on a thread with a 1 GiB stack, and waits for it. A binomial tree has no depth
     * bound (T3 is 1,572 levels deep, T3L 17,844, T2WL a million), and a recursion that deep
     * overflows a default 1 MB stack.
     *
     * <p>Why a thread rather than a loop with an explicit stack: the serial count is the baseline
     * the parallel versions are measured against, and they recurse (a node explores its last child
     * inline). An explicit stack would change what the baseline costs per node; a thread with a
     * large stack runs the same recursion and costs one hand-off per run (microseconds against the
     * hundreds of milliseconds of a deep tree's count).
     *
     * @param t    the tree (its {@link UtsParams#depthBound()} decides)
     * @param body the recursion
     * @return what {@code body} returned
     */
    public static long deep(UtsParams t, LongSupplier body) {
        if (t.depthBound() <= SHALLOW) {
            return body.getAsLong();
        }
        Future<Long> f = DEEP.submit(body::getAsLong);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true;             // the recursion cannot be stopped: wait for it
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException re) {
                        throw re;
                    } else if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(c);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** @return the number of nodes, one Strand task per node (call inside a Strand pool) */
    public static long strand(UtsParams t) {
        StrandNode root = new StrandNode(t, null, 0, null);
        root.invoke();
        return root.count;
    }

    /** @return a ForkJoinPool task counting the tree into its {@code count} */
    public static FjpNode fjpTask(UtsParams t) {
        return new FjpNode(t, null, 0, null);
    }

    /**
     * Strand version: one task per node. A task holds its parent's state and its index and derives
     * its own state when it runs, so a fork costs an allocation and a push, and the SHA-1 of a
     * stolen child is computed by its thief. The forked siblings form a list through {@code next}
     * (newest first, the order the joins want), so a node allocates no array of its children.
     */
    static final class StrandNode extends Task<Void> {
        final UtsParams t;
        final Sha1Rng.Node parent;                // null for the root
        final int index;
        final StrandNode next;                    // the sibling forked before this one
        long count;

        StrandNode(UtsParams t, Sha1Rng.Node parent, int index, StrandNode next) {
            this.t = t;
            this.parent = parent;
            this.index = index;
            this.next = next;
        }

        @Override
        protected Void compute() {
            count = explore(t, parent == null ? Sha1Rng.root(t.seed()) : parent.child(index));
            return null;
        }

        /** Forks all children but the last, explores the last inline, then joins newest first. */
        static long explore(UtsParams t, Sha1Rng.Node n) {
            int k = t.numChildren(n);
            long c = 1;
            if (k > 0) {
                StrandNode forked = null;
                for (int i = 0; i < k - 1; i++) {
                    forked = new StrandNode(t, n, i, forked);
                    forked.fork();
                }
                c += explore(t, n.child(k - 1));
                for (StrandNode ch = forked; ch != null; ch = ch.next) {
                    ch.join();
                    c += ch.count;
                }
            }
            return c;
        }
    }

    /** ForkJoinPool version, the same algorithm as {@link StrandNode}. */
    public static final class FjpNode extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final transient UtsParams t;
        final transient Sha1Rng.Node parent;
        final int index;
        final transient FjpNode next;
        /** Nodes in this subtree, once the task has run. */
        public long count;

        FjpNode(UtsParams t, Sha1Rng.Node parent, int index, FjpNode next) {
            this.t = t;
            this.parent = parent;
            this.index = index;
            this.next = next;
        }

        @Override
        protected void compute() {
            count = explore(t, parent == null ? Sha1Rng.root(t.seed()) : parent.child(index));
        }

        static long explore(UtsParams t, Sha1Rng.Node n) {
            int k = t.numChildren(n);
            long c = 1;
            if (k > 0) {
                FjpNode forked = null;
                for (int i = 0; i < k - 1; i++) {
                    forked = new FjpNode(t, n, i, forked);
                    forked.fork();
                }
                c += explore(t, n.child(k - 1));
                for (FjpNode ch = forked; ch != null; ch = ch.next) {
                    ch.join();
                    c += ch.count;
                }
            }
            return c;
        }
    }
}
