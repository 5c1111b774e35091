package dev.strand.cluster;

import java.util.List;

/**
 * What a running cluster job uses to give part of its remaining work to an idle node (see
 * {@link Shedding}).
 *
 * @param <P> a subproblem
 */
public interface Shed<P> {

    /**
     * @return true if an idle node is waiting for work and this caller is the one to answer: it
     *     must then call {@link #offer} once, with subproblems it will not solve itself (an empty
     *     list if it has none). Cheap when false (a read of a shared counter).
     */
    boolean claim();

    /**
     * Gives {@code parts} away: each becomes a job on another node, and its result is merged into
     * the problem's result there ({@link Shedding#merge}).
     */
    void offer(List<P> parts);

    /** @return a shed that is never claimed (no cluster, or one node) */
    static <P> Shed<P> never() {
        return new Shed<>() {
            @Override
            public boolean claim() {
                return false;
            }

            @Override
            public void offer(List<P> parts) {
                throw new IllegalStateException("offer without a claim");
            }
        };
    }
}
