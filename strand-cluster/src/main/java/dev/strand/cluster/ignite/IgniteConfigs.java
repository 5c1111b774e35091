package dev.strand.cluster.ignite;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterSecurity;
import java.util.Map;
import org.apache.ignite.configuration.DataRegionConfiguration;
import org.apache.ignite.configuration.DataStorageConfiguration;
import org.apache.ignite.configuration.IgniteConfiguration;
import org.apache.ignite.configuration.SystemDataRegionConfiguration;
import org.apache.ignite.spi.collision.jobstealing.JobStealingCollisionSpi;
import org.apache.ignite.spi.communication.tcp.TcpCommunicationSpi;
import org.apache.ignite.spi.discovery.tcp.TcpDiscoverySpi;
import org.apache.ignite.spi.discovery.tcp.ipfinder.vm.TcpDiscoveryVmIpFinder;
import org.apache.ignite.spi.failover.jobstealing.JobStealingFailoverSpi;
import org.apache.ignite.ssl.SslContextFactory;

/**
 * Ignite's configuration as Strand sets it, for server nodes (which run jobs) and for the driver
 * (a client node, which places them).
 *
 * <p>Job stealing: {@link JobStealingCollisionSpi} on every node, with
 * <ul>
 *   <li>activeJobsThreshold = the jobs a node runs at once, by default its pool's parallelism:
 *       each running job's {@code pool.invoke} shares the node's workers, so more would only
 *       interleave them, and every job beyond it waits, where a thief can take it;</li>
 *   <li>waitJobsThreshold = 0: an idle node asks for work as soon as its queue is empty, and a
 *       busy node gives away every waiting job it is asked for (Ignite's default);</li>
 *   <li>messageExpireTime and maximumStealingAttempts from {@link ClusterConfig};</li>
 *   <li>metricsUpdateFrequency short (100 ms by default, Ignite's is 2 s): thieves read the
 *       victims' queue lengths from the metrics that discovery carries, and an idle node looks
 *       for work on each update.</li>
 * </ul>
 * A batch's rejected (stolen) chunks and its dead nodes' chunks are sent again by the batch task
 * itself, each as a new Ignite job ({@code BatchTask} says why); {@link JobStealingFailoverSpi}
 * is there for Ignite's own tasks.
 */
final class IgniteConfigs {

    /** The node attribute with the Strand name of a node. */
    static final String NODE_ATTR = "strand.node";
    /** The node attribute with the parallelism of a node's pool. */
    static final String PARALLELISM_ATTR = "strand.parallelism";

    private IgniteConfigs() {}

    /** The node attribute that says what security a member runs with ({@link ClusterSecurity#describe()}). */
    static final String SECURITY_ATTR = "strand.security";

    static IgniteConfiguration server(String name, int parallelism, ClusterConfig c) {
        return server(name, parallelism, c, ClusterSecurity.none());
    }

    static IgniteConfiguration server(String name, int parallelism, ClusterConfig c, ClusterSecurity security) {
        IgniteConfiguration cfg = base(name, c, false, security);
        cfg.setUserAttributes(Map.of(NODE_ATTR, name, PARALLELISM_ATTR, parallelism, SECURITY_ATTR,
                security.describe()));
        int active = c.activeJobsPerNode() == 0 ? parallelism : c.activeJobsPerNode();
        cfg.setCollisionSpi(collision(c, active, true));
        // Threads for the active jobs plus a few for Ignite's own system jobs (the link probe).
        cfg.setPublicThreadPoolSize(active + 2);
        return cfg;
    }

    static IgniteConfiguration client(String name, ClusterConfig c) {
        return client(name, c, ClusterSecurity.none());
    }

    /**
     * Tests only: replaces a driver's communication SPI (one that delays or drops messages). Null
     * in any real use.
     */
    static volatile java.util.function.Supplier<TcpCommunicationSpi> driverCommunicationForTests;

    /** The most off-heap memory a node gives the input cache's entries: 512 MiB. */
    static final long INPUT_REGION_BYTES = 512L << 20;

