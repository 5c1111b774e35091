package dev.strand.parallel;

/**
 * Processes the index range {@code [from, to)} serially: the leaf of {@link Parallel#forChunks}.
 */
@FunctionalInterface
public interface RangeConsumer {
    /**
     * @param from first index, inclusive
     * @param to   last index, exclusive ({@code from < to})
     */
    void accept(int from, int to);
}
