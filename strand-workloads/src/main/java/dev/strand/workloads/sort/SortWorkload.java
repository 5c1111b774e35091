package dev.strand.workloads.sort;

import dev.strand.StrandPool;
import dev.strand.parallel.Parallel;
import dev.strand.workloads.Forker;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Sorting {@code n} random longs. Variants: {@code serial} = {@link Arrays#sort(long[])};
 * {@code strand} = Strand's library sort, {@link Parallel#sort(StrandPool, long[])} (sample-free
 * merge sort, parallel merge, leaves by {@code Arrays.sort}); {@code fjp} = this module's simpler
 * merge sort kernel on the ForkJoinPool (leaf size {@code grain}), for reference; {@code jdk} = {@link Arrays#parallelSort}
 * called inside the ForkJoinPool, so its subtasks run on that pool's P workers (how finely it
 * splits follows {@link ForkJoinPool#getCommonPoolParallelism()}; {@code strand bench} sets the
 * common pool's parallelism to P). Every run sorts a fresh copy of the same input (copied before
 * the clock starts) and is compared with a reference sorted once at set-up.
 */
public final class SortWorkload extends Workload {
    final int n;
    final int grain;
    long[] input;
    long[] sorted;
    long[] work;

    SortWorkload(int n, int grain) {
        this.n = n;
        this.grain = grain;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("sort", "sorting n random longs: Strand's Parallel.sort vs Arrays.parallelSort",
                List.of(new Kernel.Param("n", "number of longs", "100000", "10000000", "30000000"),
                        new Kernel.Param("grain", "merge sort leaf size (Arrays.sort below)", "2048",
                                Integer.toString(MergeSort.SORT_GRAIN), Integer.toString(MergeSort.SORT_GRAIN))),
                p -> new SortWorkload(p.getInt("n", 1, Integer.MAX_VALUE - 8), p.getInt("grain", 1, Integer.MAX_VALUE)));
    }

    @Override
    public String name() {
        return "sort";
    }

    @Override
    public String params() {
        return "n=" + n + " grain=" + grain;
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
            case STRAND -> Parallel.sort(pools.strand(), a);
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
