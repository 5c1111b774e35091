package dev.strand.cli.cluster;

import dev.strand.cli.Args;
import dev.strand.cli.ParallelismOption;
import dev.strand.cli.out.Json;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.ignite.NodeMain;
import dev.strand.cluster.launch.NodeConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.ignite.Ignite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand cluster node --config FILE}: one server node of a cluster on real hosts, in this
 * JVM, until the process is stopped.
 */
@Command(name = "node",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run one server node of a cluster on this host, until stopped.",
        description = {
            "Joins the cluster that the configuration file describes as an Ignite server",
            "node, runs the jobs sent to it on a StrandPool of its own (stealing waiting",
            "jobs from busy nodes when it is idle), and runs until the process is stopped",
            "(Ctrl-C or SIGTERM: it leaves the cluster first). Start one on each host, then",
            "run your program with StrandCluster.connect(config, nodes) as the driver.",
            "",
            "The file is a properties file; every key is optional, and an unknown key or a",
            "bad value is an error naming it:",
            "  node.name            the node's name (default: node-HOST)",
            "  node.parallelism     workers of its pool (default: the cores; -p wins)",
            "  node.jars            a folder of .jar files with your job classes",
            "  host                 the address to bind and announce (default: 127.0.0.1)",
            "  discovery.addresses  every node's HOST:FROM..TO, comma-separated",
            "  discovery.port       the first discovery port (default: 47500)",
            "  communication.port   the first port for jobs and results (default: 47100)",
            "  port.range           ports tried from each first port (default: 10)",
            "  jobs.active          jobs run at once (default: 0, the parallelism)",
            "  stealing.message-expire, stealing.max-attempts, metrics.update,",
            "  failure-detection, join.timeout  (durations such as 500ms, 5s, 2m)",
            "  work.directory       Ignite's work directory (default: a temporary one)",
            "  tls.keystore, tls.truststore  TLS on discovery and communication (PKCS#12/JKS)",
            "  tls.keystore.password, tls.truststore.password  file:PATH or env:NAME",
            "  auth.secret          the cluster's shared secret, file:PATH or env:NAME;",
            "                       a member without it (or without TLS) is refused",
            "docs/cluster.md has the reference and a walk-through for three hosts.",
            ""},
        footer = {"", "Exit status: 0 stopped, 1 an error (the node could not join),",
            "2 invalid arguments or configuration."})
public final class ClusterNodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", required = true,
            description = "The node's configuration, a properties file (see above).")
    Path config;

    @Mixin
    ParallelismOption parallelism;

    @Option(names = "--jars", paramLabel = "DIR",
            description = "A folder of .jar files with your job classes, loaded into the node's class "
                    + "loader at start (overrides node.jars).")
    Path jars;

    @Option(names = "--json", description = "Print the node's configuration, once it has joined, as one "
            + "JSON object instead of the text line (default: off).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        NodeConfig c;
        try {
            c = NodeConfig.read(config);
        } catch (ClusterException e) {
            throw Args.invalid(spec, "--config", e.getMessage());
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("-p")) {
            c = c.withParallelism(parallelism.get());
        }
        if (jars != null) {
            c = c.withJars(jars);
        }
        ClusterCommand.quietIgnite();
        Ignite ignite = NodeMain.start(c);
        PrintWriter out = spec.commandLine().getOut();
        Map<String, String> m = c.toMap();
        if (json) {
            out.println(Json.write(m));
        } else {
            out.printf("node %s joined: %d workers, %s, discovery %s, security %s; stop with Ctrl-C%n", c.name(),
                    c.parallelism(), ignite.cluster().localNode().addresses(), m.get("discovery.addresses"),
                    c.security().describe());
        }
        out.flush();
        new CountDownLatch(1).await();       // until the JVM is stopped; the shutdown hook closes the node
        return 0;
    }
}
