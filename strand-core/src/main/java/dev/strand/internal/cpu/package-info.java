/**
 * The processors a pool may count on, for the multiprogrammed mode. Not exported.
 *
 * <h2>Why yield</h2>
 * Work stealing's bound T1/P + O(T∞) assumes P dedicated processors. On a machine shared with
 * other pools or processes the kernel may deschedule a worker that holds work, and a thief that
 * spins on empty deques then burns the quantum the descheduled worker needs. Arora, Blumofe and
 * Plaxton (SPAA 1998) show that with non-blocking deques (Strand's Chase-Lev deques are) and a
 * {@code yield} before each steal attempt, a computation runs in expected time
 * O(T1/P_A + T∞·P/P_A), P_A the average number of processors it actually gets. Blumofe and
 * Papadopoulos (Hood, 1998) measured the same on real multiprogrammed machines.
 *
 * <h2>When</h2>
 * {@code Multiprogramming.AUTO}, the default, yields while the process runs more pool workers
 * awake than it has cores ({@link dev.strand.internal.cpu.Oversubscription}): the core worker
 * threads of every pool, each counted while it is awake (a worker asleep for want of work, one
 * that retired after the keep-alive, or one whose pool was dropped and collected counts no more). The cores are
 * {@link dev.strand.internal.cpu.CpuBudget}: the processors the JVM reports, bounded by the
 * cgroup CPU quota read from {@code /sys/fs/cgroup} (a JVM run with container support off would
 * otherwise count the host's processors). The quota is read off the path to a pool's first result,
 * by the feedback sampler ({@link dev.strand.internal.cpu.Oversubscription#refine}); until then
 * the count is compared with the processors the JVM reports. Other processes are not visible from here:
 * {@code ALWAYS} is for machines known to be shared. On a dedicated core, {@code Thread.yield}
 * returns at once (about a microsecond, a system call), which is why it is not always on: a
 * thief's sweep makes P - 1 attempts.
 *
 * <h2>What does not block</h2>
 * The deques are lock-free. The submission queue's consumers are too; its producers (threads
 * outside the pool, and a joiner handing back a task it may not run) serialize on a short spin
 * lock that yields to a descheduled holder, so a preempted submitter delays other submitters,
 * never a worker's search.
 */
package dev.strand.internal.cpu;
