package dev.strand.cli.sim;

import dev.strand.cli.Args;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Charts;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Table;
import dev.strand.sim.cluster.ClusterModel;
import dev.strand.sim.cluster.ClusterResult;
import dev.strand.sim.cluster.ClusterSimulator;
import dev.strand.sim.cluster.InterNode;
import dev.strand.sim.cluster.Network;
import dev.strand.sim.cluster.SimJob;
import dev.strand.sim.cluster.Workloads;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strand sim cluster}: the two-level model (strand-sim's {@code dev.strand.sim.cluster}),
 * cost-aware against plain stealing between nodes, over a sweep of bandwidths and input sizes.
 */
@Command(name = "cluster",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Simulated stealing between nodes: Dask's cost-aware rule vs plain.",
        description = {
            "Runs a skewed batch on NODES x CORES simulated cores: job i of n computes base",
            "(1 + skew (i/n)^2), placed in equal-count blocks per node (the last node holds",
            "several times the first's work); every --large-every-th job carries a large",
            "input, the others a small one. Idle nodes steal waiting jobs over a network of",
            "the given latency and bandwidth, a steal moving the job's input; within a node",
            "cores share the node's queue. For each large-input size and each bandwidth,",
            "three runs: no stealing, plain (take any waiting job) and cost-aware (Dask's",
            "rule: steal only if thief occupancy + transfer + compute <= victim occupancy -",
            "compute / 2). Prints the makespans and the ratio cost-aware / plain (below 1:",
            "cost-aware wins) and writes to DIR (--out; the CSV only with --no-charts):",
            "  cluster.csv            every run",
            "  cluster-ratio.png      makespan ratio cost-aware / plain vs bandwidth, per",
            "                         input size",
            "  cluster-makespan.png   makespans of the three policies vs bandwidth, one",
            "                         input size",
            "See docs/cluster.md.",
            ""},
        footer = {"", "Example: strand sim cluster --nodes 8 --cores 4 --out docs/sim",
            "Exit status: 0 success, 1 failure, 2 invalid arguments."})
public final class SimClusterCommand implements Callable<Integer> {

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "8",
            description = "Nodes, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int nodes;

    @Option(names = "--cores", paramLabel = "C", defaultValue = "4",
            description = "Cores per node, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int cores;

    @Option(names = "--jobs-per-node", paramLabel = "J", defaultValue = "32",
            description = "Jobs placed on each node, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int jobsPerNode;

    @Option(names = "--base-ms", paramLabel = "MS", defaultValue = "50",
            description = "Compute of the cheapest job, ms, > 0 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0, aboveMin = true)
    double baseMs;

    @Option(names = "--skew", paramLabel = "X", defaultValue = "10",
            description = "The costliest job computes 1 + X times the cheapest, >= 0 (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 0)
    double skew;

    @Option(names = "--large-every", paramLabel = "K", defaultValue = "4",
            description = "Every K-th job carries a large input, >= 0; 0 for none (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 0)
    int largeEvery;

    @Option(names = "--small-kb", paramLabel = "KB", defaultValue = "10",
            description = "The other jobs' input, kB, >= 0 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    double smallKb;

    @Option(names = "--large-mb", paramLabel = "MB", split = ",", defaultValue = "0.01,1,10,100",
            description = "Large-input sizes to sweep, MB (10^6 bytes), comma-separated, >= 0 each; "
                    + "0.01 is the all-small reference (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    List<Double> largeMb;

    @Option(names = "--mbits", paramLabel = "FROM..TO", defaultValue = "10..10000",
            description = "Bandwidth range, Mbit/s, swept at 4 points per decade (default: ${DEFAULT-VALUE}).")
    String mbits;

    @Option(names = "--latency-us", paramLabel = "US", defaultValue = "200",
            description = "Latency of a message between nodes, us, >= 0 (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    double latencyUs;

    @Option(names = "--makespan-mb", paramLabel = "MB", defaultValue = "10",
            description = "The large-input size of cluster-makespan.png, MB, >= 0 (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 0)
    double makespanMb;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "sim-out",
            description = "Folder for cluster.csv and the charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--no-charts", description = "Write only the CSV, not the PNG charts (default: off).")
    boolean noCharts;

    @Option(names = "--json", description = "Print the runs as one JSON object instead of the table "
            + "(default: off).")
    boolean json;

    @Spec
    CommandSpec spec;

    /** One input size at one bandwidth: the three makespans (seconds) and the steals. */
    record Point(double largeMb, double mbits, double none, double plain, double costAware, int plainSteals,
            int costAwareSteals, double plainMovedMb, double costAwareMovedMb) {
        double ratio() {
            return costAware / plain;
        }
    }

    /** The document of {@code --json}. */
    record JsonDoc(BuildInfo strand, int nodes, int cores, int jobsPerNode, double baseMs, double skew,
            int largeEvery, double smallKb, double latencyUs, List<Point> points, List<String> files) { }

    @Override
    public Integer call() {
        double[] bw = bandwidths();
        if (largeMb.isEmpty()) {
            throw Args.invalid(spec, "--large-mb", "needs at least one size");
        }
        List<Double> sizes = new ArrayList<>(largeMb);
        if (!sizes.contains(makespanMb)) {
            sizes.add(makespanMb);
        }
        List<Point> points = new ArrayList<>();
        for (double mb : sizes) {
            List<SimJob> jobs = Workloads.skewed(nodes, jobsPerNode, baseMs / 1e3, skew, largeEvery,
                    Math.round(mb * 1e6), Math.round(smallKb * 1e3));
            for (double m : bw) {
                ClusterModel model = ClusterModel.of(nodes, cores, Network.ofMegabits(m, latencyUs));
                ClusterResult none = ClusterSimulator.run(model, jobs, InterNode.NONE);
                ClusterResult plain = ClusterSimulator.run(model, jobs, InterNode.PLAIN);
                ClusterResult cost = ClusterSimulator.run(model, jobs, InterNode.COST_AWARE);
                points.add(new Point(mb, m, none.makespan(), plain.makespan(), cost.makespan(), plain.steals(),
                        cost.steals(), plain.bytesMoved() / 1e6, cost.bytesMoved() / 1e6));
            }
        }
        List<Path> files = write(points, bw);
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(Json.write(new JsonDoc(BuildInfo.current(), nodes, cores, jobsPerNode, baseMs, skew,
                    largeEvery, smallKb, latencyUs, points, files.stream().map(Path::toString).toList())));
        } else {
            o.printf(Locale.ROOT, "strand sim cluster: %d nodes x %d cores, %d jobs (%.0f ms growing to %.0f ms), "
                    + "every %d%s job large, the others %.0f kB; latency %.0f us%n%n", nodes, cores,
                    nodes * jobsPerNode, baseMs, baseMs * (1 + skew), largeEvery, largeEvery == 1 ? "st" : "th",
                    smallKb, latencyUs);
            Table t = new Table("large MB", "Mbit/s", "none s", "plain s", "cost-aware s", "cost/plain",
                    "plain steals", "cost steals", "plain moved MB", "cost moved MB");
            for (Point p : points) {
                t.row(num(p.largeMb()), num(p.mbits()), f3(p.none()), f3(p.plain()), f3(p.costAware()),
                        f3(p.ratio()), p.plainSteals(), p.costAwareSteals(), num(p.plainMovedMb()),
                        num(p.costAwareMovedMb()));
            }
            t.print(o);
            o.println();
            o.println("cost/plain below 1: the cost-aware rule wins; above 1: plain stealing wins.");
            for (Path f : files) {
                o.println("wrote " + f);
            }
        }
        o.flush();
        return 0;
    }

    /** 4 points per decade over the --mbits range, both ends included. */
    double[] bandwidths() {
        String[] f = mbits.split("\\.\\.", -1);
        double lo;
        double hi;
        try {
            lo = Double.parseDouble(f[0].strip());
            hi = f.length == 2 ? Double.parseDouble(f[1].strip()) : lo;
        } catch (NumberFormatException e) {
            throw Args.invalid(spec, "--mbits", "'" + mbits + "' is not FROM..TO (such as 10..10000)");
        }
        if (f.length > 2 || !(lo > 0) || hi < lo || Double.isInfinite(hi)) {
            throw Args.invalid(spec, "--mbits", "must be FROM..TO with 0 < FROM <= TO, got " + mbits);
        }
        int steps = (int) Math.ceil(Math.log10(hi / lo) * 4 - 1e-9);
        double[] out = new double[steps + 1];
        for (int i = 0; i <= steps; i++) {
            out[i] = i == steps ? hi : lo * Math.pow(10, i / 4.0);
        }
        return out;
    }

    private List<Path> write(List<Point> points, double[] bw) {
        List<Path> files = new ArrayList<>();
        List<String> csv = new ArrayList<>();
        csv.add("large_mb,mbits,none_s,plain_s,cost_aware_s,ratio,plain_steals,cost_aware_steals,"
                + "plain_moved_mb,cost_aware_moved_mb");
        for (Point p : points) {
            csv.add(String.format(Locale.ROOT, "%s,%s,%.6f,%.6f,%.6f,%.6f,%d,%d,%.3f,%.3f", num(p.largeMb()),
                    num(p.mbits()), p.none(), p.plain(), p.costAware(), p.ratio(), p.plainSteals(),
                    p.costAwareSteals(), p.plainMovedMb(), p.costAwareMovedMb()));
        }
        try {
            Files.createDirectories(out);
            Path f = out.resolve("cluster.csv");
            Files.write(f, csv);
            files.add(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out.resolve("cluster.csv") + ": " + e.getMessage(), e);
        }
        if (!noCharts) {
            files.add(ratioChart(points, bw));
            files.add(makespanChart(points, bw));
        }
        return files;
    }

    private Path ratioChart(List<Point> points, double[] bw) {
        XYChart c = Charts.line(String.format(Locale.ROOT, "Cost-aware vs plain stealing: %d nodes x %d cores, "
                + "every %d%s job large", nodes, cores, largeEvery, largeEvery == 1 ? "st" : "th"),
                "bandwidth between nodes (Mbit/s)", "makespan cost-aware / plain (below 1: cost-aware wins)");
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideSE);
        for (double mb : largeMb) {
            double[] y = points.stream().filter(p -> p.largeMb() == mb).mapToDouble(Point::ratio).toArray();
            boolean allSmall = Math.round(mb * 1e6) == Math.round(smallKb * 1e3);
            c.addSeries(allSmall ? "all inputs " + mbLabel(mb) : "large inputs " + mbLabel(mb), bw, y);
        }
        XYSeries one = c.addSeries("equal makespans", new double[] {bw[0], bw[bw.length - 1]}, new double[] {1, 1});
        one.setMarker(SeriesMarkers.NONE);
        one.setLineStyle(SeriesLines.DASH_DASH);
        return Charts.savePng(c, out.resolve("cluster-ratio.png"));
    }

    private Path makespanChart(List<Point> points, double[] bw) {
        List<Point> ps = points.stream().filter(p -> p.largeMb() == makespanMb).toList();
        XYChart c = Charts.line(String.format(Locale.ROOT, "Makespan vs bandwidth: large inputs %s, latency %.0f us",
                mbLabel(makespanMb), latencyUs), "bandwidth between nodes (Mbit/s)", "makespan (s)");
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        c.addSeries("no stealing between nodes", bw, ps.stream().mapToDouble(Point::none).toArray());
        c.addSeries("plain stealing", bw, ps.stream().mapToDouble(Point::plain).toArray());
        c.addSeries("cost-aware (Dask's rule)", bw, ps.stream().mapToDouble(Point::costAware).toArray());
        return Charts.savePng(c, out.resolve("cluster-makespan.png"));
    }

    private static String mbLabel(double mb) {
        return mb < 1 ? num(mb * 1e3) + " kB" : num(mb) + " MB";
    }

    private static String num(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, Math.abs(d) >= 10 ? "%.0f" : "%.3g", d);
    }

    private static String f3(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }
}
