package dev.strand.parallel;

/**
 * Computes a result for the range {@code [from, to)} of {@code long} values serially: the leaf of
 * {@link Parallel#reduceLongRange}.
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface LongRangeFunction<R> {
    /**
     * @param from first value, inclusive
     * @param to   last value, exclusive ({@code from < to})
     * @return the range's result
     */
    R apply(long from, long to);
}
