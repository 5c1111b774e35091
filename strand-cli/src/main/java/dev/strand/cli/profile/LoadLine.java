package dev.strand.cli.profile;

import dev.strand.cli.out.JvmLoad;

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

    /**
     * @return the line stating the share of the machine this JVM's JIT compilers took during the
     *     runs, with a warning if above {@link #WARN_SHARE}; null if unknown
     */
    static String jvmLine(JvmLoad.Share s, boolean cpuTime) {
        if (Double.isNaN(s.compile())) {
            return null;
        }
        String line = String.format(java.util.Locale.ROOT, "This JVM's JIT compiled for %d ms during the runs (%.0f%% "
                + "of the machine's processor time)", s.compileMillis(), 100 * s.compile());
        if (s.compile() <= WARN_SHARE) {
            return line + ".";
        }
        return line + String.format(java.util.Locale.ROOT, ": warning, above %.0f%%: ", 100 * WARN_SHARE)
                + (cpuTime ? "the measured times vary with it (the profile, in CPU time, leaves it out); more "
                        + "--warmup lets the JIT settle."
                        : "work and span count the time a worker waited for a core while they ran; more --warmup "
                                + "lets the JIT settle, and --cpu-time charges CPU time instead.");
    }

    /** @return the line stating how many warm-up rounds ran and whether the JIT settled in them */
    static String warmupLine(int rounds, boolean settled) {
        if (rounds == 0) {
            return "No warm-up: the measured rounds include the JIT's first compilations.";
        }
        return String.format(java.util.Locale.ROOT, "Warm-up: %d round(s); %s", rounds, settled
                ? "the JIT settled (it compiled for under 5% of the machine's processor time in each of the last two)."
                : "warning: the JIT had not settled (it compiled for 5% or more of the machine's processor time in "
                        + "one of the last two); more --max-warmup lets it.");
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
