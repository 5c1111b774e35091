package dev.strand.cli.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JIT's processor time, read from the compiler threads while they compile. */
class JvmLoadTest {
    private static void thread(Path tasks, String tid, String comm, String schedstat) throws IOException {
        Path t = Files.createDirectories(tasks.resolve(tid));
        Files.writeString(t.resolve("comm"), comm + "\n");
        Files.writeString(t.resolve("schedstat"), schedstat + "\n");
    }

    @Test
    void onlyTheCompilerThreadsProcessorTimeIsSummed(@TempDir Path tasks) throws IOException {
        thread(tasks, "101", "C2 CompilerThre", "5000000 120 3");
        thread(tasks, "102", "C1 CompilerThre", "2000000 40 1");
        thread(tasks, "103", "strand-worker-0", "900000000 1 1");
        thread(tasks, "104", "GC Thread#0", "70000000 1 1");
        assertThat(JvmLoad.compilerCpuNanos(tasks)).isEqualTo(7_000_000L);
    }

    @Test
    void aThreadThatEndedWhileReadIsLeftOut(@TempDir Path tasks) throws IOException {
        thread(tasks, "101", "C2 CompilerThre", "5000000 120 3");
        Path gone = Files.createDirectories(tasks.resolve("102"));
        Files.writeString(gone.resolve("comm"), "C1 CompilerThre\n");        // no schedstat: it ended
        assertThat(JvmLoad.compilerCpuNanos(tasks)).isEqualTo(5_000_000L);
    }

    @Test
    void unreadableFiguresAreUnknown(@TempDir Path tasks) throws IOException {
        assertThat(JvmLoad.compilerCpuNanos(tasks.resolve("missing"))).isEqualTo(-1);
        thread(tasks, "101", "C2 CompilerThre", "not-a-number 1 1");
        assertThat(JvmLoad.compilerCpuNanos(tasks)).isEqualTo(-1);
    }

    @Test
    void aLinuxJvmsCompilerThreadsAreFound() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/task")), "Linux only");
        long before = JvmLoad.compilerCpuNanos(Path.of("/proc/self/task"));
        assertThat(before).as("the compiler threads have compiled the test runner by now").isPositive();
        JvmLoad.Mark m = JvmLoad.mark();
        assertThat(m.compilerCpuNanos()).isGreaterThanOrEqualTo(0);
        assertThat(JvmLoad.since(m).compile()).isBetween(0.0, 1.0);
    }
}
