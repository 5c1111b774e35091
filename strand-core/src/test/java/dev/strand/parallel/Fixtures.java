package dev.strand.parallel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** Sizes and grains shared by the parallel-algorithm tests. */
final class Fixtures {
    private Fixtures() { }

    static final int G = 64;
    static final int LARGE = 200_003;

    /** 0..n-1 as a list, a linked list (not RandomAccess), a hash set and an immutable list. */
    @SuppressWarnings("JdkObsolete") // LinkedList on purpose: a collection that is not RandomAccess
    static List<Collection<Integer>> collections(int n) {
        List<Integer> values = IntStream.range(0, n).boxed().toList();
        return List.of(new ArrayList<>(values), new LinkedList<>(values), new HashSet<>(values), values);
    }

    /** Sizes around the grain, one large size, and a few random ones (seeded, printed on failure). */
    static List<Integer> sizes(long seed) {
        List<Integer> s = new ArrayList<>(List.of(0, 1, 2, G - 1, G, G + 1, 2 * G, 1000, LARGE));
        Random r = new Random(seed);
        for (int i = 0; i < 4; i++) {
            s.add(r.nextInt(20_000));
        }
        return s;
    }

    static List<Grain> grains() {
        return List.of(Grain.fixed(1), Grain.fixed(G), Grain.fixed(1000), Grain.auto(),
                Grain.auto(G, 4 * G));
    }

    static long[] randomLongs(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextLong();
        }
        return a;
    }

    static long[] smallLongs(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(-1000, 1000);
        }
        return a;
    }

    static int[] randomInts(int n, long seed, int bound) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(-bound, bound);
        }
        return a;
    }
}
