package dev.strand.parallel;

import dev.strand.StrandPool;

/**
 * The entries of {@link Parallel}'s sorts: the choice between sorting serially and the parallel
 * algorithms ({@link PartitionSort} for primitives, {@link MergeSort} for objects and for an
 * explicit leaf size), from the input's length and the pool's parallelism.
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

    static void explicitSort(StrandPool pool, Object a, int n, MergeSort.Kernel k,
                                     int leafSize) {
        Splitter.pool(pool);
        if (leafSize < 1) {
            throw new IllegalArgumentException("leafSize must be >= 1, got " + leafSize);
        }
        if (n < 2) {
            return;
        }
        MergeSort.sort(pool, a, n, k, MergeSort.depthFor(n, leafSize), Math.max(16, leafSize));
    }
}
