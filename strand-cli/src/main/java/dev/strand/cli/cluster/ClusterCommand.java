package dev.strand.cli.cluster;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code strand cluster}: work stealing across JVMs on Apache Ignite (strand-cluster). */
@Command(name = "cluster",
        mixinStandardHelpOptions = true,
        synopsisSubcommandLabel = "COMMAND",
        header = "Two-level work stealing across JVMs on Apache Ignite: a demo, and the per-job overhead.",
        description = {
            "Starts Ignite server nodes as JVMs on this machine (127.0.0.1 only: static IP finder,",
            "a free local port range, no multicast), runs jobs on them, and stops every node it",
            "started, also on Ctrl-C or failure. The launcher ./strand passes the JVM flags",
            "Ignite needs; docs/cluster.md lists them for your own JVMs.",
            ""},
        subcommands = {ClusterDemoCommand.class, ClusterOverheadCommand.class})
public final class ClusterCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
