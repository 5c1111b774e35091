package dev.strand.cluster.launch;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.ClusterSecurity;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server node's configuration as a properties file: what {@code ./strand cluster node --config
 * FILE} and {@code NodeMain --config FILE} read, and what {@link LocalNodes} writes for the nodes
 * it starts. Every key is optional; a key this class does not know, or a value it cannot read, is
 * an error that names the key (a misspelt key silently ignored would leave a node on a default).
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>node.name</td><td>node-HOST</td><td>the node's name in statistics and errors; unique</td></tr>
 *   <tr><td>node.parallelism</td><td>the cores</td><td>workers of the node's StrandPool</td></tr>
 *   <tr><td>node.jars</td><td>none</td><td>a folder whose .jar files hold the user's classes</td></tr>
 *   <tr><td>host</td><td>127.0.0.1</td><td>the address the node binds and announces</td></tr>
 *   <tr><td>discovery.addresses</td><td>host's range</td><td>comma-separated host:port or host:from..to</td></tr>
 *   <tr><td>discovery.port</td><td>47500</td><td>the first discovery port tried</td></tr>
 *   <tr><td>communication.port</td><td>47100</td><td>the first communication port tried</td></tr>
 *   <tr><td>port.range</td><td>10</td><td>ports tried from each first port</td></tr>
 *   <tr><td>jobs.active</td><td>0 (the parallelism)</td><td>chunks run at once; the rest wait and may be stolen</td></tr>
 *   <tr><td>stealing.message-expire</td><td>1s</td><td>how long a steal request is good for</td></tr>
 *   <tr><td>stealing.max-attempts</td><td>5</td><td>steals of one chunk before it stays where it is</td></tr>
 *   <tr><td>metrics.update</td><td>100ms</td><td>how often the node publishes its queue length</td></tr>
 *   <tr><td>failure-detection</td><td>5s</td><td>silence after which a node is declared dead</td></tr>
 *   <tr><td>join.timeout</td><td>20s</td><td>how long joining may take</td></tr>
 *   <tr><td>work.directory</td><td>a temporary folder</td><td>Ignite's work directory</td></tr>
 *   <tr><td>tls.keystore, tls.truststore</td><td>none</td><td>TLS: this node's key store, the certificates it trusts</td></tr>
 *   <tr><td>tls.keystore.password, tls.truststore.password</td><td>none</td><td>{@code file:PATH} or {@code env:NAME}</td></tr>
 *   <tr><td>auth.secret</td><td>none</td><td>the cluster's shared secret, {@code file:PATH} or {@code env:NAME}</td></tr>
 * </table>
 *
 * Durations are a number and a unit ({@code 250ms}, {@code 5s}, {@code 2m}) or ISO-8601
 * ({@code PT5S}).
 *
 * @param name the node's name
 * @param parallelism its pool's workers
 * @param jars the folder of user jars, or null
 * @param cluster the cluster settings (host, discovery, ports, stealing, timeouts)
 * @param security TLS and the shared secret
 */
public record NodeConfig(String name, int parallelism, Path jars, ClusterConfig cluster, ClusterSecurity security) {

    /** The keys, in the order they are written. */
    public static final List<String> KEYS = List.of("node.name", "node.parallelism", "node.jars", "host",
            "discovery.addresses", "discovery.port", "communication.port", "port.range", "jobs.active",
            "stealing.message-expire", "stealing.max-attempts", "metrics.update", "failure-detection",
            "join.timeout", "work.directory", "tls.keystore", "tls.keystore.password", "tls.truststore",
            "tls.truststore.password", "auth.secret");

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    /** Validates. */
    public NodeConfig {
        if (name == null || name.isBlank() || !name.equals(name.strip())) {
            throw new IllegalArgumentException("node.name must be a non-empty name without surrounding spaces, got '"
                    + name + "'");
        }
        if (parallelism < 1 || parallelism > 4096) {
            throw new IllegalArgumentException("node.parallelism must be in 1..4096, got " + parallelism);
        }
        java.util.Objects.requireNonNull(cluster, "cluster");
        java.util.Objects.requireNonNull(security, "security");
    }

    /** A node without TLS or a shared secret. */
    public NodeConfig(String name, int parallelism, Path jars, ClusterConfig cluster) {
        this(name, parallelism, jars, cluster, ClusterSecurity.none());
    }

