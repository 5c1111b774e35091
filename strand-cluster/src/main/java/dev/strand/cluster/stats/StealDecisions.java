package dev.strand.cluster.stats;

/**
 * The steal decisions of one batch, taken while it ran (the driver's balancer, with the
 * occupancies and estimates of each moment).
 *
 * @param accepted moves decided: a request sent to the victim
 * @param declined candidate moves the cost rule refused, counted each time it was asked (a chunk
 *     is asked again at each later decision)
 * @param refusedByVictim moves the victim refused because it had started the chunk
 * @param declinedChunks chunks the rule refused to move at least once
 * @param partsGiven parts that running jobs gave away to idle nodes ({@code Shedding}), each run
 *     as a job of its own
 * @param shedRequests requests sent to running jobs to give work away
 */
public record StealDecisions(int accepted, int declined, int refusedByVictim, int declinedChunks,
        int partsGiven, int shedRequests) {

    /** No decision (one node, or the local engine). */
    public static final StealDecisions NONE = new StealDecisions(0, 0, 0, 0, 0, 0);
}
