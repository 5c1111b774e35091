package dev.strand.cli.profile;

import dev.strand.Multiprogramming;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.workloads.Stats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduler's own costs, which a profile's work and span leave out and the replay charges:
 * measured on this machine with a real pool, once per command (it takes well under a second), or
 * set with system properties.
 *
 * <ul>
 *   <li><b>wake</b>: from a push onto an empty deque to the start of the task on another worker
 *       that was parked (an unpark and the OS scheduling the thread in);</li>
 *   <li><b>steal</b>: from a worker running out of work to the start of the next task it steals,
 *       while another worker splits a computation with {@code Strand.join} (a worker that ran dry
 *       searches, may park, and is woken by a later push, or by its own timed re-scan when no
 *       push woke it): the mean over trials, its middle 80 %, as the replay charges it to every
 *       such steal;</li>
 *   <li><b>spin</b>: how long a worker that found nothing searches before it parks: a push later
 *       than this after its last task meets a parked worker;</li>
 *   <li><b>spawn</b>: a fork and its join on one worker (allocation, push, pop, completion), beyond
 *       the work of the task: between the profiler's clock reads, charged to nobody;</li>
 *   <li><b>invoke</b>: {@code pool.invoke} of an empty task on an idle pool (the submission wakes a
 *       parked worker, the completion wakes the caller): a run's fixed cost outside its DAG;</li>
 *   <li><b>first wake-up</b>: how long a fresh run's second worker adds nothing, the pool idle
 *       before it as a measured run's is: its wake-up, and any spell in which the operating
 *       system runs it on its waker's processor (charged as each worker's first wake-up in a
 *       run; later ones are charged the wake-up).</li>
 * </ul>
 *
 * <p>Each is the median of repeated trials, after warm-up trials. Properties
 * {@code strand.profile.cost.wake}, {@code .steal}, {@code .spin}, {@code .spawn},
 * {@code .invoke} and {@code .firstwake} (nanoseconds) replace a measured value (the first four
 * set, nothing is measured, and the first wake-up is the wake-up unless set); {@link #NONE} charges nothing, the
 * replay of earlier versions.
 *
 * @param wakeNanos   push to start on a parked worker
 * @param stealNanos  a worker that ran dry to the start of its next stolen task
 * @param spinNanos   a searching worker's time before it parks
 * @param spawnNanos  a fork and join's own cost
 * @param invokeNanos an empty invoke on an idle pool
 * @param firstWakeNanos a fresh run's first wake-up, as the run sees it
 * @param measured    whether the figures were measured here (rather than all set or none)
 */
public record SchedulerCosts(long wakeNanos, long stealNanos, long spinNanos, long spawnNanos,
                             long invokeNanos, long firstWakeNanos, boolean measured) {

    /** No scheduler cost: the replay charges a steal its burden and nothing else. */
    public static final SchedulerCosts NONE = new SchedulerCosts(0, 0, 0, 0, 0, 0, false);

    /** Property prefix for fixed costs, in nanoseconds. */
    static final String PROPERTY = "strand.profile.cost.";

    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);
    private static final long FAR_NANOS = 20_000_000L;        // a thief that never came: no sample
    private static final long[] SPIN_LADDER = {0, 5_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
        2_000_000};

    public SchedulerCosts {
        assert wakeNanos >= 0 && stealNanos >= 0 && spinNanos >= 0 && spawnNanos >= 0 && invokeNanos >= 0
                && firstWakeNanos >= 0;
    }

    /** Costs whose first wake-up in a run is as any other wake-up. */
    public SchedulerCosts(long wakeNanos, long stealNanos, long spinNanos, long spawnNanos, long invokeNanos,
                          boolean measured) {
        this(wakeNanos, stealNanos, spinNanos, spawnNanos, invokeNanos, wakeNanos, measured);
    }

    /** @return whether any cost is charged */
    public boolean any() {
        return wakeNanos > 0 || stealNanos > 0 || spawnNanos > 0 || invokeNanos > 0 || firstWakeNanos > 0;
    }

    /** @return the costs as a line of the report */
    public String describe() {
        if (!any()) {
            return "no scheduler costs charged: the replay is of the DAG alone, a steal costing the burden";
        }
        return String.format(Locale.ROOT, "scheduler costs %s: wake-up %s (a run's first: %s), steal after running dry %s, "
                        + "spin %s before parking, %s per spawn, %s per idle-pool invoke",
                measured ? "(measured)" : "(set)", us(wakeNanos), us(firstWakeNanos), us(stealNanos), us(spinNanos),
                ns(spawnNanos), us(invokeNanos));
    }

    private static String us(long nanos) {
        return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
    }

    private static String ns(long nanos) {
        return nanos + " ns";
    }

    /**
     * @return the costs from the properties where set, measured on a two-worker pool otherwise
     *     (each figure measured only if some property is missing)
     */
    public static SchedulerCosts ofMachine() {
        Long wake = Long.getLong(PROPERTY + "wake");
        Long steal = Long.getLong(PROPERTY + "steal");
        Long spin = Long.getLong(PROPERTY + "spin");
        Long spawn = Long.getLong(PROPERTY + "spawn");
        Long invoke = Long.getLong(PROPERTY + "invoke");
        Long first = Long.getLong(PROPERTY + "firstwake");
        if (wake != null && steal != null && spin != null && invoke != null) {
            return new SchedulerCosts(wake, steal, spin, spawn != null ? spawn : 0L, invoke,
                    first != null ? first : wake, false);
        }
        SchedulerCosts m = measure();
        return new SchedulerCosts(wake != null ? wake : m.wakeNanos, steal != null ? steal : m.stealNanos,
                spin != null ? spin : m.spinNanos, spawn != null ? spawn : 0L,
                invoke != null ? invoke : m.invokeNanos, first != null ? first : m.firstWakeNanos, true);
    }

    /**
     * Measures every figure but the spawn's on a fresh pool (about a second). A fork's own cost is
     * mostly inside the profiled segments already (the clock reads bracket the push only in part):
     * charged again, it overstated one-worker times of task-per-node kernels by up to 40 %, so it
     * is charged only when set ({@code strand.profile.cost.spawn}); {@link #measureSpawnNanos()}
     * measures a fork and join's whole cost.
     */
    static SchedulerCosts measure() {
        long spawn = 0;
        try (StrandPool two = StrandPool.builder().name("calibration-2").parallelism(2).build()) {
            two.invoke(() -> handOffs(10, 0, true));                 // warm-up, both paths
            two.invoke(() -> handOffs(10, 0, false));
            long wake = median(two.invoke(() -> handOffs(21, 0, true)));
            long steal = median(two.invoke(() -> handOffs(21, 0, false)));   // a searcher's, for spin
            long spin = 0;
            long threshold = steal + (wake - steal) / 2;
            for (long delay : SPIN_LADDER) {
                long m = median(two.invoke(() -> handOffs(11, delay, false)));
                if (m > threshold) {
                    break;                                           // parked by then
                }
                spin = delay;
            }
            long invoke = invokeNanos(two, 11);
            long dry = dryThiefNanos(two, 25);
            long first = firstWakeNanos(two, 15);
            return new SchedulerCosts(wake, Math.max(1, dry), spin, spawn, invoke, first, true);
        }
    }

    /** @return a fork and join of an empty task on a one-worker pool, in nanoseconds */
    static long measureSpawnNanos() {
        try (StrandPool one = StrandPool.builder().name("calibration-1").parallelism(1).build()) {
            one.invoke(() -> spawnNanos(20_000));                     // warm-up
            return one.invoke(() -> spawnNanos(100_000));
        }
    }

    /** @return per fork-and-join of an empty task on this worker, in nanoseconds */
    private static long spawnNanos(int n) {
        long[] sink = new long[1];
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Task<Void> t = Strand.fork((Runnable) () -> sink[0]++);
            t.join();
        }
        long perSpawn = (System.nanoTime() - t0) / n;
        assert sink[0] == n : "every forked task ran once";
        return perSpawn;
    }

    /**
     * Forks a task from this worker while the other one is parked ({@code parked}: after 3 ms
     * without work) or has just finished a task (then after {@code delayNanos}), and times the
     * push to the task's start on the other worker.
     *
     * @return one latency per trial that the other worker took; trials it did not take are left out
     */
    private static long[] handOffs(int trials, long delayNanos, boolean parked) {
        long[] out = new long[trials];
        int k = 0;
        Thread me = Thread.currentThread();
        for (int i = 0; i < trials; i++) {
            if (parked) {
                spinFor(3_000_000L);
            } else {
                long[] ran = new long[1];
                Task<Void> warm = Strand.fork((Runnable) () -> CELL.setRelease(ran, 0, System.nanoTime()));
                if (!await(ran, System.nanoTime())) {
                    warm.join();
                    continue;                                        // nobody came: no searcher
                }
                warm.join();
                spinFor(delayNanos);
            }
            long[] started = new long[1];
            Thread[] by = new Thread[1];
            long t0 = System.nanoTime();
            Task<Void> t = Strand.fork((Runnable) () -> {
                by[0] = Thread.currentThread();
                CELL.setRelease(started, 0, System.nanoTime());
            });
            boolean came = await(started, t0);
            t.join();
            if (came && by[0] != me) {
                out[k++] = started[0] - t0;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * One worker spins 1 ms while the other splits a tree of 512 leaves of 20 us with
     * {@code Strand.join}; the time from the end of the spin to the first leaf the spinning worker
     * starts afterwards, per trial (the pool idle 10 ms before each, as a measured run's is).
     *
     * @return the mean of the middle 80 % of the trials that saw such a leaf
     */
    private static long dryThiefNanos(StrandPool pool, int trials) {
        pool.invoke(() -> dryTrial(new long[3]));                    // warm-up
        long[] gaps = new long[trials];
        int k = 0;
        for (int i = 0; i < trials; i++) {
            LockSupport.parkNanos(10_000_000L);
            long[] cell = new long[3];          // {end of the spin, the spinning thread's id, first leaf after}
            pool.invoke(() -> dryTrial(cell));
            if ((long) CELL.getAcquire(cell, 2) != 0) {
                gaps[k++] = cell[2] - cell[0];
            }
        }
        long[] g = Arrays.copyOf(gaps, k);
        Arrays.sort(g);
        int cut = k / 10;
        long sum = 0;
        for (int i = cut; i < k - cut; i++) {
            sum += g[i];
        }
        return k - 2 * cut > 0 ? sum / (k - 2 * cut) : 0;
    }

    private static void dryTrial(long[] cell) {
        Strand.join(() -> tree(9, cell), () -> {
            spinFor(1_000_000L);
            CELL.setRelease(cell, 1, Thread.currentThread().threadId());
            CELL.setRelease(cell, 0, System.nanoTime());
        });
    }

    private static void tree(int depth, long[] cell) {
        if (depth == 0) {
            if ((long) CELL.getAcquire(cell, 0) != 0 && (long) CELL.getAcquire(cell, 2) == 0
                    && (long) CELL.getAcquire(cell, 1) == Thread.currentThread().threadId()) {
                CELL.compareAndSet(cell, 2, 0L, System.nanoTime());
            }
            spinFor(20_000L);
            return;
        }
        Strand.join(() -> tree(depth - 1, cell), () -> tree(depth - 1, cell));
    }

    /**
     * A fresh run's first wake-up as the run sees it: the pool idle, after a collection (its
     * slow first calls paid on another pool, as before a measured run) and 10 ms asleep, a
     * {@code Strand.join} of two equal pieces of about 2 ms of arithmetic; the pair's time less
     * one piece's time alone is how long the second worker added nothing. That covers the
     * wake-up itself, and the spells in which the operating system runs the woken worker on its
     * waker's processor, the two then taking turns (on the 2-core machine, in most such runs).
     *
     * @return the median over {@code trials}, at most one piece's time
     */
    private static long firstWakeNanos(StrandPool pool, int trials) {
        long iters = itersFor(2_000_000L);
        try (StrandPool touch = StrandPool.builder().name("calibration-after-gc").parallelism(2)
                .multiprogramming(Multiprogramming.NEVER).build()) {
            long[] solo = new long[5];
            for (int i = 0; i < solo.length; i++) {
                solo[i] = pool.invoke(() -> {
                    long t0 = System.nanoTime();
                    sink(arithmetic(iters));
                    return System.nanoTime() - t0;
                });
            }
            long piece = median(solo);
            long[] lost = new long[trials];
            for (int i = 0; i < trials; i++) {
                System.gc();
                touch.invoke((Runnable) () -> { });
                LockSupport.parkNanos(10_000_000L);
                long pair = pool.invoke(() -> {
                    long t0 = System.nanoTime();
                    long[] end = new long[2];
                    Strand.join(() -> {
                        sink(arithmetic(iters));
                        end[0] = System.nanoTime();
                    }, () -> {
                        sink(arithmetic(iters));
                        end[1] = System.nanoTime();
                    });
                    return Math.max(end[0], end[1]) - t0;
                });
                lost[i] = Math.min(piece, Math.max(0L, pair - piece));
            }
            return median(lost);
        }
    }

    /** @return iterations of {@link #arithmetic} that take about {@code nanos} here */
    private static long itersFor(long nanos) {
        long n = 100_000;
        for (int round = 0; round < 8; round++) {         // the last rounds run compiled
            long t0 = System.nanoTime();
            sink(arithmetic(n));
            long t = Math.max(1L, System.nanoTime() - t0);
            n = Math.max(1_000L, (long) ((double) n * nanos / t));
        }
        return n;
    }

    /** @return a value that depends on every one of {@code n} steps of a linear congruence */
    private static long arithmetic(long n) {
        long x = n;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    private static final long[] SINK = new long[1];

    /** Keeps {@code v} observable, so that the loop that made it is not removed. */
    private static void sink(long v) {
        CELL.setOpaque(SINK, 0, v);
    }

    /** Spins until {@code cell[0]} is set or {@link #FAR_NANOS} passed since t0. */
    private static boolean await(long[] cell, long t0) {
        while ((long) CELL.getAcquire(cell, 0) == 0) {
            if (System.nanoTime() - t0 > FAR_NANOS) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private static void spinFor(long nanos) {
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < nanos) {
            Thread.onSpinWait();
        }
    }

    /**
     * @return the median time of an empty invoke on {@code pool} after it and the caller have been
     *     idle 10 ms, as a measured run's are (on a virtual machine, processors left idle that
     *     long wake slowly: several times an unpark between busy threads)
     */
    private static long invokeNanos(StrandPool pool, int trials) {
        long[] t = new long[trials];
        for (int i = 0; i < trials; i++) {
            LockSupport.parkNanos(10_000_000L);
            long t0 = System.nanoTime();
            pool.invoke((Runnable) () -> { });
            t[i] = System.nanoTime() - t0;
        }
        return median(t);
    }

    private static long median(long[] v) {
        if (v.length == 0) {
            return 0;
        }
        return Math.round(Stats.median(v));
    }
}
