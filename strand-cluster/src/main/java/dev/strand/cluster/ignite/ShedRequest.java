package dev.strand.cluster.ignite;

import java.io.Serial;
import java.io.Serializable;
import java.util.UUID;
import org.apache.ignite.lang.IgniteUuid;

/**
 * The driver to a busy node: a job of batch {@code session} running there may give part of its
 * remaining work away for {@code thief}; the offer goes to {@code replyTopic}.
 */
final class ShedRequest implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final IgniteUuid session;
    private final UUID thief;
    private final String replyTopic;

    ShedRequest(IgniteUuid session, UUID thief, String replyTopic) {
        this.session = session;
        this.thief = thief;
        this.replyTopic = replyTopic;
    }

    IgniteUuid session() {
        return session;
    }

    UUID thief() {
        return thief;
    }

    String replyTopic() {
        return replyTopic;
    }
}
