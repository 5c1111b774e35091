package dev.strand.workloads.treesum;

import dev.strand.Joined;
import dev.strand.Strand;
import java.util.concurrent.RecursiveTask;

/**
 * The binary-tree sum of Spice's benchmark (Spice, "Parallelism with sub-nanosecond overhead", a
 * heartbeat-scheduling library for Zig, github.com/judofyr/spice, measured there against Rayon):
 * sum the values of a perfectly balanced binary tree of nodes, forking at every node that has two
 * children, with no cutoff. The work per fork is one
 * add and two pointer loads, so the kernel measures what a fork-join costs where a task is a few
 * nanoseconds of work, and how much of it the scheduler can hide.
 *
 * <p>The tree holds the values {@code from..to} in order, each node the middle of its range, as
 * in the benchmark: {@code 1..2^d - 1} gives a perfect tree of depth {@code d} whose sum is
 * {@code n(n+1)/2}. Every version visits the left child in the caller and offers the right one to
 * thieves.
 */
public final class TreeSum {
    private TreeSum() { }

    /** Deepest tree supported (2^30 - 1 nodes, far more than a 4 GB heap holds). */
    public static final int MAX_DEPTH = 30;

    /** A node of the tree: its value and its children (null where absent). */
    public static final class Node {
        final long value;
        final Node left;
        final Node right;

        Node(long value, Node left, Node right) {
            this.value = value;
            this.left = left;
            this.right = right;
        }
    }

    /**
     * Builds the balanced tree of the values {@code from..to}: the root holds the middle value, the
     * left subtree the values below it, the right subtree those above. Nodes are allocated in
     * pre-order.
     *
     * @param from smallest value
     * @param to   largest value, {@code >= from}
     * @return the root
     */
    public static Node build(long from, long to) {
        long mid = from + (to - from) / 2;
        Node left = mid > from ? build(from, mid - 1) : null;
        Node right = mid < to ? build(mid + 1, to) : null;
        return new Node(mid, left, right);
    }

    /**
     * @param depth the depth, 1..{@link #MAX_DEPTH}
     * @return the perfect tree of that depth, values {@code 1..2^depth - 1}
     */
    public static Node perfect(int depth) {
        return build(1, nodes(depth));
    }

    /** @return the nodes of a perfect tree of depth {@code depth}: {@code 2^depth - 1} */
    public static long nodes(int depth) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be in [1, " + MAX_DEPTH + "], got " + depth);
        }
        return (1L << depth) - 1;
    }

    /** @return the sum of the values of a perfect tree of depth {@code depth}: {@code n(n+1)/2} */
    public static long expected(int depth) {
        long n = nodes(depth);
        return n * (n + 1) / 2;
    }

    /** @return the sum of the tree's values by plain recursion: the serial baseline */
    public static long serial(Node node) {
        long s = node.value;
        if (node.left != null) {
            s += serial(node.left);
        }
        if (node.right != null) {
            s += serial(node.right);
        }
        return s;
    }

    /**
     * @return the sum, {@code Strand.join(sum(left), sum(right))} at every node with two children
     *     (call inside a Strand pool)
     */
    public static long strand(Node node) {
        Node l = node.left;
        Node r = node.right;
        if (l != null && r != null) {
            Joined<Long, Long> j = Strand.join(() -> strand(l), () -> strand(r));
            return node.value + j.first() + j.second();
        }
        long s = node.value;
        if (l != null) {
            s += strand(l);
        }
        if (r != null) {
            s += strand(r);
        }
        return s;
    }

    /**
     * @return the sum, recursing plainly while {@link Strand#wantsSplit} says a split would feed
     *     nobody, with {@link Strand#joinLong} at a node with two children where it would (call
     *     inside a Strand pool)
     */
    public static long strandPolled(Node node) {
        Node l = node.left;
        Node r = node.right;
        if (l != null && r != null && Strand.wantsSplit()) {
            return node.value + Strand.joinLong(TreeSum::strandPolled, l, TreeSum::strandPolled, r, Long::sum);
        }
        long s = node.value;
        if (l != null) {
            s += strandPolled(l);
        }
        if (r != null) {
            s += strandPolled(r);
        }
        return s;
    }

    /**
     * @return the sum, with the allocation-free {@link Strand#joinLong} at every node with two
     *     children: static method references and the child nodes as arguments, so no call
     *     allocates (call inside a Strand pool)
     */
    public static long strandJoinLong(Node node) {
        Node l = node.left;
        Node r = node.right;
        if (l != null && r != null) {
            return node.value + Strand.joinLong(TreeSum::strandJoinLong, l, TreeSum::strandJoinLong, r, Long::sum);
        }
        long s = node.value;
        if (l != null) {
            s += strandJoinLong(l);
        }
        if (r != null) {
            s += strandJoinLong(r);
        }
        return s;
    }

    /**
     * The ForkJoinPool version, a {@link RecursiveTask} per node with two children: the right
     * child forked, the left computed in place, then the right joined (as in the
     * {@code RecursiveTask} example of the JDK documentation).
     */
    public static final class FjpSum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        final transient Node node;

        /** @param node the subtree to sum */
        public FjpSum(Node node) {
            this.node = node;
        }

        @Override
        protected Long compute() {
            Node l = node.left;
            Node r = node.right;
            if (l != null && r != null) {
                FjpSum right = new FjpSum(r);
                right.fork();
                long a = new FjpSum(l).compute();
                return node.value + a + right.join();
            }
            long s = node.value;
            if (l != null) {
                s += new FjpSum(l).compute();
            }
            if (r != null) {
                s += new FjpSum(r).compute();
            }
            return s;
        }
    }
}
