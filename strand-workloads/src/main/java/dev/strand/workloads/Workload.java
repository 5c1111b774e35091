package dev.strand.workloads;

import java.util.List;
import java.util.Map;

/**
 * One kernel at one size, ready to run in each of its variants. The harness calls, per kernel:
 * {@link #setUp(Pools)} once, then for every run {@link #prepare(Variant)} (untimed),
 * {@link #run(Variant)} (timed), {@link #check(Variant, Object)} (untimed, throws on a wrong
 * result) and {@link #extras(Variant, Object)}; finally {@link #close()}.
 *
 * <p>Every variant runs the same algorithm; only the executor differs.
 */
public abstract class Workload implements AutoCloseable {
    /** The pools, set by {@link #setUp}. */
    protected Pools pools;

    /** @return the kernel's name, e.g. {@code fib} */
    public abstract String name();

    /** @return the parameters of this instance, e.g. {@code n=35} */
    public abstract String params();

    /** @return the variants this kernel has, in display order */
    public abstract List<Variant> variants();

    /**
     * Builds inputs and remembers the pools. Called once, before any run.
     *
     * @param pools the executors (those the variants need are started)
     */
    public void setUp(Pools pools) {
        this.pools = pools;
    }

    /**
     * Makes the next runs use {@code other} pools, keeping the inputs {@link #setUp} built: how a
     * tool compares pools of different settings on one input (the profiler runs a kernel on a
     * profiling pool and on plain pools of 1 and 2 workers). Kernels read their pools only in
     * {@link #run}.
     *
     * @param other pools that start the executors this kernel's runs will use
     */
    public void usePools(Pools other) {
        if (other == null) {
            throw new NullPointerException("pools must not be null");
        }
        this.pools = other;
    }

    /**
     * Untimed preparation before one run of {@code v} (e.g. restoring the unsorted input).
     *
     * @param v the variant about to run
     */
    public void prepare(Variant v) {
    }

    /**
     * One timed run.
     *
     * @param v the variant
     * @return the result, for {@link #check}
     * @throws Exception if the run fails
     */
    public abstract Object run(Variant v) throws Exception;

    /**
     * Verifies one run's result.
     *
     * @throws WrongResultException if the result is wrong
     */
    public abstract void check(Variant v, Object result);

    /**
     * @return whether {@code run(SERIAL)} may run on several threads at once (it reads shared
     *     inputs only), which the {@link Variant#CEILING} measurement needs; false by default
     */
    public boolean serialIsReentrant() {
        return false;
    }

    /** @return what a run measures (wall time unless the kernel says otherwise) */
    public Metric metric() {
        return Metric.TIME;
    }

    /**
     * For kernels whose metric is not wall time: the value a run measured.
     *
     * @param result the run's result
     * @return the value in {@link Metric#unit()}
     */
    public double value(Object result) {
        throw new UnsupportedOperationException(name() + " is measured by wall time");
    }

    /**
     * @return the units of work per run for a per-unit column ("tasks", "nodes"...) and their
     *     count, or {@code null} if the kernel has none
     */
    public Units units() {
        return null;
    }

    /**
     * @return the most tasks the serial program holds forked but not yet started, when it runs
     *     the kernel's forks in their order depth-first (its S1, in tasks, of the space bound
     *     S_P <= P * S1: Blumofe and Leiserson, JACM 1999), for comparing with a runtime's peak
     *     queued tasks per worker; -1 if not known
     */
    public long serialQueued() {
        return -1;
    }

    /**
     * Extra figures of one run (e.g. peak queued tasks, heap), for the table and the JSON.
     *
     * @return name to value; empty by default
     */
    public Map<String, Double> extras(Variant v, Object result) {
        return Map.of();
    }

    /** Releases inputs. The pools belong to the caller. */
    @Override
    public void close() {
    }

    /** @return {@code name params} */
    @Override
    public String toString() {
        return name() + " " + params();
    }

    /**
     * Work units per run.
     *
     * @param count how many per run
     * @param name  what they are, plural ("tasks", "nodes")
     */
    public record Units(long count, String name) { }
}
