package dev.strand.cli.soak;

import java.util.SplittableRandom;

/**
 * A random tree that is a pure function of its root id: the number of children of a node, the ids
 * of its children and the construct used to spawn them all derive from the node's id by hashing,
 * so the parallel evaluation (in whatever order the pool runs it) and the serial count walk the
 * same tree, and the count of its nodes is known exactly before the run.
 */
record Tree(long root, int maxDepth, int maxFan) {

    /** SplitMix64's finalizer: a good 64-bit mix. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** @return the number of children of node {@code id} at {@code depth}: 0..maxFan */
    int fan(long id, int depth) {
        return depth >= maxDepth ? 0 : (int) ((mix(id) >>> 1) % (maxFan + 1));
    }

    /** @return the id of child {@code i} of node {@code id} */
    static long child(long id, int i) {
        return mix(id + 0x9e3779b97f4a7c15L * (i + 1));
    }

    /** @return which of {@code modes} spawning constructs node {@code id} uses */
    static int mode(long id, int modes) {
        return (int) ((mix(id ^ 0x5851f42d4c957f2dL) >>> 1) % modes);
    }

    /** @return the number of nodes, counted serially */
    long serialCount() {
        return count(root, 0, Long.MAX_VALUE);
    }

    /** @return the number of nodes, or a number above {@code cap} once it exceeds it */
    long count(long id, int depth, long cap) {
        long n = 1;
        int f = fan(id, depth);
        for (int i = 0; i < f && n <= cap; i++) {
            n += count(child(id, i), depth + 1, cap - n);
        }
        return n;
    }

    /** @return the id of node {@code k} (0-based) in preorder; {@code k} below the node count */
    long nth(long k) {
        long[] left = {k};
        long id = find(root, 0, left);
        if (id == 0 && left[0] >= 0) {
            throw new IllegalArgumentException("no node " + k);
        }
        return id;
    }

    private long find(long id, int depth, long[] left) {
        if (left[0]-- == 0) {
            return id;
        }
        int f = fan(id, depth);
        for (int i = 0; i < f; i++) {
            long r = find(child(id, i), depth + 1, left);
            if (left[0] < 0) {
                return r;
            }
        }
        return 0;
    }

    /**
     * @return a random tree with at most {@code maxNodes} nodes (depth 2..13, fan 1..4)
     */
    static Tree random(SplittableRandom r, long maxNodes) {
        while (true) {
            Tree t = new Tree(r.nextLong() | 1, 2 + r.nextInt(12), 1 + r.nextInt(4));
            if (t.count(t.root, 0, maxNodes) <= maxNodes) {
                return t;
            }
        }
    }
}
