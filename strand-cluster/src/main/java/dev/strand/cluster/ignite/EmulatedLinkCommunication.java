package dev.strand.cluster.ignite;

import dev.strand.cluster.cost.Link;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.lang.IgniteInClosure;
import org.apache.ignite.plugin.extensions.communication.Message;
import org.apache.ignite.spi.IgniteSpiException;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;

/**
 * A driver's communication layer that sends as if through one link of a given bandwidth and
 * latency (a token bucket of one message: each message leaves when the link is free, takes its
 * size over the bandwidth, and arrives the latency later), so that the cost rule can be tried on
 * one machine, where loopback moves gigabytes a second. Only what the driver sends is delayed:
 * jobs and their inputs (a job's size is its serialized bytes), steal and shed requests (counted
 * as {@value #SMALL_MESSAGE_BYTES} bytes); results and discovery are not. The link is the
 * driver's: every node's traffic shares it, in order, as it would share a network interface.
 *
 * <p>A message is handed to the real communication layer at its arrival time by one thread of
 * its own, so the Ignite thread that sent it does not wait; a send that then fails (its node
 * left) is logged, and Ignite's own failure handling of that node's jobs takes over.
 */
final class EmulatedLinkCommunication extends TcpCommunicationSpi {

    private static final Logger LOG = System.getLogger(EmulatedLinkCommunication.class.getName());

    /** What a message that carries no job is taken to weigh. */
    static final long SMALL_MESSAGE_BYTES = 256;

    private final Link link;
    private final ScheduledExecutorService wire = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "strand-emulated-link");
        t.setDaemon(true);
        return t;
    });
    /** When the link is free again, ns (System.nanoTime); guarded by this. */
    private long freeAt = Long.MIN_VALUE;

    EmulatedLinkCommunication(Link link) {
        this.link = link;
    }

    /** @return when a message of {@code bytes} sent now arrives, ns, and takes the link until it has left */
    synchronized long arrival(long bytes, long now) {
        long start = freeAt == Long.MIN_VALUE ? now : Math.max(now, freeAt);
        long leaves = start + Math.round(bytes / link.bytesPerSecond() * 1e9);
        freeAt = leaves;
        return leaves + link.latencyNanos();
    }

    @Override
    public void sendMessage(ClusterNode node, Message msg) throws IgniteSpiException {
        sendMessage(node, msg, null);
    }

    @Override
    public void sendMessage(ClusterNode node, Message msg, IgniteInClosure<IgniteException> ackC) {
        long now = System.nanoTime();
        long delay = arrival(size(msg), now) - now;
        try {
            wire.schedule(() -> {
                try {
                    super.sendMessage(node, msg, ackC);
                } catch (IgniteException e) {
                    LOG.log(Level.DEBUG, "a message to {0} was not sent: {1}", node.id(), e.toString());
                }
            }, delay, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            super.sendMessage(node, msg, ackC);           // stopping: no link to wait for
        }
    }

    @Override
    public void spiStop() throws IgniteSpiException {
        wire.shutdownNow();
        super.spiStop();
    }

    /**
     * The bytes {@code msg} puts on the wire: a job request's serialized job, else
     * {@link #SMALL_MESSAGE_BYTES}. Ignite's internal message classes are read by reflection.
     */
    static long size(Message msg) {
        try {
            if (!msg.getClass().getSimpleName().equals("GridIoMessage")) {
                return SMALL_MESSAGE_BYTES;
            }
            Object inner = msg.getClass().getMethod("message").invoke(msg);
            if (inner == null || !inner.getClass().getSimpleName().equals("GridJobExecuteRequest")) {
                return SMALL_MESSAGE_BYTES;
            }
            byte[] job = (byte[]) inner.getClass().getMethod("jobBytes").invoke(inner);
            return job == null ? SMALL_MESSAGE_BYTES : SMALL_MESSAGE_BYTES + job.length;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Ignite's message classes changed: " + e, e);
        }
    }
}
