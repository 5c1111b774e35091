package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Polled splitting ({@link Strand#wantsSplit}) under load: several computations in one pool at
 * once, each from its own thread, each with join call sites of its own (a polled tree sum with
 * {@code joinLong}, a polled one with {@code join}, and the random DAGs of
 * {@link RandomDagStressTest} mixing the polled form with forks, joins and scopes). Every node
 * runs exactly once and every result is the serial one, at P = 1 to 8.
 */
class PolledSplitStressTest {

    /** A perfect binary tree in an array: node i's children are 2i+1 and 2i+2 below {@code n}. */
    static final class Tree {
        private final long[] values;

        private Tree(long[] values) {
            this.values = values;
        }

        static Tree of(int depth, long seed) {
            long[] v = new long[(1 << depth) - 1];
            java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
            for (int i = 0; i < v.length; i++) {
                v[i] = r.nextLong(1_000);
            }
            return new Tree(v);
        }

        int n() {
            return values.length;
        }

        long value(int i) {
            return values[i];
        }

        long serial(int i) {
            return i >= n() ? 0 : values[i] + serial(2 * i + 1) + serial(2 * i + 2);
        }
    }

    /** A node of a tree visited by {@link #polledLong}: the tree, the node, the run counts. */
    record At(Tree t, int i, AtomicIntegerArray runs) { }

    static long polledLong(At a) {
        Tree t = a.t();
        int i = a.i();
        if (i >= t.n()) {
            return 0;
        }
        a.runs().incrementAndGet(i);
        int l = 2 * i + 1;
        if (l < t.n() && Strand.wantsSplit()) {
            return t.value(i) + Strand.joinLong(PolledSplitStressTest::polledLong, new At(t, l, a.runs()),
                    PolledSplitStressTest::polledLong, new At(t, l + 1, a.runs()), Long::sum);
        }
        return t.value(i) + polledLong(new At(t, l, a.runs())) + polledLong(new At(t, l + 1, a.runs()));
    }

    static long polledJoin(Tree t, int i, AtomicIntegerArray runs) {
        if (i >= t.n()) {
            return 0;
        }
        runs.incrementAndGet(i);
        int l = 2 * i + 1;
        if (l < t.n() && Strand.wantsSplit()) {
            Joined<Long, Long> j = Strand.join(() -> polledJoin(t, l, runs), () -> polledJoin(t, l + 1, runs));
            return t.value(i) + j.first() + j.second();
        }
        return t.value(i) + polledJoin(t, l, runs) + polledJoin(t, l + 1, runs);
    }

    static void assertOnce(AtomicIntegerArray runs, String what) {
        for (int i = 0; i < runs.length(); i++) {
            assertThat(runs.get(i)).as("%s: node %d", what, i).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "P={0} users={1}")
    @CsvSource({"1, 3", "2, 3", "3, 4", "4, 3", "8, 6"})
    void everyNodeOnceWithSeveralJoinUsersAlive(int p, int users) throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(users);
        try (StrandPool pool = new StrandPool(p)) {
            List<Future<?>> fs = new ArrayList<>();
            for (int u = 0; u < users; u++) {
                int user = u;
                fs.add(callers.submit(() -> {
                    for (int round = 0; round < 40; round++) {
                        long seed = 31L * round + user + 1000L * p;
                        switch ((user + round) % 3) {
                            case 0 -> {
                                Tree t = Tree.of(4 + round % 11, seed);
                                AtomicIntegerArray runs = new AtomicIntegerArray(t.n());
                                long got = pool.invoke(() -> polledLong(new At(t, 0, runs)));
                                assertThat(got).isEqualTo(t.serial(0));
                                assertOnce(runs, "joinLong tree, seed " + seed);
                            }
                            case 1 -> {
                                Tree t = Tree.of(4 + round % 11, seed);
                                AtomicIntegerArray runs = new AtomicIntegerArray(t.n());
                                long got = pool.invoke(() -> polledJoin(t, 0, runs));
                                assertThat(got).isEqualTo(t.serial(0));
                                assertOnce(runs, "join tree, seed " + seed);
                            }
                            default -> {
                                RandomDagStressTest.Gen g = new RandomDagStressTest.Gen(seed);
                                RandomDagStressTest.Node root = g.make(7);
                                AtomicIntegerArray runs = new AtomicIntegerArray(g.next);
                                long got = pool.invoke(() -> RandomDagStressTest.parallel(root, runs));
                                assertThat(got).isEqualTo(RandomDagStressTest.serial(root));
                                assertOnce(runs, "DAG, seed " + seed);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
