package dev.strand.cluster;

import java.util.Objects;

/**
 * One job of a batch: an id (unique in the batch), a kind (jobs of one kind share a compute-time
 * estimate), its input bytes, and its declared work (relative size, for placement and for scaling
 * the kind's estimate; 1 if unknown).
 */
public final class BatchJob {

    private final long id;
    private final String kind;
    private final byte[] input;
    private final double work;

    /**
     * @param id unique in its batch
     * @param kind the estimate's key (e.g. the function's name); not blank
     * @param input the input, not copied: do not change it until the batch is done
     * @param work relative size, {@code > 0}
     */
    public BatchJob(long id, String kind, byte[] input, double work) {
        this.id = id;
        this.kind = Objects.requireNonNull(kind, "kind");
        if (kind.isBlank()) {
            throw new IllegalArgumentException("job " + id + ": kind must not be blank");
        }
        this.input = Objects.requireNonNull(input, "input");
        if (!(work > 0) || Double.isInfinite(work)) {
            throw new IllegalArgumentException("job " + id + ": work must be a positive finite number, got " + work);
        }
        this.work = work;
    }

    /** A job of work 1. */
    public BatchJob(long id, String kind, byte[] input) {
        this(id, kind, input, 1.0);
    }

    public long id() {
        return id;
    }

    public String kind() {
        return kind;
    }

    /** @return the input (not a copy) */
    public byte[] input() {
        return input;
    }

    public double work() {
        return work;
    }
}
