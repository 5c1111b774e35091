package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand grain} and the new {@code demo} options, run in-process with tiny sizes. */
class GrainCliTest {

    @Test
    void grainPrintsBothSweepsAndWritesTheCharts(@TempDir Path dir) throws Exception {
        Path charts = dir.resolve("charts");
        Path chart = charts.resolve("grain.png");
        CliTest.Run r = CliTest.run("grain", "-p", "2", "-n", "1000", "--reps", "1", "--warmup", "0",
                "--fib", "10", "--out", charts.toString(), "--no-progress");

        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        String out = r.out();
        assertThat(out).contains("parallel sum of n = 1000 longs", "P=2");
        // one row per power of two up to n, then n itself, then serial and auto
        for (String g : List.of("1", "2", "512", "1000", "serial", "auto")) {
            assertThat(out).containsPattern("(?m)^  " + g + " ");
        }
        assertThat(out).containsPattern("(?m)^  1 +1000 ");        // grain 1: one task per element
        assertThat(out).containsPattern("(?m)^  1000 +1 ");        // grain n: one task
        assertThat(out).contains("fib(10) forking down to a cutoff", "best cutoff", "best grain");
        assertThat(out).containsPattern("(?m)^  10 +1 ");          // cutoff = n: one task
        assertThat(Files.size(chart)).isPositive();
        assertThat(Files.size(charts.resolve("grain-fib.png"))).isPositive();
        assertThat(out).contains("Chart: " + chart);
        // the header and the rows are aligned: every row has the same width up to "vs-serial"
        List<String> rows = out.lines().filter(l -> l.matches("  (\\d+|serial|auto) .*")).toList();
        int col = out.lines().filter(l -> l.contains("median-ms")).findFirst().orElseThrow()
                .indexOf("median-ms") + "median-ms".length();
        assertThat(rows).allSatisfy(l -> assertThat(l.charAt(col - 1)).isNotEqualTo(' '));
    }

    @Test
    void grainJsonHasEverySample() {
        CliTest.Run r = CliTest.run("grain", "-p", "2", "-n", "64", "--reps", "3", "--warmup", "1",
                "--fib", "0", "--no-charts", "--json");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(json).containsEntry("parallelism", 2L).containsEntry("reps", 3L)
                .containsEntry("ok", true).doesNotContainKey("fib");
        Map<?, ?> sum = (Map<?, ?>) json.get("sum");
        List<?> points = (List<?>) sum.get("points");
        assertThat(points).hasSize(7);                              // 1, 2, 4, ..., 64
        Map<?, ?> first = (Map<?, ?>) points.get(0);
        assertThat(first.get("grain")).isEqualTo(1L);
        assertThat(first.get("tasks")).isEqualTo(64L);
        assertThat((List<?>) first.get("samplesMs")).hasSize(3);
        assertThat((List<?>) first.get("sampleOthersBusy")).hasSize(3);
        assertThat(((Map<?, ?>) sum.get("serial")).get("tasks")).isEqualTo(-1L);
        assertThat((List<?>) json.get("charts")).isEmpty();
    }

    @Test
    void grainBadArgumentsPrintOneLineAndExit2() {
        for (String[] args : new String[][] {
                {"grain", "-n", "0"}, {"grain", "--reps", "0"}, {"grain", "--fib", "41"},
                {"grain", "--warmup", "-1"}, {"grain", "-p", "0"}, {"grain", "--bogus"},
                {"grain", "-n", "x"}, {"demo", "--grain", "0"}, {"demo", "--elements", "0"},
                {"demo", "--depths", "3,99"}, {"demo", "--fib", "-1"}}) {
            CliTest.Run r = CliTest.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains("--help");
        }
        assertThat(CliTest.run("grain", "--reps", "0").err())
                .startsWith("strand grain: Invalid value for option '--reps': must be between 1");
    }

    @Test
    void grainHelpExplainsEveryOptionWithItsDefault() {
        CliTest.Run r = CliTest.run("grain", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("-p, --parallelism=P", "--steal=one|half",
                "--join=greedy|stalling", "-n, --elements=N", "(default: 2^22 = 4194304)",
                "-r, --reps=R", "(default: 5)", "--warmup=W", "(default: 3)", "--fib=N",
                "(default: 30)", "--out=DIR", "--no-charts", "--no-progress",
                "--json", "-h, --help", "U-shaped");
        assertThat(r.out().replaceAll("\\s+", "")).contains("grain.png(thesum)andgrain-fib.png",
                "(default:thecurrentfolder)", "'others%'istheshare");
        assertThat(r.err()).isEmpty();                               // no picocli format warning
        assertThat(CliTest.run("--help").out()).contains("grain");
    }

    @Test
    void demoOptionsChangeTheSizes() {
        CliTest.Run r = CliTest.run("demo", "-p", "2", "-n", "10000", "-g", "100", "--depths", "3,5",
                "--fib", "15");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("parSum: got=495000 want=495000 tasks=128 (n/grain≈100)",
                "parMergeSort sorted correctly: true", "fib(15) = 610");
        assertThat(r.out()).containsPattern("depth= 3 nodes=\\s+15 ");
        assertThat(r.out()).containsPattern("depth= 5 nodes=\\s+63 ");
    }
}
