package dev.strand.cluster.ignite;

import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ignite.lang.IgniteUuid;

/**
 * A running job to the driver: the subproblems it gives away, the {@code first}-th onwards of
 * all it has offered, for {@code thief}. The same parts come back again in the job's outcome, so
 * an offer that arrives late, or not at all, loses nothing: the driver keys each part by job id
 * and position and starts it once.
 */
final class ShedOffer implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final IgniteUuid session;
    private final long job;
    private final int first;
    private final ArrayList<byte[]> parts;
    private final UUID thief;

    ShedOffer(IgniteUuid session, long job, int first, List<byte[]> parts, UUID thief) {
        this.session = session;
        this.job = job;
        this.first = first;
        this.parts = new ArrayList<>(parts);
        this.thief = thief;
    }

    IgniteUuid session() {
        return session;
    }

    long job() {
        return job;
    }

    int first() {
        return first;
    }

    List<byte[]> parts() {
        return parts;
    }

    UUID thief() {
        return thief;
    }
}