    static IgniteConfiguration client(String name, ClusterConfig c, ClusterSecurity security) {
        IgniteConfiguration cfg = base(name, c, true, security);
        java.util.function.Supplier<TcpCommunicationSpi> test = driverCommunicationForTests;
        if (test == null && c.emulatedLink() != null) {
            test = () -> new EmulatedLinkCommunication(c.emulatedLink());
            // Ignite refuses a member whose communication SPI class differs from the others'
            // unless this JVM skips that check; the emulated link changes only timing.
            System.setProperty("IGNITE_SKIP_CONFIGURATION_CONSISTENCY_CHECK", "true");
        }
        if (test != null) {
            TcpCommunicationSpi own = (TcpCommunicationSpi) cfg.getCommunicationSpi();
            TcpCommunicationSpi spi = test.get();
            spi.setName(own.getName());          // Ignite checks that every member has its SPI by name
            spi.setLocalAddress(own.getLocalAddress());
            spi.setLocalPort(own.getLocalPort());
            spi.setLocalPortRange(own.getLocalPortRange());
            spi.setSocketReceiveBuffer(0);
            spi.setSocketSendBuffer(0);
            cfg.setCommunicationSpi(spi);
        }
        cfg.setUserAttributes(Map.of(NODE_ATTR, name, SECURITY_ATTR, security.describe()));
        cfg.setCollisionSpi(collision(c, 1, false));
        return cfg;
    }

    private static JobStealingCollisionSpi collision(ClusterConfig c, int active, boolean server) {
        // Servers: Strand's queue, which gives up a waiting chunk when the driver's balancer asks
        // (the steal is decided there, at steal time); Ignite's own stealing, which would hand
        // any waiting job to whichever idle node asks, is off everywhere.
        JobStealingCollisionSpi spi = server ? new StrandCollisionSpi() : new JobStealingCollisionSpi();
        spi.setActiveJobsThreshold(active);
        spi.setWaitJobsThreshold(0);
        spi.setMessageExpireTime(c.messageExpire().toMillis());
        spi.setMaximumStealingAttempts(c.maxStealingAttempts());
        spi.setStealingEnabled(false);
        return spi;
    }

