package dev.strand.workloads.uts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.security.MessageDigest;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class UtsTest {

    static StrandPool strand;
    static ForkJoinPool fjp;

    @BeforeAll
    static void pools() {
        strand = new StrandPool(2);
        fjp = new ForkJoinPool(2);
    }

    @AfterAll
    static void close() {
        strand.close();
        fjp.close();
    }

    static long strandCount(UtsParams t) {
        return strand.invoke(() -> Uts.strand(t));
    }

    static long fjpCount(UtsParams t) {
        Uts.FjpNode f = Uts.fjpTask(t);
        fjp.invoke(f);
        return f.count;
    }

    @Test
    void handInlinedSha1MatchesMessageDigest() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        Random rnd = new Random(1);
        for (int k = 0; k < 200; k++) {
            byte[] state = new byte[20];
            rnd.nextBytes(state);
            int suffix = rnd.nextInt();
            md.update(state);
            md.update(new byte[] {(byte) (suffix >>> 24), (byte) (suffix >>> 16), (byte) (suffix >>> 8),
                (byte) suffix});
            assertThat(Sha1Rng.childOf(state, suffix).digest()).isEqualTo(md.digest());
        }
        for (int seed : new int[] {0, 19, 42, -1}) {
            byte[] msg = new byte[20];
            msg[16] = (byte) (seed >>> 24);
            msg[17] = (byte) (seed >>> 16);
            msg[18] = (byte) (seed >>> 8);
            msg[19] = (byte) seed;
            assertThat(Sha1Rng.root(seed).digest()).isEqualTo(md.digest(msg));
        }
    }

    /**
     * The five ~4M-node sample trees of the UTS distribution, one of each tree type and geometric
     * shape but exponential decrease (T1 fixed, T2 cyclic, T3 binomial, T4 hybrid over linear,
     * T5 linear): size, depth and leaves as published, serially; size in the Strand and
     * ForkJoinPool versions.
     */
    @ParameterizedTest
    @EnumSource(value = SampleTree.class, names = {"T1", "T2", "T3", "T4", "T5"})
    void sampleTreeHasThePublishedShapeSeriallyAndInParallel(SampleTree s) {
        UtsParams t = s.params();
        assertThat(Uts.shape(t)).isEqualTo(new Uts.Shape(s.nodes(), s.leaves(), s.depth()));
        assertThat(Uts.serial(t)).isEqualTo(s.nodes());
        assertThat(strandCount(t)).isEqualTo(s.nodes());
        assertThat(fjpCount(t)).isEqualTo(s.nodes());
    }

    /**
     * Trees without a published figure, checked against the reference implementation: each line's
     * size, depth and leaves are what the serial depth-first search of UTS 2.1 ({@code uts.c} with
     * {@code rng/brg_sha1.c}) printed for those options. They cover the shapes and parameters the
     * sample trees leave out: exponential decrease, balanced trees, -f, a hybrid over the fixed and
     * exponential shapes, a hybrid whose root is binomial (-f 0) and the reference's pow(1, -inf) = 1
     * (exponential decrease with -d 1).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''                                                  |    1732 |  6 |    1050
            -t 1 -a 1 -d 20 -b 4 -r 19                          |  566201 | 56 |  284697
            -t 1 -a 1 -d 16 -b 4 -r 19                          |  130821 | 46 |   65857
            -t 1 -a 1 -d 1 -b 4 -r 0                            |      85 |  2 |      74
            -t 1 -a 1 -d 2 -b 4 -r 7                            |     259 |  6 |     154
            -t 1 -a 2 -d 8 -b 6 -r 502                          |   25174 | 41 |   15391
            -t 1 -a 3 -d 6 -b 4 -r 19                           |   16000 |  6 |   12839
            -t 0 -b 2000 -q 0.1 -m 8 -r 42                      |    9369 | 23 |    8447
            -t 2 -a 3 -d 10 -b 4 -q 0.2 -m 4 -r 7 -f 0.3        |    2152 | 23 |    1649
            -t 2 -a 1 -d 10 -b 4 -q 0.2 -m 4 -r 7               |    5493 | 21 |    3976
            -t 2 -a 0 -d 10 -b 4 -q 0.45 -m 2 -r 8 -f 0         |      73 | 18 |      37
            -t 3 -b 4 -d 8                                      |   87381 |  8 |   65536
            -t 3 -b 2 -d 10 -r 5                                |    2047 | 10 |    1024
            """)
    void treeHasTheReferenceImplementationsShape(String spec, long nodes, int depth, long leaves) {
        UtsParams t = UtsParams.parse(spec);
        assertThat(Uts.shape(t)).as(spec).isEqualTo(new Uts.Shape(nodes, leaves, depth));
        assertThat(strandCount(t)).as(spec).isEqualTo(nodes);
        assertThat(fjpCount(t)).as(spec).isEqualTo(nodes);
    }

    /**
     * A binomial tree 6,021 levels deep (3,633,879 nodes, 1,816,989 leaves by the reference
     * implementation): the serial count recurses on a large-stack thread, so it works even when
     * called from a thread whose own stack could not hold the recursion; the parallel versions nest
     * that many explores and joins on their workers' stacks.
     */
    @Test
    void deepBinomialTreeCountsFromASmallStack() throws Exception {
        UtsParams t = UtsParams.parse("-t 0 -b 100 -q 0.49995 -m 2 -r 4");
        assertThat(t.depthBound()).isEqualTo(Long.MAX_VALUE);
        AtomicReference<Object> out = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                out.set(Uts.shape(t));
            } catch (Throwable e) {
                out.set(e);
            }
        }, "small-stack", 256 * 1024);
        small.start();
        small.join();
        assertThat(out.get()).isEqualTo(new Uts.Shape(3_633_879L, 1_816_989L, 6021));
        assertThat(Uts.deep(t, () -> Thread.currentThread().getName().startsWith("uts-deep-") ? 1 : 0))
                .isEqualTo(1);
        assertThat(Uts.deep(UtsParams.parse("T1"), () -> Thread.currentThread().getName().startsWith("uts-deep-")
                ? 1 : 0)).as("a tree 10 deep recurses on the caller's stack").isZero();
        assertThatThrownBy(() -> Uts.deep(t, () -> {
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThat(strandCount(t)).isEqualTo(3_633_879L);
        assertThat(fjpCount(t)).isEqualTo(3_633_879L);
    }

    @Test
    void parsesSampleTreesAndPrintsTheReferenceForm() {
        assertThat(UtsParams.parse("T1")).isEqualTo(UtsParams.parse(SampleTree.T1.options()));
        assertThat(UtsParams.parse(" t3l ").publishedNodes()).isEqualTo(111_345_631L);
        for (SampleTree s : SampleTree.values()) {
            UtsParams t = s.params();
            assertThat(t.toString()).isEqualTo(s.options());
            assertThat(t.publishedNodes()).isEqualTo(s.nodes());
            assertThat(SampleTree.of(t)).isSameAs(s);
        }
        // options a tree type does not use, repeated options (the distribution's T4 gives -r twice)
        assertThat(UtsParams.parse("-t 1 -a 3 -d 10 -b 4 -r 19 -q 0.5 -m 9 -f 2").publishedNodes())
                .isEqualTo(4_130_071L);
        assertThat(UtsParams.parse("-t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4 -r 1").publishedNodes())
                .isEqualTo(4_132_453L);
        assertThat(UtsParams.parse("-t 1 -a 3 -d 10 -b 4 -r 20").publishedNodes()).isEqualTo(-1);
        assertThat(UtsParams.parse("-t 1 -a 3 -d 10 -b 4 -r 19 -g 1").publishedNodes()).isEqualTo(4_130_071L);
        for (String spec : new String[] {"", "-t 2 -a 1 -d 10 -b 4.5 -q 0.2 -m 4 -r 7 -f 0.3", "-t 3 -b 3 -d 5 -r 2",
            "-t 0 -b 2000 -q 0.4999999995 -m 2 -r 559"}) {
            UtsParams t = UtsParams.parse(spec);
            assertThat(UtsParams.parse(t.toString())).as(spec).isEqualTo(t);
        }
        assertThat(UtsParams.parse("")).isEqualTo(new UtsParams(1, 0, 6, 4.0, 0, 0.234375, 4, 0.5));
    }

    @Test
    void depthBoundsHoldForEveryShape() {
        for (String spec : new String[] {"-t 1 -a 0 -d 9 -b 4 -r 3", "-t 1 -a 2 -d 3 -b 6 -r 502",
            "-t 1 -a 3 -d 6 -b 4 -r 19", "-t 3 -b 3 -d 7", "-t 0 -b 50 -q 0 -m 4"}) {
            UtsParams t = UtsParams.parse(spec);
            assertThat((long) Uts.shape(t).maxDepth()).as(spec).isLessThanOrEqualTo(t.depthBound());
        }
        assertThat(UtsParams.parse("-t 1 -a 2 -d 3").depthBound()).isEqualTo(16);
        assertThat(UtsParams.parse("-t 1 -a 1 -d 3").depthBound()).isEqualTo(Long.MAX_VALUE);
        assertThat(UtsParams.parse("-t 2").depthBound()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void serialQueuedCountsTheSiblingsWaitingAlongThePath() {
        // one level of 250 (149) children: the last runs inline while all the others wait
        assertThat(Uts.serialQueued(UtsParams.parse("-t 0 -b 250.7 -q 0 -m 4"))).isEqualTo(249);
        assertThat(Uts.serialQueued(UtsParams.parse("-t 3 -b 150 -d 1"))).isEqualTo(149);
        // two levels of 3: child 2 of child 2 runs while 2 + 2 siblings wait
        assertThat(Uts.serialQueued(UtsParams.parse("-t 3 -b 3 -d 2"))).isEqualTo(4);
        assertThat(Uts.serialQueued(UtsParams.parse("-t 1 -a 3 -d 1 -b 0 -r 1"))).isZero();
    }

    @ParameterizedTest
    @CsvSource({"-t 1 -a 3 -d 6 -b 4 -r 19", "-t 0 -b 2000 -q 0.1 -m 8 -r 42", "-t 3 -b 3 -d 8"})
    void oneWorkerQueuesExactlyWhatTheSerialProgramDoes(String spec) {
        // at P = 1 nothing is stolen: the deque holds the serial program's waiting siblings, so
        // its peak is the S1 of the space bound; with more workers each deque holds part of a path
        UtsParams t = UtsParams.parse(spec);
        try (StrandPool one = new StrandPool(1)) {
            assertThat(one.invoke(() -> Uts.strand(t))).isEqualTo(Uts.serial(t));
            assertThat((long) one.stats().maxDequeSize()).as(spec).isEqualTo(Uts.serialQueued(t));
        }
        long s1 = Uts.serialQueued(t);
        try (StrandPool two = new StrandPool(2)) {
            two.invoke(() -> Uts.strand(t));
            assertThat((long) two.stats().maxDequeSize()).as(spec).isPositive().isLessThanOrEqualTo(2 * s1);
        }
    }

    @Test
    void childCountsAreCappedAsInTheReference() {
        // a binomial root has floor(b0) children, beyond the cap of 100; other nodes m, capped at 100
        assertThat(Uts.shape(UtsParams.parse("-t 0 -b 250.7 -q 0 -m 4"))).isEqualTo(new Uts.Shape(251, 250, 1));
        Uts.Shape capped = Uts.shape(UtsParams.parse("-t 0 -b 2000 -q 0.009 -m 150 -r 0"));
        assertThat(capped.nodes()).as("some node below the root has children").isGreaterThan(2001);
        assertThat(capped).isEqualTo(Uts.shape(UtsParams.parse("-t 0 -b 2000 -q 0.009 -m 100 -r 0")));
        // a balanced node is not capped; a geometric root with a huge b0 is, at 100
        assertThat(Uts.shape(UtsParams.parse("-t 3 -b 150 -d 1"))).isEqualTo(new Uts.Shape(151, 150, 1));
        assertThat(Uts.serial(UtsParams.parse("-t 1 -a 3 -d 1 -b 1e12 -r 1"))).isEqualTo(101);
        assertThat(Uts.serial(UtsParams.parse("-t 1 -a 3 -d 1 -b 0 -r 1"))).isEqualTo(1);
    }

    @Test
    void rejectsBadOptionsNamingThem() {
        String[][] cases = {
            {"-x 3", "unknown UTS option '-x'"},
            {"-v 1", "unknown UTS option '-v'"},
            {"T9", "unknown UTS option 'T9'"},
            {"-d", "-d needs a value"},
            {"-d 4.5", "-d: bad value '4.5'"},
            {"-t 4", "-t must be 0 (binomial), 1 (geometric), 2 (hybrid) or 3 (balanced), got 4"},
            {"-t -1", "-t must be"},
            {"-a 4", "-a must be 0 (linear), 1 (exponential decrease), 2 (cyclic) or 3 (fixed), got 4"},
            {"-t 0 -d -1", "-d must be >= 0, got -1"},
            {"-t 1 -d 0", "-d must be >= 1 for a geometric tree"},
            {"-b -2", "-b must be a number >= 0, got -2.0"},
            {"-b NaN", "-b must be a number >= 0"},
            {"-b Infinity", "-b must be a number >= 0"},
            {"-t 0 -b 3e9 -q 0.1", "-b must be below 2^31 for a binomial tree"},
            {"-t 1 -a 1 -b 1", "-b must be > 1 for a geometric tree of shape 1"},
            {"-r -1", "-r must be in [0, 2^31), got -1"},
            {"-t 0 -q 1.5", "-q must be in [0, 1], got 1.5"},
            {"-t 0 -m -1", "-m must be >= 0, got -1"},
            {"-t 0 -q 0.5 -m 2", "-q times -m must be below 1 for a binomial tree"},
            {"-t 0 -q 0.25 -m 5", "got q = 0.25, m = 5"},
            {"-t 2 -q 0.3 -m 4", "-q times -m must be below 1 for a hybrid tree"},
            {"-t 0 -q 0.02 -m 1000", "-q times -m must be below 1"},     // m is capped at 100: 2 children
            {"-t 2 -f -0.5", "-f must be a number >= 0, got -0.5"},
            {"-g 2", "-g (compute granularity, the SHA-1 evaluations per node) is supported only at 1, got 2"},
        };
        for (String[] c : cases) {
            assertThatThrownBy(() -> UtsParams.parse(c[0])).as(c[0])
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(c[1]);
        }
        // T3L has q * m = 1.00007: the sample tree is accepted (its size is known), other root ids are not
        assertThat(UtsParams.parse("T3L").toString()).isEqualTo("-t 0 -b 2000 -q 0.200014 -m 5 -r 7");
        assertThat(UtsParams.parse("-t 0 -b 2000 -q 0.200014 -m 5 -r 7").publishedNodes()).isEqualTo(111_345_631L);
        assertThatThrownBy(() -> UtsParams.parse("-t 0 -b 2000 -q 0.200014 -m 5 -r 8"))
                .hasMessageContaining("-q times -m must be below 1");
        // allowed: q * m just below 1 (the distribution's T3XXL), unused options out of range
        UtsParams.parse("-t 0 -b 2000 -q 0.499995 -m 2 -r 316");
        UtsParams.parse("-t 1 -q 0.9 -m 90 -f 0");
        UtsParams.parse("-t 2 -a 1 -b 0.5 -d 4");
    }
}
