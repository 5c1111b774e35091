package dev.strand.parallel;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.Objects;
import java.util.Spliterator;
import java.util.concurrent.CompletionException;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The splitting engine shared by every range algorithm: a fork-join recursion that halves
 * {@code [from, to)} with {@link Strand#join} until the {@link Grain} says stop, runs the leaves
 * serially, and combines the results on the way up.
 *
 * <p>Adaptive splitting follows Rayon's {@code Splitter}: a counter of remaining splits starts at
 * about half the target number of pieces and halves at each level; a piece that was stolen (it runs
 * on another worker than the one that forked it) resets the counter to at least P, so thieves get
 * more, smaller pieces exactly where the load was uneven. The piece run by the forking worker itself
 * is never "stolen", so an undisturbed worker stops splitting after about log2(4P) levels.
 */
final class Splitter {
    private Splitter() { }

    /** @return the initial value of the adaptive split counter for a pool of {@code p} workers */
    static int initialSplits(int p) {
        return Math.max(1, p * Grain.AUTO_PIECES_PER_WORKER / 2);
    }

    /**
     * One splitting decision.
     *
     * @param g      the policy
     * @param len    the range's length
     * @param splits the remaining adaptive splits
     * @param stolen whether the range runs on another worker than the one that split it off
     * @param p      the pool's parallelism
     * @return the split counter for both halves, or -1 to run the range serially
     */
    static int trySplit(Grain g, int len, int splits, boolean stolen, int p) {
        if (!g.isAuto()) {
            return len > g.size() ? 0 : -1;
        }
        if (len < 2 || len / 2 < g.minLength()) {
            return -1;
        }
        if (len > g.maxLength()) {
            return splits / 2;
        }
        if (stolen) {
            return Math.max(p, splits / 2);
        }
        return splits > 0 ? splits / 2 : -1;
    }

    /** @return whether a piece forked by worker {@code origin} now runs elsewhere */
    static boolean stolen(int origin) {
        return origin >= 0 && Strand.workerIndex() != origin;
    }

    /** Parallel reduction of {@code [from, to)}, {@code from < to}; see {@link Parallel#reduceRange}. */
    static <R> R reduce(StrandPool pool, int from, int to, Grain grain, RangeFunction<R> leaf,
                        BinaryOperator<R> combiner) {
        Reduce<R> r = new Reduce<>(grain, pool.parallelism(), leaf, combiner);
        return invoke(pool, () -> r.run(from, to, initialSplits(r.p), -1));
    }

    private record Reduce<R>(Grain grain, int p, RangeFunction<R> leaf, BinaryOperator<R> combiner) {
        R run(int lo, int hi, int splits, int origin) {
            int s = trySplit(grain, hi - lo, splits, stolen(origin), p);
            if (s < 0) {
                return leaf.apply(lo, hi);
            }
            int mid = (lo + hi) >>> 1;
            int me = Strand.workerIndex();
            Joined<R, R> j = Strand.join(() -> run(lo, mid, s, me), () -> run(mid, hi, s, me));
            return combiner.apply(j.first(), j.second());
        }
    }

    /**
     * Parallel reduction of a spliterator's elements; see
     * {@link Parallel#reduce(StrandPool, java.util.Spliterator, Object, BinaryOperator)}. The
     * length the grain sees is {@code estimateSize()} (capped at {@code Integer.MAX_VALUE}); the
     * prefix {@code trySplit} returns is the left piece, so an ordered source combines in
     * encounter order. Each piece is traversed and split by one task only, as the Spliterator
     * contract asks; the fork orders its split before the thief's traversal.
     */
    static <T, R> R reduceSpliterator(StrandPool pool, Spliterator<T> source, Grain grain,
                                      Function<Spliterator<T>, R> leaf, BinaryOperator<R> combiner) {
        SpliteratorReduce<T, R> r = new SpliteratorReduce<>(grain, pool.parallelism(), leaf, combiner);
        return invoke(pool, () -> r.run(source, initialSplits(r.p), -1));
    }

    private record SpliteratorReduce<T, R>(Grain grain, int p, Function<Spliterator<T>, R> leaf,
                                           BinaryOperator<R> combiner) {
        R run(Spliterator<T> rest, int splits, int origin) {
            int len = (int) Math.min(rest.estimateSize(), Integer.MAX_VALUE);
            int s = trySplit(grain, len, splits, stolen(origin), p);
            Spliterator<T> prefix = s < 0 ? null : rest.trySplit();
            if (prefix == null) {
                return leaf.apply(rest);
            }
            int me = Strand.workerIndex();
            Joined<R, R> j = Strand.join(() -> run(prefix, s, me), () -> run(rest, s, me));
            return combiner.apply(j.first(), j.second());
        }
    }

    /**
     * Runs {@code body} in {@code pool} and rethrows a failure as the original unchecked exception
     * (not wrapped in {@link CompletionException}), as {@code Arrays.parallelSort} and parallel
     * streams do.
     */
    static <T> T invoke(StrandPool pool, Supplier<T> body) {
        try {
            return pool.invoke(body);
        } catch (CompletionException e) {
            Throwable c = e;
            while (c instanceof CompletionException && c.getCause() != null) {
                c = c.getCause();
            }
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    static StrandPool pool(StrandPool pool) {
        return Objects.requireNonNull(pool, "pool must not be null");
    }

    // ---------------------------------------------------------------- entries (from Parallel)
    // Parallel's public methods take the grain last; these entries take it right after the range,
    // as the recursion above does.

    /** The body of {@link Parallel}'s method of this name (the grain moved after the range). */
    static <R> R reduceRange(StrandPool pool, int from, int to, Grain grain, R identity,
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

    /**
     * {@link Parallel#forChunks(StrandPool, int, int, RangeConsumer, Grain)}, with the arguments in
     * the order of this class's entries (the grain before the functions), for the algorithms built
     * on it.
     */
    static void forChunks(StrandPool pool, int from, int to, Grain grain, RangeConsumer body) {
        Objects.requireNonNull(body, "body must not be null");
        reduceRange(pool, from, to, grain, null, (lo, hi) -> {
            body.accept(lo, hi);
            return null;
        }, (x, y) -> null);
    }

    /** The body of {@link Parallel}'s method of this name (the grain moved after the range). */
    static void forLongRange(StrandPool pool, long from, long to, LongConsumer body, Grain grain) {
        Objects.requireNonNull(body, "body must not be null");
        reduceLongRange(pool, from, to, grain, null, (lo, hi) -> {
            for (long i = lo; i < hi; i++) {
                body.accept(i);
            }
            return null;
        }, (x, y) -> null);
    }

    /** The body of {@link Parallel}'s method of this name (the grain moved after the range). */
    static <R> R reduceLongRange(StrandPool pool, long from, long to, Grain grain, R identity,
                                        LongRangeFunction<R> leaf, BinaryOperator<R> combiner) {
        Objects.requireNonNull(leaf, "leaf function must not be null");
        if (from > to) {
            throw new IllegalArgumentException("bad range: from (" + from + ") > to (" + to + ")");
        }
        // The length as an unsigned value: to - from overflows a long only past 2^63.
        long n = to - from;
        long block = Long.compareUnsigned(n, Integer.MAX_VALUE) <= 0 ? 1
                : Long.divideUnsigned(n - 1, 1L << 30) + 1;
        int blocks = (int) (Long.divideUnsigned(n, block) + (Long.remainderUnsigned(n, block) != 0 ? 1 : 0));
        return reduceRange(pool, 0, blocks, grain, identity,
                (lo, hi) -> leaf.apply(from + lo * block,
                        hi == blocks ? to : from + hi * block), combiner);
    }
}
