package dev.strand.cluster.stats;

import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a node sends back for one job: the output and the job's own record of where it ran. The
 * job writes it itself, on the node that ran it, so the statistics do not depend on Ignite's
 * counters (which count rejections, not moves, and are per process).
 */
public final class JobOutcome implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final long id;
    private final String home;
    private final String ranOn;
    private final int steals;
    private final int failovers;
    private final long computeNanos;
    private final byte[] output;
    private final List<byte[]> shed;

    /**
     * @param id the job's id
     * @param home the node it was placed on
     * @param ranOn the node that ran it
     * @param steals how many times it was stolen (Ignite's stealing attempt count)
     * @param failovers how many times it was re-sent after a node failed
     * @param computeNanos the time its function ran, on {@code ranOn}
     * @param output the function's result
     */
    public JobOutcome(long id, String home, String ranOn, int steals, int failovers, long computeNanos,
            byte[] output) {
        this(id, home, ranOn, steals, failovers, computeNanos, output, List.of());
    }

    /**
     * As the other constructor, with the subproblems the job gave away while it ran.
     *
     * @param shed the serialized subproblems it gave away, in the order it offered them
     */
    public JobOutcome(long id, String home, String ranOn, int steals, int failovers, long computeNanos,
            byte[] output, List<byte[]> shed) {
        this.shed = new ArrayList<>(shed);      // a plain list: Ignite marshals it
        this.id = id;
        this.home = home;
        this.ranOn = ranOn;
        this.steals = steals;
        this.failovers = failovers;
        this.computeNanos = computeNanos;
        this.output = output;
    }

    public long id() {
        return id;
    }

    public String home() {
        return home;
    }

    public String ranOn() {
        return ranOn;
    }

    public int steals() {
        return steals;
    }

    public int failovers() {
        return failovers;
    }

    public long computeNanos() {
        return computeNanos;
    }

    /** @return the subproblems it gave away while it ran, serialized, in offer order */
    public List<byte[]> shed() {
        return shed;
    }

    /** @return the output (not a copy) */
    public byte[] output() {
        return output;
    }
}
