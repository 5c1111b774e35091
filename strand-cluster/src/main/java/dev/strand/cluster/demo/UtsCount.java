package dev.strand.cluster.demo;

import dev.strand.Strand;
import dev.strand.cluster.Recursion;
import dev.strand.workloads.uts.Sha1Rng;
import dev.strand.workloads.uts.UtsParams;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Unbalanced Tree Search as a divide-and-conquer recursion for the cluster: count the nodes of a
 * UTS tree (strand-workloads' {@link UtsParams}, {@link Sha1Rng}). A subproblem is a subtree,
 * named by its path from the root (the child indices), so that it travels as a few bytes and any
 * node can rebuild its root by hashing down the path. {@link #split} gives a subtree's children,
 * so a {@code CutRule.depth(1)} cuts the tree at the root, one job per child of the root; a job
 * counts its subtree on the node's pool, forking over each node's children with
 * {@code Strand.joinAll}; {@link #combine} adds the cut's own nodes back.
 *
 * <p>The tree travels as its options string (UTS's command-line form) and is parsed once per
 * JVM that receives it. The work of a subtree is unknown before it is counted: 1 for all, which
 * is the point (the placement is by count, stealing corrects it).
 */
public final class UtsCount implements Recursion<UtsCount.Subtree, Long> {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String options;
    private transient UtsParams tree;

    /** @param options the tree in UTS's option form, e.g. {@code -t 0 -b 2000 -q 0.124875 -m 8 -r 42} */
    public UtsCount(String options) {
        this.options = options;
        this.tree = UtsParams.parse(options);
    }

    /** @return the tree's options */
    public String options() {
        return options;
    }

    private UtsParams tree() {
        UtsParams t = tree;
        if (t == null) {
            t = UtsParams.parse(options);
            tree = t;
        }
        return t;
    }

    /** A subtree: the path of child indices from the root (empty for the whole tree). */
    public static final class Subtree implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        private final int[] path;

        private Subtree(int[] path) {
            this.path = path;
        }

        /** @return the whole tree */
        public static Subtree root() {
            return new Subtree(new int[0]);
        }

        Subtree child(int i) {
            int[] p = Arrays.copyOf(path, path.length + 1);
            p[path.length] = i;
            return new Subtree(p);
        }

        Sha1Rng.Node node(UtsParams t) {
            Sha1Rng.Node n = Sha1Rng.root(t.seed());
            for (int i : path) {
                n = n.child(i);
            }
            return n;
        }

        /** @return its depth: the root's is 0 */
        public int depth() {
            return path.length;
        }

        @Override
        public String toString() {
            return "subtree " + Arrays.toString(path);
        }
    }

    @Override
    public List<Subtree> split(Subtree s) {
        UtsParams t = tree();
        int k = t.numChildren(s.node(t));
        List<Subtree> children = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            children.add(s.child(i));
        }
        return children;
    }

    @Override
    public Long solve(Subtree s) {
        UtsParams t = tree();
        return count(t, s.node(t));
    }

    @Override
    public Long combine(Subtree s, List<Long> parts) {
        long c = 1;                                  // the split node itself
        for (long p : parts) {
            c += p;
        }
        return c;
    }

    /** The nodes of {@code n}'s subtree, its children counted in parallel on the current pool. */
    static long count(UtsParams t, Sha1Rng.Node n) {
        int k = t.numChildren(n);
        if (k == 0) {
            return 1;
        }
        if (k == 1) {
            return 1 + count(t, n.child(0));
        }
        List<Supplier<Long>> parts = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            Sha1Rng.Node c = n.child(i);
            parts.add(() -> count(t, c));
        }
        long total = 1;
        for (long p : Strand.joinAll(parts)) {
            total += p;
        }
        return total;
    }
}
