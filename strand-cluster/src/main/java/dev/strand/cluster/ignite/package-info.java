/**
 * Strand on Apache Ignite 2.x: configuration, the batch task, the jobs, the node's entry point.
 *
 * <h2>Configuration</h2>
 * Discovery with a static IP finder (a port range on one host, or the addresses given: no
 * multicast), communication bound to the same host, peer class loading off, and job stealing:
 * {@code JobStealingCollisionSpi} (active jobs = the node pool's parallelism, waiting threshold 0,
 * message expiry and stealing attempts configurable) with {@code JobStealingFailoverSpi}, and a
 * short metrics update period because thieves read the victims' queue lengths from the metrics
 * that discovery carries. Communication and discovery both use the configuration's failure
 * detection timeout (no explicit connect timeouts, which would make Ignite ignore it).
 *
 * <h2>Protocol</h2>
 * The driver is a client node: it maps and collects, never runs jobs. A server node runs each job
 * on its one {@code StrandPool} ({@link dev.strand.cluster.ignite.NodeRuntime}). A pinned job is a
 * {@link dev.strand.cluster.ignite.PinnedJob}, whose class carries {@code @JobStealingDisabled}.
 * {@link dev.strand.cluster.ignite.BatchTask#result} sends rejected chunks (steals) to their
 * thieves and chunks of dead nodes to live ones, each as a new Ignite job, keeps the first
 * outcome per id, and fails the task on any other error; the task has a timeout, so the driver
 * never waits for ever. A node reads a properties file ({@code NodeConfig}), never a serialized
 * object.
 *
 * <h2>Large inputs</h2>
 * An input above {@code ClusterConfig.largeInputBytes()} goes, once, before the batch's jobs are
 * sent, into a partitioned cache under a key whose primary is its chunk's home
 * ({@link dev.strand.cluster.ignite.InputStore}); the job carries the key. The home reads it
 * locally and a thief from the home, so a steal does not send the input over the driver's link
 * again. Invariant: the batch's entries are removed when it ends, however it ends; a chunk whose
 * input is gone (its node left) is sent again with its inputs inside.
 *
 * <h2>Cancellation</h2>
 * A failed or timed-out task makes Ignite cancel its jobs, and a job whose driver left is told so
 * ({@code ComputeJobMasterLeaveAware}); both set the chunk's flag, which its jobs read before
 * they start and through {@code JobContext.cancelled()} while they run (cooperative, as
 * {@code ForkJoinTask}'s: nothing is interrupted). {@link dev.strand.cluster.ignite.NodeActivity}
 * counts what each node runs, and its probe is an Ignite-internal task so that it answers past
 * the collision SPI while every job slot is taken. Invariant, asserted there: jobs ended never
 * exceed jobs started.
 *
 * <h2>Membership</h2>
 * TLS is Ignite's ({@code SslContextFactory} on the configuration, used by discovery and
 * communication). The shared secret is {@link dev.strand.cluster.ignite.SharedSecretPlugin}: an
 * HMAC of the joining node's id in the plugin's discovery data, checked by the coordinator
 * ({@code validateNewNode}) and, the other way, by the joining node; after joining, every member
 * checks that all members run with the same security.
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>Server mode for the driver: it would run jobs too and steal them, competing with the
 *       cores it shares with its own planning and with the user's code.</li>
 *   <li>Interrupting a running job on cancel: its work is inside a StrandPool computation whose
 *       forked tasks record no thread to interrupt, and an interrupt would reach whatever that
 *       worker runs next; a flag the job's function polls is the job's own.</li>
 * </ul>
 */
package dev.strand.cluster.ignite;
