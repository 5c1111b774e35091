package dev.strand.sim.dag;

import java.util.SplittableRandom;

/**
 * The generators. Every DAG is produced lazily from small immutable descriptors, so its size is
 * limited by simulated time, not memory. Unit strands unless a weight is stated.
 *
 * <p>Shapes (W = a strand of that many units; spawn/call/sync as in {@link Proc}):
 * <ul>
 *   <li>{@link #tree}: node = W1, spawn node, spawn node (the task trees of {@code strand demo}):
 *       T1 = 2^(d+1)-1, T-inf = d+1.</li>
 *   <li>{@link #fib}: fib(n &lt; 2) = W1; fib(n) = W1, spawn fib(n-1), call fib(n-2), sync, W1:
 *       T1 = 3F(n+1)-2, T-inf = 2n-1 (n &ge; 1).</li>
 *   <li>{@link #spawnLoop}: W1, then n times (spawn W w, W1): T1 = n(w+1)+1, T-inf = n+w
 *       (n+1 for w = 1), S1 = 2.</li>
 *   <li>{@link #mergeSort}: ms(1) = W1; ms(n) = W1, spawn ms(ceil n/2), call ms(floor n/2), sync,
 *       merge; serial merge = W n (T-inf = Theta(n)), parallel merge pm(n) = W ceil(log2 n),
 *       spawn pm(ceil n/2), call pm(floor n/2), sync (T-inf = Theta(log^3 n)).</li>
 *   <li>{@link #parallelSum}: sum(n &le; g) = W n; sum(n) = W tau, spawn sum(floor n/2),
 *       call sum(ceil n/2), sync, W1 (tau = spawn overhead).</li>
 *   <li>{@link #utsGeometric}, {@link #utsBinomial}: UTS trees; node = W1, then per child
 *       (spawn child, W1) with the last W1 left out: T1 = nodes + sum(children - 1).</li>
 * </ul>
 *
 * <p>Why loops pay a unit per iteration: in the model of Blumofe and Leiserson a spawn is an
 * instruction, so n spawns in a row form a chain of n nodes. With free spawns a spawn loop would
 * have span 2 while continuation stealing must still steal the loop's continuation once per
 * iteration, and no bound in T-inf could hold. Fixed fan-out (the tree's two spawns) is harmless.
 * <ul>
 *   <li>{@link #random}: a random series-parallel program from a seed.</li>
 * </ul>
 */
public final class Dags {
    private Dags() { }

    /** Largest tree depth: 2^(d+1)-1 must fit in a long. */
    public static final int MAX_TREE_DEPTH = 61;
    /** Largest fib argument: 3F(n+1) must fit in a long. */
    public static final int MAX_FIB = 88;

    /** Balanced binary tree of depth {@code d} (2^(d+1)-1 unit strands). */
    public static Dag tree(int depth) {
        check(depth >= 0 && depth <= MAX_TREE_DEPTH, "tree depth must be 0.." + MAX_TREE_DEPTH
                + ", got " + depth);
        long nodes = (1L << (depth + 1)) - 1;
        return Dag.known("tree(" + depth + ")", new Tree(depth),
                new Metrics(nodes, depth + 1, depth + 1, nodes));
    }

    /** fib(n) spawning at every level (no grain), the textbook fork-join example. */
    public static Dag fib(int n) {
        check(n >= 0 && n <= MAX_FIB, "fib n must be 0.." + MAX_FIB + ", got " + n);
        long calls = 2 * fibonacci(n + 1) - 1;
        return Dag.known("fib(" + n + ")", new Fib(n),
                new Metrics(3 * fibonacci(n + 1) - 2, n == 0 ? 1 : 2L * n - 1, Math.max(n, 1),
                        calls));
    }

    /** Largest spawn loop: the body has 2n+1 actions. */
    public static final int MAX_LOOP = (Integer.MAX_VALUE - 1) / 2;

    /**
     * The spawn loop {@code for i < n: spawn f(i); sync}, f a strand of {@code weight} units, each
     * iteration one unit of loop overhead.
     */
    public static Dag spawnLoop(int n, long weight) {
        check(n >= 1 && n <= MAX_LOOP, "loop n must be 1.." + MAX_LOOP + ", got " + n);
        check(weight >= 1, "loop body weight must be >= 1, got " + weight);
        return Dag.known("loop(" + n + (weight == 1 ? "" : ",w=" + weight) + ")",
                new Loop(n, new Leaf(weight)),
                new Metrics(n * (weight + 1) + 1, n + weight, 2, n + 1L));
    }

    /** Merge sort of n elements; {@code parallelMerge} picks the merge (see the class comment). */
    public static Dag mergeSort(long n, boolean parallelMerge) {
        check(n >= 1, "merge sort n must be >= 1, got " + n);
        return Dag.of((parallelMerge ? "msort-pmerge(" : "msort(") + n + ")",
                new MergeSort(n, parallelMerge));
    }

