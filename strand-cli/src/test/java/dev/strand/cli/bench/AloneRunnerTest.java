package dev.strand.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What {@code bench --alone} passes on to each kernel's JVM. */
class AloneRunnerTest {

    @Test
    void eachChildGetsTheOptionsButNeitherTheKernelsNorWhatTheParentPrints() {
        List<String> given = List.of("fib", "--rounds", "3", "--alone", "--out", "target/x", "--set", "fib.n=30",
                "--json", "treesum", "--out=y", "-p", "2", "--no-progress", "all");
        assertThat(AloneRunner.passOn(given, Set.of("fib", "treesum")))
                .containsExactly("--rounds", "3", "--set", "fib.n=30", "-p", "2");
    }

    @Test
    void aKernelNameAsAnOptionValueStaysWithItsOption() {
        assertThat(AloneRunner.passOn(List.of("--variants", "strand", "fib"), Set.of("fib")))
                .containsExactly("--variants", "strand");
    }
}
