package dev.strand.sim.cluster;

/**
 * A job of the two-level model: its compute time on one core, the bytes of its input, and the
 * node it is placed on first (where its input is).
 *
 * @param id its index in the workload
 * @param home the node it is placed on, from 0
 * @param computeSeconds its run time on one core, {@code > 0}
 * @param inputBytes its input, which a steal moves to the thief, {@code >= 0}
 */
public record SimJob(int id, int home, double computeSeconds, long inputBytes) {

    /** Validates. */
    public SimJob {
        if (home < 0) {
            throw new IllegalArgumentException("job " + id + ": home must be >= 0, got " + home);
        }
        if (!(computeSeconds > 0) || Double.isInfinite(computeSeconds)) {
            throw new IllegalArgumentException("job " + id + ": compute must be finite and > 0 s, got "
                    + computeSeconds);
        }
        if (inputBytes < 0) {
            throw new IllegalArgumentException("job " + id + ": input bytes must be >= 0, got " + inputBytes);
        }
    }
}
