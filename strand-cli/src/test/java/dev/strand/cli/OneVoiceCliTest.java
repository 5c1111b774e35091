package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cli.out.BuildInfo;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * Every command speaks with one voice: the same bad values get exit status 2 and one line of the
 * same form, {@code strand CMD: MESSAGE (see 'strand CMD --help')}, with the same wording for a
 * range and for a number; the same options mean the same thing; every command has {@code -V}
 * and {@code --json}; the help is wrapped at spaces. The commands and their numeric options are
 * read from the command line's own model, so a command or option added later is checked too.
 */
class OneVoiceCliTest {

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** Arguments a command needs before any option can be checked (a required positional). */
    private static List<String> required(String command) {
        return switch (command) {
            case "trace" -> List.of("fib");
            case "cluster node" -> List.of("--config", "no-such-node.properties");
            default -> List.of();
        };
    }

    /** @return the qualified names of the commands that run something, e.g. {@code cluster demo} */
    static Stream<String> commands() {
        List<String> names = new ArrayList<>();
        collect(Main.commandLine(), names);
        return names.stream();
    }

    private static void collect(CommandLine cl, List<String> names) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            String name = sub.getCommandSpec().qualifiedName(" ").substring("strand ".length());
            if (!name.equals("help")) {
                if (!(sub.getCommand() instanceof dev.strand.cli.cluster.ClusterCommand)) {
                    names.add(name);
                }
                collect(sub, names);
            }
        }
    }

    private static CommandSpec spec(String command) {
        CommandLine cl = Main.commandLine();
        for (String part : SPACES.split(command, -1)) {
            cl = cl.getSubcommands().get(part);
        }
        return cl.getCommandSpec();
    }

    private static String[] args(String command, String... more) {
        List<String> a = new ArrayList<>(Arrays.asList(SPACES.split(command, -1)));
        a.addAll(required(command));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** The one line of a bad argument: the command, the message, where help is. */
    private static void assertBad(CliTest.Run r, String command, String message) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).as(r.err()).containsExactly("strand " + command + ": " + message
                + " (see 'strand " + command + " --help')");
    }

    @Test
    void everyCommandIsChecked() {
        assertThat(commands()).contains("demo", "bench", "grain", "profile", "sim", "sim cluster", "soak",
                "trace", "cluster demo", "cluster overhead", "cluster node");
    }

    // ------------------------------------------------------------------ bad values

    /** A numeric option with its range, as the command declares it. */
    record Ranged(String command, String option, Range range, Class<?> type) {
        @Override
        public String toString() {
            return command + " " + option;
        }
    }

    static Stream<Ranged> rangedOptions() {
        List<Ranged> all = new ArrayList<>();
        commands().forEach(c -> {
            CommandSpec spec = spec(c);
            ranged(c, spec, spec, all);
        });
        return all.stream();
    }

    private static void ranged(String command, CommandSpec command0, CommandSpec spec, List<Ranged> out) {
        for (Class<?> k = spec.userObject().getClass(); k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                Range r = f.getAnnotation(Range.class);
                if (r != null) {
                    Option o = f.getAnnotation(Option.class);
                    assertThat(o).as(f + " has a @Range and an @Option").isNotNull();
                    out.add(new Ranged(command, command0.findOption(o.names()[0]).longestName(), r,
                            elementType(f)));
                }
            }
        }
        spec.mixins().values().forEach(m -> ranged(command, command0, m, out));
    }

    private static Class<?> elementType(Field f) {
        if (f.getType().isArray()) {
            return f.getType().getComponentType();
        }
        if (List.class.isAssignableFrom(f.getType())) {
            return (Class<?>) ((ParameterizedType) f.getGenericType()).getActualTypeArguments()[0];
        }
        return f.getType();
    }

    private static boolean whole(Class<?> t) {
        return t == int.class || t == long.class || t == Integer.class || t == Long.class;
    }

    @Test
    void everyCommandHasRangedOptions() {
        assertThat(rangedOptions().map(Ranged::command).distinct())
                .containsExactlyInAnyOrderElementsOf(commands().toList());
    }

    @ParameterizedTest(name = "{0} out of range")
    @MethodSource("rangedOptions")
    void aValueOutOfRangeExits2NamingTheOptionAndTheRange(Ranged o) {
        Range r = o.range();
        double bad = r.min() != Double.NEGATIVE_INFINITY ? (r.aboveMin() ? r.min() : r.min() - 1)
                : r.max() + 1;
        String value = Args.number(bad);
        assertBad(CliTest.run(args(o.command(), o.option(), value)), o.command(),
                "Invalid value for option '" + o.option() + "': must be " + Args.range(r) + ", got " + value);
    }

    @ParameterizedTest(name = "{0} not a number")
    @MethodSource("rangedOptions")
    void aValueThatIsNotANumberExits2InOneWording(Ranged o) {
        assertBad(CliTest.run(args(o.command(), o.option(), "x")), o.command(),
                "Invalid value for option '" + o.option() + "': 'x' is "
                        + (whole(o.type()) ? "not a whole number" : "not a number"));
    }

    @ParameterizedTest(name = "{0}: the help states the range")
    @MethodSource("rangedOptions")
    void theHelpStatesTheRange(Ranged o) {
        OptionSpec spec = spec(o.command()).findOption(o.option());
        assertThat(String.join(" ", spec.description())).contains(Args.shortRange(o.range()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theSameBadValuesGetTheSameAnswerEverywhere(String command) {
        assertBad(CliTest.run(args(command, "--bogus")), command, "Unknown option: '--bogus'");
        assertBad(CliTest.run(args(command, "--jsn")), command, "Unknown option: '--jsn' (did you mean --json?)");
        if (spec(command).findOption("-p") != null) {
            assertBad(CliTest.run(args(command, "-p", "0")), command,
                    "Invalid value for option '--parallelism': must be between 1 and 256, got 0");
            assertBad(CliTest.run(args(command, "-p", "two")), command,
                    "Invalid value for option '--parallelism': 'two' is not a whole number");
            assertBad(CliTest.run(args(command, "-p", "99999999999")), command,
                    "Invalid value for option '--parallelism': '99999999999' is too large (at most 2147483647)");
        }
        if (spec(command).findOption("--topology") != null
                && spec(command).findOption("--topology").paramLabel().startsWith("flat|machine")) {
            assertBad(CliTest.run(args(command, "--topology", "3y")), command,
                    "Invalid value for option '--topology': '3y' is not a topology: unexpected 'y' at position 2 "
                            + "(expected flat, machine, "
                            + "a shape such as 2x4, or CPU groups such as 0-3;4-7)");
        }
    }

    /** The values the review found answered with exit status 0 or 1, or without the option's name. */
    @Test
    void theReportedCasesAreInvalidArguments() {
        assertBad(CliTest.run("demo", "--steal-pace", "-1"), "demo",
                "Invalid value for option '--steal-pace': must be between 0 and 1000000, got -1");
        assertBad(CliTest.run("demo", "--topology", "3y"), "demo",
                "Invalid value for option '--topology': '3y' is not a topology: unexpected 'y' at position 2 "
                            + "(expected flat, machine, "
                        + "a shape such as 2x4, or CPU groups such as 0-3;4-7)");
        assertBad(CliTest.run("bench", "--list", "-p", "0"), "bench",
                "Invalid value for option '--parallelism': must be between 1 and 256, got 0");
        assertBad(CliTest.run("bench", "--list", "--rounds", "-1"), "bench",
                "Invalid value for option '--rounds': must be at least 1, got -1");
        assertBad(CliTest.run("cluster", "overhead", "--rounds", "-1"), "cluster overhead",
                "Invalid value for option '--rounds': must be at least 1, got -1");
        // help needs no valid values
        assertThat(CliTest.run("bench", "--help", "-p", "0").code()).isZero();
        CliTest.Run help = CliTest.run("help", "nosuch");
        assertThat(help.code()).isEqualTo(2);
        assertThat(help.errLines()).containsExactly("strand: Unknown command: 'nosuch' (see 'strand --help')");
    }

    @Test
    void aGroupWithoutItsCommandPrintsTheUsageAndExits2() {
        for (String group : new String[] {"", "cluster"}) {
            String name = ("strand " + group).strip();
            CliTest.Run r = group.isEmpty() ? CliTest.run() : CliTest.run(group);
            assertThat(r.code()).as(name).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).contains("Usage: " + name + " [-hV] COMMAND", "Commands:");
            assertThat(r.errLines().get(r.errLines().size() - 1))
                    .isEqualTo(name + ": Missing a command (see '" + name + " --help')");
        }
    }

    // ------------------------------------------------------------------ one vocabulary

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandHasVersionHelpAndJson(String command) {
        CliTest.Run v = CliTest.run(args(command, "-V"));
        assertThat(v.code()).isZero();
        assertThat(v.out()).startsWith("strand " + BuildInfo.current().version());
        CliTest.Run h = CliTest.run(args(command, "--help"));
        assertThat(h.code()).isZero();
        assertThat(h.out()).contains("-V, --version", "-h, --help");
        assertThat(spec(command).findOption("--json")).as(command + " --json").isNotNull();
    }

    @Test
    void theSameOptionMeansTheSameEverywhere() {
        List<String> withP = new ArrayList<>();
        commands().forEach(c -> {
            CommandSpec s = spec(c);
            OptionSpec p = s.findOption("-p");
            if (p != null) {
                withP.add(c);
                OptionSpec demo = spec("demo").findOption("-p");
                assertThat(p.longestName()).isEqualTo("--parallelism");
                assertThat(p.description()).as(c).isEqualTo(demo.description());
                assertThat(p.paramLabel()).as(c).isEqualTo("P");
            }
            OptionSpec size = s.findOption("--size");
            if (size != null) {
                assertThat(size.paramLabel()).as(c + " --size").isEqualTo("small|default|large");
            }
            OptionSpec set = s.findOption("--set");
            if (set != null) {
                assertThat(set.paramLabel()).as(c + " --set").isEqualTo("KERNEL.PARAM=VALUE");
            }
            for (String gone : new String[] {"--chart", "--charts", "--no-chart"}) {
                assertThat(s.findOption(gone)).as(c + " " + gone).isNull();
            }
            if (s.findOption("--no-charts") != null) {
                assertThat(s.findOption("--out")).as(c + " --out beside --no-charts").isNotNull();
            }
        });
        assertThat(withP).containsExactlyInAnyOrder("demo", "bench", "grain", "profile", "soak", "trace",
                "cluster node");
    }

    @Test
    void aKernelParameterIsSetOneWayEverywhere() {
        for (String command : new String[] {"bench", "profile", "trace"}) {
            String kernel = command.equals("trace") ? null : "fib";      // trace's is required()
            assertBad(CliTest.run(withKernel(command, kernel, "--set", "n=3")), command,
                    "Invalid value for option '--set': expected KERNEL.PARAM=VALUE, got 'n=3'");
            assertBad(CliTest.run(withKernel(command, kernel, "--set", "fib.m=3")), command,
                    "Invalid value for option '--set': kernel fib has no parameter 'm' (it has: n, form)");
            assertBad(CliTest.run(withKernel(command, kernel, "--set", "sort.n=3")), command,
                    "Invalid value for option '--set': kernel sort is not selected (selected: fib)");
            assertBad(CliTest.run(withKernel(command, kernel, "--set", "fib.n=99")), command,
                    "Invalid value for option '--set': fib.n must be between 0 and 46, got 99");
        }
    }

    private static String[] withKernel(String command, String kernel, String... more) {
        List<String> a = new ArrayList<>(Arrays.asList(args(command, more)));
        if (kernel != null) {
            a.add(1, kernel);
        }
        return a.toArray(String[]::new);
    }

    // ------------------------------------------------------------------ help text

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theHelpIsWrappedAtSpaces(String command) {
        CliTest.Run r = CliTest.run(args(command, "--help"));
        assertThat(r.out().lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
        String flat = SPACES.matcher(r.out()).replaceAll(" ");
        CommandSpec spec = spec(command);
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            // a description reads the same with line breaks as without: no word was cut
            String description = SPACES.matcher(String.join(" ", renderedDescription(o))).replaceAll(" ");
            assertThat(flat).as(o.longestName()).contains(description);
            // the synopsis keeps an option and its label on one line
            String token = o.arity().max() == 0 ? o.shortestName() : o.shortestName() + "=" + o.paramLabel();
            if (!o.usageHelp() && !o.versionHelp() && !o.negatable()) {
                // (a required option stands without brackets)
                assertThat(flat).as(o.longestName() + " in the synopsis").contains((o.required() ? " " : "[") + token);
            }
        }
        // the text sections are written in lines that fit, so that picocli need not break them
        for (String[] section : List.of(spec.usageMessage().description(), spec.usageMessage().footer())) {
            for (String element : section) {
                for (String line : element.split("%n|\\R", -1)) {
                    assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
                }
            }
        }
        // the header also stands in the parent's list of commands, after the names
        for (String line : spec.usageMessage().header()) {
            assertThat(line.length()).as(line).isLessThanOrEqualTo(80 - 13);
        }
    }

    /** @return the description as the help shows it: the default value filled in */
    private static String[] renderedDescription(OptionSpec o) {
        String dflt = o.defaultValueString();
        return Arrays.stream(o.description())
                .map(d -> d.replace("${DEFAULT-VALUE}", String.valueOf(dflt))
                        .replace("${COMPLETION-CANDIDATES}", o.completionCandidates() == null ? ""
                                : String.join(", ", o.completionCandidates())))
                .toArray(String[]::new);
    }
}