    /** Reads a properties file. @throws ClusterException naming the file and the key at fault */
    public static NodeConfig read(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new ClusterException("could not read the node configuration " + file + ": " + e, e);
        } catch (IllegalArgumentException e) {
            throw new ClusterException(file + ": " + e.getMessage(), e);
        }
        try {
            return parse(p);
        } catch (IllegalArgumentException e) {
            throw new ClusterException(file + ": " + e.getMessage(), e);
        }
    }

    /** @return the configuration the properties give (every key optional) */
    public static NodeConfig parse(Properties p) {
        Set<String> unknown = new TreeSet<>(p.stringPropertyNames());
        unknown.removeAll(KEYS);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown key" + (unknown.size() > 1 ? "s " : " ") + unknown
                    + " (known: " + String.join(", ", KEYS) + ")");
        }
        ClusterConfig d = ClusterConfig.loopback();
        String host = value(p, "host", d.host());
        List<String> addresses = new ArrayList<>();
        String list = p.getProperty("discovery.addresses");
        if (list != null) {
            for (String a : list.split(",", -1)) {
                if (!a.isBlank()) {
                    addresses.add(a.strip());
                }
            }
        }
        ClusterConfig c = new ClusterConfig(host, addresses,
                integer(p, "discovery.port", ClusterConfig.DEFAULT_DISCOVERY_PORT),
                integer(p, "communication.port", ClusterConfig.DEFAULT_COMMUNICATION_PORT),
                integer(p, "port.range", d.portRange()), 0,
                integer(p, "jobs.active", d.activeJobsPerNode()),
                duration(p, "stealing.message-expire", d.messageExpire()),
                integer(p, "stealing.max-attempts", d.maxStealingAttempts()),
                duration(p, "metrics.update", d.metricsUpdate()),
                duration(p, "join.timeout", d.joinTimeout()),
                duration(p, "failure-detection", d.failureDetection()),
                d.taskTimeout(), d.nodeStartTimeout(), null, d.costAware(), d.nodeHeap(),
                p.getProperty("work.directory") == null ? null : p.getProperty("work.directory").strip(),
                d.chunking(), null, d.largeInputBytes());
        String jars = p.getProperty("node.jars");
        return new NodeConfig(value(p, "node.name", "node-" + host),
                integer(p, "node.parallelism", Runtime.getRuntime().availableProcessors()),
                jars == null || jars.isBlank() ? null : Path.of(jars.strip()), c, ClusterSecurity.parse(p));
    }

    /** @return a copy with another parallelism */
    public NodeConfig withParallelism(int p) {
        return new NodeConfig(name, p, jars, cluster, security);
    }

    /** @return a copy whose user classes come from the {@code .jar} files of {@code dir} */
    public NodeConfig withJars(Path dir) {
        return new NodeConfig(name, parallelism, dir, cluster, security);
    }

    /** @return this configuration as properties, every key that has a value, read back by {@link #parse} */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("node.name", name);
        m.put("node.parallelism", Integer.toString(parallelism));
        if (jars != null) {
            m.put("node.jars", jars.toString());
        }
        m.put("host", cluster.host());
        m.put("discovery.addresses", String.join(",", cluster.effectiveDiscoveryAddresses()));
        m.put("discovery.port", Integer.toString(port(cluster.discoveryPort(), ClusterConfig.DEFAULT_DISCOVERY_PORT)));
        m.put("communication.port", Integer.toString(port(cluster.communicationPort(),
                ClusterConfig.DEFAULT_COMMUNICATION_PORT)));
        m.put("port.range", Integer.toString(cluster.portRange()));
        m.put("jobs.active", Integer.toString(cluster.activeJobsPerNode()));
        m.put("stealing.message-expire", cluster.messageExpire().toMillis() + "ms");
        m.put("stealing.max-attempts", Integer.toString(cluster.maxStealingAttempts()));
        m.put("metrics.update", cluster.metricsUpdate().toMillis() + "ms");
        m.put("failure-detection", cluster.failureDetection().toMillis() + "ms");
        m.put("join.timeout", cluster.joinTimeout().toMillis() + "ms");
        if (cluster.workDirectory() != null) {
            m.put("work.directory", cluster.workDirectory());
        }
        m.putAll(security.toMap());
        return m;
    }

    /** Writes {@link #toMap()} to {@code file}, as a properties file. */
    public void write(Path file) {
        Properties p = new Properties();
        p.putAll(toMap());
        StringWriter w = new StringWriter();
        try {
            p.store(w, "a Strand cluster node (see docs/cluster.md, \"The node configuration file\")");
            Files.writeString(file, w.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static int port(int p, int dflt) {
        return p == 0 ? dflt : p;
    }

    private static String value(Properties p, String key, String dflt) {
        String v = p.getProperty(key);
        return v == null || v.isBlank() ? dflt : v.strip();
    }

    private static int integer(Properties p, String key, int dflt) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": '" + v.strip() + "' is not a whole number", e);
        }
    }

    /** A duration: {@code 250ms}, {@code 5s}, {@code 2m}, {@code 1h}, or ISO-8601 ({@code PT5S}). */
    static Duration duration(Properties p, String key, Duration dflt) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        String s = v.strip().toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(s);
        try {
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                };
            }
            return Duration.parse(v.strip());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(key + ": '" + v.strip()
                    + "' is not a duration (a number and ms, s, m or h, such as 5s)", e);
        }
    }
}
