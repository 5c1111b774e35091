/**
 * Strand beyond one machine: two-level work stealing on Apache Ignite.
 *
 * <h2>Model</h2>
 * Ray's two-level hierarchy (Moritz et al., OSDI 2018): a global level places tasks on nodes, and
 * each node's local scheduler balances its own cores. Here the global level is a plan made on the
 * driver ({@link dev.strand.cluster.plan.Planner}) and carried out by Ignite's compute grid, with
 * Ignite's job stealing moving waiting jobs from busy nodes to idle ones; the local level is a
 * {@link dev.strand.StrandPool} per node, whose workers steal between themselves as on one machine.
 * A divide-and-conquer computation ({@link dev.strand.cluster.Recursion}) is cut by a
 * {@link dev.strand.cluster.CutRule}: the subproblems at the cut become jobs; each job solves its
 * subproblem whole on one node, forking with {@code Strand.join} there; the driver combines the
 * results up the cut. {@link dev.strand.cluster.StrandCluster#local()} runs the same jobs on a local
 * pool with no Ignite at all.
 *
 * <h2>Protocol of a batch</h2>
 * <ol>
 *   <li>Plan: jobs in contiguous blocks of equal declared work per core; the cost rule
 *       ({@link dev.strand.cluster.cost.CostRule}, Dask's) pins each job whose input costs more to
 *       move than stealing it could save.</li>
 *   <li>Chunk: neighbouring jobs with one home and one verdict travel together as one Ignite
 *       job when they are short against an Ignite job's fixed cost
 *       ({@link dev.strand.cluster.Chunking}: a chunk's overhead at most 10% of its estimated
 *       compute, at least 8 chunks per core, and still worth stealing by the cost rule).</li>
 *   <li>Map: one Ignite task, without Ignite's result cache; each chunk is sent to its home
 *       node, pinned ones as a class that carries Ignite's {@code @JobStealingDisabled}; inputs
 *       above a threshold go first into a cache on that node and the chunk carries their keys.</li>
 *   <li>Steal: a node runs as many chunks at once as its pool has workers (a chunk's jobs in
 *       parallel on the pool); the rest wait. An idle node asks the others for waiting chunks; a
 *       busy node rejects that many stealable waiting chunks, and the driver's batch task sends
 *       each to its thief as a new Ignite job (a node refuses for good a job id it once gave
 *       away, so one id never goes to a second node); a dead node's chunks likewise go to the
 *       least loaded live node.</li>
 *   <li>Results: each job returns its own record (where it was placed, where it ran, steals,
 *       failovers, compute time); the driver keeps the first per job id.</li>
 *   <li>Learn: the batch's mean compute time per unit of work, per job kind, updates that
 *       kind's estimate, for the next plan (its cost rule and its chunk sizes).</li>
 * </ol>
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>Exactly one result per job id reaches the caller: a job that ran twice (its node died
 *       after running it) is dropped the second time and counted as a duplicate; a batch whose job
 *       has no result fails, never returns short.</li>
 *   <li>A pinned job runs on its home node unless that node dies (failover overrides pinning:
 *       a result matters more than locality).</li>
 *   <li>Every wait is bounded: joining (join timeout), a node start, a batch (task timeout).</li>
 *   <li>The same jobs give the same results on any engine; job functions must be deterministic.</li>
 * </ul>
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>A home-made cluster scheduler (sockets, our own stealing protocol): Ignite already has
 *       discovery, failure detection, failover and job stealing, tested for years; Strand
 *       configures it.</li>
 *   <li>Hazelcast: no job stealing of its own; it would need the protocol Ignite has.</li>
 *   <li>A custom collision SPI evaluating Dask's rule at every steal with live occupancies: it
 *       would replace Ignite's tested stealing code with ours. The rule is evaluated once, at
 *       placement, at its most favourable point (see {@code CostRule}); a job it rejects there
 *       can never be worth moving.</li>
 *   <li>One Ignite job per job, always: an Ignite job costs about a millisecond here (see
 *       {@code ./strand cluster overhead}), so a batch of short jobs spent nearly all its time in
 *       Ignite; chunks keep that cost to a share of the work while leaving enough pieces to
 *       steal.</li>
 *   <li>Peer class loading: it ships classes from the driver on demand, which is slow on first
 *       use and a security exposure; Strand expects the user's classes on every node (its class
 *       path, or the jar folder of its configuration file) and fails clearly when one is
 *       missing.</li>
 *   <li>Ignite's failover SPI for steals and dead nodes: it resends a job under its old id,
 *       which a node that gave the job to a thief refuses for good; the batch failed when every
 *       node had.</li>
 * </ul>
 */
package dev.strand.cluster;
