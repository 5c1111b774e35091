package dev.strand.metrics;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * A Micrometer {@link MeterBinder} for a {@link StrandPool}: the pool's counters as meters, tagged
 * {@code pool=<the pool's name>} plus the caller's tags.
 *
 * <pre>{@code
 * StrandPool pool = StrandPool.builder().name("render").build();
 * StrandPoolMetrics.monitor(registry, pool, Tags.of("service", "images"));
 * }</pre>
 *
 * <p>The meters (Prometheus renders {@code strand.steals} with base unit {@code tasks} as
 * {@code strand_steals_tasks_total}):
 *
 * <table class="striped">
 * <caption>Meters</caption>
 * <thead><tr><th>name</th><th>type</th><th>unit</th><th>what</th></tr></thead>
 * <tbody>
 * <tr><td>{@code strand.completed}</td><td>counter</td><td>tasks</td><td>tasks run by the workers</td></tr>
 * <tr><td>{@code strand.spawns}</td><td>counter</td><td>tasks</td><td>forks pushed onto a worker's deque</td></tr>
 * <tr><td>{@code strand.spawns.inlined}</td><td>counter</td><td>tasks</td><td>forks run inline at the spawn bound</td></tr>
 * <tr><td>{@code strand.steals}</td><td>counter</td><td>tasks</td><td>successful steals</td></tr>
 * <tr><td>{@code strand.steals.attempts}</td><td>counter</td><td>attempts</td><td>steal attempts</td></tr>
 * <tr><td>{@code strand.steals.failed}</td><td>counter</td><td>attempts</td><td>steal attempts that found nothing</td></tr>
 * <tr><td>{@code strand.parks}</td><td>counter</td><td>-</td><td>workers going to sleep</td></tr>
 * <tr><td>{@code strand.unparks}</td><td>counter</td><td>-</td><td>workers woken</td></tr>
 * <tr><td>{@code strand.idle.time}</td><td>counter</td><td>seconds</td><td>time the workers spent without work</td></tr>
 * <tr><td>{@code strand.blocking.blocks}</td><td>counter</td><td>-</td><td>blocking calls that had to wait ({@code Strand.blocking})</td></tr>
 * <tr><td>{@code strand.blocking.spares.started}</td><td>counter</td><td>threads</td><td>spare threads started to replace blocked workers</td></tr>
 * <tr><td>{@code strand.blocking.uncompensated}</td><td>counter</td><td>-</td><td>blocks that held their worker (spare cap reached)</td></tr>
 * <tr><td>{@code strand.queued}</td><td>gauge</td><td>tasks</td><td>tasks waiting: in the workers' deques and the submission queue</td></tr>
 * <tr><td>{@code strand.queued.submissions}</td><td>gauge</td><td>tasks</td><td>tasks waiting in the submission queue</td></tr>
 * <tr><td>{@code strand.blocked}</td><td>gauge</td><td>threads</td><td>workers blocked now</td></tr>
 * <tr><td>{@code strand.spares}</td><td>gauge</td><td>threads</td><td>spare threads out of the reserve now</td></tr>
 * <tr><td>{@code strand.sleeping}</td><td>gauge</td><td>threads</td><td>workers asleep now</td></tr>
 * <tr><td>{@code strand.parallelism}</td><td>gauge</td><td>threads</td><td>the pool's parallelism</td></tr>
 * <tr><td>{@code strand.pool.size}</td><td>gauge</td><td>threads</td><td>worker slots: the workers and every spare slot started</td></tr>
 * </tbody>
 * </table>
 *
 * <p>Every reading takes a fresh {@link StrandPool#stats()} snapshot (the package description
 * says why that is cheap and consistent). The meters hold the pool weakly, as Micrometer's own
 * binders do. {@link #close()} removes them from the registries they were bound to.
 */
// "exports": the signatures name Micrometer's types from a module required statically (it is
// optional); an application that calls the binder requires micrometer.core itself.
@SuppressWarnings("exports")
public final class StrandPoolMetrics implements MeterBinder, AutoCloseable {
    /** The tag that names the pool. */
    public static final String POOL_TAG = "pool";

    private final StrandPool pool;
    private final Tags tags;
    private final List<Bound> bound = new ArrayList<>();

    private record Bound(MeterRegistry registry, Meter.Id id) { }

    /**
     * @param pool the pool to watch
     * @param tags tags added to every meter, beside {@code pool=<name>}
     */
    public StrandPoolMetrics(StrandPool pool, Iterable<Tag> tags) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.tags = Tags.concat(tags, Tags.of(POOL_TAG, pool.name()));
    }

    /** @param pool the pool to watch, tagged {@code pool=<name>} */
    public StrandPoolMetrics(StrandPool pool) {
        this(pool, Tags.empty());
    }

    /**
     * Binds {@code pool}'s meters to {@code registry}.
     *
     * @param registry where the meters go
     * @param pool the pool to watch
     * @param tags tags added to every meter, beside {@code pool=<name>}
     * @return the binder, whose {@link #close()} removes the meters again
     */
    public static StrandPoolMetrics monitor(MeterRegistry registry, StrandPool pool, Iterable<Tag> tags) {
        StrandPoolMetrics m = new StrandPoolMetrics(pool, tags);
        m.bindTo(registry);
        return m;
    }

    /**
     * Binds {@code pool}'s meters to {@code registry}, tagged {@code pool=<name>}.
     *
     * @param registry where the meters go
     * @param pool the pool to watch
     * @return the binder, whose {@link #close()} removes the meters again
     */
    public static StrandPoolMetrics monitor(MeterRegistry registry, StrandPool pool) {
        return monitor(registry, pool, Tags.empty());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, "strand.completed", BaseUnits.TASKS, "Tasks run by the pool's workers",
                PoolStats::tasksRun);
        counter(registry, "strand.spawns", BaseUnits.TASKS, "Forks pushed onto a worker's deque",
                PoolStats::spawns);
        counter(registry, "strand.spawns.inlined", BaseUnits.TASKS,
                "Forks run inline because the worker's deque held the spawn bound", PoolStats::inlinedSpawns);
        counter(registry, "strand.steals", BaseUnits.TASKS,
                "Tasks taken from another worker's deque (successful steals)", PoolStats::steals);
        counter(registry, "strand.steals.attempts", "attempts", "Steal attempts", PoolStats::stealAttempts);
        counter(registry, "strand.steals.failed", "attempts", "Steal attempts that found nothing to take",
                PoolStats::failedSteals);
        counter(registry, "strand.parks", null, "Times a worker went to sleep for want of work",
                PoolStats::parks);
        counter(registry, "strand.unparks", null, "Times a sleeping worker was woken", PoolStats::unparks);
        counter(registry, "strand.idle.time", "seconds",
                "Time the workers spent looking for work or asleep, summed over workers",
                s -> s.idleNanos() / 1e9);
        counter(registry, "strand.blocking.blocks", null,
                "Blocking calls on the pool's workers that had to wait", s -> s.blocking().blocks());
        counter(registry, "strand.blocking.spares.started", BaseUnits.THREADS,
                "Spare threads started to keep parallelism threads unblocked", s -> s.blocking().spareStarts());
        counter(registry, "strand.blocking.uncompensated", null,
                "Blocks that held their worker because the spare cap was reached",
                s -> s.blocking().uncompensated());

        gauge(registry, "strand.queued", BaseUnits.TASKS,
                "Tasks waiting: in the workers' deques and in the submission queue", Figures::queued);
        gauge(registry, "strand.queued.submissions", BaseUnits.TASKS,
                "Tasks waiting in the submission queue", PoolStats::queuedExternal);
        gauge(registry, "strand.blocked", BaseUnits.THREADS,
                "Workers blocked now, in a blocking call or a join waiting on one", s -> s.blocking().blockedNow());
        gauge(registry, "strand.spares", BaseUnits.THREADS, "Spare threads out of the reserve now",
                s -> s.blocking().sparesRunning());
        gauge(registry, "strand.sleeping", BaseUnits.THREADS, "Workers asleep now",
                Figures::sleeping);
        gauge(registry, "strand.parallelism", BaseUnits.THREADS, "The pool's parallelism (its workers)",
                PoolStats::parallelism);
        gauge(registry, "strand.pool.size", BaseUnits.THREADS,
                "Worker slots: the workers and every spare slot ever started", s -> s.workers().size());
    }

    private void counter(MeterRegistry registry, String name, String unit, String description,
            ToDoubleFunction<PoolStats> f) {
        FunctionCounter c = FunctionCounter.builder(name, pool, p -> f.applyAsDouble(p.stats()))
                .tags(tags).baseUnit(unit).description(description).register(registry);
        remember(registry, c);
    }

    private void gauge(MeterRegistry registry, String name, String unit, String description,
            ToDoubleFunction<PoolStats> f) {
        Gauge g = Gauge.builder(name, pool, p -> f.applyAsDouble(p.stats()))
                .tags(tags).baseUnit(unit).description(description).register(registry);
        remember(registry, g);
    }

    private void remember(MeterRegistry registry, Meter m) {
        synchronized (bound) {
            bound.add(new Bound(registry, m.getId()));
        }
    }

    /** Removes every meter this binder registered, from every registry it was bound to. */
    @Override
    public void close() {
        List<Bound> all;
        synchronized (bound) {
            all = List.copyOf(bound);
            bound.clear();
        }
        for (Bound b : all) {
            b.registry().remove(b.id());
        }
    }
}
