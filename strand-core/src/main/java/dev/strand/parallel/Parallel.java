package dev.strand.parallel;

import dev.strand.StrandPool;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * Parallel algorithms on index ranges and arrays, run in a {@link StrandPool}: for, map, reduce,
 * sum, prefix sums (scan) and sort. See the {@linkplain dev.strand.parallel package documentation}
 * for the design.
 *
 * <pre>{@code
 * try (StrandPool pool = new StrandPool()) {
 *     long total = Parallel.sum(pool, values);                       // automatic grain
 *     long max = Parallel.reduce(pool, values, Long.MIN_VALUE, Math::max);
 *     Parallel.scan(pool, values, Long::sum);                        // prefix sums in place
 *     Parallel.sort(pool, values);
 *     Parallel.forRange(pool, 0, n, Grain.fixed(4096), i -> out[i] = f(in[i]));
 * }
 * }</pre>
 *
 * <h2>Pool</h2>
 * Every method takes the pool explicitly: Strand has no global common pool, by design (a hidden
 * shared pool sized to the machine is a surprise in tests and servers). Called from a worker of
 * that pool (inside a task), a method runs inline and its pieces are forked into the current
 * computation; called from any other thread, it submits the work and blocks until it is done.
 *
 * <h2>Grain</h2>
 * Methods without a {@link Grain} argument use {@link Grain#auto()} (adaptive splitting); pass
 * {@link Grain#fixed(int)} for an explicit serial cutoff.
 *
 * <h2>Contracts</h2>
 * <ul>
 *   <li><b>Associativity.</b> Reduce and scan operators must be associative,
 *       {@code op(op(a, b), c) == op(a, op(b, c))}, and free of side effects; the identity of a
 *       reduce must satisfy {@code op(identity, x) == x}. Elements are combined in index order
 *       (the operator need not be commutative), but grouped by the split tree, which an adaptive
 *       grain chooses at run time. A non-associative operator (subtraction, an average, a
 *       floating-point sum in the last bits) therefore gives results that depend on the grain and
 *       on the schedule; nothing can detect it. With a fixed grain the tree, and so the result,
 *       is the same on every run.</li>
 *   <li><b>Bodies</b> of {@code forRange}, {@code forChunks} and {@code map} run concurrently on
 *       different indices: they must not write shared state without synchronization.</li>
 *   <li><b>Exceptions.</b> If a body or operator throws, the first unchecked exception is rethrown
 *       as is (not wrapped); the remaining pieces may or may not have run, and an array being
 *       scanned or sorted in place is left in an unspecified order.</li>
 *   <li><b>Arguments.</b> Null pools, arrays and functions throw {@link NullPointerException};
 *       {@code from > to} throws {@link IllegalArgumentException}; a leaf size or grain below 1
 *       throws {@link IllegalArgumentException}. Empty inputs return at once without using the
 *       pool.</li>
 * </ul>
 */
public final class Parallel {
    private Parallel() { }

    // ================================================================== for

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, in parallel, with the
     * automatic grain.
     *
     * @param pool the pool to run in
     * @param from first index, inclusive
     * @param to   last index, exclusive
     * @param body the loop body; called concurrently for different indices
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forRange(StrandPool pool, int from, int to, IntConsumer body) {
        forRange(pool, from, to, Grain.auto(), body);
    }

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, in parallel.
     *
     * @param pool  the pool to run in
     * @param from  first index, inclusive
     * @param to    last index, exclusive
     * @param grain how to cut the range into serial pieces
     * @param body  the loop body; called concurrently for different indices
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forRange(StrandPool pool, int from, int to, Grain grain, IntConsumer body) {
        Objects.requireNonNull(body, "body must not be null");
        forChunks(pool, from, to, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                body.accept(i);
            }
        });
    }

    /**
     * Cuts {@code [from, to)} into pieces and runs {@code body.accept(lo, hi)} once per piece, in
     * parallel: the loop with the least overhead per element (the body loops itself).
     *
     * @param pool  the pool to run in
     * @param from  first index, inclusive
     * @param to    last index, exclusive
     * @param grain how to cut the range
     * @param body  processes one piece; called concurrently for disjoint pieces
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forChunks(StrandPool pool, int from, int to, Grain grain, RangeConsumer body) {
        Objects.requireNonNull(body, "body must not be null");
        reduceRange(pool, from, to, grain, null, (lo, hi) -> {
            body.accept(lo, hi);
            return null;
        }, (x, y) -> null);
    }

    // ================================================================== general reduction

    /**
     * The general parallel reduction: cuts {@code [from, to)} into pieces, computes each piece's
     * result serially with {@code leaf}, and combines neighbouring results with {@code combiner}
     * (left result first). Every other reduction here is built on it.
     *
     * <pre>{@code
     * long evens = Parallel.reduceRange(pool, 0, a.length, Grain.auto(), 0L,
     *         (lo, hi) -> { long c = 0; for (int i = lo; i < hi; i++) if (a[i] % 2 == 0) c++; return c; },
     *         Long::sum);
     * }</pre>
     *
     * @param pool     the pool to run in
     * @param from     first index, inclusive
     * @param to       last index, exclusive
     * @param grain    how to cut the range
     * @param identity the result for an empty range
     * @param leaf     the result of one non-empty piece
     * @param combiner combines the results of two adjacent pieces; must be associative
     * @param <R>      the result type
     * @return the combined result, or {@code identity} if the range is empty
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static <R> R reduceRange(StrandPool pool, int from, int to, Grain grain, R identity,
                                    RangeFunction<R> leaf, BinaryOperator<R> combiner) {
        Splitter.pool(pool);
        Objects.requireNonNull(grain, "grain must not be null");
        Objects.requireNonNull(leaf, "leaf function must not be null");
        Objects.requireNonNull(combiner, "combiner must not be null");
        if (from > to) {
            throw new IllegalArgumentException("bad range: from (" + from + ") > to (" + to + ")");
        }
        if (from == to) {
            return identity;
        }
        return Splitter.reduce(pool, from, to, grain, leaf, combiner);
    }

    // ================================================================== map

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static int[] map(StrandPool pool, int[] a, IntUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /**
     * Parallel map: a new array with {@code out[i] = f(a[i])}.
     *
     * @param pool  the pool
     * @param a     the input
     * @param f     the function, called concurrently
     * @param grain how to cut the array
     * @return the new array
     */
    public static int[] map(StrandPool pool, int[] a, IntUnaryOperator f, Grain grain) {
        array(a);
        Objects.requireNonNull(f, "function must not be null");
        int[] out = new int[a.length];
        forChunks(pool, 0, a.length, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = f.applyAsInt(a[i]);
            }
        });
        return out;
    }

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static long[] map(StrandPool pool, long[] a, LongUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /** Parallel map: a new array with {@code out[i] = f(a[i])}. @return the new array */
    public static long[] map(StrandPool pool, long[] a, LongUnaryOperator f, Grain grain) {
        array(a);
        Objects.requireNonNull(f, "function must not be null");
        long[] out = new long[a.length];
        forChunks(pool, 0, a.length, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = f.applyAsLong(a[i]);
            }
        });
        return out;
    }

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static double[] map(StrandPool pool, double[] a, DoubleUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /** Parallel map: a new array with {@code out[i] = f(a[i])}. @return the new array */
    public static double[] map(StrandPool pool, double[] a, DoubleUnaryOperator f, Grain grain) {
        array(a);
        Objects.requireNonNull(f, "function must not be null");
        double[] out = new double[a.length];
        forChunks(pool, 0, a.length, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = f.applyAsDouble(a[i]);
            }
        });
        return out;
    }

    /**
     * Parallel map of objects with the automatic grain.
     *
     * @param generator makes the result array, e.g. {@code String[]::new}
     * @return the new array
     */
    public static <T, R> R[] map(StrandPool pool, T[] a, Function<? super T, ? extends R> f,
                                 IntFunction<R[]> generator) {
        return map(pool, a, f, generator, Grain.auto());
    }

    /**
     * Parallel map of objects: a new array with {@code out[i] = f(a[i])}.
     *
     * @param pool      the pool
     * @param a         the input
     * @param f         the function, called concurrently
     * @param generator makes the result array of the given length, e.g. {@code String[]::new}
     * @param grain     how to cut the array
     * @param <T>       input type
     * @param <R>       output type
     * @return the new array
     */
    public static <T, R> R[] map(StrandPool pool, T[] a, Function<? super T, ? extends R> f,
                                 IntFunction<R[]> generator, Grain grain) {
        array(a);
        Objects.requireNonNull(f, "function must not be null");
        Objects.requireNonNull(generator, "generator must not be null");
        R[] out = generator.apply(a.length);
        if (out == null || out.length != a.length) {
            throw new IllegalArgumentException("generator must return an array of length " + a.length);
        }
        forChunks(pool, 0, a.length, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = f.apply(a[i]);
            }
        });
        return out;
    }

    // ================================================================== reduce

    /** {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)} with the automatic grain. */
    public static int reduce(StrandPool pool, int[] a, int identity, IntBinaryOperator op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /**
     * Parallel reduction {@code identity op a[0] op a[1] op ... op a[n-1]}, grouped by the split
     * tree; each piece starts from {@code identity}.
     *
     * @param pool     the pool
     * @param a        the input
     * @param identity an identity of {@code op} (the result for an empty array)
     * @param op       an associative operator
     * @param grain    how to cut the array
     * @return the reduction
     */
    public static int reduce(StrandPool pool, int[] a, int identity, IntBinaryOperator op, Grain grain) {
        array(a);
        op(op);
        return reduceRange(pool, 0, a.length, grain, identity, (lo, hi) -> {
            int acc = identity;
            for (int i = lo; i < hi; i++) {
                acc = op.applyAsInt(acc, a[i]);
            }
            return acc;
        }, (x, y) -> op.applyAsInt(x, y));
    }

    /** {@link #reduce(StrandPool, long[], long, LongBinaryOperator, Grain)} with the automatic grain. */
    public static long reduce(StrandPool pool, long[] a, long identity, LongBinaryOperator op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /** Parallel reduction; see {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)}. */
    public static long reduce(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
                              Grain grain) {
        array(a);
        op(op);
        return reduceRange(pool, 0, a.length, grain, identity, (lo, hi) -> {
            long acc = identity;
            for (int i = lo; i < hi; i++) {
                acc = op.applyAsLong(acc, a[i]);
            }
            return acc;
        }, (x, y) -> op.applyAsLong(x, y));
    }

    /** {@link #reduce(StrandPool, double[], double, DoubleBinaryOperator, Grain)}, automatic grain. */
    public static double reduce(StrandPool pool, double[] a, double identity, DoubleBinaryOperator op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /**
     * Parallel reduction; see {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)}.
     * Floating-point addition is not associative: the result can differ in the last bits from the
     * serial sum and, with an automatic grain, between runs.
     */
    public static double reduce(StrandPool pool, double[] a, double identity, DoubleBinaryOperator op,
                                Grain grain) {
        array(a);
        op(op);
        return reduceRange(pool, 0, a.length, grain, identity, (lo, hi) -> {
            double acc = identity;
            for (int i = lo; i < hi; i++) {
                acc = op.applyAsDouble(acc, a[i]);
            }
            return acc;
        }, (x, y) -> op.applyAsDouble(x, y));
    }

    /** {@link #reduce(StrandPool, Object[], Object, BinaryOperator, Grain)} with the automatic grain. */
    public static <T> T reduce(StrandPool pool, T[] a, T identity, BinaryOperator<T> op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /** Parallel reduction; see {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)}. */
    public static <T> T reduce(StrandPool pool, T[] a, T identity, BinaryOperator<T> op, Grain grain) {
        array(a);
        op(op);
        return reduceRange(pool, 0, a.length, grain, identity, (lo, hi) -> {
            T acc = identity;
            for (int i = lo; i < hi; i++) {
                acc = op.apply(acc, a[i]);
            }
            return acc;
        }, op);
    }

    // ================================================================== sum

    /** Sum of the elements as a {@code long} (no int overflow), automatic grain. @return the sum */
    public static long sum(StrandPool pool, int[] a) {
        return sum(pool, a, Grain.auto());
    }

    /** Sum of the elements as a {@code long} (no int overflow). @return the sum */
    public static long sum(StrandPool pool, int[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0L, (lo, hi) -> {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Long::sum);
    }

    /** Sum of the elements (wrapping on overflow, as {@code +}), automatic grain. @return the sum */
    public static long sum(StrandPool pool, long[] a) {
        return sum(pool, a, Grain.auto());
    }

    /** Sum of the elements (wrapping on overflow, as {@code +}). @return the sum */
    public static long sum(StrandPool pool, long[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0L, (lo, hi) -> {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Long::sum);
    }

    /** Sum of the elements, automatic grain (see the floating-point note). @return the sum */
    public static double sum(StrandPool pool, double[] a) {
        return sum(pool, a, Grain.auto());
    }

    /**
     * Sum of the elements. Floating-point addition is not associative: the result may differ in the
     * last bits from a serial loop, and with the automatic grain from run to run; a fixed grain
     * gives the same result every time.
     *
     * @return the sum
     */
    public static double sum(StrandPool pool, double[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0.0, (lo, hi) -> {
            double s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Double::sum);
    }

    // ================================================================== scan

    /** Inclusive prefix scan in place with the automatic grain; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}. */
    public static void scan(StrandPool pool, long[] a, LongBinaryOperator op) {
        scan(pool, a, op, Grain.auto());
    }

    /**
     * Inclusive prefix scan in place: afterwards {@code a[i] = a[0] op a[1] op ... op a[i]} (the
     * original values). With {@code Long::sum} these are the prefix sums, like
     * {@link java.util.Arrays#parallelPrefix(long[], LongBinaryOperator)}. Two parallel sweeps
     * (Blelloch): about 2n applications of {@code op}, span O(grain + log n).
     *
     * @param pool  the pool
     * @param a     the array, overwritten
     * @param op    an associative operator (no identity needed)
     * @param grain how to cut the array into serial blocks
     */
    public static void scan(StrandPool pool, long[] a, LongBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    /** Inclusive prefix scan in place, automatic grain. */
    public static void scan(StrandPool pool, int[] a, IntBinaryOperator op) {
        scan(pool, a, op, Grain.auto());
    }

    /** Inclusive prefix scan in place; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}. */
    public static void scan(StrandPool pool, int[] a, IntBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    /** Inclusive prefix scan in place, automatic grain. */
    public static void scan(StrandPool pool, double[] a, DoubleBinaryOperator op) {
        scan(pool, a, op, Grain.auto());
    }

    /**
     * Inclusive prefix scan in place; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}
     * (and the floating-point note of {@link #sum(StrandPool, double[], Grain)}).
     */
    public static void scan(StrandPool pool, double[] a, DoubleBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    /** Inclusive prefix scan in place, automatic grain. */
    public static <T> void scan(StrandPool pool, T[] a, BinaryOperator<T> op) {
        scan(pool, a, op, Grain.auto());
    }

    /** Inclusive prefix scan in place; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}. */
    public static <T> void scan(StrandPool pool, T[] a, BinaryOperator<T> op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    /** Exclusive prefix scan in place, automatic grain; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static long scanExclusive(StrandPool pool, long[] a, long identity, LongBinaryOperator op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /**
     * Exclusive prefix scan in place: afterwards {@code a[0] = identity} and
     * {@code a[i] = identity op a[0] op ... op a[i-1]} (the original values): with {@code Long::sum}
     * and 0, the offsets of variable-length records. Same cost as the inclusive scan.
     *
     * @param pool     the pool
     * @param a        the array, overwritten
     * @param identity an identity of {@code op}
     * @param op       an associative operator
     * @param grain    how to cut the array
     * @return the reduction of the whole original array ({@code identity} if empty)
     */
    public static long scanExclusive(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
                                     Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static int scanExclusive(StrandPool pool, int[] a, int identity, IntBinaryOperator op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static int scanExclusive(StrandPool pool, int[] a, int identity, IntBinaryOperator op,
                                    Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static double scanExclusive(StrandPool pool, double[] a, double identity,
                                       DoubleBinaryOperator op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static double scanExclusive(StrandPool pool, double[] a, double identity,
                                       DoubleBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static <T> T scanExclusive(StrandPool pool, T[] a, T identity, BinaryOperator<T> op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static <T> T scanExclusive(StrandPool pool, T[] a, T identity, BinaryOperator<T> op,
                                      Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity
                : Scan.run(pool, a.length, grain, Scan.of(a, op), new Scan.Box<>(identity)).value();
    }

    // ================================================================== sort

    /**
     * Sorts into ascending order: a parallel merge sort with a parallel merge. About 8·P leaves
     * (at least 8192 elements each) are sorted by {@link java.util.Arrays#sort(long[], int, int)},
     * then merged level by level between the array and one buffer of the same length (so the sort
     * allocates n extra elements); merges are split by binary search into pieces merged in
     * parallel. With one worker, or fewer than 32768 elements, it is {@code Arrays.sort} on the
     * calling thread.
     *
     * @param pool the pool
     * @param a    the array to sort
     */
    public static void sort(StrandPool pool, long[] a) {
        autoSort(pool, array(a), a.length, MergeSort.LONG);
    }

    /** Sorts into ascending order; see {@link #sort(StrandPool, long[])}. */
    public static void sort(StrandPool pool, int[] a) {
        autoSort(pool, array(a), a.length, MergeSort.INT);
    }

    /**
     * Sorts into ascending order in the total order of {@link Double#compare} (-0.0 before 0.0, NaN
     * last), like {@link java.util.Arrays#sort(double[])}; see {@link #sort(StrandPool, long[])}.
     */
    public static void sort(StrandPool pool, double[] a) {
        autoSort(pool, array(a), a.length, MergeSort.DOUBLE);
    }

    /**
     * Sorts by natural order; <b>stable</b> (equal elements keep their order). See
     * {@link #sort(StrandPool, Object[], Comparator)}.
     *
     * @throws ClassCastException if elements are not mutually comparable
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T extends Comparable<? super T>> void sort(StrandPool pool, T[] a) {
        sort(pool, a, (Comparator) Comparator.naturalOrder());
    }

    /**
     * Sorts by {@code comparator}; <b>stable</b>: equal elements keep their relative order (leaves
     * are sorted by {@link java.util.Arrays#sort(Object[], int, int, Comparator)}, which is stable,
     * and every merge takes the left run's element on a tie).
     *
     * @param pool       the pool
     * @param a          the array to sort
     * @param comparator the order; called concurrently, must be consistent
     */
    public static <T> void sort(StrandPool pool, T[] a, Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator, "comparator must not be null");
        autoSort(pool, array(a), a.length, MergeSort.objects(comparator));
    }

    /**
     * Merge sort with an explicit leaf size and a <b>parallel</b> merge: ranges of at most
     * {@code leafSize} elements go to {@code Arrays.sort}, merges of at most
     * {@code max(leafSize, 16)} elements run serially, longer merges split by binary search.
     * Span Θ(log³ n) (plus the leaves): the textbook parallel merge sort.
     *
     * @param leafSize the largest range sorted serially, {@code >= 1}
     */
    public static void mergeSort(StrandPool pool, long[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.LONG, leafSize, true);
    }

    /** {@link #mergeSort(StrandPool, long[], int)} for ints. */
    public static void mergeSort(StrandPool pool, int[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.INT, leafSize, true);
    }

    /** {@link #mergeSort(StrandPool, long[], int)} for doubles (order of {@link Double#compare}). */
    public static void mergeSort(StrandPool pool, double[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.DOUBLE, leafSize, true);
    }

    /** {@link #mergeSort(StrandPool, long[], int)} for objects; stable. */
    public static <T> void mergeSort(StrandPool pool, T[] a, Comparator<? super T> comparator,
                                     int leafSize) {
        Objects.requireNonNull(comparator, "comparator must not be null");
        explicitSort(pool, array(a), a.length, MergeSort.objects(comparator), leafSize, true);
    }

    /**
     * Merge sort with a <b>serial</b> merge, for comparison: the two halves are sorted in parallel
     * but each merge is one serial loop, so the top merge alone takes Θ(n) and the span is Θ(n):
     * parallelism only Θ(log n), the classic bottleneck of a parallel merge sort.
     *
     * @param leafSize the largest range sorted serially, {@code >= 1}
     */
    public static void mergeSortSerialMerge(StrandPool pool, long[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.LONG, leafSize, false);
    }

    /** {@link #mergeSortSerialMerge(StrandPool, long[], int)} for ints. */
    public static void mergeSortSerialMerge(StrandPool pool, int[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.INT, leafSize, false);
    }

    /** {@link #mergeSortSerialMerge(StrandPool, long[], int)} for doubles. */
    public static void mergeSortSerialMerge(StrandPool pool, double[] a, int leafSize) {
        explicitSort(pool, array(a), a.length, MergeSort.DOUBLE, leafSize, false);
    }

    /** {@link #mergeSortSerialMerge(StrandPool, long[], int)} for objects; stable. */
    public static <T> void mergeSortSerialMerge(StrandPool pool, T[] a, Comparator<? super T> comparator,
                                                int leafSize) {
        Objects.requireNonNull(comparator, "comparator must not be null");
        explicitSort(pool, array(a), a.length, MergeSort.objects(comparator), leafSize, false);
    }

    // ================================================================== helpers

    private static void autoSort(StrandPool pool, Object a, int n, MergeSort.Kernel k) {
        Splitter.pool(pool);
        if (n < 2) {
            return;
        }
        int d = MergeSort.autoDepth(n, pool.parallelism());
        if (d == 0) {
            k.sortLeaf(a, 0, n);
            return;
        }
        MergeSort.sort(pool, a, n, k, d, MergeSort.autoMergeGrain(n, d), true);
    }

    private static void explicitSort(StrandPool pool, Object a, int n, MergeSort.Kernel k,
                                     int leafSize, boolean parallelMerge) {
        Splitter.pool(pool);
        if (leafSize < 1) {
            throw new IllegalArgumentException("leafSize must be >= 1, got " + leafSize);
        }
        if (n < 2) {
            return;
        }
        MergeSort.sort(pool, a, n, k, MergeSort.depthFor(n, leafSize), Math.max(16, leafSize),
                parallelMerge);
    }

    private static <A> A array(A a) {
        return Objects.requireNonNull(a, "array must not be null");
    }

    private static void op(Object op) {
        Objects.requireNonNull(op, "operator must not be null");
    }

    private static void scanArgs(StrandPool pool, Object a, Object op, Grain grain) {
        Splitter.pool(pool);
        array(a);
        op(op);
        Objects.requireNonNull(grain, "grain must not be null");
    }
}
