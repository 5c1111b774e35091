package dev.strand.cluster.demo;

import dev.strand.Strand;
import dev.strand.cluster.Shed;
import dev.strand.cluster.Shedding;
import dev.strand.workloads.uts.Sha1Rng;
import dev.strand.workloads.uts.UtsParams;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayDeque;
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
 * <p>It is a {@link Shedding} recursion: a job counts its subtree depth first with an explicit
 * stack, and when an idle node waits it gives away the oldest entries of its stack (the
 * shallowest subtrees it has not entered, as paths; half the stack, at most 16), so that a tree cut only at the root balances across
 * nodes however lopsided it is; the parts' counts are added back ({@link #merge}). Solved whole
 * ({@link #solve(Subtree)}), a job forks over each node's children on its node's pool instead.
 *
 * <p>The tree travels as its options string (UTS's command-line form) and is parsed once per
 * JVM that receives it. The work of a subtree is unknown before it is counted: 1 for all, which
 * is the point (the placement is by count, stealing corrects it).
 */
public final class UtsCount implements Shedding<UtsCount.Subtree, Long> {

    /** How many tree nodes a job visits between two looks at whether an idle node waits. */
    private static final int CLAIM_EVERY = 256;

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
    public Long solve(Subtree s, Shed<Subtree> shed) {
        UtsParams t = tree();
        ArrayDeque<Entry> stack = new ArrayDeque<>();
        stack.push(new Entry(s.node(t), null, -1));
        long count = 0;
        int sinceLook = 0;
        while (!stack.isEmpty()) {
            if (++sinceLook >= CLAIM_EVERY) {
                sinceLook = 0;
                if (shed.claim()) {
                    shed.offer(giveAway(stack, s));
                }
            }
            Entry e = stack.pop();
            count++;
            int k = t.numChildren(e.node);
            for (int i = 0; i < k; i++) {
                stack.push(new Entry(e.node.child(i), e, i));
            }
        }
        return count;
    }

    /** The most parts one offer gives: each part travels as a job of its own, at about 1 ms each. */
    private static final int MAX_PARTS = 16;

    /**
     * The stack's oldest entries (its bottom: the shallowest subtrees not entered), half of it
     * and at most {@link #MAX_PARTS}, as paths.
     */
    private static List<Subtree> giveAway(ArrayDeque<Entry> stack, Subtree root) {
        int n = Math.min(MAX_PARTS, stack.size() / 2);
        List<Subtree> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(stack.removeLast().subtree(root));
        }
        return out;
    }

    /** A tree node on the stack, with its way back to the job's root (for giving it away). */
    private static final class Entry {
        final Sha1Rng.Node node;
        final Entry parent;
        final int index;

        Entry(Sha1Rng.Node node, Entry parent, int index) {
            this.node = node;
            this.parent = parent;
            this.index = index;
        }

        Subtree subtree(Subtree root) {
            int depth = 0;
            for (Entry e = this; e.parent != null; e = e.parent) {
                depth++;
            }
            int[] path = Arrays.copyOf(root.path, root.path.length + depth);
            int i = path.length;
            for (Entry e = this; e.parent != null; e = e.parent) {
                path[--i] = e.index;
            }
            return new Subtree(path);
        }
    }

    @Override
    public Long merge(Long a, Long b) {
        return a + b;
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
