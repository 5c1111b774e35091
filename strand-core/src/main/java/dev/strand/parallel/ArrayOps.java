package dev.strand.parallel;

import static dev.strand.parallel.Parallel.array;
import static dev.strand.parallel.Parallel.op;
import static dev.strand.parallel.Splitter.forChunks;
import static dev.strand.parallel.Splitter.reduceRange;

import dev.strand.StrandPool;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * The array algorithms of {@link Parallel} (map, reduce, sum over {@code int}, {@code long},
 * {@code double} and object arrays): each one a {@link Parallel#forChunks} or
 * {@link Parallel#reduceRange} with a serial loop as its leaf. {@code Parallel} keeps the public
 * signatures and their documentation and delegates here.
 *
 * <p>Invariants: the arguments are checked before any piece runs (an empty array returns at once
 * without using the pool); a leaf reads and writes only its own index range {@code [lo, hi)}, so
 * pieces never share an element; a reduction combines results in index order.
 */
final class ArrayOps {
    private ArrayOps() { }

    static int[] map(StrandPool pool, int[] a, IntUnaryOperator f, Grain grain) {
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

    static long[] map(StrandPool pool, long[] a, LongUnaryOperator f, Grain grain) {
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

    static double[] map(StrandPool pool, double[] a, DoubleUnaryOperator f, Grain grain) {
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

    static <T, R> R[] map(StrandPool pool, T[] a, Function<? super T, ? extends R> f,
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

    static int reduce(StrandPool pool, int[] a, int identity, IntBinaryOperator op, Grain grain) {
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

    static long reduce(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
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

    static double reduce(StrandPool pool, double[] a, double identity, DoubleBinaryOperator op,
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

    static <T> T reduce(StrandPool pool, T[] a, T identity, BinaryOperator<T> op, Grain grain) {
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

    static long sum(StrandPool pool, int[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0L, (lo, hi) -> {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Long::sum);
    }

    static long sum(StrandPool pool, long[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0L, (lo, hi) -> {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Long::sum);
    }

    static double sum(StrandPool pool, double[] a, Grain grain) {
        array(a);
        return reduceRange(pool, 0, a.length, grain, 0.0, (lo, hi) -> {
            double s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }, Double::sum);
    }
}
