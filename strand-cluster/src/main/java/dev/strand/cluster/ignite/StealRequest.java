package dev.strand.cluster.ignite;

import java.io.Serial;
import java.io.Serializable;
import java.util.UUID;
import org.apache.ignite.lang.IgniteUuid;

/**
 * The driver to a victim node: give up the waiting chunk {@code chunk} of the batch whose task
 * session is {@code session}, for {@code thief}; if it has started, say so on {@code replyTopic}.
 * A plain class, not a record: Ignite's marshaller sets final fields of ordinary classes only.
 */
final class StealRequest implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final IgniteUuid session;
    private final int chunk;
    private final UUID thief;
    private final String replyTopic;

    StealRequest(IgniteUuid session, int chunk, UUID thief, String replyTopic) {
        this.session = session;
        this.chunk = chunk;
        this.thief = thief;
        this.replyTopic = replyTopic;
    }

    IgniteUuid session() {
        return session;
    }

    int chunk() {
        return chunk;
    }

    UUID thief() {
        return thief;
    }

    String replyTopic() {
        return replyTopic;
    }

    @Override
    public String toString() {
        return "steal chunk " + chunk + " for " + thief;
    }
}
