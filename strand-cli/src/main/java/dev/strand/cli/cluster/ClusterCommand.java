package dev.strand.cli.cluster;

import dev.strand.cli.Args;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code strand cluster}: work stealing across JVMs on Apache Ignite (strand-cluster). */
@Command(name = "cluster",
        mixinStandardHelpOptions = true,
        synopsisSubcommandLabel = "COMMAND",
        header = "Work stealing across JVMs on Apache Ignite: a demo, the overhead, a node.",
        description = {
            "Starts Ignite server nodes as JVMs on this machine (127.0.0.1 only: static IP",
            "finder, a free local port range, no multicast), runs jobs on them, and stops",
            "every node it started, also on Ctrl-C or failure. The launcher ./strand passes",
            "the JVM flags Ignite needs; docs/cluster.md lists them for your own JVMs.",
            ""},
        subcommands = {ClusterDemoCommand.class, ClusterOverheadCommand.class, ClusterNodeCommand.class})
public final class ClusterCommand implements Callable<Integer> {

    /** Held so that its level sticks (java.util.logging keeps loggers weakly). */
    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");

    @Spec
    CommandSpec spec;

    /**
     * Ignite's own log down to errors: its warnings (a node failed, a job failed over) are what
     * the commands report themselves, in their tables.
     */
    static void quietIgnite() {
        IGNITE_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    /** Without a subcommand: the usage on standard error, and exit status 2. */
    @Override
    public Integer call() {
        throw Args.missingCommand(spec);
    }
}