    /**
     * Parallel sum of n unit elements with grain {@code g} (leaves of at most g elements run
     * serially) and spawn overhead {@code tau} work units per split.
     */
    public static Dag parallelSum(long n, long grain, long tau) {
        check(n >= 1, "sum n must be >= 1, got " + n);
        check(grain >= 1, "grain must be >= 1, got " + grain);
        check(tau >= 1, "spawn overhead tau must be >= 1, got " + tau);
        return Dag.of("sum(" + n + ",g=" + grain + ",tau=" + tau + ")", new Sum(n, grain, tau));
    }

    /**
     * UTS geometric tree (fixed shape): a node above {@code maxDepth} has a geometric number of
     * children with mean {@code branching}; nodes at {@code maxDepth} are leaves. The shape is a
     * function of {@code seed} alone (each node's child count is hashed from its own id).
     */
    public static Dag utsGeometric(double branching, int maxDepth, long seed) {
        check(branching > 0 && branching <= 1000, "branching must be in (0, 1000], got " + branching);
        check(maxDepth >= 0 && maxDepth <= 100_000, "maxDepth must be 0..100000, got " + maxDepth);
        return Dag.of("uts-geo(b=" + branching + ",d=" + maxDepth + ",seed=" + seed + ")",
                new Uts(new UtsShape(false, branching, 0, 0, maxDepth), seed, 0));
    }

    /**
     * UTS binomial tree: the root has {@code rootChildren} children; every other node has
     * {@code m} children with probability {@code q}, else none (expected size finite when
     * {@code q*m < 1}). Seeded like {@link #utsGeometric}.
     */
    public static Dag utsBinomial(int rootChildren, int m, double q, long seed) {
        check(rootChildren >= 1, "root children must be >= 1, got " + rootChildren);
        check(m >= 1, "m must be >= 1, got " + m);
        check(q >= 0 && q * m < 1, "need 0 <= q and q*m < 1, got q=" + q + " m=" + m);
        return Dag.of("uts-bin(b0=" + rootChildren + ",m=" + m + ",q=" + q + ",seed=" + seed + ")",
                new Uts(new UtsShape(true, rootChildren, m, q, Integer.MAX_VALUE), seed, 0));
    }

    /**
     * A random series-parallel program with about {@code strands} strands: random bodies of work,
     * spawns, calls and syncs, nested. {@code maxWeight} 1 gives unit strands; more draws each
     * strand's weight uniformly from 1..maxWeight.
     */
    public static Dag random(long seed, long strands, int maxWeight) {
        check(strands >= 1, "strands must be >= 1, got " + strands);
        check(maxWeight >= 1, "maxWeight must be >= 1, got " + maxWeight);
        return Dag.of("random(seed=" + seed + ",n=" + strands + ",w=" + maxWeight + ")",
                RandomProc.of(seed, strands, maxWeight));
    }

