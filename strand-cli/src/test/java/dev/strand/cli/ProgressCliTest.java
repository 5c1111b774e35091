package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar of {@code strand grain} (and bench, sim) in a separate JVM: none when standard
 * error is a pipe, drawn when it is a terminal.
 */
class ProgressCliTest {

    /** A short grain run that would draw a bar: no --no-progress, no --json. */
    private static final List<String> GRAIN = List.of("grain", "-p", "2", "-n", "64", "--reps", "1",
            "--warmup", "0", "--fib", "0", "--no-charts");

    private static List<String> javaCommand() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
    }

    private record Result(int code, String out, String err) { }

    private static Result run(List<String> cmd, Path dir) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile())           // a file: not a terminal
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("STRAND_NO_PROGRESS");
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Result(p.exitValue(), Files.readString(dir.resolve("out")),
                Files.readString(dir.resolve("err")));
    }

    @Test
    void noProgressBarWhenStandardErrorIsNotATerminal(@TempDir Path dir) throws Exception {
        List<String> cmd = javaCommand();
        cmd.addAll(GRAIN);
        Result r = run(cmd, dir);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("median-ms");
        assertThat(r.err()).doesNotContain("%", "\r", "grain", "[");
        // nothing else either (but the JVM's own note when the environment sets its options)
        assertThat(r.err().lines().filter(l -> !l.startsWith("Picked up ")).toList()).isEmpty();
    }

    /** The positive control: under a pseudo-terminal (util-linux script) the bar is drawn. */
    @Test
    void aProgressBarOnATerminal(@TempDir Path dir) throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "Linux only");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "needs util-linux script");
        List<String> inner = javaCommand();
        inner.addAll(GRAIN);
        // script runs the command with stdin, stdout and stderr on a new pseudo-terminal and copies
        // what it prints to its own stdout.
        String quoted = String.join(" ", inner.stream().map(a -> "'" + a.replace("'", "'\\''") + "'")
                .toList());
        Result r = run(List.of("/usr/bin/script", "-qefc", quoted, "/dev/null"), dir);
        assumeTrue(r.code() == 0 || !(r.out() + r.err()).contains("script: "),
                "script could not open a pseudo-terminal here: " + r.err());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("median-ms").containsPattern("grain +\\d+% *\\[");
    }
}
