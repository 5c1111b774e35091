/**
 * Strand metrics: a {@link dev.strand.StrandPool}'s counters where operators look. A Micrometer
 * {@code MeterBinder} ({@link dev.strand.metrics.StrandPoolMetrics}) and a JMX MXBean
 * ({@link dev.strand.metrics.StrandPoolMXBean}, registered by {@link dev.strand.metrics.StrandPoolJmx}).
 *
 * <p>{@code micrometer.core} is optional: an application that binds a pool to a
 * {@code MeterRegistry} has it already; one that only registers the MXBean needs nothing beyond the
 * JDK's {@code java.management}. strand-core itself stays free of both.
 */
// Micrometer publishes automatic modules only (no module-info), which "requires-automatic" warns of.
@SuppressWarnings("requires-automatic")
module dev.strand.metrics {
    requires transitive dev.strand.core;
    requires transitive java.management;
    requires static micrometer.core;

    exports dev.strand.metrics;
}
