package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Sorts against Arrays.sort, on random and adversarial inputs; stability of the object sorts. */
class SortTest {
    static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    /** Inputs of length n: random, few distinct values, sorted, reversed, all equal, organ pipe. */
    static List<long[]> inputs(int n, long seed) {
        long[] random = Fixtures.randomLongs(n, seed);
        long[] dups = Fixtures.randomLongs(n, seed);
        long[] sorted = new long[n];
        long[] reversed = new long[n];
        long[] equal = new long[n];
        long[] pipe = new long[n];
        for (int i = 0; i < n; i++) {
            dups[i] = Math.floorMod(dups[i], 7);
            sorted[i] = i;
            reversed[i] = (long) n - i;
            equal[i] = 42;
            pipe[i] = Math.min(i, n - i);
        }
        return List.of(random, dups, sorted, reversed, equal, pipe);
    }

    static final int[] LEAVES = {1, 2, 3, 16, 100, 5000};

    @Test
    void longSortsMatchArraysSort() {
        for (int n : Fixtures.sizes(21)) {
            for (long[] in : inputs(n, n)) {
                long[] want = in.clone();
                Arrays.sort(want);
                long[] a = in.clone();
                Parallel.sort(pool, a);
                assertThat(a).as("sort n=%d", n).isEqualTo(want);
                for (int leaf : LEAVES) {
                    if (n > 20_000 && leaf < 100) {
                        continue;                                // keep the test fast
                    }
                    long[] b = in.clone();
                    Parallel.mergeSort(pool, b, Grain.fixed(leaf));
                    assertThat(b).as("mergeSort n=%d leaf=%d", n, leaf).isEqualTo(want);
                }
            }
        }
    }

    @Test
    void objectSortsOnLargeInputsUseTheParallelMergeSort() {
        assertThat(MergeSort.autoDepth(1_000_000, 2)).isEqualTo(4);    // 16 leaves at P=2
        assertThat(MergeSort.autoDepth(10_000_000, 2)).isEqualTo(4);
        assertThat(MergeSort.autoDepth(10_000_000, 4)).isEqualTo(6);
        assertThat(MergeSort.autoDepth(100_000, 2)).isEqualTo(2);
        assertThat(MergeSort.autoDepth(10_000, 2)).isZero();
        assertThat(MergeSort.autoDepth(10_000_000, 1)).isZero();
        assertThat(MergeSort.depthFor(1 << 20, 4096)).isEqualTo(8);
        assertThat(MergeSort.depthFor((1 << 20) + 1, 4096)).isEqualTo(9);
        assertThat(MergeSort.depthFor(1, 1)).isZero();
    }

    @Test
    void primitiveSortsCutTwoPiecesPerWorkerOneForIntsOfAtLeast16384() {
        assertThat(PartitionSort.LONG.piecesPerWorker()).isEqualTo(2);
        assertThat(PartitionSort.DOUBLE.piecesPerWorker()).isEqualTo(2);
        assertThat(PartitionSort.INT.piecesPerWorker()).isEqualTo(1);
        assertThat(PartitionSort.pieces(10_000_000, 2, 2)).isEqualTo(4);
        assertThat(PartitionSort.pieces(10_000_000, 2, 1)).isEqualTo(2);
        assertThat(PartitionSort.pieces(10_000_000, 16, 2)).isEqualTo(32);
        assertThat(PartitionSort.pieces(100_000, 8, 2)).isEqualTo(6);      // pieces >= 16384
        assertThat(PartitionSort.pieces(32_768, 2, 1)).isEqualTo(2);
        assertThat(PartitionSort.pieces(32_767, 2, 2)).isEqualTo(1);     // serial below 2 pieces
        assertThat(PartitionSort.pieces(10_000_000, 1, 2)).isEqualTo(1);

        long[] a = Fixtures.randomLongs(600_000, 5);
        long[] want = a.clone();
        Arrays.sort(want);
        Parallel.sort(pool, a);
        assertThat(a).isEqualTo(want);
        int[] b = Fixtures.randomInts(300_001, 6, Integer.MAX_VALUE);
        int[] wantB = b.clone();
        Arrays.sort(wantB);
        Parallel.sort(pool, b);
        assertThat(b).isEqualTo(wantB);
    }

