/**
 * Competition feedback for the multiprogrammed mode: whether the pool's workers are being
 * descheduled, measured once per quantum. Not exported.
 *
 * <h2>Why</h2>
 * {@code Multiprogramming.AUTO} used to count only this process's workers against its cores
 * ({@code internal.cpu}), so two processes that each run a pool of P on P cores both believed
 * they had the machine, and neither yielded. Arora, Blumofe and Plaxton (SPAA 1998) bound a
 * computation that yields before each steal attempt to O(T1/P_A + T∞·P/P_A), P_A the processors
 * it actually gets; Agrawal, He, Hsu and Leiserson (A-Steal, "Adaptive work stealing with
 * parallelism feedback", PPoPP 2006) add a per-quantum estimate of the processors a job can use
 * and shrink or grow its thieves to it. Both need to know, per quantum, whether the job got its
 * processors. The JVM cannot see other processes' threads, but Linux tells each thread how long
 * it waited for a core.
 *
 * <h2>What is measured</h2>
 * Linux keeps, per thread, {@code /proc/self/task/TID/schedstat}: nanoseconds on a core
 * ({@code run}), nanoseconds runnable but waiting on a run queue ({@code delay}), time slices.
 * A worker that has its core waits almost nothing; with one CPU-bound thread beside a pool of 2
 * on 2 cores each worker waits about a third of the time it wants, beside a second pool of 2
 * about half. Parked workers (idle, or a joiner asleep) accumulate neither, so the measure is not
 * confused by idleness: the share {@code delay / (run + delay)} over the quantum is the
 * competition the workers met, whoever caused it (another process, this process's other pools,
 * the JIT's or GC's threads).
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li>A core worker of an {@code AUTO} pool registers its thread at start (its Linux thread id
 *       from {@code /proc/thread-self}, one readlink through {@code java.io.File}) and
 *       unregisters at exit, under a lock: these happen at thread start and exit only.</li>
 *   <li>One daemon thread, {@code strand-feedback}, started at the first registration, takes its
 *       first look 100 ms later (a short program's first result is not kept waiting for a core
 *       by the sampler's set-up, nor by the cgroup quota it reads then for
 *       {@code internal.cpu}), then wakes every quantum (20 ms, a few of the kernel scheduler's
 *       time slices), reads the schedstat file of
 *       each registered thread, sums the deltas and hands them to the {@link
 *       dev.strand.internal.feedback.Detector}, whose decision it publishes in one volatile
 *       boolean. Nothing else runs per quantum; no worker ever reads a file or the clock for it.</li>
 *   <li>The {@link dev.strand.internal.feedback.Detector} judges a quantum only if the workers
 *       wanted at least a quarter of a core ({@code MIN_DEMAND}); it turns "shared" on at one quantum
 *       with at least 15 % waited and off after three quanta in a row below 5 % (or unjudged):
 *       on fast, off only when the competition has left, so that a run of short, calm quanta
 *       does not make a contended pool spin again for one quantum in two.</li>
 *   <li>A quantum in which the registered workers wanted less than 1 % of it (all parked) ends
 *       sampling: the sampler parks and the decision goes back to "dedicated". A worker that
 *       wakes from its sleep reads one volatile flag and unparks the sampler if it is idle, so
 *       an idle pool costs no sampling. With no registered worker the sampler waits on the lock
 *       for a registration.</li>
 * </ul>
 *
 * <h2>What a worker does with it</h2>
 * While {@link dev.strand.internal.feedback.Feedback#shared()} (the decision, or more live workers
 * than cores: {@code internal.cpu.Oversubscription}):
 * <ul>
 *   <li><b>Yield before each steal attempt</b> (Arora, Blumofe and Plaxton), and in a joiner's
 *       spin: a descheduled worker that holds work, or another process, gets the core.</li>
 *   <li><b>Fewer thieves</b>: a worker whose sweep failed goes to sleep at once instead of
 *       spinning {@code spinRounds} more sweeps. The awake thieves shrink to those that find
 *       work, and the sleep protocol ({@code internal.sleep}) wakes one per publish when none
 *       searches, as always; when the competition leaves, thieves spin again. This is A-Steal's
 *       desire reduced to two levels: a thief that keeps failing gives its processor back, to the
 *       OS rather than to an allotter that the JVM does not have.</li>
 * </ul>
 * The decision is a hint: either value is safe. Yielding and sleeping earlier change when a worker
 * looks for work, never whether a published task is found (the sleep protocol's proof does not
 * depend on spinning), so no new race exists between workers; the flag is written by one thread.
 *
 * <h2>Cost when the machine is not shared</h2>
 * Per steal attempt, one more volatile read (of a field that changes only when the decision does).
 * Per quantum, on the sampler's thread, P small file reads (about 10 µs each). Nothing else. On
 * systems without {@code /proc/thread-self/schedstat} (not Linux, or procfs hidden) no sampler
 * starts and {@code AUTO} counts workers only, as before.
 */
package dev.strand.internal.feedback;
