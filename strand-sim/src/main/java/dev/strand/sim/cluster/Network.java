package dev.strand.sim.cluster;

/**
 * The network between nodes: a latency per message and a bandwidth per sending node. A stolen
 * job's input crosses it once: {@code latency + bytes / bandwidth}, after the transfers already
 * queued at the victim's interface (one sender interface per node: transfers from one node go
 * one after the other).
 *
 * @param latencySeconds one message's latency, {@code >= 0}
 * @param bytesPerSecond bandwidth, {@code > 0}; {@link Double#POSITIVE_INFINITY} for a network
 *     whose transfers take no time
 */
public record Network(double latencySeconds, double bytesPerSecond) {

    /** Validates. */
    public Network {
        if (!(latencySeconds >= 0) || Double.isInfinite(latencySeconds)) {
            throw new IllegalArgumentException("latency must be finite and >= 0 s, got " + latencySeconds);
        }
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("bandwidth must be > 0 bytes/s, got " + bytesPerSecond);
        }
    }

    /** A network of {@code megabits} Mbit/s (125,000 bytes/s each) and {@code latencyMicros}. */
    public static Network ofMegabits(double megabits, double latencyMicros) {
        return new Network(latencyMicros * 1e-6, megabits * 125_000.0);
    }

    /** No latency, unbounded bandwidth: moving a job costs nothing. */
    public static Network free() {
        return new Network(0, Double.POSITIVE_INFINITY);
    }

    /** @return the time to move {@code bytes} over an idle link, seconds */
    public double transferSeconds(long bytes) {
        return latencySeconds + bytes / bytesPerSecond;
    }

    /** @return the bandwidth in Mbit/s */
    public double megabits() {
        return bytesPerSecond / 125_000.0;
    }
}
