package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cli.CliTest.Run;
import example.forkjoin.JavadocKernels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand profile} in-process: a small kernel, a program on a class path, bad input. */
class ProfileCliTest {

    /** The test classes' directory: the class path of the example programs. */
    static String testClasses() throws Exception {
        return Path.of(JavadocKernels.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    @Test
    void aKernelGetsItsProfileTheComparisonAndItsFiles(@TempDir Path dir) {
        Run r = CliTest.run("profile", "fib-cutoff", "--size", "small", "-p", "2", "--rounds", "1",
                "--warmup", "0", "--pause", "0", "--predict", "1,2,8", "--out", dir.toString(), "--no-progress");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("fib-cutoff (n=25 cutoff=12)", "Work/span profile at P=2",
                "Distortion at P=2: profiled ", "What the figures mean:");
        assertThat(r.out()).containsPattern("(?m)^  \\(all\\) +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ ");
        // measured, min, max, predicted, error, then the DAG alone and its error
        assertThat(r.out()).containsPattern(
                "(?m)^  1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[-+][0-9.]+% +[0-9.]+ +[-+][0-9.]+%$");
        assertThat(r.out()).containsPattern(
                "(?m)^  scheduler costs \\(measured\\): wake-up [0-9.]+ us \\(a run's first: [0-9.]+ us\\), ");
        assertThat(r.out()).containsPattern("(?m)^  +8 +[0-9.]+ +[0-9.]+x ");
        for (String f : List.of("fib-cutoff.txt", "fib-cutoff.csv", "fib-cutoff.json",
                "fib-cutoff-speedup.png", "fib-cutoff-time.png")) {
            assertThat(dir.resolve(f)).isNotEmptyFile();
        }
    }

    @Test
    void withoutSchedulerCostsTheReplayIsTheDagAlone(@TempDir Path dir) {
        Run r = CliTest.run("profile", "fib-cutoff", "--size", "small", "-p", "2", "--rounds", "1",
                "--warmup", "0", "--pause", "0", "--predict", "1,2", "--out", dir.toString(), "--no-progress",
                "--no-charts", "--no-scheduler-costs");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("no scheduler costs charged").doesNotContain("DAG alone ms");
        assertThat(r.out()).containsPattern("(?m)^  1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[-+][0-9.]+%$");
    }

    @Test
    void jsonHasTheBuildTheComparisonAndTheReplay(@TempDir Path dir) {
        Run r = CliTest.run("profile", "nqueens", "--size", "small", "--rounds", "2", "--warmup", "0",
                "--pause", "0", "-p", "1", "--predict", "4", "--out", dir.toString(), "--json");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        Map<?, ?> build = (Map<?, ?>) json.get("strand");
        assertThat(build.get("version")).isNotNull();
        assertThat(build.get("commit")).isNotNull();
        Map<?, ?> k = (Map<?, ?>) ((List<?>) json.get("kernels")).get(0);
        assertThat(k.get("kernel")).isEqualTo("nqueens");
        List<?> compare = (List<?>) k.get("compare");
        assertThat(compare).hasSize(2);
        assertThat(((Map<?, ?>) compare.get(0)).get("p")).isEqualTo(1L);
        assertThat(((Map<?, ?>) compare.get(1)).get("p")).isEqualTo(2L);
        assertThat((List<?>) k.get("replay")).hasSize(3);                 // 1, 2 and 4
        assertThat((List<?>) ((Map<?, ?>) k.get("profiled")).get("samplesMs")).hasSize(2);
        Map<?, ?> all = (Map<?, ?>) ((List<?>) ((Map<?, ?>) k.get("profile")).get("rows")).get(0);
        assertThat(all.get("name")).isEqualTo("(all)");
        assertThat(((Number) all.get("workMs")).doubleValue()).isPositive();
    }

    @Test
    void aProgramOnAClassPathGetsOneProfilePerPoolWithItsRegions(@TempDir Path dir) throws Exception {
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main",
                "example.forkjoin.JavadocKernels", "--predict", "1,4", "--out", dir.toString(),
                "--no-progress", "--", "18", "20000");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("example.forkjoin.JavadocKernels, 1 profiled pool(s)",
                "Pool 'javadoc'");
        assertThat(r.out()).containsPattern("(?m)^  Fibonacci +1 ");
        assertThat(r.out()).containsPattern("(?m)^  SortTask +1 ");
        // each region, entered around an invoke, is replayed alone at every P
        assertThat(r.out()).contains("Regions replayed alone");
        assertThat(r.out()).containsPattern("(?m)^  Fibonacci +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[+-]");
        assertThat(r.out()).containsPattern("(?m)^  SortTask +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[+-]");
        // the pools wrote no report as they closed (that is not the program's time): the command
        // writes the report of the run it shows, and the charts
        try (var files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertThat(names).noneMatch(n -> n.matches("javadoc-\\d+\\.txt"));
            assertThat(names).contains("JavadocKernels-javadoc.txt", "JavadocKernels-javadoc-speedup.png",
                    "JavadocKernels-javadoc-time.png", "JavadocKernels-javadoc-Fibonacci-speedup.png",
                    "JavadocKernels-javadoc-SortTask-time.png");
        }
        assertThat(System.getProperty("strand.profile")).isNull();       // restored
    }

    @Test
    void badInputGetsOneLineAndExitStatus2(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        String cp = testClasses();
        String out = dir.resolve("out").toString();
        Object[][] cases = {
            {new String[] {"profile", "nope"}, "unknown kernel 'nope' (kernels: fib, fib-cutoff, nqueens"},
            {new String[] {"profile", "idle"}, "unknown kernel 'idle'"},
            {new String[] {"profile"}, "name at least one kernel"},
            {new String[] {"profile", "--jar", dir.resolve("missing.jar").toString()}, "jar not found: "},
            {new String[] {"profile", "--class-path", cp, "--main", "example.Nope", "--out", out},
                "class example.Nope not found on the program's class path"},
            {new String[] {"profile", "--class-path", cp, "--main", "example.forkjoin.NoMain", "--out", out},
                "class example.forkjoin.NoMain has no public static void main(String[]) method"},
            {new String[] {"profile", "--class-path", cp, "--main", "example.forkjoin.NoPool", "--out", out},
                "the program ran no Strand pool"},
            {new String[] {"profile", "--class-path", cp}, "--class-path needs --main"},
            {new String[] {"profile", "--main", "x.Y"}, "--main needs --jar or --class-path"},
            {new String[] {"profile", "--class-path", dir.resolve("nowhere").toString(), "--main", "x.Y"},
                "class path entry not found: "},
            {new String[] {"profile", "fib", "--out", file.resolve("sub").toString()},
                "Invalid value for option '--out': cannot write to "},
            {new String[] {"profile", "fib", "--predict", "0"},
                "Invalid value for option '--predict': must be between 1 and 32768, got 0"},
            {new String[] {"profile", "fib", "--rounds", "0"},
                "Invalid value for option '--rounds': must be between 1 and 100, got 0"},
            {new String[] {"profile", "fib", "--set", "sort.n=5"}, "kernel sort is not selected (selected: fib)"},
            {new String[] {"profile", "fib", "--set", "fib.x=5"}, "kernel fib has no parameter 'x'"},
            {new String[] {"profile", "sort", "--size", "small", "-p", "1", "--rounds", "1", "--warmup", "0",
                "--pause", "0", "--out", out, "--no-progress"}, "kernel sort ran no task in the profiled pool"},
        };
        for (Object[] c : cases) {
            String[] args = (String[]) c[0];
            Run r = CliTest.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.errLines()).as(r.err()).hasSize(1);
            assertThat(r.err()).as(String.join(" ", args)).startsWith("strand profile: ").contains((String) c[1])
                    .doesNotContain("Exception", "\tat ");
        }
    }

