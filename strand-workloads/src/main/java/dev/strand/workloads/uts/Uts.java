package dev.strand.workloads.uts;

import dev.strand.Task;
import java.util.concurrent.RecursiveAction;

/**
 * Unbalanced Tree Search: count the nodes of an implicit tree whose shape comes from SHA-1
 * splittable random numbers ({@link Sha1Rng}, {@link UtsParams}). The parallel versions make one
 * task per node: a node forks all of its children but the last, explores the last inline, then joins
 * the others newest first. That per-node overhead is the point of the benchmark.
 */
public final class Uts {
    private Uts() { }

    /** @return the number of nodes of the tree, counted serially (depth-first recursion) */
    public static long serial(UtsParams t) {
        return count(t, Sha1Rng.root(t.seed()));
    }

    static long count(UtsParams t, Sha1Rng.Node n) {
        int k = t.numChildren(n);
        long c = 1;
        for (int i = 0; i < k; i++) {
            c += count(t, n.child(i));
        }
        return c;
    }

    /** Depth and leaves of a tree, counted serially (for tests and reports). */
    public record Shape(long nodes, long leaves, int maxDepth) { }

    /** @return the tree's size, leaves and depth, counted serially */
    public static Shape shape(UtsParams t) {
        long[] acc = new long[3];
        shape(t, Sha1Rng.root(t.seed()), acc);
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
