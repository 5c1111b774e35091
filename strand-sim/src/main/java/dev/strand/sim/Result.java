package dev.strand.sim;

/**
 * One simulated run. Times are in steps; a step is one work unit or one steal-attempt step per
 * scheduled processor.
 *
 * @param dag            the DAG's name
 * @param policy         {@link Policy#label()}
 * @param processors     P
 * @param seed           the random-number seed of the run
 * @param work           T1 (from the DAG)
 * @param span           T-inf (from the DAG)
 * @param serialSpace    S1, frames (from the DAG)
 * @param time           T_P: the step in which the last work unit ran
 * @param stealAttempts  steal attempts made (0 for the centralized schedulers and work sharing)
 * @param steals         successful steals
 * @param migrations     frames moved between processors (steal-half moves several per steal; work
 *                       sharing moves a child placed on another processor)
 * @param remoteSteals   successful steals from a victim at topology distance &gt; 0
 * @param processorSteps steps processors were scheduled: P*T_P when dedicated
 * @param idleSteps      scheduled steps without a work unit: processorSteps - T1
 * @param peakFrames     S_P: most frames alive at once (spawned or called, not yet returned)
 * @param peakQueued     most frames waiting in deques (or the central ready list) at once
 * @param minWork        fewest work units a processor ran
 * @param maxWork        most work units a processor ran
 * @param stolenWork     work units run by thieves from a successful steal until they next ran
 *                       dry (the stolen frames, and what they spawned and kept)
 */
public record Result(String dag, String policy, int processors, long seed, long work, long span,
                     long serialSpace, long time, long stealAttempts, long steals, long migrations,
                     long remoteSteals, long processorSteps, long idleSteps, long peakFrames,
                     long peakQueued, long minWork, long maxWork, long stolenWork) {

    /** @return the work a steal brought its thief on average (NaN without steals) */
    public double workPerSteal() {
        return steals == 0 ? Double.NaN : (double) stolenWork / steals;
    }

    /** @return idle steps / processor steps: the share of the processors' time without work */
    public double idleShare() {
        return processorSteps == 0 ? 0 : (double) idleSteps / processorSteps;
    }

    /** @return T_P / (T1/P + T-inf): the work-stealing and greedy bounds say O(1), greedy &le; 1 */
    public double timeRatio() {
        return time / ((double) work / processors + span);
    }

    /** @return T_P / max(T1/P, T-inf): at least 1 for every schedule */
    public double lowerBoundRatio() {
        return time / Math.max((double) work / processors, (double) span);
    }

    /** @return steal attempts / (P * T-inf): bounded by a constant in expectation */
    public double stealRatio() {
        return stealAttempts / ((double) processors * span);
    }

    /** @return S_P / (P * S1): at most 1 under continuation stealing */
    public double spaceRatio() {
        return peakFrames / ((double) processors * serialSpace);
    }

    /** @return T1 / T_P */
    public double speedup() {
        return (double) work / time;
    }
}
