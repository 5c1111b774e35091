package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code strand soak}, run in-process for a few seconds with a fixed seed. */
class SoakCliTest {

    @Test
    void aShortSoakWithAFixedSeedPassesAndPrintsTheSummary() {
        CliTest.Run r = CliTest.run("soak", "--duration", "6s", "--seed", "7", "-p", "2",
                "--pools", "2", "--progress-every", "1s");
        assertThat(r.err()).as(r.out()).isEmpty();
        assertThat(r.code()).as(r.out()).isZero();
        String out = r.out();
        assertThat(out).startsWith("soak: 6s, seed 7, 2 pools, P=2");
        assertThat(out).containsPattern("(?m)^\\[ *\\ds\\] runs \\d+ .* failures 0 heap [\\d.]+ MiB "
                + "threads \\d+$");
        assertThat(out).containsPattern("(?m)^summary: \\d+ workloads in \\ds, 0 failed \\(seed 7\\)$");
        for (String w : new String[] {"fork-tree", "join", "scope", "executor", "exceptions",
                "cancel", "deep-recursion", "lifecycle", "cross-pool", "parallel"}) {
            assertThat(out).containsPattern("(?m)^  " + w + " +\\d+ +0$");
        }
        assertThat(out).contains("heap after GC: first quarter max", ": flat");
        assertThat(out).containsPattern("threads: \\d+ at start, \\d+ at the end \\(limit \\d+\\), "
                + "pool workers still alive: 0: flat");
        assertThat(out).endsWith("soak: OK" + System.lineSeparator());
    }

    @Test
    void onlyRunsOneWorkload() {
        CliTest.Run r = CliTest.run("soak", "--duration", "1s", "--seed", "3", "--pools", "1",
                "-p", "1", "--only", "cross-pool", "--no-deep-recursion");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("workloads: cross-pool;").containsPattern("(?m)^  cross-pool +\\d+ +0$")
                .doesNotContain("  fork-tree ");
    }

    @Test
    void jsonIsOneObjectWithTheRunsAndTheChecks() {
        CliTest.Run r = CliTest.run("soak", "--duration", "2s", "--seed", "5", "--pools", "1",
                "-p", "2", "--only", "join", "--progress-every", "200ms", "--json");
        assertThat(r.err()).as(r.out()).isEmpty();
        assertThat(r.code()).as(r.out()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(json).containsEntry("seed", 5L).containsEntry("duration", "2s")
                .containsEntry("failed", 0L).containsEntry("ok", true).containsEntry("hang", null);
        List<?> workloads = (List<?>) json.get("workloads");
        assertThat(workloads).hasSize(1);
        Map<?, ?> join = (Map<?, ?>) workloads.get(0);
        assertThat(join.get("workload")).isEqualTo("join");
        assertThat((Long) join.get("runs")).isPositive().isEqualTo(json.get("runs"));
        assertThat(((Map<?, ?>) json.get("heap")).get("ok")).isEqualTo(true);
        assertThat(((Map<?, ?>) json.get("threads")).get("ok")).isEqualTo(true);
        assertThat((List<?>) json.get("heapMiB")).isNotEmpty();
    }

    @Test
    void helpExplainsTheCommand() {
        for (String h : new String[] {"--help", "-h"}) {
            CliTest.Run r = CliTest.run("soak", h);
            assertThat(r.code()).isZero();
            assertThat(r.out()).contains("Usage: strand soak").contains("--duration")
                    .contains("fork-tree");
        }
    }

    @Test
    void badOptionsPrintOneLineNamingTheProblemAndExit2() {
        String[][] cases = {
            {"--duration", "10x"}, {"--duration", "0s"}, {"--pools", "0"}, {"--pools", "x"},
            {"--only", "nope"}, {"--timeout", "0s"}, {"-p", "0"}, {"--seed", "abc"},
            {"--only", "deep-recursion", "--no-deep-recursion"}, {"--bogus"},
        };
        String[] names = {"--duration", "--duration", "--pools", "--pools", "--only", "--timeout",
            "--parallelism", "--seed", "--only", "--bogus"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "soak";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            CliTest.Run r = CliTest.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).as(r.err()).hasSize(1);
            assertThat(r.err()).startsWith("strand soak: ").contains(names[i]).contains("--help");
        }
        assertThat(CliTest.run("soak", "--duration", "10x").err())
                .contains("'10x' is not a duration");
        assertThat(CliTest.run("soak", "--only", "nope").err()).contains("fork-tree");
    }
}
