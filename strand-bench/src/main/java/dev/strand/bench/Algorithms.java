package dev.strand.bench;

import dev.strand.StrandPool;
import dev.strand.parallel.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The parallel algorithms of {@code dev.strand.parallel} against the JDK's parallel versions and
 * serial code, in one run:
 *
 * <table>
 *   <caption>what each benchmark method does per implementation</caption>
 *   <tr><th>method</th><th>strand</th><th>fjp, fjp-cp2 (the JDK, on the common pool)</th><th>serial</th></tr>
 *   <tr><td>{@code sort}</td><td>{@code Parallel.sort(pool, a)}</td><td>{@code Arrays.parallelSort(a)}</td><td>{@code Arrays.sort(a)}</td></tr>
 *   <tr><td>{@code sum}</td><td>{@code Parallel.sum(pool, a)}</td><td>{@code Arrays.stream(a).parallel().sum()}</td><td>a loop</td></tr>
 *   <tr><td>{@code rangeSum}</td><td>{@code Parallel.reduceRange} of {@code mix(i)}</td><td>{@code LongStream.range(0, n).parallel().map(mix).sum()}</td><td>a loop</td></tr>
 *   <tr><td>{@code scan}</td><td>{@code Parallel.scan(pool, a, Long::sum)}</td><td>{@code Arrays.parallelPrefix(a, Long::sum)}</td><td>a loop</td></tr>
 * </table>
 *
 * <p><b>The JDK's parallelism.</b> The JDK methods run on the common {@code ForkJoinPool}, whose
 * parallelism is the number of processors minus one: <b>1 on a 2-core machine</b>, where
 * {@code Arrays.parallelSort} and {@code parallelPrefix} then run serially. {@code fjp} measures
 * that default; {@code fjp-cp2} sets {@code java.util.concurrent.ForkJoinPool.common.parallelism}
 * to {@code parallelism} in its forked VM before the common pool exists (checked: the trial fails
 * otherwise), so both configurations are compared in one run. The equivalent by hand is
 * {@code -jvmArgsAppend -Djava.util.concurrent.ForkJoinPool.common.parallelism=2}.
 *
 * <p>Input: {@code size} random longs (seeded), generated once per trial; {@code sort} and
 * {@code scan} work on a fresh copy each invocation (the copy is not timed). The Strand sort
 * allocates its n-element buffer inside the timed call, as {@code parallelSort} does. Results are
 * checked (sums every operation, sort and scan after each iteration). Score: ms per operation;
 * the summary's "vs fjp" column is each row's time over the {@code fjp} row's.
 *
 * <pre>
 * strand-bench/run Algorithms                                          # everything (~35 min)
 * strand-bench/run Algorithms -p size=10000000 -f 1 -wi 3 -i 5          # one size, shorter
 * strand-bench/run Algorithms -f 1 -wi 0 -i 1 -r 1s -p size=100000      # smoke run
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class Algorithms {

    /** Number of elements. */
    @Param({"10000000", "50000000"})
    public int size;

    /** Workers in the Strand pool; for fjp-cp2, the common pool's parallelism. */
    @Param({"2"})
    public int parallelism;

    /** Implementation under test. */
    @Param({"strand", "fjp", "fjp-cp2", "serial"})
    public String impl;

    private static final int STRAND = 0;
    private static final int JDK = 1;
    private static final int SERIAL = 2;

    private int kind;
    private StrandPool pool;
    private long[] master;
    private long sum;
    private long rangeSum;
    private long ops;

    @Setup(Level.Trial)
    public void setUp() {
        if (size < 1) {
            throw new IllegalArgumentException("size must be >= 1, got " + size);
        }
        kind = switch (impl) {
            case "strand" -> STRAND;
            case "fjp", "fjp-cp2" -> JDK;
            case "serial" -> SERIAL;
            default -> throw Impl.unknown(impl, "strand, fjp, fjp-cp2, serial");
        };
        if (impl.equals("fjp-cp2")) {
            System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism",
                    Integer.toString(parallelism));
            int cp = ForkJoinPool.getCommonPoolParallelism();
            if (cp != parallelism) {
                throw new IllegalStateException("fjp-cp2: the common pool was created before the "
                        + "property was set (parallelism " + cp + "); run with -jvmArgsAppend "
                        + "-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism);
            }
        }
        if (kind == STRAND) {
            pool = Impl.strandPool(parallelism);
        }
        SplittableRandom r = new SplittableRandom(42);
        master = new long[size];
        for (int i = 0; i < size; i++) {
            master[i] = r.nextLong();
        }
        sum = 0;
        rangeSum = 0;
        for (int i = 0; i < size; i++) {
            sum += master[i];
            rangeSum += mix(i);
        }
        System.out.printf("%n[%s size=%d] common pool parallelism %d%n", impl, size,
                ForkJoinPool.getCommonPoolParallelism());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        // expected tasks: the automatic grain's 4 pieces per worker when nothing is stolen (sum,
        // rangeSum); sort and scan run more
        Impl.closeStrand(pool, impl + " size=" + size + " p=" + parallelism, ops, 4L * parallelism);
        pool = null;
        master = null;
    }

    /** The array that sort and scan overwrite: a fresh copy of the input per call (not timed). */
    @State(Scope.Thread)
    public static class Work {
        long[] a;

        @Setup(Level.Invocation)
        public void copy(Algorithms s) {
            if (a == null || a.length != s.size) {
                a = new long[s.size];
            }
            System.arraycopy(s.master, 0, a, 0, s.size);
        }

        /** Checks the result of the iteration's last sort or scan (not timed). */
        @TearDown(Level.Iteration)
        public void check(Algorithms s) {
            if (a == null) {
                return;
            }
            boolean sorted = true;
            for (int i = 1; i < a.length && sorted; i++) {
                sorted = a[i - 1] <= a[i];
            }
            long total = a[a.length - 1];
            if (!sorted && total != s.sum) {
                throw new IllegalStateException(s.impl + ": neither sorted nor scanned correctly");
            }
        }
    }

    static long mix(long i) {
        long x = i * 0x9E3779B97F4A7C15L;
        return (x ^ (x >>> 31)) & 0xFFFF;
    }

    /** @return the first element, so the sort is not dead code */
    @Benchmark
    public long sort(Work w) {
        long[] work = w.a;
        switch (kind) {
            case STRAND -> Parallel.sort(pool, work);
            case JDK -> Arrays.parallelSort(work);
            default -> Arrays.sort(work);
        }
        ops++;
        return work[0];
    }

    /** @return the sum of the array, checked */
    @Benchmark
    public long sum() {
        long s = switch (kind) {
            case STRAND -> Parallel.sum(pool, master);
            case JDK -> Arrays.stream(master).parallel().sum();
            default -> serialSum(master);
        };
        if (s != sum) {
            throw new IllegalStateException(impl + ": sum " + s + ", want " + sum);
        }
        ops++;
        return s;
    }

    /** @return the sum of mix(i) over the index range, checked (a reduce without an array) */
    @Benchmark
    public long rangeSum() {
        long s = switch (kind) {
            case STRAND -> Parallel.reduceRange(pool, 0, size, 0L, (lo, hi) -> {
                long acc = 0;
                for (int i = lo; i < hi; i++) {
                    acc += mix(i);
                }
                return acc;
            }, Long::sum);
            case JDK -> LongStream.range(0, size).parallel().map(Algorithms::mix).sum();
            default -> {
                long acc = 0;
                for (int i = 0; i < size; i++) {
                    acc += mix(i);
                }
                yield acc;
            }
        };
        if (s != rangeSum) {
            throw new IllegalStateException(impl + ": rangeSum " + s + ", want " + rangeSum);
        }
        ops++;
        return s;
    }

    /** @return the last prefix sum (the total) */
    @Benchmark
    public long scan(Work w) {
        long[] work = w.a;
        switch (kind) {
            case STRAND -> Parallel.scan(pool, work, Long::sum);
            case JDK -> Arrays.parallelPrefix(work, Long::sum);
            default -> {
                long[] a = work;
                for (int i = 1; i < a.length; i++) {
                    a[i] += a[i - 1];
                }
            }
        }
        ops++;
        return work[work.length - 1];
    }

    static long serialSum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }
}
