package dev.strand.parallel;

import dev.strand.StrandPool;
import java.util.Objects;

/**
 * The entries of {@link Parallel}'s sorts: the choice between sorting serially and the parallel
 * algorithms ({@link PartitionSort} for primitives, {@link MergeSort} for objects and for
 * {@code mergeSort}), from the input's length and the pool's parallelism.
 *
 * <p>Invariants: the pool is checked before the length, so a null pool throws even for an empty
 * array; an input shorter than two elements is never handed to the pool.
 */
final class SortOps {
    private SortOps() { }

    static void primitiveSort(StrandPool pool, Object a, int n, PartitionSort.Kernel k) {
        Splitter.pool(pool);
        int q = PartitionSort.pieces(n, pool.parallelism(), k.piecesPerWorker());
        if (q < 2) {
            k.sortRange(a, 0, n);
            return;
        }
        PartitionSort.sort(pool, a, n, k, q);
    }

    static void autoSort(StrandPool pool, Object a, int n, MergeSort.Kernel k) {
        Splitter.pool(pool);
        if (n < 2) {
            return;
        }
        int d = MergeSort.autoDepth(n, pool.parallelism());
        if (d == 0) {
            k.sortLeaf(a, 0, n);
            return;
        }
        MergeSort.sort(pool, a, n, k, d, MergeSort.autoMergeGrain(n, d));
    }

    /**
     * The merge sort cut by {@code grain}: a fixed grain g gives the least depth whose leaves hold
     * at most g elements (merges of at most max(g, 16) serial); an automatic grain the depth of
     * the automatic object sort, moved as little as needed to keep the leaves of about
     * {@code n / 2^depth} elements within the grain's {@code [minLength, maxLength]}.
     */
    static void mergeSort(StrandPool pool, Object a, int n, MergeSort.Kernel k, Grain grain) {
        Splitter.pool(pool);
        Objects.requireNonNull(grain, "grain must not be null");
        if (n < 2) {
            return;
        }
        if (!grain.isAuto()) {
            int leaf = grain.size();
            MergeSort.sort(pool, a, n, k, MergeSort.depthFor(n, leaf), Math.max(16, leaf));
            return;
        }
        int d = Math.max(MergeSort.autoDepth(n, pool.parallelism()), MergeSort.depthFor(n, grain.maxLength()));
        while (d > 0 && leafLength(n, d) < grain.minLength()) {
            d--;
        }
        assert d == 0 || leafLength(n, d) >= grain.minLength() : "leaves no shorter than the minimum";
        if (d == 0) {                             // as the automatic sort: serially, on the caller
            k.sortLeaf(a, 0, n);
            return;
        }
        MergeSort.sort(pool, a, n, k, d, MergeSort.autoMergeGrain(n, d));
    }

    /** @return the longest leaf of a uniform recursion of depth {@code d} over {@code n} elements */
    private static long leafLength(int n, int d) {
        return ((n - 1L) >> d) + 1;
    }
}
