package dev.strand.cli.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.strand.cli.Args;
import dev.strand.cli.Range;
import dev.strand.cli.out.BuildInfo;
import dev.strand.cli.out.Json;
import dev.strand.cli.out.Progress;
import dev.strand.cli.out.Table;
import dev.strand.sim.Machine;
import dev.strand.sim.Policy;
import dev.strand.sim.Result;
import dev.strand.sim.Topology;
import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Dags;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code strand sim}: sweeps P over powers of two on simulated processors (strand-sim), several
 * seeds each, and shows how close the schedules come to the bounds of the theory.
 */
@Command(name = "sim",
        sortOptions = false,
        header = "Work stealing simulated on up to 65536 processors; bounds checked.",
        description = {
            "Runs each DAG under the chosen scheduler on P = 1, 2, 4, ... up to --max-p",
            "simulated processors, once per seed, in lock-step steps (one work unit or one",
            "steal attempt per processor per step; deterministic). Prints, per DAG and P,",
            "the median and max over seeds of the ratios the theorems bound:",
            "  time  = T_P / (T1/P + T-inf)    greedy <= 1; work stealing O(1)",
            "  steal = attempts / (P * T-inf)  O(1) expected (Blumofe-Leiserson)",
            "  space = S_P / (P * S1)          <= 1 under continuation stealing",
            "and writes every run to DIR/sim.csv and four charts to DIR (--out; none with",
            "--no-charts):",
            "  speedup.png  speedup vs P against the T1/P and T-inf lines",
            "  steals.png   steal attempts vs P * T-inf",
            "  space.png    S_P vs P * S1, child vs continuation stealing (--space-dag)",
            "  grain.png    T_P vs the grain size of a parallel sum (the sweet spot)",
            "See docs/simulator.md. 'strand sim cluster' simulates stealing between nodes",
            "over a network (cost-aware vs plain); see its --help and docs/cluster.md.",
            ""},
        subcommands = {SimClusterCommand.class},
        footer = {"", "DAG forms: " + DagSpec.FORMS_1 + ",", "           " + DagSpec.FORMS_2 + ",",
            "           " + DagSpec.FORMS_3 + ".",
            "Example: strand sim --dags fib:30,uts-geo:4:11:4 --seeds 5 --out /tmp/sim",
            "Exit status: 0 success, 1 failure, 2 invalid arguments."})
public final class SimCommand implements Callable<Integer> {

    /** Largest P accepted (the sweep doubles up to it). */
    static final int MAX_P = 1 << 16;

    @Option(names = "--dags", paramLabel = "SPEC", split = ",",
            defaultValue = "tree:17,fib:25,uts-geo:4:8:5", converter = DagSpec.Converter.class,
            description = "The DAGs to sweep, comma-separated, forms below (default: "
                    + "${DEFAULT-VALUE}).")
    List<Dag> dags;

