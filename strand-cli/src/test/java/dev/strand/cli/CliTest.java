package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.strand.cli.out.BuildInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Runs the {@code strand} command in-process with captured output. */
class CliTest {

    /** Exit status and captured streams of one run. */
    record Run(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Run run(String... args) {
        return run(Main.commandLine(), args);
    }

    static Run run(CommandLine cl, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void demoPrintsCheckedResultsAndRealSchedulerStatistics() {
        Run r = run("demo", "-p", "2");

        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        String out = r.out();

        Matcher sum = Pattern.compile("parSum: got=(\\d+) want=(\\d+) tasks=(\\d+) \\(n/grain≈(\\d+)\\)")
                .matcher(out);
        assertThat(sum.find()).as(out).isTrue();
        assertThat(sum.group(1)).isEqualTo(sum.group(2)).isEqualTo("51903600");
        assertThat(sum.group(3)).isEqualTo("256");               // leaves: n / grain
        assertThat(sum.group(4)).isEqualTo("256");

        assertThat(out).contains("parMergeSort sorted correctly: true");
        // Both sorts timed; the text says what to expect of the two times at this P.
        assertThat(out).containsPattern("(?m)^  parallel merge \\d+\\.\\d ms, serial merge \\d+\\.\\d ms "
                + "\\(sorted correctly: true\\), serial/parallel \\d+\\.\\d\\d$");
        assertThat(out).contains("(median of 3 runs each", "about log2(n)/2 = 10 here",
                "What P = 2 can show: not the difference in time");
        // What two cores cannot show in time, the profile shows: each version's parallelism.
        assertThat(out).contains("  profiled on one worker:  work T1   span Tinf  T1/Tinf  speed-up on P = 64 "
                + "(work, span laws)");
        Matcher par = Pattern.compile("(?m)^    (parallel|serial) merge +\\d+\\.\\d ms +\\d+\\.\\d\\d ms +(\\d+\\.\\d)  "
                + "\\d+\\.\\dx to \\d+\\.\\dx$").matcher(out);
        assertThat(par.find()).as(out).isTrue();
        assertThat(par.group(1)).isEqualTo("parallel");
        double parallelPar = Double.parseDouble(par.group(2));
        assertThat(par.find()).as(out).isTrue();
        assertThat(par.group(1)).isEqualTo("serial");
        double serialPar = Double.parseDouble(par.group(2));
        assertThat(serialPar).as("the serial merge's parallelism, about log2(n / grain)").isBetween(1.0, 20.0);
        assertThat(parallelPar).as("the parallel merge's").isGreaterThan(serialPar);

        Matcher tree = Pattern.compile("depth=\\s*(\\d+) nodes=\\s*(\\d+) span≈(\\d+)\\s+P=(\\d+) "
                + "steals=(\\d+(?:\\.\\d)?)\\s+per-worker\\[min=(\\d+) max=(\\d+)]").matcher(out);
        List<Long> nodes = new ArrayList<>();
        List<Integer> depths = new ArrayList<>();
        while (tree.find()) {
            int depth = Integer.parseInt(tree.group(1));
            long n = Long.parseLong(tree.group(2));
            long min = Long.parseLong(tree.group(6));
            long max = Long.parseLong(tree.group(7));
            depths.add(depth);
            nodes.add(n);
            assertThat(Integer.parseInt(tree.group(3))).isEqualTo(depth + 1);
            assertThat(tree.group(4)).isEqualTo("2");
            assertThat(min).isLessThanOrEqualTo(max);
            assertThat(min + max).as("two workers ran all tasks (per-run averages, rounded down)")
                    .isBetween(n - 1, n);
        }
        assertThat(depths).containsExactly(8, 12, 16);
        assertThat(nodes).containsExactly(511L, 8191L, 131071L);
        // The depth lines are aligned: "nodes=" and "steals=" start in the same column.
        List<String> depthLines = out.lines().filter(l -> l.startsWith("depth=")).toList();
        assertThat(depthLines).extracting(l -> l.indexOf("steals=")).containsOnly(
                depthLines.get(0).indexOf("steals="));

        assertThat(out).contains("fib(30) = 832040 in ");
        assertThat(out).containsPattern("(?m)^worker +tasks +spawns +steals");
        assertThat(out).containsPattern("(?m)^total +1346269 ");   // fib(30) forks 1346268 times
    }

    /**
     * Checks that {@code text} is one JSON object (strict parsers: Jackson's and the tests' own)
     * whose first field is the build: {@code "strand": {"version": ..., "commit": ...}}.
     *
     * @return the object
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parseJsonDocument(String text) {
        Map<String, Object> json = (Map<String, Object>) MiniJson.parse(text);
        try {
            assertThat(new ObjectMapper().readTree(text).isObject()).isTrue();
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + e.getOriginalMessage(), e);
        }
        assertThat(json.keySet().iterator().next()).isEqualTo("strand");
        Map<String, Object> strand = (Map<String, Object>) json.get("strand");
        assertThat(strand.get("version")).isEqualTo(BuildInfo.current().version())
                .isNotEqualTo(BuildInfo.UNKNOWN);
        assertThat((String) strand.get("commit")).matches("[0-9a-f]{40}|unknown")
                .isEqualTo(BuildInfo.current().commit());
        if (!strand.get("commit").equals(BuildInfo.UNKNOWN)) {
            assertThat(strand.get("dirty")).isInstanceOf(Boolean.class);
        }
        return json;
    }

    @Test
    void demoSortTextSaysWhatToExpectAtThisParallelism() {
        assertThat(DemoCommand.serialMergeLimit(1 << 20)).isEqualTo(10);
        assertThat(DemoCommand.serialMergeLimit(1)).isEqualTo(1);
        assertThat(DemoCommand.explainSort(1 << 20, 4096, 2)).contains("2^20 ints", "= 10 here",
                "What P = 2 can show: not the difference in time", "the bound on 64 workers",
                "--max-p 256");
        assertThat(DemoCommand.explainSort(1 << 20, 4096, 8)).contains("With P = 8, near or above "
                + "that, the serial merge should also be the slower one in\n   time, given as many free cores");
        DemoCommand.SortProfile parallel = new DemoCommand.SortProfile(64_000_000, 500_000);  // 128
        DemoCommand.SortProfile serial = new DemoCommand.SortProfile(64_000_000, 8_000_000);  // 8
        assertThat(DemoCommand.profileLines(parallel, serial)).isEqualTo(String.format(
                "  profiled on one worker:  work T1   span Tinf  T1/Tinf  speed-up on P = 64 (work, span laws)%n"
                + "    parallel merge         64.0 ms     0.50 ms    128.0  42.7x to 64.0x%n"
                + "    serial merge           64.0 ms     8.00 ms      8.0  7.1x to 8.0x%n"));
        assertThat(DemoCommand.profileLines(parallel, serial).lines())
                .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        // Every line of the explanation fits a 100-column terminal.
        for (int p : new int[] {1, 2, 8, 64}) {
            assertThat(DemoCommand.explainSort(1 << 27, 4096, p).lines())
                    .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        }
    }

    @Test
    void demoJsonIsOneParsableObjectWithTheResults() {
        Run r = run("demo", "-p", "2", "--steal", "HALF", "--join", "stalling", "--json");

        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = parseJsonDocument(r.out());
        assertThat(json).containsKeys("parallelism", "steal", "join", "parSum", "parMergeSort",
                "trees", "fib", "ok");
        assertThat(json).containsEntry("parallelism", 2L).containsEntry("steal", "half")
                .containsEntry("join", "stalling").containsEntry("ok", true);
        Map<?, ?> sum = (Map<?, ?>) json.get("parSum");
        assertThat(sum.get("got")).isEqualTo(sum.get("want")).isEqualTo(51903600L);
        Map<?, ?> sort = (Map<?, ?>) json.get("parMergeSort");
        assertThat(sort.get("sorted")).isEqualTo(true);
        assertThat(sort.get("serialMergeSorted")).isEqualTo(true);
        assertThat(sort.get("timedRuns")).isEqualTo(3L);
        assertThat((Double) sort.get("millis")).isPositive();
        assertThat((Double) sort.get("serialMergeMillis")).isPositive();
        assertThat((Double) sort.get("parallelism")).isGreaterThan((Double) sort.get("serialMergeParallelism"));
        assertThat((Double) sort.get("serialMergeSpanMillis")).isPositive();
        assertThat(sort.get("boundWorkers")).isEqualTo(64L);
        assertThat((Double) sort.get("mostSpeedup")).isGreaterThan((Double) sort.get("serialMergeMostSpeedup"));
        List<Object> treeNodes = ((List<?>) json.get("trees")).stream()
                .map(t -> ((Map<?, ?>) t).get("nodes")).map(Object.class::cast).toList();
        assertThat(treeNodes).containsExactly(511L, 8191L, 131071L);
        Map<?, ?> fib = (Map<?, ?>) json.get("fib");
        assertThat(fib.get("result")).isEqualTo(832040L);
        assertThat(((Map<?, ?>) fib.get("stats")).get("tasksRun")).isEqualTo(1346269L);
    }

    @Test
    void demoRunsOnBwosDeques() {
        Run r = run("demo", "-p", "2", "--deque", "bwos", "--json");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = parseJsonDocument(r.out());
        assertThat(json).containsEntry("ok", true);
        Map<?, ?> fib = (Map<?, ?>) json.get("fib");
        assertThat(fib.get("result")).isEqualTo(832040L);
    }

    @Test
    void badArgumentsPrintOneLineAndExit2() {
        for (String[] args : new String[][] {
                {"demo", "--deque", "lifo"},
                {"demo", "-p", "0"}, {"demo", "-p", "x"}, {"demo", "--steal", "all"},
                {"demo", "--join", "lazy"}, {"demo", "--bogus"}, {"demo", "extra"}, {"dmeo"}}) {
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains("--help");
        }
        assertThat(run("demo", "-p", "0").err()).startsWith("strand demo: ")
                .contains("'--parallelism'", "between 1 and 256, got 0");
        assertThat(run("demo", "--steal", "all").err()).contains("'all' is not one of one, half");
        assertThat(run("demo", "--deque", "lifo").err()).contains("'lifo' is not one of chase-lev, bwos");
        assertThat(run("demo", "--jsn").err()).contains("did you mean --json?");
        assertThat(run("dmeo").err()).contains("Unknown command: 'dmeo'");
    }

    @Test
    void helpExplainsEveryOptionWithItsDefault() {
        Run r = run("demo", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("-p, --parallelism=P", "--steal=one|half",
                "--join=greedy|stalling", "--deque=chase-lev|bwos", "(default: chase-lev)",
                "--json", "-h, --help", "-V, --version",
                "default: the available processors, "
                        + Runtime.getRuntime().availableProcessors() + " here",
                "(default: one)", "(default: greedy)", "(default: off)");

        Run top = run("--help");
        assertThat(top.code()).isZero();
        assertThat(top.out()).contains("Usage: strand", "demo", "help");
        Run none = run();                                         // no command: the usage, exit 2
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.out()).isEmpty();
        assertThat(none.err()).startsWith(top.out()).endsWith("strand: Missing a command (see 'strand --help')"
                + System.lineSeparator());
        assertThat(run("help", "demo").out()).isEqualTo(r.out());
    }

    @Test
    void versionNamesStrandItsCommitAndTheJvm() {
        Run r = run("--version");
        assertThat(r.code()).isZero();
        BuildInfo build = BuildInfo.current();
        assertThat(build.version()).isNotEqualTo(BuildInfo.UNKNOWN).doesNotContain("${");
        assertThat(r.out()).startsWith("strand " + build.version() + " (commit " + build.shortCommit())
                .doesNotContain("${")
                .contains("Java " + System.getProperty("java.version"));
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("it broke\nbadly");
        }
    }

    @Test
    void anExceptionPrintsOneLineAndExits1() {
        CommandLine cl = Main.commandLine();
        cl.addSubcommand(new Boom());
        Run r = run(cl, "boom");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("strand boom: error: IllegalStateException: it "
                + "broke badly");
    }
}
