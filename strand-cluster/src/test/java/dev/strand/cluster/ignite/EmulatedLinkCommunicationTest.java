package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.cost.Link;
import org.junit.jupiter.api.Test;

/** The emulated link's clock: messages leave one after another at its bandwidth, and arrive its latency later. */
class EmulatedLinkCommunicationTest {

    private static final long MS = 1_000_000L;

    @Test
    void messagesQueueBehindEachOtherAtTheBandwidthAndArriveTheLatencyLater() {
        // 10 Mbit/s = 1.25 MB/s; 5 ms.
        EmulatedLinkCommunication link = new EmulatedLinkCommunication(Link.ofMegabits(10, 5_000));
        long t0 = 1_000 * MS;
        long big = link.arrival(1_250_000, t0);
        assertThat(big - t0).as("1.25 MB: one second on the wire, then 5 ms").isEqualTo(1_005 * MS);
        long small = link.arrival(1_250, t0 + MS);
        assertThat(small - t0).as("sent during the big one: leaves after it, 1 ms on the wire")
                .isEqualTo(1_006 * MS);
        long later = link.arrival(1_250, t0 + 5_000 * MS);
        assertThat(later - (t0 + 5_000 * MS)).as("an idle link: only its own time").isEqualTo(6 * MS);
    }
}