    /** @return F(k) with F(0)=0, F(1)=1 */
    static long fibonacci(int k) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < k; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return a;
    }

    static int ceilLog2(long n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** A unit or weighted leaf. */
    record Leaf(long weight) implements Proc {
        @Override public int size() { return 1; }
        @Override public long action(int i) { return weight; }
        @Override public Proc child(int i) { return null; }
        @Override public boolean memoizable() { return true; }
    }

    record Tree(int depth) implements Proc {
        /** Descriptors are immutable: one per depth, shared by every frame (no allocation). */
        private static final Tree[] BY_DEPTH = java.util.stream.IntStream
                .rangeClosed(0, MAX_TREE_DEPTH).mapToObj(Tree::new).toArray(Tree[]::new);

        @Override public int size() { return depth == 0 ? 1 : 3; }
        @Override public long action(int i) { return i == 0 ? 1 : SPAWN; }
        @Override public Proc child(int i) { return BY_DEPTH[depth - 1]; }
        @Override public boolean memoizable() { return true; }
    }

    record Fib(int n) implements Proc {
        private static final long[] BODY = {1, SPAWN, CALL, SYNC, 1};
        private static final Fib[] BY_N = java.util.stream.IntStream.rangeClosed(0, MAX_FIB)
                .mapToObj(Fib::new).toArray(Fib[]::new);

        @Override public int size() { return n < 2 ? 1 : 5; }
        @Override public long action(int i) { return n < 2 ? 1 : BODY[i]; }
        @Override public Proc child(int i) { return BY_N[i == 1 ? n - 1 : n - 2]; }
        @Override public boolean memoizable() { return true; }
    }

    record Loop(int n, Leaf body) implements Proc {
        @Override public int size() { return 2 * n + 1; }
        @Override public long action(int i) { return (i & 1) == 0 ? 1 : SPAWN; }
        @Override public Proc child(int i) { return body; }
        @Override public boolean memoizable() { return true; }
    }

    record MergeSort(long n, boolean parallelMerge) implements Proc {
        @Override public int size() { return n <= 1 ? 1 : 5; }

        @Override public long action(int i) {
            if (n <= 1) {
                return 1;
            }
            return switch (i) {
                case 0 -> 1;
                case 1 -> SPAWN;
                case 2 -> CALL;
                case 3 -> SYNC;
                default -> parallelMerge ? CALL : n;    // the merge: a call, or n serial units
            };
        }

        @Override public Proc child(int i) {
            return switch (i) {
                case 1 -> new MergeSort(n - n / 2, parallelMerge);
                case 2 -> new MergeSort(n / 2, parallelMerge);
                default -> new ParallelMerge(n);
            };
        }

        @Override public boolean memoizable() { return true; }
    }

    /**
     * Parallel merge of n elements in all, assuming the binary search splits them evenly (uniform
     * data; the worst case splits 1/4 : 3/4 and changes only constants).
     */
    record ParallelMerge(long n) implements Proc {
        @Override public int size() { return n <= 1 ? 1 : 4; }

        @Override public long action(int i) {
            if (n <= 1) {
                return 1;
            }
            return switch (i) {
                case 0 -> ceilLog2(n);                   // the binary search for the split
                case 1 -> SPAWN;
                case 2 -> CALL;
                default -> SYNC;
            };
        }

        @Override public Proc child(int i) {
            return new ParallelMerge(i == 1 ? n - n / 2 : n / 2);
        }

        @Override public boolean memoizable() { return true; }
    }

    record Sum(long n, long grain, long tau) implements Proc {
        private static final long[] BODY = {0, SPAWN, CALL, SYNC, 1};

        @Override public int size() { return n <= grain ? 1 : 5; }

        @Override public long action(int i) {
            if (n <= grain) {
                return n;
            }
            return i == 0 ? tau : BODY[i];
        }

        @Override public Proc child(int i) {
            return new Sum(i == 1 ? n / 2 : n - n / 2, grain, tau);
        }

        @Override public boolean memoizable() { return true; }
    }

    /** UTS parameters: binomial (root b0 = branching, then m w.p. q) or geometric (mean b). */
    record UtsShape(boolean binomial, double branching, int m, double q, int maxDepth) { }

    /** A UTS node: its child count is a function of its own id (seed), as in the benchmark. */
    static final class Uts implements Proc {
        private final UtsShape shape;
        private final long id;
        private final int depth;
        private final int children;

        Uts(UtsShape shape, long id, int depth) {
            this.shape = shape;
            this.id = id;
            this.depth = depth;
            this.children = children(shape, id, depth);
        }

        private static int children(UtsShape s, long id, int depth) {
            double u = (mix(id) >>> 11) * 0x1.0p-53;           // uniform in [0, 1)
            if (s.binomial()) {
                if (depth == 0) {
                    return (int) s.branching();
                }
                return u < s.q() ? s.m() : 0;
            }
            if (depth >= s.maxDepth()) {
                return 0;
            }
            double p = 1 / (1 + s.branching());                // geometric with mean b
            return (int) Math.min(100_000, Math.floor(Math.log1p(-u) / Math.log1p(-p)));
        }

        @Override public int size() { return children == 0 ? 1 : 2 * children; }
        @Override public long action(int i) { return (i & 1) == 0 ? 1 : SPAWN; }

        @Override public Proc child(int i) {
            return new Uts(shape, mix(id * 31 + i / 2), depth + 1);
        }
    }

    /** SplitMix64's finalizer: a good 64-bit mixing function. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * A random procedure with a budget of strands: a first strand, then random strands, spawns
     * and calls of children (each taking a random share of the budget) and syncs.
     */
    static final class RandomProc implements Proc {
        private final long[] actions;
        private final long[] childSeed;
        private final long[] childBudget;
        private final int maxWeight;

        private RandomProc(long[] actions, long[] childSeed, long[] childBudget, int maxWeight) {
            this.actions = actions;
            this.childSeed = childSeed;
            this.childBudget = childBudget;
            this.maxWeight = maxWeight;
        }

        static RandomProc of(long seed, long budget, int maxWeight) {
            SplittableRandom r = new SplittableRandom(seed);
            long[] acts = new long[8];
            long[] seeds = new long[8];
            long[] budgets = new long[8];
            int n = 0;
            long left = budget;
            while (left > 0) {
                if (n + 1 >= acts.length) {
                    acts = java.util.Arrays.copyOf(acts, n * 2);
                    seeds = java.util.Arrays.copyOf(seeds, n * 2);
                    budgets = java.util.Arrays.copyOf(budgets, n * 2);
                }
                int choice = n == 0 || left == 1 ? 0 : r.nextInt(8);
                if (choice <= 1) {                              // a strand
                    acts[n++] = maxWeight == 1 ? 1 : 1 + r.nextInt(maxWeight);
                    left--;
                } else if (choice == 7) {
                    acts[n++] = SYNC;
                } else {                                        // spawn (2..5) or call (6)
                    long b = 1 + r.nextLong(left);
                    acts[n] = choice == 6 ? CALL : SPAWN;
                    seeds[n] = r.nextLong();
                    budgets[n++] = b;
                    left -= b;
                }
            }
            return new RandomProc(java.util.Arrays.copyOf(acts, n),
                    java.util.Arrays.copyOf(seeds, n), java.util.Arrays.copyOf(budgets, n),
                    maxWeight);
        }

        @Override public int size() { return actions.length; }
        @Override public long action(int i) { return actions[i]; }

        @Override public Proc child(int i) {
            return of(childSeed[i], childBudget[i], maxWeight);
        }
    }
}
