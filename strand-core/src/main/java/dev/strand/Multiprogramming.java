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
     * Yield before steals while the process has more pool workers awake than it has cores,
     * counting the cgroup CPU quota of a container, or while the pool's workers wait for their
     * cores because other processes compete for them (the process's own threads, the JIT's and
     * the collector's included, are told apart and do not count). The default. A worker counts
     * while it is awake: not while it sleeps for want of work, nor after it retired at the end of
     * the keep-alive (so neither an idle pool nor a pool dropped without {@code close()} keeps the
     * mode on), nor a spare thread standing in for a blocked one. Competition is measured on Linux, once per 20 ms quantum, from how long the
     * workers waited on the kernel's run queue ({@code /proc/self/task/TID/schedstat}); it turns
     * the mode on within a quantum and off after three calm ones. While the mode is on, a worker
     * whose steal sweep failed also sleeps at once instead of spinning, so that a pool on a shared
     * machine keeps awake only the workers that have work (as in A-Steal, Agrawal, He, Hsu and
     * Leiserson, PPoPP 2006). Elsewhere only the workers are counted.
     */
    AUTO,
    /**
     * Always yield before steals, and sleep after a failed sweep without spinning: the machine is
     * known to be shared with other processes.
     */
    ALWAYS,
    /** Never yield: the pool has the machine to itself (a benchmark, a dedicated server). */
    NEVER
}
