package dev.strand.sim.cluster;

/**
 * Dask's stealing rule (distributed/stealing.py): move a job from a victim to a thief only if
 *
 * <pre>
 *   occupancy(thief) + transfer + compute  &lt;=  occupancy(victim) - compute / 2
 * </pre>
 *
 * <p>Occupancy is the time a node needs for what it holds (queued, running and arriving work),
 * per core; {@code transfer} the time to move the job's input; {@code compute} its run time. Only
 * half of the job is credited to the victim, so that equally loaded nodes never trade. The same
 * inequality as strand-cluster's {@code CostRule.worthStealing} (a test there checks that the two
 * agree; the simulator has no dependencies, so it keeps its own copy of the one line).
 */
public final class DaskRule {

    private DaskRule() {}

    /**
     * @param thiefOccupancy the thief's work per core, seconds
     * @param victimOccupancy the victim's work per core, seconds, this job included
     * @param compute the job's run time, seconds
     * @param transfer the time to move its input to the thief, seconds
     * @return whether moving it pays off
     */
    public static boolean worthStealing(double thiefOccupancy, double victimOccupancy, double compute,
            double transfer) {
        return thiefOccupancy + transfer + compute <= victimOccupancy - compute / 2;
    }
}
