package dev.strand.cluster;

import dev.strand.cluster.cost.Link;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a {@link StrandCluster} finds and configures its Ignite nodes. Immutable; start from
 * {@link #loopback()} and change what differs with the {@code with} methods.
 *
 * @param host the address this JVM's node binds (discovery and communication)
 * @param discoveryAddresses where the other nodes are: {@code host:port} or
 *     {@code host:from..to}; Ignite's static IP finder (no multicast)
 * @param discoveryPort the first discovery port this node tries ({@code 0}: the first free block
 *     from 47500, for nodes this process starts)
 * @param communicationPort the first port of the communication layer (jobs and results);
 *     {@code 0}: 47100, or the first free block from it for nodes this process starts
 * @param portRange how many ports from each first port a node may take
 * @param nodeParallelism the {@code StrandPool} parallelism of each node this process starts
 *     ({@code 0}: the cores of this machine divided by the node count, at least 1)
 * @param activeJobsPerNode jobs a node runs at once ({@code 0}: its pool's parallelism); the
 *     others wait, and waiting jobs are what idle nodes steal
 * @param messageExpire how long a thief waits for an answer to a steal request before asking
 *     another node
 * @param maxStealingAttempts how many times one job may be stolen
 * @param metricsUpdate how often a node publishes its queue length (thieves read it)
 * @param joinTimeout how long joining the cluster may take before it fails
 * @param failureDetection how long a silent node is waited for before it is declared dead and
 *     its jobs fail over
 * @param taskTimeout how long a batch may take before it fails
 * @param nodeStartTimeout how long a started node JVM may take to join
 * @param link the network the cost rule assumes, or null to measure it on the cluster
 * @param costAware whether jobs whose transfer costs more than stealing saves are pinned
 * @param nodeHeap the {@code -Xmx} of each node JVM this process starts
 * @param workDirectory Ignite's work directory, or null for a temporary one
 * @param chunking how many jobs travel as one Ignite job ({@link Chunking#auto()} by default)
 * @param emulatedLink null, or a link that the driver sends through as if it were the network:
 *     each message it sends (a job with its input, a steal request) waits for the link to be
 *     free, takes its size over the bandwidth, and arrives the latency later; for trying the
 *     cost rule on one machine, whose loopback is far faster than a network
 * @param largeInputBytes inputs of more bytes than this are put by the driver, once, into a
 *     partitioned Ignite cache on their chunk's home node, and the job carries only a key: its
 *     home reads the input locally and a thief reads it from the home node, not from the driver
 *     ({@link #DEFAULT_LARGE_INPUT_BYTES} by default; {@code Long.MAX_VALUE}: every input travels
 *     inside its job; not used with an emulated link, which models the driver's sends only)
 */
public record ClusterConfig(String host, List<String> discoveryAddresses, int discoveryPort,
        int communicationPort, int portRange, int nodeParallelism, int activeJobsPerNode,
        Duration messageExpire, int maxStealingAttempts, Duration metricsUpdate, Duration joinTimeout,
        Duration failureDetection, Duration taskTimeout, Duration nodeStartTimeout, Link link,
        boolean costAware, String nodeHeap, String workDirectory, Chunking chunking, Link emulatedLink,
        long largeInputBytes)
        implements Serializable {

    /** Inputs larger than this many bytes travel through the input cache by default: 64 KiB. */
    public static final long DEFAULT_LARGE_INPUT_BYTES = 64 * 1024;

    /** The first discovery port of Ignite's default range. */
    public static final int DEFAULT_DISCOVERY_PORT = 47500;
    /** The first communication port of Ignite's default range. */
    public static final int DEFAULT_COMMUNICATION_PORT = 47100;

    /** Validates. */
    public ClusterConfig {
        Objects.requireNonNull(host, "host");
        discoveryAddresses = List.copyOf(discoveryAddresses);
        requirePort("discoveryPort", discoveryPort);
        requirePort("communicationPort", communicationPort);
        if (portRange < 1 || portRange > 100) {
            throw new IllegalArgumentException("portRange must be in 1..100, got " + portRange);
        }
        if (nodeParallelism < 0) {
            throw new IllegalArgumentException("nodeParallelism must be >= 0 (0: automatic), got " + nodeParallelism);
        }
        if (activeJobsPerNode < 0) {
            throw new IllegalArgumentException("activeJobsPerNode must be >= 0 (0: the pool's parallelism), got "
                    + activeJobsPerNode);
        }
        requirePositive("messageExpire", messageExpire);
        if (maxStealingAttempts < 1) {
            throw new IllegalArgumentException("maxStealingAttempts must be >= 1, got " + maxStealingAttempts);
        }
        requirePositive("metricsUpdate", metricsUpdate);
        requirePositive("joinTimeout", joinTimeout);
        requirePositive("failureDetection", failureDetection);
        requirePositive("taskTimeout", taskTimeout);
        requirePositive("nodeStartTimeout", nodeStartTimeout);
        Objects.requireNonNull(nodeHeap, "nodeHeap");
        Objects.requireNonNull(chunking, "chunking");
        if (largeInputBytes < 0) {
            throw new IllegalArgumentException("largeInputBytes must be >= 0 (Long.MAX_VALUE: never), got "
                    + largeInputBytes);
        }
    }

    /**
     * Nodes on this machine only: bound to 127.0.0.1, discovery on 127.0.0.1 in a 10-port range
     * (the first free block from 47500 for nodes this process starts), the link measured, the
     * cost rule on.
     */
    public static ClusterConfig loopback() {
        return new ClusterConfig("127.0.0.1", List.of(), 0, 0, 10, 0, 0, Duration.ofSeconds(1), 5,
                Duration.ofMillis(100), Duration.ofSeconds(20), Duration.ofSeconds(5), Duration.ofMinutes(5),
                Duration.ofSeconds(60), null, true, "256m", null, Chunking.auto(), null,
                DEFAULT_LARGE_INPUT_BYTES);
    }

    /** @return the discovery addresses to use: the given ones, or this host's port range */
    public List<String> effectiveDiscoveryAddresses() {
        if (!discoveryAddresses.isEmpty()) {
            return discoveryAddresses;
        }
        int first = discoveryPort == 0 ? DEFAULT_DISCOVERY_PORT : discoveryPort;
        return List.of(host + ":" + first + ".." + (first + portRange - 1));
    }

    public ClusterConfig withHost(String h) {
        return new ClusterConfig(h, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withDiscoveryAddresses(List<String> a) {
        return new ClusterConfig(host, a, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    /** Sets the first discovery and communication ports. */
    public ClusterConfig withPorts(int discovery, int communication) {
        return new ClusterConfig(host, discoveryAddresses, discovery, communication, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withNodeParallelism(int p) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                p, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withActiveJobsPerNode(int a) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, a, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withJoinTimeout(Duration d) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, d,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withTaskTimeout(Duration d) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, d, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    /** @param l the network the cost rule assumes; null: measure it */
    public ClusterConfig withLink(Link l) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, l, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    /** @return a copy whose driver sends through {@code l} as if it were the network (null: the real one) */
    public ClusterConfig withEmulatedLink(Link l) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, l,
                largeInputBytes);
    }

    /** @return a copy where inputs of more than {@code bytes} go through the input cache */
    public ClusterConfig withLargeInputBytes(long bytes) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking,
                emulatedLink, bytes);
    }

    public ClusterConfig withCostAware(boolean on) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, on, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    public ClusterConfig withWorkDirectory(String dir) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, dir, chunking, emulatedLink, largeInputBytes);
    }

    /** @param c how many jobs travel as one Ignite job */
    public ClusterConfig withChunking(Chunking c) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, c, emulatedLink,
                largeInputBytes);
    }

    /** @param d how often a node publishes its queue length, which thieves read */
    public ClusterConfig withMetricsUpdate(Duration d) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, d, joinTimeout,
                failureDetection, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    /** @param d how long a silent node is waited for before it is declared dead */
    public ClusterConfig withFailureDetection(Duration d) {
        return new ClusterConfig(host, discoveryAddresses, discoveryPort, communicationPort, portRange,
                nodeParallelism, activeJobsPerNode, messageExpire, maxStealingAttempts, metricsUpdate, joinTimeout,
                d, taskTimeout, nodeStartTimeout, link, costAware, nodeHeap, workDirectory, chunking, emulatedLink, largeInputBytes);
    }

    private static void requirePort(String name, int port) {
        if (port != 0 && (port < 1024 || port > 65_000)) {
            throw new IllegalArgumentException(name + " must be in 1024..65000 or 0 (automatic), got " + port);
        }
    }

    private static void requirePositive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
