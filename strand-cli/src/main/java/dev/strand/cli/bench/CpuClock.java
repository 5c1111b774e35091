package dev.strand.cli.bench;

import dev.strand.cli.out.MachineLoad;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's CPU time in nanoseconds, precise enough for runs of a few milliseconds: on Linux
 * the sum over its threads of {@code /proc/self/task/<tid>/schedstat} (first field: time on CPU in
 * ns; JIT and GC threads included). Elsewhere {@link MachineLoad#processCpuNanos()}, which Linux
 * counts in 10 ms clock ticks.
 */
final class CpuClock {
    private CpuClock() { }

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final boolean SCHEDSTAT = schedstat() > 0;

    /** @return the name of the clock, for reports */
    static String name() {
        return SCHEDSTAT ? "sum of /proc/self/task/*/schedstat" : "OperatingSystemMXBean.getProcessCpuTime";
    }

    /** @return CPU nanoseconds used by the process so far */
    static long processNanos() {
        if (SCHEDSTAT) {
            long v = schedstat();
            if (v >= 0) {
                return v;
            }
        }
        return MachineLoad.processCpuNanos();
    }

    private static long schedstat() {
        long sum = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(TASKS)) {
            for (Path task : ds) {
                try {
                    String s = Files.readString(task.resolve("schedstat"));
                    int sp = s.indexOf(' ');
                    sum += Long.parseLong(sp < 0 ? s.trim() : s.substring(0, sp));
                } catch (IOException | NumberFormatException e) {
                    // the thread ended between listing and reading: its time is lost (rare)
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return sum;
    }
}
