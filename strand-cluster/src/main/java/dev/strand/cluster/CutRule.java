package dev.strand.cluster;

/**
 * Where the top of a recursion stops being split and becomes jobs: the first level of the
 * two-level scheduler. Too high a cut gives too few jobs to balance across nodes; too low a cut
 * pays a job's overhead (a round trip and serialization, tens to hundreds of microseconds even on
 * loopback) for too little work. Several jobs per core of the cluster, each of milliseconds or
 * more, is the region that works.
 *
 * @param <P> the problem type
 */
@FunctionalInterface
public interface CutRule<P> {

    /**
     * @param problem a subproblem
     * @param depth its depth (0 for the whole problem)
     * @param work its estimated work ({@link Recursion#work})
     * @return whether it becomes one job (true) or is split further (false)
     */
    boolean isJob(P problem, int depth, double work);

    /** Splits every problem down to depth {@code d}: a binary recursion gives 2^d jobs. */
    static <P> CutRule<P> depth(int d) {
        if (d < 0) {
            throw new IllegalArgumentException("cut depth must be >= 0, got " + d);
        }
        return (p, depth, work) -> depth >= d;
    }

    /** Splits until a subproblem's estimated work is at most {@code w}. */
    static <P> CutRule<P> workAtMost(double w) {
        if (!(w > 0)) {
            throw new IllegalArgumentException("work bound must be > 0, got " + w);
        }
        return (p, depth, work) -> work <= w;
    }
}
