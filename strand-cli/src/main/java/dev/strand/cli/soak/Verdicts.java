package dev.strand.cli.soak;

import java.util.List;
import java.util.Locale;

/** The end-of-run checks that the heap and the thread count stayed flat. */
final class Verdicts {
    private Verdicts() { }

    /** Fewest heap samples for the heap check: one per quarter. */
    static final int MIN_HEAP_SAMPLES = 4;
    /** Allowed growth of the heap after GC, last quarter against first: this factor ... */
    static final double HEAP_FACTOR = 1.5;
    /** ... plus this many bytes. */
    static final long HEAP_SLACK = 64L << 20;
    /** Allowed growth of the live thread count between start and end. */
    static final int THREAD_SLACK = 4;

    /** @param ok whether the check held (true when it could not be made) */
    record Verdict(boolean ok, String text) { }

    /**
     * Heap used after a GC must not grow: the smallest sample of the last quarter of the run may
     * exceed the largest of the first quarter by at most {@link #HEAP_FACTOR} times it plus
     * {@link #HEAP_SLACK}. A leak grows without bound, so it fails this in a long enough run; GC
     * noise does not (it moves single samples, not a whole quarter).
     */
    static Verdict heap(List<Long> samples) {
        int n = samples.size();
        if (n < MIN_HEAP_SAMPLES) {
            return new Verdict(true, "heap: not checked (" + n + " sample" + (n == 1 ? "" : "s")
                    + ", needs " + MIN_HEAP_SAMPLES + "; run longer)");
        }
        int q = n / 4;
        long firstMax = samples.subList(0, q).stream().mapToLong(Long::longValue).max().orElseThrow();
        long lastMin = samples.subList(n - q, n).stream().mapToLong(Long::longValue).min()
                .orElseThrow();
        long limit = (long) (firstMax * HEAP_FACTOR) + HEAP_SLACK;
        boolean ok = lastMin <= limit;
        return new Verdict(ok, String.format(Locale.ROOT, "heap after GC: first quarter max %s, "
                + "last quarter min %s, limit %s: %s", mib(firstMax), mib(lastMin), mib(limit),
                ok ? "flat" : "GROWING (leak?)"));
    }

    /**
     * Threads: once every pool is closed, no worker thread of the soak's pools may be alive, and
     * the JVM's live thread count may exceed the count at the start by at most
     * {@link #THREAD_SLACK} (the JVM starts a few service threads of its own on demand).
     */
    static Verdict threads(int atStart, int atEnd, int workersLeft) {
        int limit = atStart + THREAD_SLACK;
        boolean ok = atEnd <= limit && workersLeft == 0;
        return new Verdict(ok, String.format(Locale.ROOT, "threads: %d at start, %d at the end "
                + "(limit %d), pool workers still alive: %d: %s", atStart, atEnd, limit,
                workersLeft, ok ? "flat" : "LEAKED"));
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
