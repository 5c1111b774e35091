package dev.strand.workloads.sort;

import dev.strand.StrandPool;
import dev.strand.parallel.Parallel;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Sorting {@code n} random longs, ints or doubles ({@code type}), each a library call. Variants:
 * {@code serial} = {@link Arrays#sort(long[])}; {@code strand} = Strand's
 * {@link Parallel#sort(StrandPool, long[])}; {@code fjp} = {@link Arrays#parallelSort(long[])}
 * called inside the ForkJoinPool, so its subtasks run on that pool's P workers (how it splits
 * follows {@link ForkJoinPool#getCommonPoolParallelism()}; {@code strand bench} sets the common
 * pool's parallelism to P). All three use the JDK's vectorized dual-pivot quicksort for the
 * serial parts. Every run sorts a fresh copy of the same input (copied before the clock starts)
 * and is compared element for element ({@link Arrays#equals}, bitwise for doubles) with a
 * reference sorted once at set-up.
 */
public final class SortWorkload extends Workload {
    /** The element types. */
    enum Type {
        LONG, INT, DOUBLE;

        static Type parse(String s) {
            for (Type t : values()) {
                if (t.name().equalsIgnoreCase(s)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("sort.type must be long, int or double, got '" + s + "'");
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    final int n;
    final Type type;
    Object input;
    Object sorted;
    Object work;

    SortWorkload(int n, Type type) {
        this.n = n;
        this.type = type;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("sort", "sorting n random longs, ints or doubles: Parallel.sort vs Arrays.parallelSort",
                List.of(new Kernel.Param("n", "number of elements", "100000", "10000000", "30000000"),
                        new Kernel.Param("type", "element type: long, int or double", "long", "long", "long")),
                p -> new SortWorkload(p.getInt("n", 1, Integer.MAX_VALUE - 8), Type.parse(p.get("type"))));
    }

    @Override
    public String name() {
        return "sort";
    }

    @Override
    public String params() {
        return "n=" + n + " type=" + type.label();
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        SplittableRandom r = new SplittableRandom(42);
        switch (type) {
            case LONG -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextLong();
                }
                input = a;
                long[] s = a.clone();
                Arrays.sort(s);
                sorted = s;
                work = new long[n];
            }
            case INT -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt();
                }
                input = a;
                int[] s = a.clone();
                Arrays.sort(s);
                sorted = s;
                work = new int[n];
            }
            case DOUBLE -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextDouble() - 0.5;          // both signs
                }
                input = a;
                double[] s = a.clone();
                Arrays.sort(s);
                sorted = s;
                work = new double[n];
            }
            default -> throw new IllegalStateException(type.label());
        }
    }

    @Override
    public void prepare(Variant v) {
        System.arraycopy(input, 0, work, 0, n);
    }

    @Override
    public Object run(Variant v) {
        switch (work) {
            case long[] a -> {
                switch (v) {
                    case SERIAL -> Arrays.sort(a);
                    case STRAND -> Parallel.sort(pools.strand(), a);
                    case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> Arrays.parallelSort(a)));
                    default -> throw new IllegalArgumentException(v.label());
                }
            }
            case int[] a -> {
                switch (v) {
                    case SERIAL -> Arrays.sort(a);
                    case STRAND -> Parallel.sort(pools.strand(), a);
                    case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> Arrays.parallelSort(a)));
                    default -> throw new IllegalArgumentException(v.label());
                }
            }
            case double[] a -> {
                switch (v) {
                    case SERIAL -> Arrays.sort(a);
                    case STRAND -> Parallel.sort(pools.strand(), a);
                    case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> Arrays.parallelSort(a)));
                    default -> throw new IllegalArgumentException(v.label());
                }
            }
            default -> throw new IllegalStateException("not set up");
        }
        return work;
    }

    @Override
    public void check(Variant v, Object result) {
        int i = switch (result) {
            case long[] a -> Arrays.mismatch(a, (long[]) sorted);
            case int[] a -> Arrays.mismatch(a, (int[]) sorted);
            case double[] a -> Arrays.mismatch(a, (double[]) sorted);
            default -> throw new WrongResultException("sort " + v.label() + ": not an array of "
                    + type.label() + "s");
        };
        if (i >= 0) {
            throw new WrongResultException("sort " + v.label() + " (" + type.label() + "): wrong element at index "
                    + i + " of " + n + " (got " + Array.get(result, i) + ", expected "
                    + Array.get(sorted, i) + ")");
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
