package dev.strand.workloads;

import java.util.Locale;

/** Preset problem sizes. */
public enum Size {
    /** Tiny: milliseconds per run; for tests and smoke runs (not for figures). */
    SMALL,
    /** The sizes of the published figures (fib(35), fib(40), N-Queens(14), UTS T1/T3, 10M longs...). */
    DEFAULT,
    /** Larger inputs: longer runs, less relative noise. */
    LARGE;

    /** @return the lower-case name */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
