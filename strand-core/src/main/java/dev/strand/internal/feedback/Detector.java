package dev.strand.internal.feedback;

/**
 * The decision of one quantum: from what the pool's core workers ran and waited, whether the
 * machine is shared. Single-threaded (the sampler's); pure apart from its two fields, so a test
 * feeds it synthetic samples.
 *
 * <p>A worker's {@code run} time is what it spent on a core, its {@code delay} what it spent
 * runnable but waiting for one (Linux's {@code schedstat}). Their sum is what the workers wanted;
 * the share of it they waited, less what the process's own other threads ran meanwhile, is the
 * competition they met from other processes. Below {@link #MIN_DEMAND} cores' worth
 * wanted, the workers were mostly parked and the quantum says nothing: it counts as calm.
 *
 * <p>Hysteresis: one quantum with at least {@link #ENTER} waited makes the machine shared; it is
 * dedicated again after {@link #CALM_QUANTA} quanta in a row below {@link #LEAVE}. A quantum in
 * between keeps the state and restarts the calm streak.
 */
public final class Detector {
    /** Share of the wanted time spent waiting for a core that makes the machine shared. */
    public static final double ENTER = 0.15;
    /** Share below which a quantum is calm. */
    public static final double LEAVE = 0.05;
    /** Calm quanta in a row before the machine counts as dedicated again. */
    public static final int CALM_QUANTA = 3;
    /** Cores' worth of wanted time below which a quantum is not judged (counts as calm). */
    public static final double MIN_DEMAND = 0.25;

    private boolean shared;
    private int calm;

    /**
     * Judges one quantum. The process's own other threads (the JIT's compilers, the collector, the
     * program's threads outside the pools) can have kept the workers waiting for at most as long
     * as they ran: that much of the wait is the process's own, and only the rest counts as
     * competition from other processes.
     *
     * @param runNanos    the workers' summed time on a core during the quantum
     * @param delayNanos  their summed time runnable but waiting for a core
     * @param othersNanos the summed time on a core of the process's other threads (0 if not read)
     * @param wallNanos   the quantum's length
     * @return whether the machine counts as shared after this quantum
     */
    public boolean observe(long runNanos, long delayNanos, long othersNanos, long wallNanos) {
        if (wallNanos <= 0 || runNanos < 0 || delayNanos < 0 || othersNanos < 0) {
            return shared;                        // a clock step or a counter reset: no judgement
        }
        long wanted = runNanos + delayNanos;
        boolean judged = wanted >= MIN_DEMAND * wallNanos;
        long external = Math.max(0L, delayNanos - othersNanos);
        double waited = judged ? (double) external / wanted : 0.0;
        if (judged && waited >= ENTER) {
            shared = true;
            calm = 0;
        } else if (!judged || waited < LEAVE) {
            if (shared && ++calm >= CALM_QUANTA) {
                shared = false;
                calm = 0;
            }
        } else {
            calm = 0;                             // between the thresholds: keep the state
        }
        assert calm < CALM_QUANTA && (shared || calm == 0);
        return shared;
    }

    /** Forgets the state: the workers went idle, so the next busy quantum starts from dedicated. */
    public void reset() {
        shared = false;
        calm = 0;
    }

    /** @return whether the machine counts as shared */
    public boolean shared() {
        return shared;
    }
}
