package dev.strand.parallel;

import static dev.strand.parallel.Fixtures.G;
import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** for, map, reduce and sum against serial loops, for every size and grain of {@link Fixtures}. */
class ReduceTest {
    static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    @Test
    void sumsAndReductionsMatchSerial() {
        for (int n : Fixtures.sizes(1)) {
            long[] a = Fixtures.randomLongs(n, n);
            int[] ai = Fixtures.randomInts(n, n, Integer.MAX_VALUE);
            double[] ad = new double[n];
            long sum = 0;
            long sumI = 0;
            long min = Long.MAX_VALUE;
            int xor = 0;
            for (int i = 0; i < n; i++) {
                ad[i] = ai[i] % 1000;                       // exact in any order
                sum += a[i];
                sumI += ai[i];
                min = Math.min(min, a[i]);
                xor ^= ai[i];
            }
            double sumD = 0;
            for (double d : ad) {
                sumD += d;
            }
            for (Grain g : Fixtures.grains()) {
                String at = "n=" + n + " grain=" + g;
                assertThat(Parallel.sum(pool, a, g)).as(at).isEqualTo(sum);
                assertThat(Parallel.sum(pool, ai, g)).as(at).isEqualTo(sumI);
                assertThat(Parallel.sum(pool, ad, g)).as(at).isEqualTo(sumD);
                assertThat(Parallel.reduce(pool, a, Long.MAX_VALUE, Math::min, g)).as(at).isEqualTo(min);
                assertThat(Parallel.reduce(pool, ai, 0, (x, y) -> x ^ y, g)).as(at).isEqualTo(xor);
                assertThat(Parallel.reduce(pool, ad, 0.0, Double::sum, g)).as(at).isEqualTo(sumD);
            }
            assertThat(Parallel.sum(pool, a)).isEqualTo(sum);
            assertThat(Parallel.reduce(pool, ai, 0, (x, y) -> x ^ y)).isEqualTo(xor);
        }
    }

    @Test
    void objectReductionKeepsTheOrderOfANonCommutativeOperator() {
        for (int n : List.of(0, 1, G - 1, G, G + 1, 5000)) {
            String[] a = new String[n];
            StringBuilder want = new StringBuilder();
            for (int i = 0; i < n; i++) {
                a[i] = Integer.toString(i % 10);
                want.append(a[i]);
            }
            for (Grain g : Fixtures.grains()) {
                assertThat(Parallel.reduce(pool, a, "", String::concat, g)).as("n=%d %s", n, g)
                        .isEqualTo(want.toString());
            }
        }
    }

    @Test
    void forRangeVisitsEveryIndexExactlyOnce() {
        for (int n : Fixtures.sizes(2)) {
            for (Grain g : Fixtures.grains()) {
                AtomicIntegerArray seen = new AtomicIntegerArray(n);
                Parallel.forRange(pool, 0, n, seen::incrementAndGet, g);
                for (int i = 0; i < n; i++) {
                    if (seen.get(i) != 1) {
                        assertThat(seen.get(i)).as("n=%d %s index %d", n, g, i).isEqualTo(1);
                    }
                }
            }
        }
        AtomicIntegerArray seen = new AtomicIntegerArray(30);
        Parallel.forRange(pool, 10, 20, seen::incrementAndGet);   // an offset range
        for (int i = 0; i < 30; i++) {
            assertThat(seen.get(i)).isEqualTo(i >= 10 && i < 20 ? 1 : 0);
        }
    }

    /** @return the pieces forChunks made, sorted by start */
    static List<int[]> pieces(StrandPool p, int from, int to, Grain g) {
        List<int[]> pieces = Collections.synchronizedList(new ArrayList<>());
        Parallel.forChunks(p, from, to, (lo, hi) -> pieces.add(new int[] {lo, hi}), g);
        List<int[]> sorted = new ArrayList<>(pieces);
        sorted.sort((x, y) -> Integer.compare(x[0], y[0]));
        int at = from;
        for (int[] piece : sorted) {
            assertThat(piece[0]).as("pieces tile the range").isEqualTo(at);
            assertThat(piece[1]).isGreaterThan(piece[0]);
            at = piece[1];
        }
        assertThat(at).isEqualTo(to);
        return sorted;
    }

    @Test
    void fixedGrainMakesAboutNOverGPiecesOfAtMostG() {
        assertThat(pieces(pool, 0, 1 << 20, Grain.fixed(4096))).hasSize(256);   // n / g pieces
        for (int n : List.of(G - 1, G, G + 1, 10 * G + 7)) {
            List<int[]> ps = pieces(pool, 0, n, Grain.fixed(G));
            assertThat(ps).allSatisfy(p -> assertThat(p[1] - p[0]).isLessThanOrEqualTo(G));
            assertThat(ps.size()).isBetween((n + G - 1) / G, Math.max(1, 2 * n / G + 1));
        }
        assertThat(pieces(pool, 0, G, Grain.fixed(G))).hasSize(1);
        assertThat(pieces(pool, 0, G + 1, Grain.fixed(G))).hasSize(2);
    }

