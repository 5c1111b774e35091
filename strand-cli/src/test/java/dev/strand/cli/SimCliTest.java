package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand sim} on tiny DAGs: output shape, files, JSON, bad arguments. */
class SimCliTest {

    static String[] small(Path out, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("sim", "--dags", "tree:8,fib:10",
                "--max-p", "8", "--seeds", "2", "--space-dag", "loop:50:4", "--grain-n", "1024",
                "--grain-p", "4", "--no-progress", "--out", out.toString()));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    @Test
    void sweepPrintsOneRowPerDagAndPAndWritesCsvAndCharts(@TempDir Path dir) throws IOException {
        CliTest.Run r = CliTest.run(small(dir));
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("strand sim: ws-cont-one-uniform, steal cost 1");
        Matcher row = Pattern.compile("(?m)^(tree\\(8\\)|fib\\(10\\)) +(\\d+) +(\\d+) +(\\d+) +\\d+ +"
                + "(\\d+) +[\\d.]+ +([\\d.]+) +([\\d.]+) +([\\d.]+) +([\\d.]+) +([\\d.]+) +([\\d.]+)"
                + " +(\\d+) +([\\d.]+|-) +([\\d.]+)$")
                .matcher(r.out());
        int rows = 0;
        while (row.find()) {
            rows++;
            int p = Integer.parseInt(row.group(2));
            long t1 = Long.parseLong(row.group(3));
            long span = Long.parseLong(row.group(4));
            long tp = Long.parseLong(row.group(5));
            assertThat(p).isIn(1, 2, 4, 8);
            assertThat(tp * p).isGreaterThanOrEqualTo(t1);            // the work law
            assertThat(tp).isGreaterThanOrEqualTo(span);              // the span law
            assertThat(Double.parseDouble(row.group(6)))              // median <= max
                    .isLessThanOrEqualTo(Double.parseDouble(row.group(7)));
            assertThat(Double.parseDouble(row.group(11))).isLessThanOrEqualTo(1.0);  // P*S1
            if (p == 1) {
                assertThat(tp).isEqualTo(t1);
                assertThat(row.group(8)).isEqualTo("0.000");          // no steal attempts
                assertThat(row.group(12)).isEqualTo("0");             // no steals
                assertThat(row.group(13)).isEqualTo("-");             // so no work per steal
                assertThat(row.group(14)).isEqualTo("0.0");           // and no idle step
            } else {
                assertThat(Double.parseDouble(row.group(14))).isBetween(0.0, 100.0);
            }
        }
        assertThat(rows).as(r.out()).isEqualTo(8);
        List<String> csv = Files.readAllLines(dir.resolve("sim.csv"));
        // header + sweep 2 DAGs x 4 P x 2 seeds + space 2 policies x 4 P x 2 seeds + 6 grains
        assertThat(csv).hasSize(1 + 16 + 16 + 6);
        assertThat(csv.get(0)).startsWith("chart,dag,policy,P,seed,T1,Tinf,S1,T_P,");
        assertThat(csv).allSatisfy(l -> assertThat(l.split(",(?![^(]*\\))")).hasSize(26));
        for (String png : List.of("speedup.png", "steals.png", "space.png", "grain.png")) {
            assertThat(dir.resolve(png)).exists();
            assertThat(Files.size(dir.resolve(png))).isGreaterThan(1000);
            assertThat(r.out()).contains("wrote " + dir.resolve(png));
        }
    }

    @Test
    void jsonIsOneParsableObjectWithTheRatios(@TempDir Path dir) {
        CliTest.Run r = CliTest.run(small(dir, "--json", "--no-charts", "--spawn", "CHILD",
                "--steal", "half", "--victims", "coprime"));
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(json).containsEntry("policy", "ws-child-half-coprime").containsEntry("seeds", 2L);
        List<?> rows = (List<?>) json.get("rows");
        assertThat(rows).hasSize(8);
        for (Object o : rows) {
            Map<?, ?> row = (Map<?, ?>) o;
            assertThat(row.keySet().stream().map(String::valueOf).toList()).contains("dag", "P", "T1", "Tinf", "S1", "medianTP",
                    "timeRatio", "stealRatio", "spaceRatio");
            Map<?, ?> time = (Map<?, ?>) row.get("timeRatio");
            assertThat((Double) time.get("median")).isLessThanOrEqualTo((Double) time.get("max"));
        }
        assertThat(((List<?>) json.get("files")).stream().map(String::valueOf).toList())
                .containsExactly(dir.resolve("sim.csv").toString());
    }

    @Test
    void referenceSchedulersAndVariantsRun(@TempDir Path dir) {
        for (String[] extra : new String[][] {{"--scheduler", "greedy"}, {"--scheduler", "pdf"},
                {"--scheduler", "sharing"}, {"--multiprogrammed", "2"}, {"--feedback"},
                {"--victims", "hierarchical", "--topology", "2,4", "--remote-latency", "3"},
                {"--split", "lazy"}, {"--split", "heartbeat:16", "--spawn", "child"}}) {
            CliTest.Run r = CliTest.run(small(dir, concat(extra, "--no-charts")));
            assertThat(r.code()).as(String.join(" ", extra) + ": " + r.err()).isZero();
        }
    }

