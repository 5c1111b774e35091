package dev.strand.cli.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressTest {

    @Test
    void terminalDevicesAreTheTerminalsOnly() {
        assertThat(Progress.isTerminalDevice("/dev/pts/3")).isTrue();
        assertThat(Progress.isTerminalDevice("/dev/tty1")).isTrue();
        assertThat(Progress.isTerminalDevice("/dev/console")).isTrue();
        assertThat(Progress.isTerminalDevice("pipe:[123456]")).isFalse();
        assertThat(Progress.isTerminalDevice("socket:[99]")).isFalse();
        assertThat(Progress.isTerminalDevice("/dev/null")).isFalse();
        assertThat(Progress.isTerminalDevice("/tmp/bench.log")).isFalse();
    }

    @Test
    void aDescriptorIsReadFromItsProcLink(@TempDir Path dir) throws Exception {
        Path pipe = Files.createSymbolicLink(dir.resolve("2"), Path.of("pipe:[4242]"));
        Path pts = Files.createSymbolicLink(dir.resolve("1"), Path.of("/dev/pts/0"));
        assertThat(Progress.fdIsTerminal(pipe)).contains(false);
        assertThat(Progress.fdIsTerminal(pts)).contains(true);
        assertThat(Progress.fdIsTerminal(dir.resolve("nosuch"))).isEqualTo(Optional.empty());
    }

    /** Surefire runs the tests with standard error on a pipe: no bar, even when enabled. */
    @Test
    void noBarWhenStandardErrorIsNotATerminal() {
        assertThat(Progress.stderrIsTerminal()).isFalse();
        try (Progress p = Progress.start("test", 10, true)) {
            assertThat(p.shown()).isFalse();
            p.step();
            p.note("ignored");
        }
    }

    @Test
    void aShownBarDrawsItsTaskAndPercentage() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Progress p = Progress.start("sweep", 4, true, new PrintStream(bytes, true,
                StandardCharsets.UTF_8))) {
            assertThat(p.shown()).isTrue();
            for (int i = 0; i < 4; i++) {
                p.step();
            }
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("sweep", "100%", "4/4");

        ByteArrayOutputStream none = new ByteArrayOutputStream();
        try (Progress p = Progress.start("sweep", 4, false, new PrintStream(none, true,
                StandardCharsets.UTF_8))) {
            p.step();
        }
        assertThat(none.size()).isZero();
    }
}
