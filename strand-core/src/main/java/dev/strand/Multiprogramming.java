package dev.strand;

/**
 * Whether a pool's workers assume they may be preempted: on a machine shared with other pools
 * or processes, a worker that finds nothing to steal yields its processor before each steal
 * attempt, so that a descheduled worker holding work gets to run, as in the multiprogrammed work
 * stealer of Arora, Blumofe and Plaxton (SPAA 1998), whose deques are non-blocking as Strand's
 * are. With P_A the processors the computation actually gets on average, it runs in expected
 * time O(T1/P_A + T∞·P/P_A).
 *
 * @see PoolConfig.Builder#multiprogramming(Multiprogramming)
 */
public enum Multiprogramming {
    /**
     * Yield before steals while the process runs more pool workers than it has cores, counting
     * the cgroup CPU quota of a container. The default. A worker counts while its thread runs: not
     * after it retired at the end of the keep-alive (so neither an idle pool nor a pool dropped
     * without {@code close()} keeps the mode on), nor a spare thread standing in for a blocked one.
     */
    AUTO,
    /** Always yield before steals: the machine is known to be shared with other processes. */
    ALWAYS,
    /** Never yield: the pool has the machine to itself (a benchmark, a dedicated server). */
    NEVER
}
