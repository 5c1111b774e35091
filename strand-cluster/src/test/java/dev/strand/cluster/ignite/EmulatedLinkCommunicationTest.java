package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.cost.Link;
import org.junit.jupiter.api.Test;

/** The emulated link's clock: bulk messages leave one after another, small ones interleave, each node's in order. */
class EmulatedLinkCommunicationTest {

    private static final long MS = 1_000_000L;

    @Test
    void bulkMessagesQueueBehindEachOtherAtTheBandwidthAndArriveTheLatencyLater() {
        // 10 Mbit/s = 1.25 MB/s; 5 ms.
        EmulatedLinkCommunication link = new EmulatedLinkCommunication(Link.ofMegabits(10, 5_000));
        long t0 = 1_000 * MS;
        long big = link.arrival("a", 1_250_000, t0);
        assertThat(big - t0).as("1.25 MB: one second on the wire, then 5 ms").isEqualTo(1_005 * MS);
        long second = link.arrival("b", 125_000, t0 + MS);
        assertThat(second - t0).as("bulk sent during the big one: leaves after it, 100 ms on the wire")
                .isEqualTo(1_105 * MS);
        long later = link.arrival("a", 1_250, t0 + 5_000 * MS);
        assertThat(later - (t0 + 5_000 * MS)).as("an idle link: only its own time").isEqualTo(6 * MS);
    }

    @Test
    void aSmallMessageToAnotherNodeDoesNotWaitForABulkTransfer() {
        EmulatedLinkCommunication link = new EmulatedLinkCommunication(Link.ofMegabits(10, 5_000));
        long t0 = 1_000 * MS;
        link.arrival("a", 1_250_000, t0);
        long request = link.arrival("b", 1_250, t0 + MS);
        assertThat(request - t0).as("a steal request to b slips between a's segments").isEqualTo(7 * MS);
        long toA = link.arrival("a", 1_250, t0 + 2 * MS);
        assertThat(toA - t0).as("to a: behind a's megabyte on its connection").isEqualTo(1_005 * MS);
    }
}
