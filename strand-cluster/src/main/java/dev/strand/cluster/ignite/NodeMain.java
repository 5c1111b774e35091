package dev.strand.cluster.ignite;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.engine.Serialization;
import dev.strand.cluster.launch.JvmFlags;
import dev.strand.cluster.launch.NodeConfig;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteException;
import org.apache.ignite.Ignition;
import org.apache.ignite.configuration.IgniteConfiguration;

/**
 * A Strand server node: {@code java <Ignite's flags> -cp ... dev.strand.cluster.ignite.NodeMain
 * --config FILE [--watch-stdin]}, FILE a {@link NodeConfig} properties file. It makes the node's
 * pool, loads the user's jars if the file names a folder of them, joins the cluster, prints
 * {@value #READY} and its name on standard output, and runs until it is stopped; with
 * {@code --watch-stdin} (what {@code LocalNodes} passes) also until its standard input closes,
 * so that a node never outlives the process that started it. {@code ./strand cluster node} is
 * the same node behind the command line.
 */
public final class NodeMain {

    /** The line a node prints once it has joined. */
    public static final String READY = "STRAND-NODE-READY";

    private static final Logger LOG = System.getLogger(NodeMain.class.getName());

    private NodeMain() {}

    public static void main(String[] args) throws IOException {
        boolean watch = args.length == 3 && args[2].equals("--watch-stdin");
        if (!(args.length == 2 || watch) || !args[0].equals("--config")) {
            System.err.println("usage: NodeMain --config FILE [--watch-stdin]");
            System.exit(2);
        }
        NodeConfig config;
        try {
            config = NodeConfig.read(Path.of(args[1]));
        } catch (ClusterException e) {
            System.err.println("strand node: " + e.getMessage());
            System.exit(2);
            return;
        }
        Ignite ignite;
        try {
            ignite = start(config);
        } catch (ClusterException e) {
            // Exit now: a start Ignite rolled back (a refused join) can leave a thread that keeps
            // this JVM running for seconds, and the launcher waits for the exit to report it.
            e.printStackTrace();
            System.exit(1);
            return;
        }
        System.out.println(READY + " " + config.name());
        System.out.flush();
        if (!watch) {
            return;                                 // Ignite's threads keep the JVM; stopped by a signal
        }
        InputStream in = System.in;
        byte[] buf = new byte[256];
        while (in.read(buf) >= 0) {
            // Input is ignored; only its end matters.
        }
        LOG.log(Level.DEBUG, "node {0}: standard input closed, stopping", config.name());
        ignite.close();
        System.exit(0);
    }

    /**
     * Starts a server node in this JVM: checks Ignite's JVM flags, loads the user's jars, makes
     * the node's pool and joins the cluster. A shutdown hook makes the node leave the cluster
     * when the JVM is stopped (Ctrl-C, SIGTERM).
     *
     * @throws ClusterException if the flags are missing, the jars cannot be read, or the node
     *     cannot join
     */
    public static Ignite start(NodeConfig config) {
        JvmFlags.requirePresent();
        IgniteConfigs.quietProperties();
        ClassLoader loader = userClassLoader(config.jars());
        Serialization.useClassLoader(loader);
        Thread.currentThread().setContextClassLoader(loader);
        NodeRuntime.start(config.parallelism());
        ClusterConfig c = config.cluster();
        IgniteConfiguration cfg = IgniteConfigs.server(config.name(), config.parallelism(), c, config.security());
        cfg.setClassLoader(loader);
        Ignite ignite;
        try {
            ignite = Ignition.start(cfg);
        } catch (IgniteException e) {
            throw new ClusterException("node " + config.name() + " could not join the cluster at "
                    + c.effectiveDiscoveryAddresses() + ": " + IgniteEngine.joinFailure(e, config.security()), e);
        }
        try {
            IgniteConfigs.checkSecurity(ignite, config.security());
        } catch (ClusterException e) {
            ignite.close();
            throw new ClusterException("node " + config.name() + " left the cluster: " + e.getMessage(), e);
        }
        WireClasses.register(ignite);
        Runtime.getRuntime().addShutdownHook(new Thread(ignite::close, "strand-node-stop"));
        return ignite;
    }

    /**
     * The class loader of the user's classes: the {@code .jar} files of {@code jars} (sorted by
     * name) in front of this class path, or this class's loader if there is no folder.
     */
    static ClassLoader userClassLoader(Path jars) {
        ClassLoader parent = NodeMain.class.getClassLoader();
        if (jars == null) {
            return parent;
        }
        if (!Files.isDirectory(jars)) {
            throw new ClusterException("node.jars: " + jars + " is not a folder");
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(jars)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                urls.add(p.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new ClusterException("node.jars: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new ClusterException("node.jars: could not list " + jars + ": " + e, e);
        }
        if (urls.isEmpty()) {
            LOG.log(Level.WARNING, "node.jars: no .jar file in {0}", jars);
        }
        LOG.log(Level.DEBUG, "user classes from {0}", urls);
        return new URLClassLoader("strand-user-jars", urls.toArray(URL[]::new), parent);
    }
}
