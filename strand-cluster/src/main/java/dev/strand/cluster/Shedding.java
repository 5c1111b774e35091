package dev.strand.cluster;

import java.io.Serializable;

/**
 * A recursion whose jobs, while they run, can give part of their remaining work to nodes that
 * are idle: the second level of the two-level scheduler reaching back to the first, so that a
 * tree cut only at the root still balances across nodes when one subtree holds most of it.
 *
 * <p>{@link #solve(Serializable, Shed)} solves a problem while looking, now and then, whether an
 * idle node is waiting ({@link Shed#claim}); when one is, it hands over subproblems it has not
 * started, the biggest it can find (the oldest, shallowest ones: a thief's end of a deque), and
 * returns the result of what it solved itself. Each part given away becomes a job on the idle
 * node (which may itself give parts away), and the results are put back together with
 * {@link #merge}, which must be associative and commutative over disjoint parts of one problem
 * (a count, a sum, a maximum, a set union). The driver asks a running job to give work away only
 * when no waiting job is left to steal and the cost rule says the move pays off (see
 * docs/cluster.md).
 *
 * @param <P> a (sub)problem
 * @param <R> a result
 */
public interface Shedding<P extends Serializable, R extends Serializable> extends Recursion<P, R> {

    /**
     * @return the result of {@code problem} without the parts given to {@code shed}
     */
    R solve(P problem, Shed<P> shed);

    /** @return the result of two disjoint parts of one problem together */
    R merge(R a, R b);

    /** Solves the problem whole: nothing is given away. */
    @Override
    default R solve(P problem) {
        return solve(problem, Shed.never());
    }
}
