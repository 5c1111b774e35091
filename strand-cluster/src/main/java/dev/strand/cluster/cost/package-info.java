/**
 * The cost model: when moving a job pays off.
 *
 * <p>{@link dev.strand.cluster.cost.CostRule} is Dask's stealing rule (distributed/stealing.py):
 * steal only if {@code occupancy(thief) + transfer + compute <= occupancy(victim) - compute / 2}.
 * Dask groups tasks in levels by their transfer-to-compute ratio and skips the levels too costly
 * to move; the rule here is the same inequality without the levels, one job at a time. At steal
 * time the driver asks the form that looks at a job's place in the victim's queue,
 * {@code CostRule.finishesSoonerOnThief}: {@code occupancy(thief) + transfer < work ahead of it}
 * (it finishes sooner on the thief), and moves the cheapest to move of the jobs that pass.
 * {@link dev.strand.cluster.cost.Link} gives the transfer time (latency plus bytes over
 * bandwidth); {@link dev.strand.cluster.cost.DurationEstimator} gives the compute time, an
 * exponentially weighted mean per job kind and unit of declared work, learned from the jobs'
 * own measurements as Dask learns per task prefix.
 *
 * <p>Invariant: a pure rule (no clock, no state), so that it is unit-tested exhaustively and the
 * same decision comes out on every run with the same estimates.
 *
 * <p>Rejected: a fixed size threshold ("never steal inputs above 1 MB"): it is right for one
 * network and one job length only; the ratio of transfer to compute is what matters, as Dask's
 * levels show.
 */
package dev.strand.cluster.cost;
