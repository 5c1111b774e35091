package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cli.CliTest.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand bench --page FILE}: the page's structure after a tiny run (not its timings). */
class BenchReportCliTest {

    @Test
    void aTinyRunWritesThePageAndItsCharts(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("docs/benchmarks.md");
        Run r = CliTest.run("bench", "--page", page.toString(), "--size", "small", "--rounds", "2",
                "--warmup", "0", "-p", "2", "--no-progress", "fib", "nqueens");
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        // The table as without --page, then the charts and the page.
        assertThat(r.out()).startsWith("strand bench: P=2, size small, 0 warm-up + 2 measured round(s)");
        assertThat(r.out()).containsPattern("(?m)^fib +serial +[0-9.]+ ms ");
        assertThat(r.out()).contains("chart: " + dir.resolve("docs/bench/speedup.png"));
        assertThat(r.out()).endsWith("page: " + page + System.lineSeparator());

        // The charts go beside the page, in bench/, and the page links them relatively.
        Path charts = dir.resolve("docs/bench");
        assertThat(Files.size(charts.resolve("speedup.png"))).isPositive();
        assertThat(Files.size(charts.resolve("vs-fjp.png"))).isPositive();

        String md = Files.readString(page);
        assertThat(md).startsWith("# Benchmarks\n");
        // The command that made it, as typed after "report".
        assertThat(md).contains("./strand bench --page " + page + " --size small --rounds 2 --warmup 0 -p 2"
                + " --no-progress fib nqueens");
        assertThat(md).contains("[notes/benchmark-log.md](notes/benchmark-log.md)");
        // The machine and the run are stated.
        assertThat(md).contains("## Machine and run");
        assertThat(md).containsPattern("(?m)^\\| date \\| \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\|$");
        assertThat(md).containsPattern("(?m)^\\| CPU \\| .+ \\|$");
        assertThat(md).containsPattern("(?m)^\\| processors available to the JVM \\| \\d+ \\|$");
        assertThat(md).containsPattern("(?m)^\\| memory \\| .+ \\|$");
        assertThat(md).containsPattern("(?m)^\\| JDK \\| \\d+.* \\|$");
        assertThat(md).containsPattern("(?m)^\\| OS \\| .+ \\|$");
        assertThat(md).containsPattern("(?m)^\\| load average \\(1, 5, 15 min\\) \\| before .+; after .+ \\|$");
        assertThat(md).contains("| method | P=2, size small, 0 warm-up + 2 measured round(s) per kernel");
        assertThat(md).contains("A time is the median over the 2 rounds, with their range beside it.");
        // The summary: one line per kernel with Strand, ForkJoinPool and serial, and the charts.
        assertThat(md).contains("## Summary");
        assertThat(md).containsPattern("(?m)^\\| fib \\| [0-9.]+ ms \\| [0-9.]+ ms \\| [0-9.]+ ms \\| [0-9.]+ \\| [0-9.]+x \\| [0-9.]+x \\|$");
        assertThat(md).containsPattern("(?m)^\\| nqueens \\| [0-9.]+ ms \\| ");
        assertThat(md).contains("](bench/speedup.png)").contains("](bench/vs-fjp.png)");
        // Every row, with the range of its rounds beside the median and the ratios.
        assertThat(md).contains("## All rows");
        assertThat(md).containsPattern("(?m)^\\| fib \\| serial \\| [0-9.]+ ms \\| [0-9.]+–[0-9.]+ \\| - \\| [0-9.]+ \\([0-9.]+–[0-9.]+\\) \\|");
        assertThat(md).containsPattern("(?m)^\\| fib \\| strand \\| [0-9.]+ ms \\| [0-9.]+–[0-9.]+ \\| [0-9.]+x \\([0-9.]+–[0-9.]+\\) \\| [0-9.]+ \\([0-9.]+–[0-9.]+\\) \\|.* \\| 2/2 \\|");
        assertThat(md).containsPattern("(?m)^\\| fib \\| fjp \\| [0-9.]+ ms \\| [0-9.]+–[0-9.]+ \\| [0-9.]+x \\([0-9.]+–[0-9.]+\\) \\| - \\|");
        assertThat(md).contains("## Kernels and parameters").contains("- `nqueens`: n=12 depth=3");
        assertThat(md).doesNotContain("NaN");
    }

    @Test
    void aPageIsNotMadeWithJsonOrAlone(@TempDir Path dir) {
        for (String other : new String[] {"--json", "--alone"}) {
            Run r = CliTest.run("bench", "--page", dir.resolve("b.md").toString(), other, "fib");
            assertThat(r.code()).as(other).isEqualTo(2);
            assertThat(r.err()).contains("not with " + other);
            assertThat(dir.resolve("b.md")).doesNotExist();
        }
    }
}
