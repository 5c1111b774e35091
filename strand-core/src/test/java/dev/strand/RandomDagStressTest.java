package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Random series-parallel DAGs: every node must run exactly once and the result must equal the serial
 * evaluation, for P = 1, 2, 8, 32 (oversubscribed on 2 cores on purpose) and every policy.
 */
class RandomDagStressTest {

    /** A node: a leaf value, or a series or parallel composition of children. */
    record Node(int id, int kind, long value, List<Node> children) {
        static final int LEAF = 0;
        static final int SERIES = 1;
        static final int PARALLEL = 2;
    }

    static final class Gen {
        final SplittableRandom rnd;
        int next;

        Gen(long seed) {
            rnd = new SplittableRandom(seed);
        }

        Node make(int depth) {
            int id = next++;
            if (depth == 0 || rnd.nextInt(10) < 2) {
                return new Node(id, Node.LEAF, rnd.nextLong(1000), List.of());
            }
            int kind = rnd.nextInt(3) == 0 ? Node.SERIES : Node.PARALLEL;
            int n = 1 + rnd.nextInt(4);
            List<Node> cs = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                cs.add(make(depth - 1));
            }
            return new Node(id, kind, 0, cs);
        }
    }

    static long serial(Node n) {
        long h = n.value() * 31 + n.id();
        for (Node c : n.children()) {
            h = h * 17 + serial(c);
        }
        return h;
    }

    /** An evaluation of a node's subtree (the recursion of {@link #parallel(Node, AtomicIntegerArray, Eval)}). */
    interface Eval {
        long eval(Node n, AtomicIntegerArray runs);
    }

    /**
     * Parallel evaluation mixing the spawn styles: fork/join handles, join(a,b), joinLong (split
     * always, or only where {@link Strand#wantsSplit} says so), scopes.
     */
    static long parallel(Node n, AtomicIntegerArray runs) {
        return parallel(n, runs, RandomDagStressTest::parallel);
    }

    /** As {@link #parallel(Node, AtomicIntegerArray)}, evaluating children with {@code rec}. */
    static long parallel(Node n, AtomicIntegerArray runs, Eval rec) {
        runs.incrementAndGet(n.id());
        long h = n.value() * 31 + n.id();
        List<Node> cs = n.children();
        if (cs.isEmpty()) {
            return h;
        }
        if (n.kind() == Node.SERIES) {
            for (Node c : cs) {
                h = h * 17 + rec.eval(c, runs);
            }
            return h;
        }
        long[] results = new long[cs.size()];
        switch (n.id() % 3) {
            case 0 -> {
                List<Task<Long>> ts = new ArrayList<>();
                for (int i = 1; i < cs.size(); i++) {
                    Node c = cs.get(i);
                    ts.add(Strand.fork(() -> rec.eval(c, runs)));
                }
                results[0] = rec.eval(cs.get(0), runs);
                for (int i = ts.size() - 1; i >= 0; i--) {     // LIFO join, the usual order
                    results[i + 1] = ts.get(i).join();
                }
            }
            case 1 -> {
                if (cs.size() == 1) {
                    results[0] = rec.eval(cs.get(0), runs);
                } else {
                    results[0] = rec.eval(cs.get(0), runs);
                    for (int i = 1; i < cs.size(); i += 2) {
                        Node a = cs.get(i);
                        if (i + 1 < cs.size()) {
                            Node b = cs.get(i + 1);
                            if ((i & 2) == 0) {
                                Joined<Long, Long> j = Strand.join(() -> rec.eval(a, runs), () -> rec.eval(b, runs));
                                results[i] = j.first();
                                results[i + 1] = j.second();
                            } else if ((n.id() & 8) != 0 && !Strand.wantsSplit()) {
                                results[i] = rec.eval(a, runs);   // the polled form: plain calls
                                results[i + 1] = rec.eval(b, runs);
                            } else {                  // the allocation-free form
                                int k = i;
                                results[i] = Strand.joinLong(c -> rec.eval(c, runs), a,
                                        c -> rec.eval(c, runs), b, (ra, rb) -> {
                                            results[k + 1] = rb;
                                            return ra;
                                        });
                            }
                        } else {
                            results[i] = rec.eval(a, runs);
                        }
                    }
                }
            }
            default -> Strand.scope(s -> {
                for (int i = 0; i < cs.size(); i++) {
                    int k = i;
                    s.spawn(() -> results[k] = rec.eval(cs.get(k), runs));
                }
            });
        }
        for (long r : results) {
            h = h * 17 + r;
        }
        return h;
    }

    @ParameterizedTest(name = "P={0} steal={1} join={2} deques={3}")
    @CsvSource({
        "1, ONE, GREEDY, false", "2, ONE, GREEDY, false", "8, ONE, GREEDY, false",
        "32, ONE, GREEDY, false", "2, HALF, GREEDY, false", "8, HALF, GREEDY, false",
        "32, HALF, GREEDY, false", "2, ONE, STALLING, false", "8, HALF, STALLING, false",
        "2, ONE, GREEDY, true", "8, ONE, GREEDY, true", "32, HALF, GREEDY, true",
        "4, ONE, STALLING, true", "8, HALF, GREEDY, eager",
        "1, ONE, GREEDY, bwos", "2, ONE, GREEDY, bwos", "4, ONE, GREEDY, bwos",
        "2, HALF, GREEDY, bwos", "4, HALF, STALLING, bwos", "4, ONE, GREEDY, bwos-eager",
        "2, ONE, GREEDY, bwos-tiny", "4, HALF, GREEDY, bwos-tiny"
    })
    void everyNodeRunsExactlyOnceAndResultsMatchSerial(int p, StealPolicy steal, JoinPolicy join,
            String deques) {
        // deques: "false" classic (lazy splitting, the default), "true" split, "eager" classic
        // with every Strand.join offered as a frame; "bwos" BWoS rings (32 blocks of 32),
        // "bwos-eager" with every join offered, "bwos-tiny" rings of 2 blocks of 2 tasks, full
        // most of the time (forks refused by a full ring run inline)
        boolean bwos = deques.startsWith("bwos");
        try (StrandPool pool = StrandPool.builder().parallelism(p).tuning(tu -> tu.stealPolicy(steal))
                .tuning(tu -> tu.joinPolicy(join)).experimental(x -> x.splitDeques(deques.equals("true")))
                .tuning(tu -> tu.lazySplitting(!deques.endsWith("eager")))
                .tuning(tu -> tu.deque(bwos ? DequeKind.BWOS : DequeKind.CHASE_LEV))
                .tuning(tu -> {
                    if (deques.equals("bwos-tiny")) {
                        tu.bwosBlocks(2).bwosBlockSize(2);
                    }
                })
                .experimental(x -> x.stealHalfLimit(4)).build()) {
            for (long seed = 1; seed <= 12; seed++) {
                Gen g = new Gen(seed * 7919 + p);
                Node root = g.make(9);
                AtomicIntegerArray runs = new AtomicIntegerArray(g.next);
                long got = pool.invoke(() -> parallel(root, runs));
                assertThat(got).as("seed %d", seed).isEqualTo(serial(root));
                for (int i = 0; i < g.next; i++) {
                    assertThat(runs.get(i)).as("node %d of seed %d", i, seed).isEqualTo(1);
                }
            }
            // Every forked task ran exactly once (pushed or inlined), plus the roots and scope latches.
            PoolStats s = pool.stats();
            assertThat(s.tasksRun()).isGreaterThanOrEqualTo(s.spawns() + s.inlinedSpawns());
        }
    }

    /**
     * As {@link #parallel(Node, AtomicIntegerArray)}, with one parallel node in two submitting its
     * children ({@code submit(Callable)}) and waiting for each with {@code get()}, as code written
     * for an {@code ExecutorService} does. Such a wait helps: it runs the pool's tasks, queued
     * submissions included, nested on its stack.
     */
    static long withSubmits(Node n, AtomicIntegerArray runs) {
        List<Node> cs = n.children();
        if (n.kind() != Node.PARALLEL || cs.size() < 2 || n.id() % 2 != 1) {
            return parallel(n, runs, RandomDagStressTest::withSubmits);
        }
        runs.incrementAndGet(n.id());
        long h = n.value() * 31 + n.id();
        StrandPool pool = Strand.workerPool();
        List<java.util.concurrent.Future<Long>> fs = new ArrayList<>();
        for (int i = 1; i < cs.size(); i++) {
            Node c = cs.get(i);
            fs.add(pool.submit(() -> withSubmits(c, runs)));
        }
        long[] results = new long[cs.size()];
        results[0] = withSubmits(cs.get(0), runs);
        try {
            for (int i = 0; i < fs.size(); i++) {
                results[i + 1] = fs.get(i).get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        for (long r : results) {
            h = h * 17 + r;
        }
        return h;
    }

    /** Workers' stacks as HotSpot's default on 64-bit Linux (the tests run with -Xss4m). */
    static final long DEFAULT_STACK = 1 << 20;

    /**
     * DAGs whose nodes also submit and get (see {@link #withSubmits}), on BWoS rings small enough
     * to be full most of the time (a ring of two blocks never has room for a task's submission): a
     * submission that finds its ring full goes to the pool's submission queue, and a waiting get()
     * took the oldest queued submissions, each running nested on its stack and waiting in turn,
     * until the stack overflowed (two of these twelve DAGs at P = 1 on 2 x 2 rings). Chase-Lev as
     * the reference: there a task's submissions stay on its worker's deque, LIFO.
     */
    @ParameterizedTest(name = "P={0} deque={1} {2}x{3}")
    @CsvSource({
        "1, BWOS, 2, 2", "1, BWOS, 4, 1", "7, BWOS, 2, 2", "7, BWOS, 4, 1", "1, CHASE_LEV, 2, 2"
    })
    void dagsThatSubmitAndGetCompleteOnEveryDeque(int p, DequeKind kind, int blocks, int blockSize) {
        try (StrandPool pool = StrandPool.builder().parallelism(p).stackSize(DEFAULT_STACK)
                .tuning(tu -> tu.deque(kind).bwosBlocks(blocks).bwosBlockSize(blockSize)).build()) {
            for (long seed = 1; seed <= 12; seed++) {
                Gen g = new Gen(seed * 104_729 + p);
                Node root = g.make(14);
                AtomicIntegerArray runs = new AtomicIntegerArray(g.next);
                long got = pool.invoke(() -> withSubmits(root, runs));
                assertThat(got).as("seed %d (%d nodes)", seed, g.next).isEqualTo(serial(root));
                for (int i = 0; i < g.next; i++) {
                    assertThat(runs.get(i)).as("node %d of seed %d", i, seed).isEqualTo(1);
                }
            }
        }
    }

    /**
     * The same mechanism at its plainest, on one worker: a task submits a thousand tasks, each of
     * which submits one more and gets it. With 2 x 2 BWoS rings every submission goes to the
     * submission queue, so the first get() ran the second task nested, whose get() ran the third,
     * and so on: a thousand nested waits overflowed the stack. Waits now nest a bounded number of
     * unrelated tasks, then wait with the pool compensating; every task runs once.
     */
    @ParameterizedTest(name = "deque={0}")
    @CsvSource({"BWOS", "CHASE_LEV"})
    void aThousandTasksThatSubmitAndGetCompleteOnOneWorker(DequeKind kind) {
        int n = 1_000;
        java.util.concurrent.atomic.AtomicInteger ran = new java.util.concurrent.atomic.AtomicInteger();
        try (StrandPool pool = StrandPool.builder().parallelism(1).stackSize(DEFAULT_STACK)
                .tuning(tu -> tu.deque(kind).bwosBlocks(2).bwosBlockSize(2)).build()) {
            int sum = pool.invoke(() -> {
                List<java.util.concurrent.Future<Integer>> fs = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    fs.add(pool.submit(() -> {
                        java.util.concurrent.Future<Integer> y = pool.submit(() -> {
                            ran.incrementAndGet();
                            return 1;
                        });
                        ran.incrementAndGet();
                        return y.get() + 1;
                    }));
                }
                int total = 0;
                try {
                    for (java.util.concurrent.Future<Integer> f : fs) {
                        total += f.get();
                    }
                } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException(e);
                }
                return total;
            });
            assertThat(sum).isEqualTo(2 * n);
            assertThat(ran.get()).as("tasks run").isEqualTo(2 * n);
        }
    }
}
