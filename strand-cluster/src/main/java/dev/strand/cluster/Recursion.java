package dev.strand.cluster;

import java.io.Serializable;
import java.util.List;

/**
 * A divide-and-conquer computation, written once for one machine or many. {@link StrandCluster#compute}
 * splits it from the top as far as a {@link CutRule} says; each subproblem at the cut becomes a
 * job that {@link #solve}s it on one node (where it may fork further with {@code Strand.join} on
 * that node's pool); the results are combined back up the cut with {@link #combine}.
 *
 * <p>The recursion object travels with every job (Java serialization): it, the problems and the
 * results must be serializable, and their classes on every node's class path.
 *
 * @param <P> a (sub)problem
 * @param <R> a result
 */
public interface Recursion<P extends Serializable, R extends Serializable> extends Serializable {

    /** @return the subproblems of {@code problem}, or an empty list if it does not split */
    List<P> split(P problem);

    /** @return the result of {@code problem}, computed whole (it runs on a node's pool) */
    R solve(P problem);

    /**
     * @param problem a problem that was split
     * @param parts the results of its subproblems, in {@link #split}'s order
     * @return its result
     */
    R combine(P problem, List<R> parts);

    /**
     * @return the estimated work of {@code problem}, in any unit, the same for all problems: used
     *     to cut by work, to place jobs and to scale compute estimates; 1 if unknown
     */
    default double work(P problem) {
        return 1.0;
    }
}
