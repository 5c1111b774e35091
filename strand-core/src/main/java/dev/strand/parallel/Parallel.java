package dev.strand.parallel;

import dev.strand.StrandPool;
import java.util.Collection;
import java.util.Comparator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * Parallel algorithms on index ranges, arrays, collections and spliterators, run in a
 * {@link StrandPool}: for, map, reduce, sum, prefix sums (scan), sort, and the short-circuiting
 * searches {@code anyMatch}, {@code allMatch} and {@code findAny}. See the
 * {@linkplain dev.strand.parallel package documentation} for the design.
 *
 * <pre>{@code
 * try (StrandPool pool = new StrandPool()) {
 *     long total = Parallel.sum(pool, values);                       // automatic grain
 *     long max = Parallel.reduce(pool, values, Long.MIN_VALUE, Math::max);
 *     Parallel.scan(pool, values, Long::sum);                        // prefix sums in place
 *     Parallel.sort(pool, values);
 *     Parallel.forRange(pool, 0, n, i -> out[i] = f(in[i]), Grain.fixed(4096));
 * }
 * }</pre>
 *
 * <h2>The shape of every method</h2>
 * Every method's arguments come in the same order:
 * <ol>
 *   <li>the <b>pool</b> the work runs in, always first and always given (pass
 *       {@link StrandPool#current()} for "the pool this code runs in, else the common pool");</li>
 *   <li>the <b>data</b>: an index range {@code from, to}, an array, a {@link Collection} or a
 *       {@link Spliterator};</li>
 *   <li>what to compute, in the order a stream pipeline would name it: an {@code identity}
 *       before its operator (as {@link java.util.stream.Stream#reduce(Object, BinaryOperator)}),
 *       a {@code leaf} before its {@code combiner}, a function before the generator of its result
 *       array (as {@code stream.map(f).toArray(String[]::new)}), a comparator after the array
 *       (as {@link java.util.Arrays#sort(Object[], Comparator)});</li>
 *   <li>the {@link Grain} <b>last</b>, and optional: the overload without it uses
 *       {@link Grain#auto()}. {@link #mergeSort} is the one method whose grain is not optional:
 *       it is the merge sort cut as the grain says ({@link #sort} cuts by itself).</li>
 * </ol>
 * As an optional argument the grain comes last, where Java puts the arguments a shorter overload
 * leaves out, like the partitioner of TBB's {@code parallel_for(range, body, partitioner)} and
 * the executor of {@code CompletableFuture.supplyAsync(supplier, executor)}.
 *
 * <h2>Grain</h2>
 * Methods without a {@link Grain} argument use {@link Grain#auto()} (adaptive splitting); pass
 * {@link Grain#fixed(int)} for an explicit serial cutoff.
 *
 * <h2>Pool, collections, contracts</h2>
 * Every method takes the pool explicitly and runs inline when called from one of its workers;
 * collections are split by index or copied to an array first. The package documentation states
 * where the work runs ("Pool"), how collections are split ("Collections") and the contracts every
 * method keeps ("Contracts": associativity, concurrent bodies, exceptions, arguments).
 */
public final class Parallel extends CollectionEntries {
    private Parallel() { }

    // ================================================================== for

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, in parallel, with the
     * automatic grain.
     *
     * @param from first index, inclusive
     * @param to   last index, exclusive
     * @param body the loop body; called concurrently for different indices
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forRange(StrandPool pool, int from, int to, IntConsumer body) {
        forRange(pool, from, to, body, Grain.auto());
    }

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, in parallel.
     *
     * @param from  first index, inclusive
     * @param to    last index, exclusive
     * @param body  the loop body; called concurrently for different indices
     * @param grain how to cut the range into serial pieces
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forRange(StrandPool pool, int from, int to, IntConsumer body, Grain grain) {
        Objects.requireNonNull(body, "body must not be null");
        forChunks(pool, from, to, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                body.accept(i);
            }
        }, grain);
    }

    /**
     * {@link #forChunks(StrandPool, int, int, RangeConsumer, Grain)} with the automatic grain:
     * about four pieces per worker, more where pieces were stolen.
     *
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forChunks(StrandPool pool, int from, int to, RangeConsumer body) {
        forChunks(pool, from, to, body, Grain.auto());
    }

    /**
     * Cuts {@code [from, to)} into pieces and runs {@code body.accept(lo, hi)} once per piece, in
     * parallel: the loop with the least overhead per element (the body loops itself).
     *
     * @param from  first index, inclusive
     * @param to    last index, exclusive
     * @param body  processes one piece; called concurrently for disjoint pieces
     * @param grain how to cut the range
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forChunks(StrandPool pool, int from, int to, RangeConsumer body, Grain grain) {
        Objects.requireNonNull(body, "body must not be null");
        reduceRange(pool, from, to, null, (lo, hi) -> {
            body.accept(lo, hi);
            return null;
        }, (x, y) -> null, grain);
    }

    // ================================================================== general reduction

    /**
     * The general parallel reduction: cuts {@code [from, to)} into pieces, computes each piece's
     * result serially with {@code leaf}, and combines neighbouring results with {@code combiner}
     * (left result first). Every other reduction here is built on it.
     *
     * <pre>{@code
     * long evens = Parallel.reduceRange(pool, 0, a.length, 0L,
     *         (lo, hi) -> { long c = 0; for (int i = lo; i < hi; i++) if (a[i] % 2 == 0) c++; return c; },
     *         Long::sum, Grain.fixed(8192));
     * }</pre>
     *
     * @param from     first index, inclusive
     * @param to       last index, exclusive
     * @param identity the result for an empty range
     * @param leaf     the result of one non-empty piece
     * @param combiner combines the results of two adjacent pieces; must be associative
     * @param grain    how to cut the range
     * @param <R>      the result type
     * @return the combined result, or {@code identity} if the range is empty
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static <R> R reduceRange(StrandPool pool, int from, int to, R identity,
                                    RangeFunction<R> leaf, BinaryOperator<R> combiner, Grain grain) {
        return Splitter.reduceRange(pool, from, to, grain, identity, leaf, combiner);
    }

    /**
     * {@link #reduceRange(StrandPool, int, int, Object, RangeFunction, BinaryOperator, Grain)} with
     * the automatic grain.
     *
     * @return the combined result, or {@code identity} if the range is empty
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static <R> R reduceRange(StrandPool pool, int from, int to, R identity,
                                    RangeFunction<R> leaf, BinaryOperator<R> combiner) {
        return reduceRange(pool, from, to, identity, leaf, combiner, Grain.auto());
    }

    // ================================================================== map

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static int[] map(StrandPool pool, int[] a, IntUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /**
     * Parallel map: a new array with {@code out[i] = f(a[i])}.
     *
     * @param a     the input
     * @param f     the function, called concurrently
     * @param grain how to cut the array
     * @return the new array
     */
    public static int[] map(StrandPool pool, int[] a, IntUnaryOperator f, Grain grain) {
        return ArrayOps.map(pool, a, f, grain);
    }

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static long[] map(StrandPool pool, long[] a, LongUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /** Parallel map: a new array with {@code out[i] = f(a[i])}. @return the new array */
    public static long[] map(StrandPool pool, long[] a, LongUnaryOperator f, Grain grain) {
        return ArrayOps.map(pool, a, f, grain);
    }

    /** Parallel map with the automatic grain: {@code out[i] = f(a[i])}. @return the new array */
    public static double[] map(StrandPool pool, double[] a, DoubleUnaryOperator f) {
        return map(pool, a, f, Grain.auto());
    }

    /** Parallel map: a new array with {@code out[i] = f(a[i])}. @return the new array */
    public static double[] map(StrandPool pool, double[] a, DoubleUnaryOperator f, Grain grain) {
        return ArrayOps.map(pool, a, f, grain);
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
        return ArrayOps.map(pool, a, f, generator, grain);
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
     * @param a        the input
     * @param identity an identity of {@code op} (the result for an empty array)
     * @param op       an associative operator
     * @param grain    how to cut the array
     * @return the reduction
     */
    public static int reduce(StrandPool pool, int[] a, int identity, IntBinaryOperator op, Grain grain) {
        return ArrayOps.reduce(pool, a, identity, op, grain);
    }

    /** {@link #reduce(StrandPool, long[], long, LongBinaryOperator, Grain)} with the automatic grain. */
    public static long reduce(StrandPool pool, long[] a, long identity, LongBinaryOperator op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /** Parallel reduction; see {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)}. */
    public static long reduce(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
                              Grain grain) {
        return ArrayOps.reduce(pool, a, identity, op, grain);
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
        return ArrayOps.reduce(pool, a, identity, op, grain);
    }

    /** {@link #reduce(StrandPool, Object[], Object, BinaryOperator, Grain)} with the automatic grain. */
    public static <T> T reduce(StrandPool pool, T[] a, T identity, BinaryOperator<T> op) {
        return reduce(pool, a, identity, op, Grain.auto());
    }

    /** Parallel reduction; see {@link #reduce(StrandPool, int[], int, IntBinaryOperator, Grain)}. */
    public static <T> T reduce(StrandPool pool, T[] a, T identity, BinaryOperator<T> op, Grain grain) {
        return ArrayOps.reduce(pool, a, identity, op, grain);
    }

    // ================================================================== sum

    /** Sum of the elements as a {@code long} (no int overflow), automatic grain. @return the sum */
    public static long sum(StrandPool pool, int[] a) {
        return sum(pool, a, Grain.auto());
    }

    /** Sum of the elements as a {@code long} (no int overflow). @return the sum */
    public static long sum(StrandPool pool, int[] a, Grain grain) {
        return ArrayOps.sum(pool, a, grain);
    }

    /** Sum of the elements (wrapping on overflow, as {@code +}), automatic grain. @return the sum */
    public static long sum(StrandPool pool, long[] a) {
        return sum(pool, a, Grain.auto());
    }

    /** Sum of the elements (wrapping on overflow, as {@code +}). @return the sum */
    public static long sum(StrandPool pool, long[] a, Grain grain) {
        return ArrayOps.sum(pool, a, grain);
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
        return ArrayOps.sum(pool, a, grain);
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
     * @param a     the array, overwritten
     * @param op    an associative operator (no identity needed)
     * @param grain how to cut the array into serial blocks
     */
    public static void scan(StrandPool pool, long[] a, LongBinaryOperator op, Grain grain) {
        Scan.scan(pool, a, op, grain);
    }

    /** Inclusive prefix scan in place, automatic grain. */
    public static void scan(StrandPool pool, int[] a, IntBinaryOperator op) {
        scan(pool, a, op, Grain.auto());
    }

    /** Inclusive prefix scan in place; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}. */
    public static void scan(StrandPool pool, int[] a, IntBinaryOperator op, Grain grain) {
        Scan.scan(pool, a, op, grain);
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
        Scan.scan(pool, a, op, grain);
    }

    /** Inclusive prefix scan in place, automatic grain. */
    public static <T> void scan(StrandPool pool, T[] a, BinaryOperator<T> op) {
        scan(pool, a, op, Grain.auto());
    }

    /** Inclusive prefix scan in place; see {@link #scan(StrandPool, long[], LongBinaryOperator, Grain)}. */
    public static <T> void scan(StrandPool pool, T[] a, BinaryOperator<T> op, Grain grain) {
        Scan.scan(pool, a, op, grain);
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
     * @param a        the array, overwritten
     * @param identity an identity of {@code op}
     * @param op       an associative operator
     * @param grain    how to cut the array
     * @return the reduction of the whole original array ({@code identity} if empty)
     */
    public static long scanExclusive(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
                                     Grain grain) {
        return Scan.scanExclusive(pool, a, identity, op, grain);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static int scanExclusive(StrandPool pool, int[] a, int identity, IntBinaryOperator op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static int scanExclusive(StrandPool pool, int[] a, int identity, IntBinaryOperator op,
                                    Grain grain) {
        return Scan.scanExclusive(pool, a, identity, op, grain);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static double scanExclusive(StrandPool pool, double[] a, double identity,
                                       DoubleBinaryOperator op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static double scanExclusive(StrandPool pool, double[] a, double identity,
                                       DoubleBinaryOperator op, Grain grain) {
        return Scan.scanExclusive(pool, a, identity, op, grain);
    }

    /** Exclusive prefix scan in place, automatic grain. @return the total */
    public static <T> T scanExclusive(StrandPool pool, T[] a, T identity, BinaryOperator<T> op) {
        return scanExclusive(pool, a, identity, op, Grain.auto());
    }

    /** Exclusive prefix scan in place; see {@link #scanExclusive(StrandPool, long[], long, LongBinaryOperator, Grain)}. */
    public static <T> T scanExclusive(StrandPool pool, T[] a, T identity, BinaryOperator<T> op,
                                      Grain grain) {
        return Scan.scanExclusive(pool, a, identity, op, grain);
    }

    // ================================================================== sort

    /**
     * Sorts into ascending order, in place: a parallel quicksort around splitters drawn from one
     * random sample. About 2·P pieces (P for ints; at least 16384 elements each) are cut out by
     * partitions that run in parallel, and each piece is sorted by
     * {@link java.util.Arrays#sort(long[], int, int)} (vectorized on JDK 25). No buffer is
     * allocated (only a sample, of 1024 elements per piece). With one worker, or fewer than 32768
     * elements, it is {@code Arrays.sort} on the calling thread. Primitive sorts need no
     * stability: equal values are indistinguishable.
     *
     * @param a    the array to sort
     */
    public static void sort(StrandPool pool, long[] a) {
        SortOps.primitiveSort(pool, array(a), a.length, PartitionSort.LONG);
    }

    /** Sorts into ascending order; see {@link #sort(StrandPool, long[])}. */
    public static void sort(StrandPool pool, int[] a) {
        SortOps.primitiveSort(pool, array(a), a.length, PartitionSort.INT);
    }

    /**
     * Sorts into ascending order in the total order of {@link Double#compare} (-0.0 before 0.0, NaN
     * last), like {@link java.util.Arrays#sort(double[])}; see {@link #sort(StrandPool, long[])}.
     */
    public static void sort(StrandPool pool, double[] a) {
        SortOps.primitiveSort(pool, array(a), a.length, PartitionSort.DOUBLE);
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
     * @param a          the array to sort
     * @param comparator the order; called concurrently, must be consistent
     */
    public static <T> void sort(StrandPool pool, T[] a, Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator, "comparator must not be null");
        SortOps.autoSort(pool, array(a), a.length, MergeSort.objects(comparator));
    }

    /**
     * Merge sort cut as {@code grain} says, with a <b>parallel</b> merge: the textbook parallel
     * merge sort. The recursion has one depth for every leaf: with {@link Grain#fixed(int)
     * fixed(g)}, the least depth whose leaves hold at most {@code g} elements, each sorted by
     * {@code Arrays.sort}, and merges of at most {@code max(g, 16)} elements run serially; with
     * {@link Grain#auto()}, about 8 leaves per worker (the depth of
     * {@link #sort(StrandPool, Object[], Comparator)}), and {@link Grain#auto(int, int)} keeps
     * those leaves between its bounds. Longer merges split by binary search. Span Θ(log³ n)
     * (plus the leaves).
     *
     * @param a     the array to sort
     * @param grain how to cut the array into serially sorted leaves
     */
    public static void mergeSort(StrandPool pool, long[] a, Grain grain) {
        SortOps.mergeSort(pool, array(a), a.length, MergeSort.LONG, grain);
    }

    /** {@link #mergeSort(StrandPool, long[], Grain)} for ints. */
    public static void mergeSort(StrandPool pool, int[] a, Grain grain) {
        SortOps.mergeSort(pool, array(a), a.length, MergeSort.INT, grain);
    }

    /** {@link #mergeSort(StrandPool, long[], Grain)} for doubles (order of {@link Double#compare}). */
    public static void mergeSort(StrandPool pool, double[] a, Grain grain) {
        SortOps.mergeSort(pool, array(a), a.length, MergeSort.DOUBLE, grain);
    }

    /** {@link #mergeSort(StrandPool, long[], Grain)} for objects; <b>stable</b>. */
    public static <T> void mergeSort(StrandPool pool, T[] a, Comparator<? super T> comparator,
                                     Grain grain) {
        Objects.requireNonNull(comparator, "comparator must not be null");
        SortOps.mergeSort(pool, array(a), a.length, MergeSort.objects(comparator), grain);
    }

    // ================================================================== long ranges

    /**
     * Runs {@code body.accept(i)} for every {@code i} in {@code [from, to)}, in parallel, for a
     * range of {@code long} values, longer than {@code Integer.MAX_VALUE} if need be.
     *
     * @param from first value, inclusive
     * @param to   last value, exclusive
     * @param body called concurrently for different values
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forLongRange(StrandPool pool, long from, long to, LongConsumer body) {
        forLongRange(pool, from, to, body, Grain.auto());
    }

    /**
     * {@link #forLongRange(StrandPool, long, long, LongConsumer)} with an explicit grain, counted
     * as {@link #reduceLongRange(StrandPool, long, long, Object, LongRangeFunction, BinaryOperator,
     * Grain) reduceLongRange} counts it.
     *
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static void forLongRange(StrandPool pool, long from, long to, LongConsumer body, Grain grain) {
        Splitter.forLongRange(pool, from, to, body, grain);
    }

    /**
     * The general parallel reduction over a range of {@code long} values: as
     * {@link #reduceRange}, for ranges longer than {@code Integer.MAX_VALUE} if need be. A range
     * longer than that is cut into blocks first (at most {@code 2^30} of them), so a leaf then
     * covers at least one whole block.
     *
     * @param from     first value, inclusive
     * @param to       last value, exclusive
     * @param identity the result for an empty range
     * @param leaf     the result of one non-empty piece
     * @param combiner combines the results of two adjacent pieces; must be associative
     * @param grain    how to cut the range (counted in blocks when the range is cut into blocks)
     * @param <R>      the result type
     * @return the combined result, or {@code identity} if the range is empty
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static <R> R reduceLongRange(StrandPool pool, long from, long to, R identity,
                                        LongRangeFunction<R> leaf, BinaryOperator<R> combiner, Grain grain) {
        return Splitter.reduceLongRange(pool, from, to, grain, identity, leaf, combiner);
    }

    /**
     * {@link #reduceLongRange(StrandPool, long, long, Object, LongRangeFunction, BinaryOperator,
     * Grain)} with the automatic grain.
     *
     * @return the combined result, or {@code identity} if the range is empty
     * @throws IllegalArgumentException if {@code from > to}
     */
    public static <R> R reduceLongRange(StrandPool pool, long from, long to, R identity,
                                        LongRangeFunction<R> leaf, BinaryOperator<R> combiner) {
        return reduceLongRange(pool, from, to, identity, leaf, combiner, Grain.auto());
    }

    // ================================================================== helpers

    static <A> A array(A a) {
        return Objects.requireNonNull(a, "array must not be null");
    }

    static void op(Object op) {
        Objects.requireNonNull(op, "operator must not be null");
    }
}
