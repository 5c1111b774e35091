package dev.strand.cluster.ignite;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.lang.IgniteInClosure;
import org.apache.ignite.plugin.extensions.communication.Message;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;

/**
 * A driver's communication layer that delays every job it sends by a fixed time, and drops the
 * first {@code drops} jobs it sends (the message never leaves: as a network that loses it
 * silently would, where TCP cannot recover it, a connection reset with the message in flight).
 */
final class FaultyCommunication extends TcpCommunicationSpi {

    private final long delayNanos;
    private final AtomicInteger drops;
    final AtomicInteger sent = new AtomicInteger();
    final AtomicInteger dropped = new AtomicInteger();

    FaultyCommunication(long delayNanos, int drops) {
        this.delayNanos = delayNanos;
        this.drops = new AtomicInteger(drops);
    }

    @Override
    public void sendMessage(ClusterNode node, Message msg, IgniteInClosure<IgniteException> ackC) {
        if (isBatchJob(msg)) {
            if (drops.getAndDecrement() > 0) {
                dropped.incrementAndGet();
                return;
            }
            sent.incrementAndGet();
            if (delayNanos > 0) {
                LockSupport.parkNanos(delayNanos);
            }
        }
        super.sendMessage(node, msg, ackC);
    }

    /**
     * Whether {@code msg} carries a job of a batch: Ignite's internal message classes are read by
     * reflection (their annotations' classes are not on the compile class path).
     */
    private static boolean isBatchJob(Message msg) {
        if (!msg.getClass().getSimpleName().equals("GridIoMessage")) {
            return false;
        }
        try {
            Object inner = msg.getClass().getMethod("message").invoke(msg);
            if (inner == null || !inner.getClass().getSimpleName().equals("GridJobExecuteRequest")) {
                return false;
            }
            return BatchTask.class.getName().equals(inner.getClass().getMethod("taskName").invoke(inner));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Ignite's message classes changed: " + e, e);
        }
    }
}