    /**
     * Inputs for the partitioning sort's special paths, n = 300,000: few distinct values (pivots
     * repeated among the splitters, cut three ways), one value in 90 % of the slots, sorted and
     * reversed runs, and doubles whose pivots are zeros or NaN (compared by their bit keys).
     */
    @Test
    void partitionSortHandlesFrequentValuesRunsAndSpecialDoublesOnManyWorkers() {
        int n = 300_000;
        SplittableRandom r = new SplittableRandom(11);
        List<long[]> longs = new ArrayList<>(inputs(n, 12));
        long[] mostlyOne = new long[n];
        long[] twoValues = new long[n];
        long[] sawtooth = new long[n];
        for (int i = 0; i < n; i++) {
            mostlyOne[i] = r.nextInt(10) == 0 ? r.nextLong() : 7;
            twoValues[i] = r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            sawtooth[i] = i % 40_000;
        }
        longs.addAll(List.of(mostlyOne, twoValues, sawtooth));
        double[] zeros = new double[n];
        double[] nans = new double[n];
        double[] extremes = new double[n];
        double[] specials = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
            Double.longBitsToDouble(0x7ff0_0000_0000_0001L)};                     // another NaN
        for (int i = 0; i < n; i++) {
            zeros[i] = r.nextInt(5) < 2 ? (r.nextBoolean() ? -0.0 : 0.0) : r.nextDouble() - 0.5;
            nans[i] = r.nextInt(3) == 0 ? Double.NaN : r.nextDouble() - 0.5;
            extremes[i] = specials[r.nextInt(specials.length)];
        }
        for (int p : new int[] {2, 3, 8}) {
            try (StrandPool wide = new StrandPool(p)) {
                for (long[] in : longs) {
                    long[] want = in.clone();
                    Arrays.sort(want);
                    long[] a = in.clone();
                    Parallel.sort(wide, a);
                    assertThat(a).as("P=%d", p).isEqualTo(want);
                    int[] ints = Arrays.stream(in).mapToInt(x -> (int) (x ^ (x >>> 32))).toArray();
                    int[] wantInts = ints.clone();
                    Arrays.sort(wantInts);
                    Parallel.sort(wide, ints);
                    assertThat(ints).as("ints P=%d", p).isEqualTo(wantInts);
                }
                for (double[] in : List.of(zeros, nans, extremes)) {
                    double[] want = in.clone();
                    Arrays.sort(want);
                    double[] a = in.clone();
                    Parallel.sort(wide, a);
                    assertThat(Arrays.equals(a, want)).as("doubles P=%d", p).isTrue();   // bitwise
                }
            }
        }
    }

    /**
     * Sorts that share a pool: four threads sort at once from outside it, and tasks of the pool
     * sort nested inside a running computation (their partitions fork into it).
     */
    @Test
    void concurrentAndNestedSortsShareOnePool() throws Exception {
        int n = 150_000;
        try (StrandPool shared = new StrandPool(3)) {
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 4; t++) {
                long seed = t;
                Thread th = new Thread(() -> {
                    try {
                        for (int round = 0; round < 5; round++) {
                            long[] a = Fixtures.randomLongs(n, seed * 100 + round);
                            long[] want = a.clone();
                            Arrays.sort(want);
                            Parallel.sort(shared, a);
                            assertThat(a).isEqualTo(want);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                threads.add(th);
                th.start();
            }
            int[][] nested = new int[6][];
            for (int i = 0; i < nested.length; i++) {
                nested[i] = Fixtures.randomInts(n, 40 + i, Integer.MAX_VALUE);
            }
            int[][] want = Arrays.stream(nested).map(int[]::clone).toArray(int[][]::new);
            for (int[] w : want) {
                Arrays.sort(w);
            }
            shared.invoke(() -> Parallel.forRange(shared, 0, nested.length,
                    i -> Parallel.sort(shared, nested[i]), Grain.fixed(1)));
            for (Thread th : threads) {
                th.join();
            }
            assertThat(failures).isEmpty();
            assertThat(nested).isDeepEqualTo(want);
        }
    }

    @Test
    void intAndDoubleSortsMatchArraysSortIncludingNaNAndSignedZero() {
        for (int n : Fixtures.sizes(22)) {
            int[] ai = Fixtures.randomInts(n, n, 50);
            double[] ad = new double[n];
            SplittableRandom r = new SplittableRandom(n);
            double[] specials = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, -1.5, 1.5};
            for (int i = 0; i < n; i++) {
                ad[i] = r.nextInt(4) == 0 ? specials[r.nextInt(specials.length)] : r.nextDouble() - 0.5;
            }
            int[] wi = ai.clone();
            Arrays.sort(wi);
            double[] wd = ad.clone();
            Arrays.sort(wd);
            int[] x = ai.clone();
            Parallel.sort(pool, x);
            assertThat(x).isEqualTo(wi);
            double[] y = ad.clone();
            Parallel.sort(pool, y);
            assertThat(y).isEqualTo(wd);
            for (int leaf : n > 20_000 ? new int[] {64} : new int[] {1, 7, 64}) {
                int[] xi = ai.clone();
                Parallel.mergeSort(pool, xi, Grain.fixed(leaf));
                assertThat(xi).as("n=%d leaf=%d", n, leaf).isEqualTo(wi);
                double[] yd = ad.clone();
                Parallel.mergeSort(pool, yd, Grain.fixed(leaf));
                assertThat(yd).as("n=%d leaf=%d", n, leaf).isEqualTo(wd);  // bitwise: -0.0 vs 0.0
            }
        }
    }

    record Item(int key, int seq) { }

    static Item[] items(int n, int keys, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Item[] a = new Item[n];
        for (int i = 0; i < n; i++) {
            a[i] = new Item(r.nextInt(keys), i);
        }
        return a;
    }

    static void assertStablySorted(Item[] a, int n, String what) {
        assertThat(a).as(what).hasSize(n);
        for (int i = 1; i < a.length; i++) {
            Item p = a[i - 1];
            Item q = a[i];
            assertThat(p.key() < q.key() || (p.key() == q.key() && p.seq() < q.seq()))
                    .as("%s: %s before %s at %d", what, p, q, i).isTrue();
        }
    }

    @Test
    void objectSortsAreStable() {
        Comparator<Item> byKey = Comparator.comparingInt(Item::key);
        for (int n : Fixtures.sizes(23)) {
            Item[] in = items(n, 10, n);
            Item[] a = in.clone();
            Parallel.sort(pool, a, byKey);
            assertStablySorted(a, n, "sort n=" + n);
            for (int leaf : n > 20_000 ? new int[] {64} : new int[] {1, 5, 64}) {
                Item[] b = in.clone();
                Parallel.mergeSort(pool, b, byKey, Grain.fixed(leaf));
                assertStablySorted(b, n, "mergeSort leaf=" + leaf + " n=" + n);
            }
        }
        Item[] big = items(300_000, 3, 7);                     // auto path, long runs of ties
        Parallel.sort(pool, big, byKey);
        assertStablySorted(big, 300_000, "sort 300000");
    }

    @Test
    void mergeSortWithAnAutomaticGrainSortsEveryKind() {
        // Grain.auto() takes the automatic object sort's depth (serial below 4 * MIN_LEAF);
        // auto(min, max) moves it to keep the leaves within the bounds: both sides of each.
        Comparator<Item> byKey = Comparator.comparingInt(Item::key);
        for (int n : new int[] {0, 1, 2, 1000, 4 * MergeSort.MIN_LEAF + 3, 150_001}) {
            for (Grain g : List.of(Grain.auto(), Grain.auto(1, 100), Grain.auto(50_000, 1 << 20),
                    Grain.auto(7, 9))) {
                long[] l = Fixtures.randomLongs(n, n);
                long[] wl = l.clone();
                Arrays.sort(wl);
                Parallel.mergeSort(pool, l, g);
                assertThat(l).as("long n=%d %s", n, g).isEqualTo(wl);
                int[] in = Fixtures.randomInts(n, n, 1000);
                int[] wi = in.clone();
                Arrays.sort(wi);
                Parallel.mergeSort(pool, in, g);
                assertThat(in).as("int n=%d %s", n, g).isEqualTo(wi);
                double[] d = Arrays.stream(Fixtures.randomInts(n, n + 1, 50)).mapToDouble(x -> x / 3.0).toArray();
                double[] wd = d.clone();
                Arrays.sort(wd);
                Parallel.mergeSort(pool, d, g);
                assertThat(d).as("double n=%d %s", n, g).isEqualTo(wd);
                Item[] items = items(n, 10, n);
                Parallel.mergeSort(pool, items, byKey, g);
                assertStablySorted(items, n, "objects " + g + " n=" + n);
            }
        }
    }

    @Test
    void naturalOrderSortsComparables() {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            words.add(Integer.toString(i * 7919 % 5003));
        }
        String[] a = words.toArray(String[]::new);
        String[] want = a.clone();
        Arrays.sort(want);
        Parallel.sort(pool, a);
        assertThat(a).isEqualTo(want);
    }
}
