package dev.strand.cluster.cost;

/**
 * Dask's stealing rule (distributed/stealing.py, {@code WorkStealing.balance}): move a task from
 * a victim to a thief only if
 *
 * <pre>
 *   occupancy(thief) + transfer + compute  &lt;=  occupancy(victim) - compute / 2
 * </pre>
 *
 * <p>The thief pays the transfer of the task's inputs and then its compute; the victim is spared
 * the task, but only half of it is credited, so that a task moved back and forth between two
 * equally loaded nodes never pays off (the hysteresis keeps steals from ping-ponging). Occupancy
 * is the time a node needs to run what it already holds: nanoseconds of estimated compute divided
 * by its cores.
 *
 * <p>Dask evaluates the rule when it steals, and so does strand-cluster's driver; its steal-time
 * test is {@link #finishesSoonerOnThief}, the same comparison made for one task at its place in
 * the victim's queue. This form is kept for the chunking bound and for a running job asked to give
 * part of its work away, where there is no queue position to look at.
 *
 * <p>A pure function: no state, no clock.
 */
public final class CostRule {

    private CostRule() {}

    /**
     * @param thiefOccupancyNanos the thief's queued work, ns (per core)
     * @param victimOccupancyNanos the victim's queued work, ns (per core), this job included
     * @param computeNanos the job's estimated compute time, ns
     * @param transferNanos the time to move the job's input to the thief, ns
     * @return whether moving the job from victim to thief pays off
     */
    public static boolean worthStealing(double thiefOccupancyNanos, double victimOccupancyNanos,
            double computeNanos, double transferNanos) {
        check("thief occupancy", thiefOccupancyNanos);
        check("victim occupancy", victimOccupancyNanos);
        check("compute time", computeNanos);
        check("transfer time", transferNanos);
        return thiefOccupancyNanos + transferNanos + computeNanos
                <= victimOccupancyNanos - computeNanos / 2;
    }

    /**
     * The steal-time test for one waiting task (the form of Dask's rule that looks at the task's
     * place in the victim's queue): move it when, on the thief, the thief's queue, the move and
     * then its compute end before, on the victim, the work queued ahead of it and then its compute.
     * The compute is the same on both sides (same estimate, nodes alike), so the test is
     *
     * <pre>
     *   occupancy(thief) + transfer  &lt;  wait ahead of it on the victim
     * </pre>
     *
     * <p>A move that passes finishes the task sooner and the victim's later tasks no later, so it
     * can only shorten the batch (as far as the estimates are right); a task near the head of a
     * queue, whose wait is short, does not move over a slow link, while the same task at its tail
     * may. {@link #worthStealing}, which credits the victim with its whole occupancy less half of
     * the task, refuses moves this test accepts when the task's compute is large against the queue:
     * a heavy task behind one running task, the thief idle, the victim's occupancy two tasks, is
     * worth moving as soon as the transfer is shorter than the running task's remaining time.
     * Moves away from a node never lengthen its queue, so a task is not moved back and forth.
     *
     * @param thiefOccupancyNanos the thief's queued work, ns (per core)
     * @param waitAheadNanos the victim's work ahead of the task (running and queued before it), ns
     *     (per core)
     * @param transferNanos the time to move the task's input to the thief, ns
     * @return whether the task would finish sooner on the thief
     */
    public static boolean finishesSoonerOnThief(double thiefOccupancyNanos, double waitAheadNanos,
            double transferNanos) {
        check("thief occupancy", thiefOccupancyNanos);
        check("wait ahead", waitAheadNanos);
        check("transfer time", transferNanos);
        return thiefOccupancyNanos + transferNanos < waitAheadNanos;
    }

    /**
     * The placement-time decision: the thief idle, the victim holding {@code homeOccupancyNanos}.
     *
     * @param estimate the job's compute estimate, or {@code null} when none of its kind has run
     *     yet (then it stays stealable: nothing says moving it is a loss)
     */
    public static Decision decide(Long estimate, double homeOccupancyNanos, long transferNanos) {
        if (estimate == null) {
            return Decision.STEALABLE_NO_ESTIMATE;
        }
        return worthStealing(0, homeOccupancyNanos, (double) estimate, (double) transferNanos)
                ? Decision.STEALABLE : Decision.PINNED;
    }

    private static void check(String what, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, got " + v);
        }
    }

    /** What the rule decided for one job. */
    public enum Decision {
        /** Moving it can pay off: other nodes may steal it. */
        STEALABLE,
        /** No job of its kind has finished yet: stealable, for want of an estimate. */
        STEALABLE_NO_ESTIMATE,
        /** Its transfer costs more than stealing could save: it runs on its home node. */
        PINNED,
        /** The rule is off (or there is one node): stealable, not counted. */
        NOT_EVALUATED;

        /** @return whether a job with this decision may be stolen */
        public boolean stealable() {
            return this != PINNED;
        }
    }
}
