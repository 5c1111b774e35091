package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.ClusterConfig;
import java.time.Duration;
import org.apache.ignite.configuration.IgniteConfiguration;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;
import org.apache.ignite.spi.discovery.tcp.TcpDiscoverySpi;
import org.apache.ignite.spi.failover.jobstealing.JobStealingFailoverSpi;
import org.junit.jupiter.api.Test;

/** The Ignite settings Strand relies on, read back from the configurations it builds. */
class IgniteConfigsTest {

    @Test
    void socketBuffersAreLeftToTheOperatingSystem() {
        // A fixed buffer below loopback's 64 KiB segment size stalls large messages for tens of
        // seconds (zero-window probes); 0 means Ignite does not set the buffer at all.
        for (IgniteConfiguration cfg : new IgniteConfiguration[] {
                IgniteConfigs.server("n", 2, ClusterConfig.loopback()),
                IgniteConfigs.client("c", ClusterConfig.loopback())}) {
            TcpCommunicationSpi spi = (TcpCommunicationSpi) cfg.getCommunicationSpi();
            assertThat(spi.getSocketReceiveBuffer()).isZero();
            assertThat(spi.getSocketSendBuffer()).isZero();
        }
    }

    @Test
    void ignitesOwnTasksFailOverWithJobStealingFailover() {
        assertThat(IgniteConfigs.server("n", 2, ClusterConfig.loopback()).getFailoverSpi()).singleElement()
                .isInstanceOf(JobStealingFailoverSpi.class);
        assertThat(IgniteConfigs.client("c", ClusterConfig.loopback()).getFailoverSpi()).singleElement()
                .isInstanceOf(JobStealingFailoverSpi.class);
    }

    @Test
    void failureDetectionIsWhatTheCommunicationUses() {
        // Setting a connect timeout, maximum connect timeout or reconnect count turns Ignite's
        // failure detection timeout off for the SPI, with a warning at every start.
        for (IgniteConfiguration cfg : new IgniteConfiguration[] {
                IgniteConfigs.server("n", 2, ClusterConfig.loopback().withFailureDetection(Duration.ofSeconds(7))),
                IgniteConfigs.client("c", ClusterConfig.loopback().withFailureDetection(Duration.ofSeconds(7)))}) {
            TcpCommunicationSpi spi = (TcpCommunicationSpi) cfg.getCommunicationSpi();
            assertThat(spi.failureDetectionTimeoutEnabled()).as("communication uses failureDetection").isTrue();
            assertThat(cfg.getFailureDetectionTimeout()).isEqualTo(7_000);
            assertThat(((TcpDiscoverySpi) cfg.getDiscoverySpi()).failureDetectionTimeoutEnabled()).isTrue();
        }
    }

    @Test
    void serversQueueWithThePoolSizeAsTheirActiveJobsAndTheDriverDecidesSteals() {
        IgniteConfiguration cfg = IgniteConfigs.server("n", 3, ClusterConfig.loopback());
        JobStealingCollisionSpi spi = (JobStealingCollisionSpi) cfg.getCollisionSpi();
        assertThat(spi).isInstanceOf(StrandCollisionSpi.class);
        assertThat(spi.isStealingEnabled()).as("Ignite's own stealing").isFalse();
        assertThat(spi.getActiveJobsThreshold()).isEqualTo(3);
        assertThat(spi.getWaitJobsThreshold()).isZero();
    }
}
