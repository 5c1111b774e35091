package dev.strand.parallel;

/**
 * Computes a result for the index range {@code [from, to)} serially: the leaf of
 * {@link Parallel#reduceRange}.
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface RangeFunction<R> {
    /**
     * @param from first index, inclusive
     * @param to   last index, exclusive ({@code from < to})
     * @return the range's result
     */
    R apply(int from, int to);
}