    private static String[] concat(String[] a, String b) {
        String[] c = java.util.Arrays.copyOf(a, a.length + 1);
        c[a.length] = b;
        return c;
    }

    @Test
    void badArgumentsPrintOneLineAndExit2(@TempDir Path dir) {
        String[][] cases = {{"--max-p", "0"}, {"--seeds", "0"}, {"--dags", "nope:3"},
            {"--dags", "fib:x"}, {"--dags", "tree:99"}, {"--dags", "fib"}, {"--steal", "all"},
            {"--topology", "4,6"}, {"--scheduler", "greedy", "--multiprogrammed", "2"},
            {"--steal-cost", "0"}, {"--grain-tau", "0"}, {"--bogus"}, {"--split", "heartbeat:0"},
            {"--split", "sometimes"}, {"--split", "lazy", "--scheduler", "pdf"},
            {"--split", "heartbeat:9", "--feedback"}};
        for (String[] c : cases) {
            CliTest.Run r = bad(dir, c);
            assertThat(r.code()).as(String.join(" ", c)).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).as(r.err()).hasSize(1);
            assertThat(r.err()).startsWith("strand sim: ").contains("--help");
        }
        assertThat(bad(dir, "--dags", "nope:3").err()).contains("unknown DAG 'nope'");
        assertThat(bad(dir, "--dags", "tree:99").err()).contains("tree depth must be 0..61, got 99");
        assertThat(bad(dir, "--steal", "all").err()).contains("'all' is not one of one, half");
        assertThat(bad(dir, "--split", "heartbeat:0").err()).contains("a beat of 1 or more work steps");
        assertThat(bad(dir, "--split", "lazy", "--scheduler", "pdf").err())
                .contains("--split lazy applies to work stealing, not to --scheduler pdf");
        assertThat(bad(dir, "--max-p", "0").err())
                .contains("Invalid value for option '--max-p': must be between 1 and 65536, got 0");
        assertThat(bad(dir, "--steal-cost", "0").err())
                .contains("Invalid value for option '--steal-cost': must be at least 1, got 0");
    }

    /** Runs {@code sim} with only {@code args} (each case fails before simulating anything). */
    private static CliTest.Run bad(Path dir, String... args) {
        List<String> a = new java.util.ArrayList<>(List.of("sim", "--no-progress", "--out",
                dir.toString()));
        a.addAll(List.of(args));
        return CliTest.run(a.toArray(new String[0]));
    }

    @Test
    void helpExplainsEveryOptionWithItsDefault() {
        CliTest.Run r = CliTest.run("sim", "--help");
        assertThat(r.code()).isZero();
        String text = r.out().replaceAll("\\s+", " ");
        assertThat(text.replace(" ", "")).contains("(default:tree:17,fib:25,uts-geo:4:8:5)");
        assertThat(text).contains("--dags=SPEC[,SPEC...]",
                "--max-p=P", "(default: 4096)", "--seeds=N", "(default: 3)", "--seed=S",
                "--scheduler=stealing|sharing|greedy|pdf", "(default: stealing)",
                "--spawn=continuation|child", "(default: continuation)", "--steal=one|half",
                "--victims=VICTIMS", "'localized_hierarchical', both", "(default: uniform)",
                "--multiprogrammed=P_A", "--no-yield", "--feedback", "--steal-cost=STEPS",
                "--remote-latency=STEPS", "--topology=flat|SOCKET,NODE", "(default: flat",
                "--space-dag=SPEC", "(default: loop:1000:64", "--grain-n=N", "--grain-tau=UNITS",
                "--grain-p=P", "--out=DIR", "(default: sim-out)", "--no-charts", "--json",
                "--no-progress", "DAG forms:");
        assertThat(CliTest.run("--help").out()).contains("sim");
    }

    @Test
    void clusterSweepsBandwidthAndSizeAndWritesCsvAndCharts(@TempDir Path dir) throws IOException {
        CliTest.Run r = CliTest.run(new String[] {"sim", "cluster", "--nodes", "3", "--cores", "2",
            "--jobs-per-node", "8", "--large-mb", "0.01,100", "--mbits", "10..1000", "--out", dir.toString()});
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("strand sim cluster: 3 nodes x 2 cores, 24 jobs");
        List<String> csv = Files.readAllLines(dir.resolve("cluster.csv"));
        // header + (2 sizes + the makespan chart's 10 MB) x 9 bandwidths (4 a decade, 10..1000)
        assertThat(csv).hasSize(1 + 3 * 9);
        // 100 MB inputs at 10 Mbit/s: the cost-aware rule far ahead of plain stealing.
        String slow = csv.stream().filter(l -> l.startsWith("100,10,")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(slow.split(",", -1)[5])).isLessThan(0.5);
        assertThat(dir.resolve("cluster-ratio.png")).exists();
        assertThat(dir.resolve("cluster-makespan.png")).exists();
        CliTest.Run bad = CliTest.run(new String[] {"sim", "cluster", "--mbits", "100..10", "--out", dir.toString()});
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--mbits");
    }
}