    @Test
    void aProgramThatFailsExitsWith1(@TempDir Path dir) throws Exception {
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main",
                "example.forkjoin.JavadocKernels", "--out", dir.toString(), "--no-progress", "--",
                "not-a-number");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("the program failed: java.lang.NumberFormatException",
                ".JavadocKernels.main(").doesNotContain("picocli");
    }

    /** A program that fails after running a pool: its profile is printed, then the stack trace. */
    @Test
    void aProgramThatFailsShowsItsProfileAndStackTrace(@TempDir Path dir) throws Exception {
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main",
                "example.forkjoin.FailsAfterPool", "--out", dir.toString(), "--no-progress", "--warmup", "0");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("Pool 'doomed' (P = 2), until the program failed:");
        assertThat(r.out()).containsPattern("(?m)^  \\(all\\) +1 ");
        assertThat(r.err()).contains("the program failed: java.lang.IllegalStateException: the input was bad",
                "example.forkjoin.FailsAfterPool.main(FailsAfterPool.java:").doesNotContain("picocli");
    }

    /**
     * --runs: each round runs the program profiled, plain at its P and plain at one worker; the
     * output has the spread of the profiles, the measured times beside the prediction, the
     * distortion and the machine's load.
     */
    @Test
    void aProgramRunSeveralTimesIsMeasuredBesideItsPrediction(@TempDir Path dir) throws Exception {
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main", "example.shapes.Shapes",
                "--runs", "2", "--max-warmup", "1", "--predict", "1,2", "--no-charts", "--out", dir.toString(),
                "--no-progress", "--", "tree");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("1 warm-up + 2 measured round(s)", "Warm-up: 1 round(s); ",
                "This JVM's JIT compiled for ", "Pool 'tree' (P = 2):",
                "over the 2 profiled runs: work ", "measured without the profiler (median of 2 run(s))",
                "Distortion at P=2: profiled ");
        assertThat(r.out()).containsPattern("(?m)^  1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[-+][0-9.]+%$");
        assertThat(r.out()).containsPattern("(?m)^  2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[-+][0-9.]+%$");
        assertThat(System.getProperty("strand.profile")).isNull();
        assertThat(System.getProperty("strand.profile.parallelism")).isNull();
    }

    @Test
    void cpuTimeIsSaidInTheReport(@TempDir Path dir) throws Exception {
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main", "example.shapes.Shapes",
                "--cpu-time", "--warmup", "0", "--predict", "1,2", "--no-charts", "--out", dir.toString(),
                "--no-progress", "--", "tree");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("work and span in the workers' CPU time (--cpu-time)");
        assertThat(System.getProperty("strand.profile.clock")).isNull();
    }

    /**
     * Warm-up: --warmup 0 runs none (a program that cannot run twice), --max-warmup equal to
     * --warmup runs exactly that many, and above it the JIT's settling decides, within the bounds.
     * Each round, warm-up or measured, runs the program three times (profiled, plain at its P,
     * plain at one worker).
     */
    @Test
    void warmUpRunsWithinItsBoundsUntilTheJitSettles(@TempDir Path dir) throws Exception {
        assertThat(runsOf(dir, "0", "30")).isEqualTo(3L);
        assertThat(runsOf(dir, "2", "2")).isEqualTo(2 * 3 + 3L);
        assertThat(runsOf(dir, "1", "4")).isBetween(3 + 3L, 4 * 3 + 3L);
    }

    private static long runsOf(Path dir, String warmup, String maxWarmup) throws Exception {
        Path count = dir.resolve("runs-" + warmup + "-" + maxWarmup + ".txt");
        Run r = CliTest.run("profile", "--class-path", testClasses(), "--main", "example.forkjoin.CountsRuns",
                "--warmup", warmup, "--max-warmup", maxWarmup, "--predict", "1,2", "--no-charts",
                "--out", dir.toString(), "--no-progress", "--", count.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains(warmup.equals("0") ? "No warm-up" : "Warm-up: ");
        try (var lines = java.nio.file.Files.lines(count)) {
            return lines.count();
        }
    }
}
