package dev.strand.workloads;

import java.util.Locale;

/** One implementation of a kernel: the same algorithm on a different executor. */
public enum Variant {
    /** Plain sequential code: the baseline of the speed-up. */
    SERIAL,
    /** Strand ({@code StrandPool}, default settings). */
    STRAND,
    /** {@code java.util.concurrent.ForkJoinPool(P)}, default settings: the reference. */
    FJP,
    /** {@code ThreadPoolExecutor(P, P)} with an unbounded queue (async throughput only). */
    TPE,
    /**
     * P copies of the serial variant at once, each on its own plain thread, with no scheduler:
     * P x serial time / this time is the most any runtime can reach on this machine for the
     * kernel (caches, memory bandwidth, GC and sibling hardware threads are shared). Only for
     * kernels whose serial run may run concurrently with itself ({@link Workload#serialIsReentrant}).
     */
    CEILING;

    /** @return the lower-case name used on the command line and in tables */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param s a label, any case
     * @return the variant
     * @throws IllegalArgumentException naming the allowed labels
     */
    public static Variant parse(String s) {
        for (Variant v : values()) {
            if (v.label().equalsIgnoreCase(s.strip())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + s
                + "' (expected serial, strand, fjp, tpe or ceiling)");
    }
}
