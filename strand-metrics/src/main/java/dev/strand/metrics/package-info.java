/**
 * A pool's counters for monitoring systems: the same figures through Micrometer and through JMX.
 *
 * <p><b>Where the figures come from.</b> Every reading takes a fresh {@link dev.strand.StrandPool#stats()}
 * snapshot: the sum of the workers' own counters, each written by its worker alone and read here
 * without stopping it. A counter read while the pool runs is therefore a recent value, never a
 * torn one, and it only grows: the monotone counters (tasks run, steals, parks, idle time...) are
 * published as Micrometer {@code FunctionCounter}s, which a registry turns into rates; the
 * instantaneous ones (queued tasks, blocked workers, spare threads, sleeping workers) as
 * {@code Gauge}s. A snapshot reads each worker's counters once (its cost grows with the number
 * of workers, not with the work done); nothing is added to the pool's hot paths.
 *
 * <p><b>Names.</b> The conventions of Micrometer's own {@code ExecutorServiceMetrics} for a
 * {@code ForkJoinPool}: dotted lower-case names ({@code strand.steals}, {@code strand.queued}),
 * a base unit ({@code tasks}, {@code threads}, {@code seconds}), a description, and the pool
 * identified by a tag ({@code pool}, the pool's {@linkplain dev.strand.StrandPool#name() name})
 * beside any tags the caller adds. A registry renders them in its own style (Prometheus:
 * {@code strand_steals_tasks_total{pool="app"}}).
 *
 * <p><b>Lifetime.</b> As in Micrometer's binders, the meters hold the pool weakly: binding a pool
 * does not keep it alive, and a pool that was collected reads as {@code NaN}. The MXBean holds
 * its pool strongly until it is unregistered ({@link dev.strand.metrics.StrandPoolJmx#unregister}).
 */
package dev.strand.metrics;
