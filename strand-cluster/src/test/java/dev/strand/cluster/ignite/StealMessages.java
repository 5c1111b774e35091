package dev.strand.cluster.ignite;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.lang.IgniteInClosure;
import org.apache.ignite.plugin.extensions.communication.Message;
import org.apache.ignite.spi.IgniteSpiException;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;

/**
 * A driver's communication layer that drops or delays the user messages it sends: on a driver,
 * those are the steal (and shed) requests, and nothing else. Dropping the next {@link #drops}
 * stands for a request lost, delaying each by {@link #delayNanos} for a request that waits behind
 * a large input on a slow link; neither applies until the test sets it.
 */
final class StealMessages extends TcpCommunicationSpi {

    final AtomicInteger drops = new AtomicInteger();
    volatile long delayNanos;
    final AtomicInteger dropped = new AtomicInteger();
    final AtomicInteger delayed = new AtomicInteger();
    private final ScheduledExecutorService wire = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "test-delayed-requests");
        t.setDaemon(true);
        return t;
    });

    @Override
    public void sendMessage(ClusterNode node, Message msg, IgniteInClosure<IgniteException> ackC) {
        if (isUserMessage(msg)) {
            if (drops.getAndUpdate(d -> Math.max(0, d - 1)) > 0) {
                dropped.incrementAndGet();
                return;
            }
            long delay = delayNanos;
            if (delay > 0) {
                delayed.incrementAndGet();
                wire.schedule(() -> super.sendMessage(node, msg, ackC), delay, TimeUnit.NANOSECONDS);
                return;
            }
        }
        super.sendMessage(node, msg, ackC);
    }

    @Override
    public void spiStop() throws IgniteSpiException {
        wire.shutdownNow();
        super.spiStop();
    }

    /** Whether {@code msg} is a user message ({@code IgniteMessaging}), read by reflection. */
    private static boolean isUserMessage(Message msg) {
        if (!msg.getClass().getSimpleName().equals("GridIoMessage")) {
            return false;
        }
        try {
            Object inner = msg.getClass().getMethod("message").invoke(msg);
            return inner != null && inner.getClass().getSimpleName().equals("GridIoUserMessage");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Ignite's message classes changed: " + e, e);
        }
    }
}
