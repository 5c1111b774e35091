package dev.strand.cli.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much of the machine other processes took while the profiler measured: the processors' busy
 * time (Linux {@code /proc/stat}) less this process's own CPU time ({@code /proc/self/stat}), as a
 * share of all the processors' time. A profile in wall time charges a strand for the time its
 * worker was descheduled, so a large share means inflated work and span (use the CPU-time mode),
 * and measured times that vary with the neighbours.
 */
final class MachineLoad {
    private MachineLoad() { }

    private static final java.util.regex.Pattern WHITESPACE = java.util.regex.Pattern.compile("\\s+");

    /** A share above this draws a warning under the profile. */
    static final double WARN_SHARE = 0.10;

    /**
     * Clock ticks of the processors, all of them and the busy ones, and this process's.
     *
     * @param total every processor's ticks, idle ones included
     * @param busy  the processors' non-idle ticks (user, nice, system, interrupts, steal)
     * @param self  this process's user and system ticks
     */
    record Sample(long total, long busy, long self) { }

    /** @return the counters now, or null where {@code /proc} cannot be read (not Linux) */
    static Sample sample() {
        try {
            String cpu = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = WHITESPACE.splitAsStream(cpu.trim()).toArray(String[]::new);
            if (!f[0].equals("cpu") || f.length < 5) {
                return null;
            }
            long total = 0;
            long idle = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {   // user nice system idle iowait irq softirq steal
                long v = Long.parseLong(f[i]);
                total += v;
                if (i == 4 || i == 5) {
                    idle += v;                     // idle and iowait
                }
            }
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] s = WHITESPACE.splitAsStream(stat.substring(stat.lastIndexOf(')') + 2).trim()).toArray(String[]::new);
            long self = Long.parseLong(s[11]) + Long.parseLong(s[12]);   // utime, stime (fields 14, 15)
            return new Sample(total, total - idle, self);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * @return the share of all processors' time that other processes used between {@code a} and
     *     {@code b}, 0..1, or NaN if either sample is missing or no time passed
     */
    static double othersShare(Sample a, Sample b) {
        if (a == null || b == null || b.total() <= a.total()) {
            return Double.NaN;
        }
        double others = (b.busy() - a.busy()) - (b.self() - a.self());
        return Math.max(0.0, Math.min(1.0, others / (b.total() - a.total())));
    }

    /** @return the line stating the share, with a warning if above {@link #WARN_SHARE}; null if unknown */
    static String line(double share, boolean cpuTime) {
        if (Double.isNaN(share)) {
            return null;
        }
        String s = String.format(java.util.Locale.ROOT, "Other processes used %.0f%% of the machine's processor "
                + "time during the runs", 100 * share);
        if (share <= WARN_SHARE) {
            return s + ".";
        }
        return s + String.format(java.util.Locale.ROOT, ": warning, above %.0f%%: ", 100 * WARN_SHARE)
                + (cpuTime ? "the measured times vary with them (the profile, in CPU time, leaves their share out)."
                        : "work and span count the time a worker was descheduled, and the measured times vary "
                                + "with them (--cpu-time charges CPU time instead).");
    }
}
