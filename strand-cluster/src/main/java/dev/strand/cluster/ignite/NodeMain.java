package dev.strand.cluster.ignite;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.engine.Serialization;
import dev.strand.cluster.launch.JvmFlags;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Base64;
import org.apache.ignite.Ignite;
import org.apache.ignite.Ignition;

/**
 * A Strand server node: {@code java <Ignite's flags> -cp ... dev.strand.cluster.ignite.NodeMain
 * NAME PARALLELISM CONFIG}, CONFIG being a {@link ClusterConfig} serialized in Base64 (what
 * {@code LocalNodes} passes). It makes the node's pool, joins the cluster, prints
 * {@value #READY} and its name on standard output, and runs until its standard input closes (its
 * parent exited or closed it): a node never outlives the process that started it.
 */
public final class NodeMain {

    /** The line a node prints once it has joined. */
    public static final String READY = "STRAND-NODE-READY";

    private static final Logger LOG = System.getLogger(NodeMain.class.getName());

    private NodeMain() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: NodeMain NAME PARALLELISM BASE64-CONFIG");
            System.exit(2);
        }
        JvmFlags.requirePresent();
        String name = args[0];
        int parallelism = Integer.parseInt(args[1]);
        ClusterConfig config = (ClusterConfig) Serialization.fromBytes(Base64.getDecoder().decode(args[2]),
                "the node configuration");
        IgniteConfigs.quietProperties();
        NodeRuntime.start(parallelism);
        Ignite ignite = Ignition.start(IgniteConfigs.server(name, parallelism, config));
        System.out.println(READY + " " + name);
        System.out.flush();
        // Until the parent closes our stdin (or dies): then leave the cluster and exit.
        InputStream in = System.in;
        byte[] buf = new byte[256];
        while (in.read(buf) >= 0) {
            // Input is ignored; only its end matters.
        }
        LOG.log(Level.DEBUG, "node {0}: standard input closed, stopping", name);
        ignite.close();
        System.exit(0);
    }
}
