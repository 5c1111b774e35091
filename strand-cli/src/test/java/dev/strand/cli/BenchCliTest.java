package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cli.CliTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand bench} in-process, at tiny sizes. */
class BenchCliTest {

    static Run run(String... args) {
        return CliTest.run(args);
    }

    @Test
    void smallRunPrintsOneCheckedRowPerVariant() {
        Run r = run("bench", "--size", "small", "--rounds", "2", "--warmup", "0", "--no-progress",
                "fib", "nqueens", "async-task", "spawnloop");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        String out = r.out();
        assertThat(out).startsWith("strand bench: P=2, size small, 0 warm-up + 2 measured round(s)");
        assertThat(out).containsPattern("(?m)^kernel +variant +median +speedup +vs fjp +cores +steals +others +kept");
        assertThat(out).containsPattern("(?m)^fib +serial +[0-9.]+ ms +- ");
        assertThat(out).containsPattern("(?m)^ +strand +[0-9.]+ ms +[0-9.]+x +[0-9.]+ ");
        assertThat(out).containsPattern("(?m)^nqueens +serial ");
        assertThat(out).containsPattern("(?m)^async-task +strand .* tasks/s");
        assertThat(out).containsPattern("(?m)^ +tpe +[0-9.]+ ms ");
        assertThat(out).containsPattern("peak queued \\d+, peak heap");
        // every strand row reports its deques' peak, with the serial program's where it is known
        assertThat(out).containsPattern("(?m)^fib +serial .*\\n +strand .*peak queued \\d+ \\(serial 19\\)");
        assertThat(out).containsPattern("(?m)^nqueens +serial .*\\n +strand .*peak queued \\d+$");
        assertThat(out).contains("2/2").doesNotContain("uts-t1");
        assertThat(out).contains("Parameters:").contains("nqueens         n=12 depth=3");
        assertThat(out).contains("Size small: a smoke test");
        // without --goals: comparisons only, no goal column, no goals
        assertThat(out).containsPattern("(?m)^kernel +variant +median +speedup +vs fjp +cores +steals +others +kept +per unit +notes");
        assertThat(out).doesNotContain("goal", "Goals", " met", "NOT met", " n/a");
    }

