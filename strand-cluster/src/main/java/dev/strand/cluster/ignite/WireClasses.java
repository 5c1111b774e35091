package dev.strand.cluster.ignite;

import dev.strand.cluster.stats.JobOutcome;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.UUID;
import org.apache.ignite.Ignite;
import org.apache.ignite.lang.IgniteUuid;

/**
 * The classes of Strand's own messages and jobs, registered with Ignite's marshaller when a
 * member joins. Ignite's binary marshaller gives every class a type id and, the first time a
 * member writes an instance, proposes the id's class name and binary type to the whole cluster
 * through discovery and waits for them to be accepted ({@code MarshallerContextImpl.registerClassName},
 * the binary metadata update). That wait sits behind any topology change in progress: a first
 * steal request sent just after a node was killed waited for the failure to be handled, on a
 * thread that the handling itself needed. Registered at join, on a quiet cluster, no later send
 * waits for discovery.
 */
final class WireClasses {

    private static final Logger LOG = System.getLogger(WireClasses.class.getName());

    private WireClasses() {}

    /** One instance of each class that Strand sends between members, with every field set. */
    static List<Object> samples() {
        IgniteUuid session = IgniteUuid.randomUuid();
        UUID node = UUID.randomUUID();
        List<StrandJob.Item> items = List.of(new StrandJob.Item(0, "kind", new byte[1]));
        NodeActivity.Snapshot snapshot = new NodeActivity.Snapshot("node", 0, 0, 0, 0, 0, 0);
        return List.of(
                new StealRequest(session, 0, node, "topic"),
                new StealRefused(session, 0),
                new ShedRequest(session, node, "topic"),
                new ShedOffer(session, 0, 0, List.of(new byte[1]), node),
                items.get(0),
                StrandJob.Item.keyed(0, "kind", "key"),
                new StrandJob(0, "home", null, items),
                new StrandJob(0, "home", null, List.of(StrandJob.Item.keyed(0, "kind", "key"))),
                new PinnedJob(0, "home", null, items),
                new JobOutcome(0, "home", "node", 0, 0, 0, new byte[1], List.of(new byte[1])),
                new NodeActivity.Counts(snapshot));
    }

    /**
     * Writes one instance of each class with {@code ignite}'s binary marshaller, which registers its name
     * and binary type across the cluster. A failure is logged and the classes register at first
     * use, as they would without this.
     *
     * @return how many classes were registered
     */
    static int register(Ignite ignite) {
        int done = 0;
        for (Object o : samples()) {
            try {
                // The binary marshaller that messages and jobs go through; it registers as it writes.
                ignite.binary().toBinary(o);
                done++;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "could not register " + o.getClass().getName()
                        + " with the marshaller; it registers at first use", e);
            }
        }
        return done;
    }
}
