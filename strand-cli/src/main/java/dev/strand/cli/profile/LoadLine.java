package dev.strand.cli.profile;

/**
 * What the profiler says of how much of the machine other processes took while it measured (the
 * share comes from {@link dev.strand.cli.out.MachineLoad}: the processors' busy time in
 * {@code /proc/stat} less this process's own CPU time, as a share of all the processors' time).
 * A profile in wall time charges a strand for the time its worker was descheduled, so a large
 * share means inflated work and span (use the CPU-time mode), and measured times that vary with
 * the neighbours.
 */
final class LoadLine {
    private LoadLine() { }

    /** A share above this draws a warning under the profile. */
    static final double WARN_SHARE = 0.10;

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