    @Test
    void theStrandVariantRunsOnBwosDequesWithDequeBwos() {
        Run r = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--no-progress",
                "--deque", "bwos", "--variants", "serial,strand,fjp", "fib", "async-task");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("strand bench: P=2, strand deque bwos, size small");
        assertThat(r.out()).containsPattern("(?m)^ +strand +[0-9.]+ ms +[0-9.]+x +[0-9.]+ ");
        assertThat(r.out()).containsPattern("(?m)^async-task +strand .* tasks/s");
    }

    @Test
    void theStrandVariantRunsWithRunNextSlots() {
        Run r = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--no-progress",
                "--run-next", "--variants", "strand,fjp", "async-task");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("strand bench: P=2, strand run-next slots, size small");
        assertThat(r.out()).containsPattern("(?m)^async-task +strand .* tasks/s");
    }

    /**
     * Eager splitting offers the second half of every join, so the owner of a 1,023-node sum queues
     * a frame at each level of the left spine; lazy splitting offers only when asked (one or two).
     */
    @Test
    void eagerSplittingOffersEveryJoin() {
        Run r = run("bench", "--size", "small", "--rounds", "1", "--warmup", "1", "--no-progress",
                "--eager-splitting", "--variants", "strand", "--json", "treesum-small");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(((Map<?, ?>) json.get("options")).get("eagerSplitting")).isEqualTo(true);
        Map<?, ?> kernel = (Map<?, ?>) ((List<?>) json.get("kernels")).get(0);
        Map<?, ?> strand = (Map<?, ?>) ((List<?>) kernel.get("summary")).get(0);
        assertThat((Double) ((Map<?, ?>) strand.get("extras")).get("peakQueued")).isGreaterThanOrEqualTo(5.0);
        Run header = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--no-progress",
                "--eager-splitting", "--variants", "strand", "treesum-small");
        assertThat(header.out()).startsWith("strand bench: P=2, strand eager splitting, size small");
    }

    @Test
    void goalsFromAFileJudgeTheStrandRows(@TempDir Path dir) throws Exception {
        Path goals = dir.resolve("goals.properties");
        Files.writeString(goals, """
                # a comment
                fib     = vs-fjp <= 0.5, p = 1
                nqueens = vs-fjp < 1000, speedup > 0

                uts-t1  = speedup >= 1.85
                """);
        Run r = run("bench", "--size", "small", "--rounds", "2", "--warmup", "0", "--no-progress",
                "--goals", goals.toString(), "fib", "nqueens");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        String out = r.out();
        assertThat(out).containsPattern("(?m)^kernel +variant +median .* +per unit +goal +notes");
        assertThat(out).containsPattern("(?m)^fib +serial .*");
        assertThat(out).containsPattern("(?m)^ +strand .* n/a");          // fib's goal is set at P=1
        assertThat(out).containsPattern("(?m)^ +strand .* met").doesNotContain("NOT met");   // nqueens
        assertThat(out).containsPattern("(?m)^Goals \\(from " + Pattern.quote(goals.toString()) + "\\):$");
        assertThat(out).containsPattern("(?m)^  fib +vs-fjp <= 0.5 \\(at P=1 only\\)$");
        assertThat(out).containsPattern("(?m)^  nqueens +vs-fjp < 1000, speedup > 0$");
        assertThat(out).doesNotContain("uts-t1");                          // not run: not listed

        Run json = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--json",
                "--goals", goals.toString(), "nqueens");
        assertThat(json.code()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> nq = (Map<String, Object>) ((List<Object>)
                CliTest.parseJsonDocument(json.out()).get("kernels")).get(0);
        assertThat(nq).containsEntry("goal", "vs-fjp < 1000, speedup > 0");
    }

    @Test
    void aBadGoalsFileGivesOneLineNamingTheProblemAndExit2(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {"fib = vs-fjp <= 0.5\nfibb = vs-fjp <= 1", "line 2: unknown kernel 'fibb' (kernels: fib, fib-cutoff"},
            {"fib = speed >= 2", "line 1: unknown measure 'speed' (measures: vs-fjp, speedup, median)"},
            {"fib = vs-fjp <= half", "line 1: not a number: 'half'"},
            {"fib = vs-fjp == 1", "line 1: expected MEASURE OP NUMBER (e.g. vs-fjp <= 1), got 'vs-fjp == 1'"},
            {"# goals\nfib", "line 2: expected KERNEL = CONDITION, got 'fib'"},
            {"fib = p = 1", "line 1: no condition for fib"},
            {"fib = vs-fjp <= 1, p = 0", "line 1: p must be a number of workers 1..256, got '0'"},
            {"fib = vs-fjp <= 1\nfib = speedup > 1", "line 2: a second goal for fib"},
        };
        for (String[] c : cases) {
            Path f = dir.resolve("goals.properties");
            Files.writeString(f, c[0]);
            Run r = run("bench", "--goals", f.toString(), "fib");
            assertThat(r.code()).as(c[0]).isEqualTo(2);
            assertThat(r.out()).as(c[0]).isEmpty();
            assertThat(r.errLines()).as(c[0]).hasSize(1);
            assertThat(r.err()).as(c[0]).startsWith("strand bench: Invalid value for option '--goals': " + f + ", " + c[1])
                    .contains("(see 'strand bench --help')");
        }
        Run missing = run("bench", "--goals", dir.resolve("nosuch.properties").toString(), "fib");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.errLines()).hasSize(1);
        assertThat(missing.err()).startsWith("strand bench: Invalid value for option '--goals': "
                + dir.resolve("nosuch.properties") + ": no such file");
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonHasEverySampleAndTheSummary(@TempDir Path dir) throws Exception {
        Run r = run("bench", "--size", "small", "--rounds", "3", "--warmup", "1", "--json", "-p", "2",
                "--quiet-below", "1", "--out", dir.toString(), "skynet", "sort");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(json.keySet()).containsExactly("strand", "machine", "options", "kernels");
        assertThat((Map<String, Object>) json.get("options")).containsEntry("parallelism", 2L)
                .containsEntry("rounds", 3L).containsEntry("size", "small")
                .containsEntry("gcBeforeRun", true).containsEntry("minSampleMs", 100.0)
                .containsEntry("deque", "chase-lev").containsKey("heapInitialMB");
        List<Object> kernels = (List<Object>) json.get("kernels");
        assertThat(kernels).hasSize(2);
        Map<String, Object> sort = (Map<String, Object>) kernels.get(0);      // suite order
        assertThat(sort).containsEntry("kernel", "sort").containsEntry("unit", "ms");
        assertThat((List<Object>) sort.get("samples")).hasSize(3 * 3);      // rounds x variants
        List<Object> summary = (List<Object>) sort.get("summary");
        assertThat(summary).extracting(o -> ((Map<String, Object>) o).get("variant"))
                .containsExactly("serial", "strand", "fjp");
        Map<String, Object> strand = (Map<String, Object>) summary.get(1);
        assertThat(strand).containsKeys("median", "speedup", "vsFjp", "cores", "steals", "othersBusy", "goal");
        assertThat((Double) strand.get("speedup")).isPositive();
        // skynet's small runs take well under 100 ms: their samples are batches, reported per run
        Map<String, Object> skynet = (Map<String, Object>) kernels.get(1);
        assertThat((List<Object>) skynet.get("samples"))
                .allSatisfy(o -> assertThat((Map<String, Object>) o).containsKey("reps"))
                .anySatisfy(o -> assertThat((Long) ((Map<String, Object>) o).get("reps")).isGreaterThan(1L));
        assertThat(Files.size(dir.resolve("speedup.png"))).isPositive();
        assertThat(Files.size(dir.resolve("vs-fjp.png"))).isPositive();
    }

    @Test
    void theBlockingKernelsReportThreadsAndBlockedTasksForBothRuntimes() {
        Run r = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--no-progress",
                "--set", "sleep-storm.tasks=20", "--set", "sleep-storm.sleep=2000", "sleep-storm");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).containsPattern("(?m)^sleep-storm +strand .*threads \\d+, blocked at once \\d+")
                .containsPattern("(?m)^ +fjp .*threads \\d+, blocked at once \\d+")
                .doesNotContainPattern("(?m)^ +serial ");
    }

    @Test
    void listNamesEveryKernelWithItsSizes() {
        Run r = run("bench", "--list");
        assertThat(r.code()).isZero();
        for (String k : List.of("fib", "fib-cutoff", "nqueens", "uts-t1", "uts-t3", "sort", "matmul", "quad",
                "skynet", "treesum", "treesum-small", "knapsack", "health", "async-external", "async-task",
                "async-tree", "async-chain", "spawnloop", "blocking", "sleep-storm", "idle", "wakeup")) {
            assertThat(r.out()).containsPattern("(?m)^" + k + " ");
        }
        assertThat(r.out()).contains("fib.n = 20 / 35 / 38");
        assertThat(r.out()).contains("uts-t1.tree = -t 1 -a 3 -d 6 -b 4 -r 19 / -t 1 -a 3 -d 10 -b 4 -r 19");
        assertThat(r.out()).contains("wakeup.warm = 200 / 20000 / 20000");
        assertThat(r.out()).contains("treesum.depth = 16 / 24 / 25", "health.input = test / small / medium");
    }

    @Test
    void helpExplainsTheColumnsAndOptions() {
        Run r = run("bench", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("How to read the table", "speedup", "vs fjp", "cores", "steals", "others",
                "--quiet-below", "--size", "--json", "--out", "--list", "--set", "--rounds", "--warmup", "--pause", "--ceiling",
                "--[no-]gc", "--min-sample", "runs/sample", "default: the available", "default: 5", "Exit status",
                "--goals=FILE", "docs/bench/goals.properties", "--deque=chase-lev|bwos", "--run-next",
                "--eager-splitting");
    }

    @Test
    void badArgumentsPrintOneLineAndExit2() {
        String[][] cases = {
            {"bench", "nosuch"},
            {"bench", "--size", "huge"},
            {"bench", "--set", "fib.m=3"},
            {"bench", "--set", "nosuch.n=3"},
            {"bench", "--set", "fibn=3"},
            {"bench", "--set", "fib.n=99", "fib"},
            {"bench", "--set", "nqueens.n=12", "fib"},
            {"bench", "--quiet-below", "2"},
            {"bench", "--variants", "fast"},
            {"bench", "--rounds", "0"},
            {"bench", "--pause", "-1"},
            {"bench", "--min-sample", "-1"},
            {"bench", "-p", "0"},
            {"bench", "--variants", "tpe", "fib"},
            {"bench", "--deque", "lifo"},
        };
        for (String[] args : cases) {
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.errLines()).as(String.join(" ", args)).hasSize(1);
            assertThat(r.err()).startsWith("strand bench: ").contains("(see 'strand bench --help')");
            assertThat(r.out()).isEmpty();
        }
        assertThat(run("bench", "nosuch").err()).contains("unknown kernel 'nosuch' (kernels: fib, fib-cutoff");
        assertThat(run("bench", "--set", "fib.n=99", "fib").err()).contains("Invalid value for option '--set': fib.n must be between 0 and 46, got 99");
        assertThat(run("bench", "--size", "huge").err()).contains("'huge' is not one of small, default, large");
        assertThat(run("bench", "--deque", "lifo").err()).contains("'lifo' is not one of chase-lev, bwos");
    }

    /**
     * In a JVM of its own (this one's common pool is long started): the bench sets the common
     * pool's parallelism to P, so that the jdk variant's {@code Arrays.parallelSort} splits for P
     * workers; nothing before it, not even reading the numbers of the arguments, may start the
     * common pool first.
     */
    @Test
    void theCommonPoolGetsParallelismP(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "bench", "fib", "--size", "small", "-p", "3", "--rounds", "1", "--warmup", "0", "--min-sample", "0",
                "--variants", "serial", "--json")
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("err"))).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(Files.readString(dir.resolve("out")));
        assertThat(((Map<?, ?>) json.get("machine")).get("commonPoolParallelism")).isEqualTo(3L);
    }

    /**
     * {@code --alone}: each kernel runs in a JVM of its own (the parent runs none), and the one
     * table and the one JSON document hold every kernel's rows as a shared run would.
     */
    @Test
    void aloneRunsEachKernelInItsOwnJvmAndPrintsOneTable() {
        Run r = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--no-progress",
                "--variants", "serial,strand", "--alone", "fib", "nqueens");
        assertThat(r.code()).as(r.err()).isZero();
        String out = r.out();
        assertThat(out).startsWith("strand bench: P=2, size small, 0 warm-up + 1 measured round(s) per kernel, "
                + "each kernel alone in a fresh JVM");
        assertThat(out).containsPattern("(?m)^fib +serial +[0-9.]+ ms ");
        assertThat(out).containsPattern("(?m)^nqueens +serial +[0-9.]+ ms .*\n +strand +[0-9.]+ ms +[0-9.]+x ");
        assertThat(out).doesNotContainPattern("(?m)^ +fjp ");
        assertThat(out).contains("nqueens         n=12 depth=3");

        Run j = run("bench", "--size", "small", "--rounds", "1", "--warmup", "0", "--variants", "strand",
                "--alone", "--json", "fib", "treesum-small");
        assertThat(j.code()).as(j.err()).isZero();
        assertThat(j.out()).contains("\"alone\": true").contains("\"kernel\": \"fib\"")
                .contains("\"kernel\": \"treesum-small\"");
    }

}