    private static IgniteConfiguration base(String name, ClusterConfig c, boolean client, ClusterSecurity security) {
        IgniteConfiguration cfg = new IgniteConfiguration();
        if (security.tls()) {
            // TLS on discovery and communication: both SPIs use the configuration's factory.
            SslContextFactory ssl = new SslContextFactory();
            ssl.setKeyStoreType("PKCS12");      // the JDK's PKCS12 key store also reads JKS files
            ssl.setKeyStoreFilePath(security.keyStore().toString());
            ssl.setKeyStorePassword(ClusterSecurity.resolve("tls.keystore.password", security.keyStorePassword()));
            ssl.setTrustStoreType("PKCS12");
            ssl.setTrustStoreFilePath(security.trustStore().toString());
            ssl.setTrustStorePassword(ClusterSecurity.resolve("tls.truststore.password",
                    security.trustStorePassword()));
            cfg.setSslContextFactory(ssl);
        }
        if (security.secret() != null) {
            cfg.setPluginProviders(new SharedSecretPlugin(ClusterSecurity.resolve("auth.secret", security.secret())));
        }
        // No thin-client port (10800 by default): Strand does not use it, and it would be one more
        // open port that neither TLS nor the shared secret above covers.
        cfg.setClientConnectorConfiguration(null);
        cfg.setIgniteInstanceName(name);
        cfg.setClientMode(client);
        cfg.setLocalHost(c.host());
        cfg.setGridLogger(new IgniteLog("org.apache.ignite"));
        cfg.setPeerClassLoadingEnabled(false);     // classes are on every node's class path
        cfg.setMetricsLogFrequency(0);
        cfg.setMetricsUpdateFrequency(c.metricsUpdate().toMillis());
        cfg.setFailureDetectionTimeout(c.failureDetection().toMillis());
        cfg.setClientFailureDetectionTimeout(c.failureDetection().toMillis());
        if (c.workDirectory() != null) {
            cfg.setWorkDirectory(c.workDirectory());
        }

        TcpDiscoveryVmIpFinder finder = new TcpDiscoveryVmIpFinder();
        finder.setAddresses(c.effectiveDiscoveryAddresses());
        TcpDiscoverySpi discovery = new TcpDiscoverySpi();
        discovery.setIpFinder(finder);
        discovery.setLocalAddress(c.host());
        discovery.setLocalPort(c.discoveryPort() == 0 ? ClusterConfig.DEFAULT_DISCOVERY_PORT : c.discoveryPort());
        discovery.setLocalPortRange(c.portRange());
        discovery.setJoinTimeout(c.joinTimeout().toMillis());
        cfg.setDiscoverySpi(discovery);

        TcpCommunicationSpi communication = new TcpCommunicationSpi();
        communication.setLocalAddress(c.host());
        communication.setLocalPort(c.communicationPort() == 0
                ? ClusterConfig.DEFAULT_COMMUNICATION_PORT : c.communicationPort());
        communication.setLocalPortRange(c.portRange() * 2);
        // No connect timeout, maximum connect timeout or reconnect count: setting any of them
        // makes Ignite ignore failureDetection for this SPI (and warn so at every start). Without
        // them a connection attempt to a silent node is bounded by failureDetection, the one
        // timeout the configuration documents; Ignite's default backoff (up to 10 minutes) is
        // what applies only when they are set.
        // Socket buffers from the OS (0: not set, so Linux autotunes them). Ignite's 32 KiB
        // default is below loopback's segment size (MTU 65536): a receiver that drains a full
        // buffer cannot open its window by one segment, never announces it, and the sender
        // waits for its zero-window probes, whose backoff stalled 4 MiB job inputs for 25-80 s.
        communication.setSocketReceiveBuffer(0);
        communication.setSocketSendBuffer(0);
        cfg.setCommunicationSpi(communication);

        // Batches send their own steals and failovers (BatchTask: one Ignite job id, one node);
        // this SPI serves Ignite's own tasks (the link probe) only.
        JobStealingFailoverSpi failover = new JobStealingFailoverSpi();
        failover.setMaximumFailoverAttempts(5);
        cfg.setFailoverSpi(failover);

        // One cache, the input cache (InputStore): the default region starts small and grows to
        // hold the large inputs of the batches running, the system region stays small.
        DataStorageConfiguration storage = new DataStorageConfiguration();
        storage.setDefaultDataRegionConfiguration(new DataRegionConfiguration()
                .setName("default").setInitialSize(16L << 20).setMaxSize(INPUT_REGION_BYTES));
        storage.setSystemDataRegionConfiguration(new SystemDataRegionConfiguration()
                .setInitialSize(16L << 20).setMaxSize(64L << 20));
        cfg.setDataStorageConfiguration(storage);
        return cfg;
    }

    /**
     * Checks, once this member has joined, that the cluster runs with the same security: every
     * member's {@value #SECURITY_ATTR} is this one's, and with a shared secret, the cluster proved
     * it to this member (see {@link SharedSecretPlugin}).
     *
     * @throws dev.strand.cluster.ClusterException naming the member that differs; the caller closes this member
     */
    static void checkSecurity(org.apache.ignite.Ignite ignite, ClusterSecurity security) {
        String mine = security.describe();
        for (org.apache.ignite.cluster.ClusterNode n : ignite.cluster().nodes()) {
            String theirs = n.attribute(SECURITY_ATTR);
            if (!mine.equals(theirs)) {
                throw new dev.strand.cluster.ClusterException("member " + n.attribute(NODE_ATTR) + " at "
                        + n.addresses() + " runs with security '" + theirs + "', this one with '" + mine
                        + "': every member needs the same tls.* and auth.secret settings");
            }
        }
        if (security.secret() != null && ignite.cluster().nodes().size() > 1) {
            SharedSecretPlugin p = ignite.plugin(SharedSecretPlugin.NAME);
            if (!p.clusterProved() || p.clusterRefusal() != null) {
                throw new dev.strand.cluster.ClusterException("the cluster did not prove the shared secret: "
                        + (p.clusterRefusal() != null ? p.clusterRefusal() : "no member sent a proof"));
            }
        }
    }

    /** Ignite's system properties that keep a node quiet; set unless the user set them. */
    static void quietProperties() {
        setIfAbsent("IGNITE_QUIET", "true");
        setIfAbsent("IGNITE_NO_ASCII", "true");
        setIfAbsent("IGNITE_UPDATE_NOTIFIER", "false");
        setIfAbsent("IGNITE_PERFORMANCE_SUGGESTIONS_DISABLED", "true");
        setIfAbsent("java.net.preferIPv4Stack", "true");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
