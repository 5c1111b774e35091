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
 * competition the workers met, whoever caused it.
 *
 * <p>Only other processes count. A program alone on the machine makes its workers wait too: the
 * JIT's compilers take a core for tens of milliseconds at a time while a program warms up, the
 * collector's threads run beside the workers, and so may the program's own threads. A sampler that
 * counted those waits saw competition after 9 of 12 rounds of a program alone on an idle machine,
 * and the multiprogrammed mode slowed it. So while the workers wait (a quantum with at least
 * {@code ENTER} of their wanted time waited, or the decision on), the sampler also reads every
 * other thread of the process ({@code OwnThreads}, listed from {@code /proc/self/task}); they can
 * have kept the workers waiting for at most as long as they ran, so the {@link
 * dev.strand.internal.feedback.Detector} judges {@code max(0, delay - others)} only. The first
 * such quantum only takes their baselines and is not judged (a real competitor is seen one
 * quantum later, 20 ms). Within the process, more awake workers than cores is
 * {@code internal.cpu}'s oversubscription, counted apart.
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
 *       boolean. Nothing else runs per quantum; no worker ever reads a file or the clock for it.
 *       The files stay open from the quantum after a thread registers until it unregisters
 *       ({@code Schedstats}): a quantum's work is a seek and a read per worker into one reused
 *       buffer, parsed in place, allocating nothing. A quantum is judged only against a reading
 *       taken one quantum before: the first look, the quantum after an idle spell and a new
 *       worker's first quantum only take baselines (a baseline read as "nothing ran" would end
 *       every sampling spell in idleness before it judged anything).</li>
 *   <li>The {@link dev.strand.internal.feedback.Detector} judges a quantum only if the workers
 *       wanted at least a quarter of a core ({@code MIN_DEMAND}); it turns "shared" on at one quantum
 *       with at least 15 % waited and off after three quanta in a row below 5 % (or unjudged):
 *       on fast, off only when the competition has left, so that a run of short, calm quanta
 *       does not make a contended pool spin again for one quantum in two.</li>
 *   <li>A quantum in which the registered workers wanted less than 1 % of it (all parked) ends
 *       sampling: the decision goes back to "dedicated" and the sampler goes idle. A worker that
 *       wakes from its sleep sets a volatile flag (a read, and a write at most once per quantum);
 *       so do a registration and an unregistration. The idle sampler looks at the flag after one
 *       quantum, then after twice as long each time up to a second, reads no file while it is
 *       clear, and samples again once it is set. The worker that sets the flag also unparks
 *       the sampler: an idle one then leaves its spell at once but reads no file (the next pass,
 *       a quantum later, takes baselines), and a sampling one parks again for the rest of its
 *       quantum. That third thread's brief wake-up as a pool leaves an idle spell is kept for
 *       its effect on the operating system: in runs that follow a full collection, with it a pool
 *       of two's second worker, woken by the first one's first push, was put on the first one's
 *       core (where the two run as one until the kernel moves one) about half as often; in other
 *       runs it changed nothing measurable (docs/design.md, "The sampler's wake-up").
 *       With no
 *       registered worker the sampler closes its files and waits on the lock for a
 *       registration.</li>
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
 * Per wake from the sleep protocol, one volatile read. Per quantum while the workers are busy, on
 * the sampler's thread, P seeks and reads of open procfs files (and, only in quanta in which the
 * workers waited, one read per other thread of the process and a listing every 16 quanta), nothing
 * allocated between listings (opening,
 * reading whole and closing each file every quantum cost several times as much, and a path and
 * buffers per file; docs/design.md has the figures). While they are idle, a timer wake
 * of the sampler that reads one flag, at most once per quantum and backing off to once a second.
 * Nothing else. On
 * systems without {@code /proc/thread-self/schedstat} (not Linux, or procfs hidden) no sampler
 * starts and {@code AUTO} counts workers only, as before.
 */
package dev.strand.internal.feedback;
