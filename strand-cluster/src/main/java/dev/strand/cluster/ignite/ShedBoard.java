package dev.strand.cluster.ignite;

import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ignite.lang.IgniteUuid;

/**
 * A node's pending requests to give work away, one per request the driver sent, taken by the
 * first running job of the same batch that looks ({@link #take}). A request not taken within
 * {@link #TTL_NANOS} is dropped: by then its thief has found other work or the driver asks again.
 */
final class ShedBoard {

    static final long TTL_NANOS = 2_000_000_000L;

    /** A request and when it arrived here (a deserialized object runs no field initializer). */
    private record Pending(ShedRequest request, long arrivedNanos) {}

    private static final Queue<Pending> REQUESTS = new ConcurrentLinkedQueue<>();
    /** The queue's length, read by every claim: a cheap test before the queue is walked. */
    private static final AtomicInteger PENDING = new AtomicInteger();

    private ShedBoard() {}

    static void add(ShedRequest r) {
        REQUESTS.add(new Pending(r, System.nanoTime()));
        PENDING.incrementAndGet();
    }

    /** @return a live request of {@code session}, removed, or null */
    static ShedRequest take(IgniteUuid session) {
        if (PENDING.get() == 0) {
            return null;
        }
        long now = System.nanoTime();
        for (Iterator<Pending> it = REQUESTS.iterator(); it.hasNext(); ) {
            Pending p = it.next();
            boolean stale = now - p.arrivedNanos() > TTL_NANOS;
            if ((stale || p.request().session().equals(session)) && REQUESTS.remove(p)) {
                PENDING.decrementAndGet();
                if (!stale) {
                    return p.request();
                }
            }
        }
        return null;
    }
}
