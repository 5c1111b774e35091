package dev.strand.cluster.ignite;

import java.io.Serial;
import java.io.Serializable;
import org.apache.ignite.lang.IgniteUuid;

/** A victim to the driver: chunk {@code chunk} of the batch {@code session} had started; it stays. */
final class StealRefused implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final IgniteUuid session;
    private final int chunk;

    StealRefused(IgniteUuid session, int chunk) {
        this.session = session;
        this.chunk = chunk;
    }

    IgniteUuid session() {
        return session;
    }

    int chunk() {
        return chunk;
    }
}
