package dev.strand.cluster.launch;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.ClusterSecurity;
import java.io.File;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Server nodes started by this process, each a JVM of its own on this machine: the same
 * {@code java}, this process's class path, Ignite's flags, and
 * {@code dev.strand.cluster.ignite.NodeMain}. Each node's output goes to a log file in a
 * temporary folder ({@link #logFile}).
 *
 * <p>Every node is stopped: by {@link #close()} (standard input closed, so the node leaves the
 * cluster and exits; killed if it has not within 5 s), by a shutdown hook if this JVM exits first
 * (Ctrl-C included), and by the node itself if this JVM dies without running hooks (its standard
 * input then ends).
 *
 * <p>The system property {@value #NODE_JVM_ARGS} adds JVM options to every node started here,
 * after the built-in ones (so that they override them), separated by spaces: e.g. the test suite's
 * {@code -XX:TieredStopAtLevel=1}, which starts a node in two thirds of the time on a small
 * machine (its Ignite start is mostly class loading and compilation of code that then runs little).
 */
public final class LocalNodes implements AutoCloseable {

    private static final Logger LOG = System.getLogger(LocalNodes.class.getName());
    private static final String NODE_MAIN = "dev.strand.cluster.ignite.NodeMain";
    /** The system property with extra JVM options for the nodes (see the class comment). */
    public static final String NODE_JVM_ARGS = "strand.cluster.nodeJvmArgs";

    private final ClusterConfig config;
    private final ClusterSecurity security;
    private final Path logDir;
    private final Map<String, Process> processes = new LinkedHashMap<>();
    private final Thread hook;

    private LocalNodes(ClusterConfig config, ClusterSecurity security, Path logDir) {
        this.config = config;
        this.security = security;
        this.logDir = logDir;
        this.hook = new Thread(this::destroyAll, "strand-local-nodes-stop");
    }

    /**
     * Starts {@code count} nodes named {@code node-1 ..} on {@code config.host()} and waits until
     * each has joined.
     *
     * @param config the cluster's configuration; with port 0, a free block is chosen
     * @param parallelism each node's pool parallelism
     * @param classPath the nodes' class path (null: this JVM's)
     * @return the started nodes; {@link #config()} has the ports they use
     * @throws ClusterException if a node does not start within the node start timeout (its log's
     *     end is in the message); every node started so far is stopped
     */
    public static LocalNodes start(int count, ClusterConfig config, int parallelism, String classPath) {
        return start(count, config, parallelism, classPath, ClusterSecurity.none());
    }

    /** As {@link #start(int, ClusterConfig, int, String)}, the nodes with TLS and a shared secret as given. */
    public static LocalNodes start(int count, ClusterConfig config, int parallelism, String classPath,
            ClusterSecurity security) {
        if (count < 1) {
            throw new IllegalArgumentException("node count must be >= 1, got " + count);
        }
        ClusterConfig c = config;
        if (c.discoveryPort() == 0 || c.communicationPort() == 0) {
            int d = c.discoveryPort() != 0 ? c.discoveryPort()
                    : Ports.freeBlock(c.host(), ClusterConfig.DEFAULT_DISCOVERY_PORT, c.portRange(), 100);
            int m = c.communicationPort() != 0 ? c.communicationPort()
                    : Ports.freeBlock(c.host(), ClusterConfig.DEFAULT_COMMUNICATION_PORT, c.portRange() * 2, 100);
            c = c.withPorts(d, m);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("strand-cluster-");
        } catch (IOException e) {
            throw new ClusterException("could not create a folder for the node logs: " + e, e);
        }
        if (c.workDirectory() == null) {
            c = c.withWorkDirectory(dir.resolve("ignite-work").toString());
        }
        LocalNodes nodes = new LocalNodes(c, security, dir);
        Runtime.getRuntime().addShutdownHook(nodes.hook);
        try {
            String cp = classPath != null ? classPath : System.getProperty("java.class.path");
            for (int i = 1; i <= count; i++) {
                nodes.spawn("node-" + i, parallelism, cp);
            }
            for (String name : nodes.names()) {
                nodes.awaitReady(name);
            }
            return nodes;
        } catch (RuntimeException e) {
            nodes.close();
            throw e;
        }
    }

    private void spawn(String name, int parallelism, String classPath) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Xmx" + config.nodeHeap());
        cmd.add("-XX:+UseSerialGC");               // small heaps, few cores: no concurrent GC threads
        cmd.add("-XX:TieredStopAtLevel=4");
        cmd.addAll(JvmFlags.forNodeJvm());
        String extra = System.getProperty(NODE_JVM_ARGS, "").strip();
        if (!extra.isEmpty()) {
            cmd.addAll(List.of(extra.split("\\s+")));
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(NODE_MAIN);
        Path file = logDir.resolve(name + ".properties");
        new NodeConfig(name, parallelism, null, config, security).write(file);
        cmd.add("--config");
        cmd.add(file.toString());
        cmd.add("--watch-stdin");
        File log = logFile(name).toFile();
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log));
        try {
            processes.put(name, pb.start());
        } catch (IOException e) {
            throw new ClusterException("could not start node " + name + " (" + java + "): " + e, e);
        }
        LOG.log(Level.DEBUG, "started node {0}, log {1}", name, log);
    }

    private void awaitReady(String name) {
        Process p = processes.get(name);
        long deadline = System.nanoTime() + config.nodeStartTimeout().toNanos();
        String ready = "STRAND-NODE-READY " + name;
        while (true) {
            if (logText(name).contains(ready)) {
                return;
            }
            if (!p.isAlive()) {
                throw new ClusterException("node " + name + " exited with status " + p.exitValue()
                        + " before joining; its log ends with: " + tail(name));
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterException("node " + name + " did not join within " + config.nodeStartTimeout()
                        + "; its log ends with: " + tail(name));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while starting node " + name, e);
            }
        }
    }

    /** @return the configuration the nodes run with (their ports chosen) */
    public ClusterConfig config() {
        return config;
    }

    /** @return the nodes' names, in start order */
    public List<String> names() {
        return List.copyOf(processes.keySet());
    }

    /** @return the file a node's output goes to */
    public Path logFile(String name) {
        return logDir.resolve(name + ".log");
    }

    /** @return whether the node's JVM is running */
    public boolean isAlive(String name) {
        Process p = processes.get(name);
        return p != null && p.isAlive();
    }

    /**
     * Kills a node's JVM at once (SIGKILL on Unix), as a crash would: it leaves no goodbye, and
     * the cluster finds out by failure detection.
     */
    public void kill(String name) {
        Process p = processes.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no node " + name + " (nodes: " + names() + ")");
        }
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String logText(String name) {
        try {
            return Files.readString(logFile(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private String tail(String name) {
        List<String> lines = logText(name).lines().toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    }

    /** Stops every node: closes their standard input, then kills those still running after 5 s. */
    @Override
    public void close() {
        for (Process p : processes.values()) {
            try {
                p.getOutputStream().close();
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "closing a node's standard input", e);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Process p : processes.values()) {
            try {
                p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        destroyAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook is running or ran.
            LOG.log(Level.TRACE, "shutdown under way", e);
        }
    }

    private void destroyAll() {
        for (Process p : processes.values()) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }
}
