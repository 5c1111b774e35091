package dev.strand.cluster.cost;

/**
 * A network link as the cost rule sees it: a fixed latency per transfer plus the bytes over a
 * bandwidth. Measured on the running cluster ({@code LinkProbe}) or given by the user to model a
 * network other than the one the cluster runs on.
 *
 * @param bytesPerSecond sustained bandwidth, bytes per second, {@code > 0}
 * @param latencyNanos one transfer's fixed cost (round trip of an empty job), nanoseconds, {@code >= 0}
 */
public record Link(double bytesPerSecond, long latencyNanos) implements java.io.Serializable {

    /** Validates. */
    public Link {
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("bandwidth must be a positive finite number of bytes per second, got "
                    + bytesPerSecond);
        }
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latency must be >= 0 ns, got " + latencyNanos);
        }
    }

    /**
     * A link of {@code megabitsPerSecond} (network units: 1 Mbit/s = 125,000 bytes/s) and
     * {@code latencyMicros}.
     */
    public static Link ofMegabits(double megabitsPerSecond, double latencyMicros) {
        return new Link(megabitsPerSecond * 125_000.0, Math.round(latencyMicros * 1_000.0));
    }

    /** @return the time to move {@code bytes} over this link, nanoseconds */
    public long transferNanos(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
        }
        return latencyNanos + Math.round(bytes / bytesPerSecond * 1e9);
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%.1f MB/s, %.0f us latency",
                bytesPerSecond / 1e6, latencyNanos / 1e3);
    }
}
