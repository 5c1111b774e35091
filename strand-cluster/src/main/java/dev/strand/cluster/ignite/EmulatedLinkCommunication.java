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
 * latency, so that the cost rule can be tried on one machine, where loopback moves gigabytes a
 * second. Only what the driver sends is delayed: jobs and their inputs (a job's size is its
 * serialized bytes), steal and shed requests (counted as {@value #SMALL_MESSAGE_BYTES} bytes);
 * results and discovery are not.
 *
 * <p>The model of the link: bulk messages (over {@value #INTERLEAVED_BYTES} bytes) take it one
 * after another, each its size over the bandwidth, and arrive the latency later. A smaller message
 * does not wait for a bulk one to another node: on a real interface, TCP connections to different
 * hosts share it packet by packet, so a steal request or a small job slips between the segments of
 * a megabyte going elsewhere; it takes its own size over the bandwidth and the latency (the share
 * of bandwidth it takes from the bulk transfer is not modelled). Messages to one node arrive in
 * the order they were sent, as on Ignite's one connection per node: a request to a node waits
 * behind a large input still on its way to that node. A single queue for every message, the
 * earlier model, held each steal request behind every input the driver was sending, about a second
 * per megabyte at 10 Mbit/s, which no network does.
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
    /** What a message may weigh and still interleave with bulk transfers to other nodes. */
    static final long INTERLEAVED_BYTES = 64 * 1024;

    /** When the link is free of bulk messages again, ns (System.nanoTime); guarded by this. */
    private long freeAt = Long.MIN_VALUE;
    /** Per destination, when its last message arrives, ns; guarded by this. */
    private final java.util.Map<Object, Long> lastArrival = new java.util.HashMap<>();

    EmulatedLinkCommunication(Link link) {
        this.link = link;
    }

    /**
     * @return when a message of {@code bytes} sent now to {@code to} arrives, ns; a bulk message
     *     takes the link until it has left
     */
    synchronized long arrival(Object to, long bytes, long now) {
        long wire = Math.round(bytes / link.bytesPerSecond() * 1e9);
        long leaves;
        if (bytes > INTERLEAVED_BYTES) {
            long start = freeAt == Long.MIN_VALUE ? now : Math.max(now, freeAt);
            leaves = start + wire;
            freeAt = leaves;
        } else {
            leaves = now + wire;
        }
        long arrives = leaves + link.latencyNanos();
        Long previous = lastArrival.get(to);
        if (previous != null && previous > arrives) {
            arrives = previous;                 // in order on the node's connection
        }
        lastArrival.put(to, arrives);
        return arrives;
    }

    @Override
    public void sendMessage(ClusterNode node, Message msg) throws IgniteSpiException {
        sendMessage(node, msg, null);
    }

    @Override
    public void sendMessage(ClusterNode node, Message msg, IgniteInClosure<IgniteException> ackC) {
        long now = System.nanoTime();
        long delay = arrival(node.id(), size(msg), now) - now;
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