    @Option(names = "--max-p", paramLabel = "P", defaultValue = "4096",
            description = "Largest P; the sweep runs P = 1, 2, 4, ... up to it, 1.." + MAX_P
                    + " (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = MAX_P)
    int maxP;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "3",
            description = "Runs per DAG and P, with seeds --seed, --seed+1, ..., 1..1000 (default: "
                    + "${DEFAULT-VALUE}).")
    @Range(min = 1, max = 1000)
    int seeds;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "First seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--scheduler", paramLabel = "stealing|sharing|greedy|pdf",
            defaultValue = "stealing", converter = SchedulerConverter.class,
            description = "stealing = randomized work stealing; sharing = children placed on "
                    + "random processors; greedy = centralized FIFO list (Brent/Graham); pdf = "
                    + "parallel depth-first (default: ${DEFAULT-VALUE}).")
    Policy.Scheduler scheduler;

    @Option(names = "--spawn", paramLabel = "continuation|child", defaultValue = "continuation",
            converter = SpawnConverter.class,
            description = "What a spawning processor leaves for thieves: the continuation (Cilk, "
                    + "work-first) or the child (help-first) (default: ${DEFAULT-VALUE}).")
    Policy.Spawn spawn;

    @Option(names = "--steal", paramLabel = "one|half", defaultValue = "one",
            converter = StealConverter.class,
            description = "What a successful steal takes from the top of the victim's deque "
                    + "(default: ${DEFAULT-VALUE}).")
    Policy.Steal steal;

    @Option(names = "--victims", paramLabel = "VICTIMS",
            defaultValue = "uniform", converter = VictimsConverter.class,
            description = "Victim choice: 'uniform' random; 'coprime', a random start and a coprime "
                    + "stride (Go); 'localized', steal back from your last thief first; "
                    + "'hierarchical', near victims first over --topology; "
                    + "'localized_hierarchical', both, the thief first, then near victims "
                    + "(default: ${DEFAULT-VALUE}).")
    Policy.Victims victims;

    @Option(names = "--split", paramLabel = "eager|lazy|heartbeat:N", defaultValue = "eager",
            converter = SplitConverter.class,
            description = "Which spawns thieves can take: 'eager', every one; 'lazy', lazy binary "
                    + "splitting on request (a spawn is offered only if a thief looked since the "
                    + "last offer, else it runs as a call; Strand's runtime); 'heartbeat:N', every "
                    + "spawn latent and the oldest promoted every N work steps of its processor "
                    + "(Acar, Chargueraud, Rainey). Work stealing only (default: ${DEFAULT-VALUE}).")
    SplitChoice split;

    @Option(names = "--multiprogrammed", paramLabel = "P_A", defaultValue = "0",
            description = "Schedule only min(P_A, P) processors per step (a kernel sharing the "
                    + "machine), >= 0; 0 = dedicated processors (default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    int activeProcessors;

    @Option(names = "--no-yield",
            description = "Multiprogrammed: thieves do not yield their slot to processors with "
                    + "work (default: they yield, as in Arora-Blumofe-Plaxton).")
    boolean noYield;

    @Option(names = "--feedback",
            description = "Parallelism feedback (A-Steal): grow or shrink the active processors "
                    + "from the steal success rate, quantum 100 steps (default: off).")
    boolean feedback;

    @Option(names = "--steal-cost", paramLabel = "STEPS", defaultValue = "1",
            description = "Steps one steal attempt takes, >= 1 (default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    int stealCost;

    @Option(names = "--remote-latency", paramLabel = "STEPS", defaultValue = "0",
            description = "Extra steps per topology level between thief and victim, >= 0 "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 0)
    int remoteLatency;

    @Option(names = "--topology", paramLabel = "flat|SOCKET,NODE", defaultValue = "flat",
            converter = TopologyConverter.class,
            description = "Processors per socket and per node, e.g. 8,64 (default: "
                    + "${DEFAULT-VALUE}: all processors at distance 0).")
    Topology topology;

    @Option(names = "--space-dag", paramLabel = "SPEC", defaultValue = "loop:1000:64",
            converter = DagSpec.Converter.class,
            description = "DAG of the space chart, run with child and with continuation "
                    + "stealing (default: ${DEFAULT-VALUE}, a loop spawning 1000 tasks).")
    Dag spaceDag;

    @Option(names = "--grain-n", paramLabel = "N", defaultValue = "262144",
            description = "Elements of the parallel sum of the grain chart, 1..1073741824 (2^30; "
                    + "default: ${DEFAULT-VALUE}); grains 1, 4, 16, ... up to N.")
    @Range(min = 1, max = 1 << 30)
    long grainN;

    @Option(names = "--grain-tau", paramLabel = "UNITS", defaultValue = "16",
            description = "Spawn overhead tau of the grain chart, work units per split, >= 1 "
                    + "(default: ${DEFAULT-VALUE}).")
    @Range(min = 1)
    long grainTau;

    @Option(names = "--grain-p", paramLabel = "P", defaultValue = "64",
            description = "Processors of the grain chart, 1.." + MAX_P + " (default: ${DEFAULT-VALUE}).")
    @Range(min = 1, max = MAX_P)
    int grainP;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "sim-out",
            description = "Folder for sim.csv and the charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--no-charts",
            description = "Write only the CSV, not the PNG charts, and skip the charts' extra runs "
                    + "(default: off).")
    boolean noCharts;

    @Option(names = "--json",
            description = "Print the summary as one JSON object instead of the table (default: "
                    + "off).")
    boolean json;

    @Option(names = "--no-progress",
            description = "No progress bar on standard error (default: shown when standard error "
                    + "is a terminal, except with --json or when the environment sets "
                    + "STRAND_NO_PROGRESS).")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        validate();
        Policy policy = policy();
        int[] ps = Sweep.powersOfTwo(maxP);
        long[] grains = Sweep.grains(grainN);
        long total = (long) dags.size() * ps.length * seeds
                + (noCharts ? 0 : 2L * ps.length * seeds + grains.length);
        PrintWriter o = spec.commandLine().getOut();
        List<String> csv = new ArrayList<>(List.of(Sweep.csvHeader()));
        List<List<Sweep.Cell>> byDag = new ArrayList<>();
        List<Sweep.Cell> child = new ArrayList<>();
        List<Sweep.Cell> cont = new ArrayList<>();
        List<Result> grainRuns = new ArrayList<>();
        try (Progress bar = Progress.start("sim", total, !json && !noProgress)) {
            for (Dag dag : dags) {
                List<Sweep.Cell> cells = new ArrayList<>();
                for (int p : ps) {
                    bar.note(dag + " P=" + p);
                    Sweep.Cell cell = Sweep.run(dag, policy(p), machine(p), seed, seeds, bar::step);
                    cell.runs().forEach(r -> csv.add(Sweep.csv("sweep", r)));
                    cells.add(cell);
                }
                byDag.add(cells);
            }
            if (!noCharts) {
                for (int p : ps) {
                    bar.note(spaceDag + " P=" + p);
                    for (Policy.Spawn s : Policy.Spawn.values()) {
                        Sweep.Cell cell = Sweep.run(spaceDag, Policy.workStealing(s), machine(p),
                                seed, seeds, bar::step);
                        cell.runs().forEach(r -> csv.add(Sweep.csv("space", r)));
                        (s == Policy.Spawn.CHILD ? child : cont).add(cell);
                    }
                }
                for (long g : grains) {
                    bar.note("grain " + g);
                    Result r = Sweep.run(Dags.parallelSum(grainN, g, grainTau), policy(grainP),
                            machine(grainP), seed, 1, bar::step).runs().get(0);
                    grainRuns.add(r);
                    csv.add(Sweep.csv("grain", r));
                }
            }
        }
        List<Path> files = write(csv, byDag, child, cont, grainRuns, ps, grains);
        if (json) {
            o.println(Json.write(toJson(policy, byDag, files)));
        } else {
            print(o, policy, byDag, files);
        }
        o.flush();
        return 0;
    }

    private void validate() {
        boolean central = scheduler == Policy.Scheduler.GREEDY || scheduler == Policy.Scheduler.PDF;
        if (central && (activeProcessors > 0 || feedback)) {
            bad("--multiprogrammed and --feedback apply to work stealing and sharing, not to "
                    + "--scheduler " + scheduler.name().toLowerCase(Locale.ROOT));
        }
        if (activeProcessors > 0 && feedback) {
            bad("--multiprogrammed and --feedback cannot be combined");
        }
        if (split.split() != Policy.Split.EAGER && scheduler != Policy.Scheduler.WORK_STEALING) {
            bad("--split " + split + " applies to work stealing, not to --scheduler "
                    + EnumConverter.name(scheduler));
        }
        if (split.split() != Policy.Split.EAGER && feedback) {
            bad("--split " + split + " and --feedback cannot be combined");
        }
        try {
            machine(1);
        } catch (IllegalArgumentException e) {
            bad(e.getMessage().replace("stealCost", "--steal-cost")
                    .replace("remoteLatency", "--remote-latency"));
        }
    }

    private void bad(String message) {
        throw Args.usage(spec, message);
    }

    private Policy policy() {
        return policy(Integer.MAX_VALUE);
    }

    /** The policy at P processors (P_A is capped at P). */
    private Policy policy(int p) {
        Policy base = switch (scheduler) {
            case WORK_STEALING -> Policy.workStealing(spawn).withSteal(steal).withVictims(victims);
            case WORK_SHARING -> Policy.workSharing();
            case GREEDY -> Policy.greedy();
            case PDF -> Policy.parallelDepthFirst();
        };
        if (activeProcessors > 0) {
            base = base.multiprogrammed(Math.min(activeProcessors, p), !noYield);
        }
        base = switch (split.split()) {
            case EAGER -> base;
            case ON_REQUEST -> base.lazySplitting();
            case HEARTBEAT -> base.heartbeat(split.beat());
        };
        return feedback ? base.withFeedback(Policy.Feedback.DEFAULT) : base;
    }

    private Machine machine(int p) {
        return new Machine(p, stealCost, remoteLatency, topology);
    }

    private List<Path> write(List<String> csv, List<List<Sweep.Cell>> byDag,
            List<Sweep.Cell> child, List<Sweep.Cell> cont, List<Result> grainRuns, int[] ps,
            long[] grains) {
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(out);
            Path f = out.resolve("sim.csv");
            Files.write(f, csv);
            files.add(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out.resolve("sim.csv") + ": "
                    + e.getMessage(), e);
        }
        if (!noCharts) {
            files.add(SimCharts.speedup(byDag, ps, out));
            files.add(SimCharts.steals(byDag, out));
            files.add(SimCharts.space(child, cont, ps, out));
            files.add(SimCharts.grain(grainRuns, grains, out));
        }
        return files;
    }

    private void print(PrintWriter o, Policy policy, List<List<Sweep.Cell>> byDag,
            List<Path> files) {
        o.printf("strand sim: %s, steal cost %d, remote latency %d, topology %s; %d seed(s) "
                        + "from %d; median / max over seeds%n%n", policy.label(), stealCost,
                remoteLatency, topology, seeds, seed);
        Table t = new Table("dag", "P", "T1", "T-inf", "T1/T-inf", "T_P", "speedup",
                "time med", "time max", "steal med", "steal max", "space med", "space max",
                "steals", "work/steal", "idle %");
        for (List<Sweep.Cell> cells : byDag) {
            for (Sweep.Cell c : cells) {
                Result r = c.runs().get(0);
                t.row(r.dag(), c.processors(), r.work(), r.span(),
                        String.format(Locale.ROOT, "%.0f", (double) r.work() / r.span()),
                        String.format(Locale.ROOT, "%.0f", c.median(Result::time)),
                        String.format(Locale.ROOT, "%.1f", c.median(Result::speedup)),
                        r3(c.median(Result::timeRatio)), r3(c.max(Result::timeRatio)),
                        r3(c.median(Result::stealRatio)), r3(c.max(Result::stealRatio)),
                        r3(c.median(Result::spaceRatio)), r3(c.max(Result::spaceRatio)),
                        String.format(Locale.ROOT, "%.0f", c.median(Result::steals)),
                        perSteal(c),
                        String.format(Locale.ROOT, "%.1f", 100 * c.median(Result::idleShare)));
            }
        }
        t.print(o);
        o.println();
        o.println("time = T_P/(T1/P + T-inf), steal = attempts/(P*T-inf), space = S_P/(P*S1)");
        o.println("steals, work/steal (units a thief ran from a steal until it ran dry) and idle "
                + "(share of P*T_P, percent): medians");
        for (Path f : files) {
            o.println("wrote " + f);
        }
    }

    /** The document of {@code --json}: the build, the settings, one row per DAG and P. */
    record JsonDoc(BuildInfo strand, String policy, int stealCost, int remoteLatency,
                   String topology, int seeds, long firstSeed, List<JsonRow> rows,
                   List<String> files) { }

    /** One DAG at one P: its measures, and medians (and maxima) over the random seeds. */
    record JsonRow(String dag, @JsonProperty("P") int processors, @JsonProperty("T1") long work,
                   @JsonProperty("Tinf") long span, @JsonProperty("S1") long serialSpace,
                   @JsonProperty("medianTP") double medianTime, double medianSpeedup,
                   JsonStat timeRatio, JsonStat stealRatio, JsonStat spaceRatio,
                   double medianSteals, Double medianWorkPerSteal, double medianIdleShare) { }

    /** The median and the maximum of a ratio over the random seeds. */
    record JsonStat(double median, double max) {
        static JsonStat of(Sweep.Cell c, ToDoubleFunction<Result> f) {
            return new JsonStat(c.median(f), c.max(f));
        }
    }

    private JsonDoc toJson(Policy policy, List<List<Sweep.Cell>> byDag, List<Path> files) {
        List<JsonRow> rows = new ArrayList<>();
        for (List<Sweep.Cell> cells : byDag) {
            for (Sweep.Cell c : cells) {
                Result r = c.runs().get(0);
                rows.add(new JsonRow(r.dag(), c.processors(), r.work(), r.span(), r.serialSpace(),
                        c.median(Result::time), c.median(Result::speedup),
                        JsonStat.of(c, Result::timeRatio), JsonStat.of(c, Result::stealRatio),
                        JsonStat.of(c, Result::spaceRatio), c.median(Result::steals),
                        "-".equals(perSteal(c)) ? null : Double.valueOf(perSteal(c)),
                        c.median(Result::idleShare)));
            }
        }
        return new JsonDoc(BuildInfo.current(), policy.label(), stealCost, remoteLatency,
                topology.toString(), seeds, seed, rows, files.stream().map(Path::toString).toList());
    }

    /** The median work per steal over the seeds with steals, or "-" when none stole. */
    private static String perSteal(Sweep.Cell c) {
        double[] x = c.runs().stream().filter(r -> r.steals() > 0).mapToDouble(Result::workPerSteal)
                .toArray();
        return x.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f",
                dev.strand.workloads.Stats.median(x));
    }

    private static String r3(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    /** Case-insensitive enum names, listed in lower case ({@code WORK_STEALING} as "stealing"). */
    abstract static class EnumConverter<E extends Enum<E>> implements ITypeConverter<E> {
        private final Class<E> type;

        EnumConverter(Class<E> type) {
            this.type = type;
        }

        static String name(Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT).replace("work_", "");
        }

        @Override
        public E convert(String value) {
            for (E e : type.getEnumConstants()) {
                if (name(e).equalsIgnoreCase(value.strip())) {
                    return e;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of " + String.join(", ",
                    Arrays.stream(type.getEnumConstants()).map(EnumConverter::name).toList()));
        }
    }

    static final class SchedulerConverter extends EnumConverter<Policy.Scheduler> {
        SchedulerConverter() {
            super(Policy.Scheduler.class);
        }
    }

    static final class SpawnConverter extends EnumConverter<Policy.Spawn> {
        SpawnConverter() {
            super(Policy.Spawn.class);
        }
    }

    static final class StealConverter extends EnumConverter<Policy.Steal> {
        StealConverter() {
            super(Policy.Steal.class);
        }
    }

    static final class VictimsConverter extends EnumConverter<Policy.Victims> {
        VictimsConverter() {
            super(Policy.Victims.class);
        }
    }

    /** A {@code --split} value: the split and, for a heartbeat, its beat in work steps. */
    record SplitChoice(Policy.Split split, int beat) {
        @Override
        public String toString() {
            return switch (split) {
                case EAGER -> "eager";
                case ON_REQUEST -> "lazy";
                case HEARTBEAT -> "heartbeat:" + beat;
            };
        }
    }

    /** {@code eager}, {@code lazy} or {@code heartbeat:N}. */
    static final class SplitConverter implements ITypeConverter<SplitChoice> {
        @Override
        public SplitChoice convert(String value) {
            String v = value.strip().toLowerCase(Locale.ROOT);
            if (v.equals("eager")) {
                return new SplitChoice(Policy.Split.EAGER, 0);
            }
            if (v.equals("lazy")) {
                return new SplitChoice(Policy.Split.ON_REQUEST, 0);
            }
            if (v.startsWith("heartbeat:")) {
                try {
                    int beat = Integer.parseInt(v.substring("heartbeat:".length()));
                    if (beat >= 1) {
                        return new SplitChoice(Policy.Split.HEARTBEAT, beat);
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                throw new TypeConversionException("'" + value + "': a heartbeat needs a beat of "
                        + "1 or more work steps, e.g. heartbeat:100");
            }
            throw new TypeConversionException("'" + value + "' is not eager, lazy or heartbeat:N");
        }
    }

    /** {@code flat} or {@code SOCKET,NODE}. */
    static final class TopologyConverter implements ITypeConverter<Topology> {
        @Override
        public Topology convert(String value) {
            if (value.strip().equalsIgnoreCase("flat")) {
                return Topology.FLAT;
            }
            String[] f = value.split(",", -1);
            try {
                if (f.length == 2) {
                    return new Topology(Integer.parseInt(f[0].strip()),
                            Integer.parseInt(f[1].strip()));
                }
            } catch (NumberFormatException e) {
                // reported below
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
            throw new TypeConversionException("'" + value + "' is not 'flat' or SOCKET,NODE "
                    + "(e.g. 8,64)");
        }
    }
}
