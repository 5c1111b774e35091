package dev.strand.sim.engine;

/**
 * What an engine measured; {@code dev.strand.sim.Simulator} adds the DAG's metrics.
 *
 * @param time           T_P, the step of the last work unit
 * @param workDone       work units executed (equals T1 when the engine is right)
 * @param stolenWork     work units run by processors between a successful steal and running dry
 */
public record Outcome(long time, long workDone, long stealAttempts, long steals, long migrations,
                      long remoteSteals, long processorSteps, long peakFrames, long peakQueued,
                      long minWork, long maxWork, long stolenWork) {

    static Outcome of(long time, long[] work, long attempts, long steals, long migrations,
            long remote, long processorSteps, long peakFrames, long peakQueued, long stolenWork) {
        long min = Long.MAX_VALUE;
        long max = 0;
        long sum = 0;
        for (long w : work) {
            min = Math.min(min, w);
            max = Math.max(max, w);
            sum += w;
        }
        return new Outcome(time, sum, attempts, steals, migrations, remote, processorSteps,
                peakFrames, peakQueued, min, max, stolenWork);
    }
}
