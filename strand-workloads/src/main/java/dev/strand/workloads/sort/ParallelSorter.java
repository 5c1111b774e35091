package dev.strand.workloads.sort;

/**
 * A parallel sort of {@code long[]} written against Strand, pluggable into the sort kernel: the
 * algorithms library can provide one as a {@link java.util.ServiceLoader} service (file
 * {@code META-INF/services/dev.strand.workloads.sort.ParallelSorter}); the kernel then measures it
 * as its {@code strand} variant instead of {@link MergeSort}'s. {@link SortWorkload#sorter()} picks
 * the first service found, or the merge sort.
 */
public interface ParallelSorter {

    /** @return a short name for reports, e.g. {@code mergesort} */
    String name();

    /**
     * Sorts {@code a} ascending. Called from inside a Strand pool (a worker thread), so it may
     * fork with {@code Strand.fork} / {@code Strand.join}.
     *
     * @param a the array
     */
    void sort(long[] a);
}
