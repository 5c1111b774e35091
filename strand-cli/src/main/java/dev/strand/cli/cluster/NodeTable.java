package dev.strand.cli.cluster;

import dev.strand.cluster.stats.NodeStats;
import dev.strand.cluster.stats.RunStats;
import java.io.PrintWriter;
import java.util.Locale;

/** The per-node table of a batch, and the byte and time formats the cluster commands share. */
final class NodeTable {

    private NodeTable() {}

    static void print(PrintWriter out, RunStats s) {
        out.printf(Locale.ROOT, "  %-8s %6s %5s %9s %10s %7s %11s %6s %9s %10s%n", "node", "placed", "run",
                "stolen-in", "stolen-out", "pinned", "moved-in", "f-over", "busy", "finish");
        for (NodeStats n : s.nodes()) {
            out.printf(Locale.ROOT, "  %-8s %6d %5d %9d %10d %7d %11s %6d %9s %10s%n", n.node(), n.placed(), n.run(),
                    n.stolenIn(), n.stolenOut(), n.pinned(), bytes(n.bytesIn()), n.failedOverIn(),
                    millis(n.busyNanos()), millis(n.finishNanos()));
        }
    }

    static String bytes(long b) {
        if (b < 1024) {
            return b + " B";
        }
        if (b < 1 << 20) {
            return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1 << 20));
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
}