    @Test
    void autoGrainMakesFourPiecesPerWorkerWhenNothingIsStolen() {
        try (StrandPool one = new StrandPool(1)) {           // one worker: no steals possible
            assertThat(pieces(one, 0, 1 << 20, Grain.auto())).hasSize(4);
            assertThat(pieces(one, 0, 3, Grain.auto())).hasSize(3);    // cannot halve below 1
        }
    }

    @Test
    void autoGrainSplitsStolenPiecesFurtherAndRespectsItsBounds() {
        // Pieces that each take a while: the idle worker steals, and stolen pieces split again.
        List<int[]> ps = pieces(pool, 0, 1 << 16, Grain.auto(16, 1 << 12));
        assertThat(ps).allSatisfy(p -> assertThat(p[1] - p[0]).isBetween(16, 1 << 12));
        assertThat(ps.size()).isGreaterThanOrEqualTo(16);    // max length forces >= 2^16 / 2^12

        LongAdder leaves = new LongAdder();
        long total = Parallel.reduceRange(pool, 0, 1 << 14, 0L, (lo, hi) -> {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += slow(i);
            }
            leaves.increment();
            return s;
        }, Long::sum, Grain.auto());
        long want = 0;
        for (int i = 0; i < 1 << 14; i++) {
            want += slow(i);
        }
        assertThat(total).isEqualTo(want);
        assertThat(leaves.sum()).isGreaterThanOrEqualTo(1);
    }

    static long slow(int i) {
        long x = i;
        for (int k = 0; k < 200; k++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x >>> 40;
    }

    @Test
    void trySplitFollowsRayon() {
        Grain auto = Grain.auto();
        assertThat(Splitter.initialSplits(2)).isEqualTo(4);
        assertThat(Splitter.trySplit(auto, 100, 4, false, 2)).isEqualTo(2);
        assertThat(Splitter.trySplit(auto, 100, 0, false, 2)).isEqualTo(-1);   // done
        assertThat(Splitter.trySplit(auto, 100, 0, true, 2)).isEqualTo(2);     // stolen: reset to P
        assertThat(Splitter.trySplit(auto, 100, 16, true, 2)).isEqualTo(8);
        assertThat(Splitter.trySplit(Grain.auto(60, 1000), 100, 8, true, 2)).isEqualTo(-1);
        assertThat(Splitter.trySplit(Grain.auto(1, 50), 100, 0, false, 2)).isEqualTo(0);
        assertThat(Splitter.trySplit(Grain.fixed(100), 100, 8, true, 2)).isEqualTo(-1);
        assertThat(Splitter.trySplit(Grain.fixed(99), 100, 0, false, 2)).isEqualTo(0);
    }

    @Test
    void mapMatchesSerial() {
        for (int n : Fixtures.sizes(3)) {
            long[] a = Fixtures.randomLongs(n, n);
            int[] ai = Fixtures.randomInts(n, n, 1 << 20);
            double[] ad = new double[n];
            Integer[] ao = new Integer[n];
            for (int i = 0; i < n; i++) {
                ad[i] = ai[i] / 3.0;
                ao[i] = ai[i];
            }
            for (Grain g : List.of(Grain.fixed(G), Grain.auto())) {
                long[] m = Parallel.map(pool, a, x -> x * 3 + 1, g);
                int[] mi = Parallel.map(pool, ai, x -> x - 7, g);
                double[] md = Parallel.map(pool, ad, Math::abs, g);
                String[] mo = Parallel.map(pool, ao, Object::toString, String[]::new, g);
                assertThat(m).isEqualTo(Arrays.stream(a).map(x -> x * 3 + 1).toArray());
                assertThat(mi).isEqualTo(Arrays.stream(ai).map(x -> x - 7).toArray());
                assertThat(md).isEqualTo(Arrays.stream(ad).map(Math::abs).toArray());
                assertThat(mo).isEqualTo(Arrays.stream(ao).map(Object::toString).toArray(String[]::new));
            }
        }
    }

    @Test
    void worksInsideATaskOfThePoolAndNested() {
        long[] a = Fixtures.randomLongs(50_000, 9);
        long want = 0;
        for (long x : a) {
            want += x;
        }
        long w = want;
        long got = pool.invoke(() -> {
            assertThat(Strand.inWorker()).isTrue();
            // a parallel loop whose body is itself a parallel reduction
            long[] partial = new long[4];
            Parallel.forRange(pool, 0, 4, k -> partial[k] = Parallel.sum(pool, a), Grain.fixed(1));
            for (long p : partial) {
                assertThat(p).isEqualTo(w);
            }
            return Parallel.sum(pool, a, Grain.fixed(100));
        });
        assertThat(got).isEqualTo(want);
    }

    @Test
    void demoShapeLeavesAreNOverGrain() {
        int n = 1 << 20;
        LongAdder leaves = new LongAdder();
        long got = Parallel.reduceRange(pool, 0, n, 0L, (lo, hi) -> {
            leaves.increment();
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += i % 100;
            }
            return s;
        }, Long::sum, Grain.fixed(4096));
        assertThat(got).isEqualTo(51903600L);
        assertThat(leaves.sum()).isEqualTo(256);
    }
}
