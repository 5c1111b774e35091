package dev.strand.cli.out;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the machine was during a sample, from {@code /proc/stat}: the share of all CPUs' time
 * spent busy by <em>other</em> processes (total busy time minus this process's own CPU time).
 * A benchmark sample with high "others" ran on a noisy machine and can be set aside.
 *
 * <pre>{@code
 * MachineLoad.Mark m = MachineLoad.mark();
 * ... run the sample ...
 * double others = MachineLoad.othersBusy(m);   // 0.0 .. 1.0, or NaN if /proc is unavailable
 * }</pre>
 */
public final class MachineLoad {
    private static final Path STAT = Path.of("/proc/stat");

    private MachineLoad() { }

    /** A reading of the machine's and this process's CPU clocks. */
    public record Mark(long busyJiffies, long totalJiffies, long ownCpuNanos) { }

    /** @return the current reading (jiffies -1 when {@code /proc/stat} cannot be read) */
    public static Mark mark() {
        long busy = -1;
        long total = -1;
        try {
            String cpu = Files.readAllLines(STAT).get(0);  // "cpu  user nice system idle iowait ..."
            String[] f = cpu.trim().split("\\s+", -1);
            total = 0;
            long idle = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {   // user..steal; guest is inside user
                long v = Long.parseLong(f[i]);
                total += v;
                if (i == 4 || i == 5) {                       // idle, iowait
                    idle += v;
                }
            }
            busy = total - idle;
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: report NaN below
        }
        return new Mark(busy, total, processCpuNanos());
    }

    /**
     * @return the share (0..1) of the machine's CPU time since {@code start} that other
     *     processes kept busy, or NaN when unknown or when the interval is too short to tell
     */
    public static double othersBusy(Mark start) {
        Mark end = mark();
        if (start.totalJiffies() < 0 || end.totalJiffies() < 0) {
            return Double.NaN;
        }
        long total = end.totalJiffies() - start.totalJiffies();
        if (total <= 0) {
            return Double.NaN;
        }
        double jiffyNanos = 1e9 / 100;                    // USER_HZ is 100 on Linux
        double busy = end.busyJiffies() - start.busyJiffies();
        double own = (end.ownCpuNanos() - start.ownCpuNanos()) / jiffyNanos;
        return Math.max(0, Math.min(1, (busy - own) / total));
    }

    /** @return this process's CPU time (all threads) in nanoseconds, or 0 when unavailable */
    public static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long t = sun.getProcessCpuTime();
            return Math.max(t, 0);
        }
        return 0;
    }
}
