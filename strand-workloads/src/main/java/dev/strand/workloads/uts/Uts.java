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
        StrandNode root = new StrandNode(t, Sha1Rng.root(t.seed()));
        root.invoke();
        return root.count;
    }

    /** @return a ForkJoinPool task counting the tree into its {@code count} */
    public static FjpNode fjpTask(UtsParams t) {
        return new FjpNode(t, Sha1Rng.root(t.seed()));
    }

    /** Strand version: one task per node. */
    static final class StrandNode extends Task<Void> {
        final UtsParams t;
        final Sha1Rng.Node node;
        long count;

        StrandNode(UtsParams t, Sha1Rng.Node node) {
            this.t = t;
            this.node = node;
        }

        @Override
        protected Void compute() {
            int k = t.numChildren(node);
            long c = 1;
            if (k > 0) {
                StrandNode[] ch = new StrandNode[k];
                for (int i = 0; i < k - 1; i++) {
                    ch[i] = new StrandNode(t, node.child(i));
                    ch[i].fork();
                }
                StrandNode last = new StrandNode(t, node.child(k - 1));
                last.compute();
                c += last.count;
                for (int i = k - 2; i >= 0; i--) {
                    ch[i].join();
                    c += ch[i].count;
                }
            }
            count = c;
            return null;
        }
    }

    /** ForkJoinPool version, the same algorithm as {@link StrandNode}. */
    public static final class FjpNode extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final transient UtsParams t;
        final transient Sha1Rng.Node node;
        /** Nodes in this subtree, once the task has run. */
        public long count;

        FjpNode(UtsParams t, Sha1Rng.Node node) {
            this.t = t;
            this.node = node;
        }

        @Override
        protected void compute() {
            int k = t.numChildren(node);
            long c = 1;
            if (k > 0) {
                FjpNode[] ch = new FjpNode[k];
                for (int i = 0; i < k - 1; i++) {
                    ch[i] = new FjpNode(t, node.child(i));
                    ch[i].fork();
                }
                FjpNode last = new FjpNode(t, node.child(k - 1));
                last.compute();
                c += last.count;
                for (int i = k - 2; i >= 0; i--) {
                    ch[i].join();
                    c += ch[i].count;
                }
            }
            count = c;
        }
    }
}
