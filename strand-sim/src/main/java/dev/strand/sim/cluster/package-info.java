/**
 * The two-level model: work stealing between nodes over a network, and Dask's cost-aware rule
 * against plain stealing.
 *
 * <h2>What it answers</h2>
 * Between the cores of one machine a steal moves a pointer; between machines it moves the job's
 * input over a network. Plain work stealing (an idle node takes any waiting job) balances load
 * but may pay more to move a job than moving it saves; Dask's rule (distributed/stealing.py)
 * steals a job only if {@code occupancy(thief) + transfer + compute <= occupancy(victim) -
 * compute / 2}. {@link dev.strand.sim.cluster.ClusterSimulator} runs one workload under both (and
 * under no stealing at all) on {@code nodes x cores} and a {@link dev.strand.sim.cluster.Network}
 * of given latency and bandwidth, so that the region where each wins can be mapped:
 * {@code ./strand sim cluster} sweeps bandwidth and input size and charts the makespan ratio.
 *
 * <h2>The model</h2>
 * Jobs, not DAGs: a job has a compute time, an input size and a home node (where its input is).
 * Within a node, waiting jobs go to free cores at no cost (the node's own pool steals in
 * microseconds). Between nodes: a node with a free core and nothing waiting asks the most
 * occupied node holding a waiting job; after the latency the victim answers with the last job of
 * its queue that the policy allows, or a refusal; a job's input leaves through the victim's one
 * interface, taking {@code latency + bytes / bandwidth}, a bulk input after the bulk transfers
 * queued there, a small one (64 KiB or less) at once, as TCP connections to different hosts
 * share an interface packet by packet; a refused thief asks again after a retry period.
 * Event-driven and deterministic.
 *
 * <h2>Why event time here, and rounds for the DAG simulator</h2>
 * The DAG simulator counts unit steps because the theorems it checks count them. Here the
 * quantities are continuous (latency, bytes over bandwidth, compute times of milliseconds to
 * seconds) and the interesting events are few (a job start or end, a request, a transfer), so a
 * priority queue of timed events is both exact and cheap.
 *
 * <h2>Simplifications (what it cannot say)</h2>
 * <ul>
 *   <li>Perfect estimates: the rule sees the true compute times (strand-cluster learns them).</li>
 *   <li>One interface per node for sending, none for receiving, no switch contention.</li>
 *   <li>Inputs start on their home nodes: strand-cluster's driver sends them at the start of a
 *       batch, and a request for a job whose input is still on its way waits for it there.</li>
 *   <li>Jobs are independent; a job's result is not moved back (results are usually small).</li>
 *   <li>The rule is evaluated when a request reaches the victim, with live occupancies (Dask's
 *       way); strand-cluster on Ignite evaluates it once, at placement (see its {@code CostRule}),
 *       which is at least as permissive.</li>
 * </ul>
 */
package dev.strand.sim.cluster;
