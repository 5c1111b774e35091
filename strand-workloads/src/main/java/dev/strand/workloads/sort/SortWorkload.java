package dev.strand.workloads.sort;

import dev.strand.workloads.Forker;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Sorting {@code n} random longs. Variants: {@code serial} = {@link Arrays#sort(long[])};
 * {@code strand} = the pluggable {@link ParallelSorter} (default: {@link MergeSort} on Strand);
 * {@code fjp} = the same merge sort on the ForkJoinPool; {@code jdk} = {@link Arrays#parallelSort}
 * called inside the ForkJoinPool, so its subtasks run on that pool's P workers (how finely it
 * splits follows {@link ForkJoinPool#getCommonPoolParallelism()}; {@code strand bench} sets the
 * common pool's parallelism to P). Every run sorts a fresh copy of the same input (copied before
 * the clock starts) and is compared with a reference sorted once at set-up.
 */
public final class SortWorkload extends Workload {
    final int n;
    final int grain;
    final ParallelSorter sorter;
    long[] input;
    long[] sorted;
    long[] work;

    SortWorkload(int n, int grain) {
        this.n = n;
        this.grain = grain;
        this.sorter = sorter();
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("sort", "sorting n random longs: parallel merge sort (pluggable) vs Arrays.parallelSort",
                List.of(new Kernel.Param("n", "number of longs", "100000", "10000000", "30000000"),
                        new Kernel.Param("grain", "merge sort leaf size (Arrays.sort below)", "2048",
                                Integer.toString(MergeSort.SORT_GRAIN), Integer.toString(MergeSort.SORT_GRAIN))),
                p -> new SortWorkload(p.getInt("n", 1, Integer.MAX_VALUE - 8), p.getInt("grain", 1, Integer.MAX_VALUE)));
    }

    /**
     * @return the Strand sort under test: the first {@link ParallelSorter} service on the class
     *     path, else the merge sort of this module
     */
    public static ParallelSorter sorter() {
        for (ParallelSorter s : ServiceLoader.load(ParallelSorter.class)) {
            return s;
        }
        return new MergeSort.StrandMergeSort();
    }

    @Override
    public String name() {
        return "sort";
    }

    @Override
    public String params() {
        return "n=" + n + " grain=" + grain + " strand=" + sorter.name();
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP, Variant.JDK);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        SplittableRandom r = new SplittableRandom(42);
        input = new long[n];
        for (int i = 0; i < n; i++) {
            input[i] = r.nextLong();
        }
        sorted = input.clone();
        Arrays.sort(sorted);
        work = new long[n];
    }

    @Override
    public void prepare(Variant v) {
        System.arraycopy(input, 0, work, 0, n);
    }

    @Override
    public Object run(Variant v) {
        long[] a = work;
        switch (v) {
            case SERIAL -> Arrays.sort(a);
            case STRAND -> {
                if (sorter instanceof MergeSort.StrandMergeSort) {
                    pools.strand().invoke(() -> {
                        MergeSort.sort(a, Forker.STRAND, grain);
                        return null;
                    });
                } else {
                    pools.strand().invoke(() -> {
                        sorter.sort(a);
                        return null;
                    });
                }
            }
            case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> MergeSort.sort(a, Forker.FJP, grain)));
            case JDK -> pools.fjp().invoke(ForkJoinTask.adapt(() -> Arrays.parallelSort(a)));
            default -> throw new IllegalArgumentException(v.label());
        }
        return a;
    }

    @Override
    public void check(Variant v, Object result) {
        long[] a = (long[]) result;
        if (!Arrays.equals(a, sorted)) {
            int i = Arrays.mismatch(a, sorted);
            throw new WrongResultException("sort " + v.label() + ": wrong element at index " + i
                    + " of " + n + " (got " + a[i] + ", expected " + sorted[i] + ")");
        }
    }

    @Override
    public Units units() {
        return new Units(n, "elements");
    }

    @Override
    public void close() {
        input = null;
        sorted = null;
        work = null;
    }
}
