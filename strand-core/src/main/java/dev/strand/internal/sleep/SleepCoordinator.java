package dev.strand.internal.sleep;

import dev.strand.internal.stack.StackReserve;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Decides when idle workers park and who wakes them. See {@code package-info.java} for the protocol
 * and its proof; method comments name the step they implement.
 *
 * <p>Thread roles: a worker calls the {@code worker*} methods for its own index only; any thread
 * (worker or external submitter) calls {@link #workPublished} after making work visible.
 */
public final class SleepCoordinator {

    /** The watch's first and longest park (see case C of the proof). */
    static final long WATCH_MIN_NANOS = 50_000L;
    static final long WATCH_MAX_NANOS = 16_000_000L;

    private static final int AWAKE = 0;
    private static final int SLEEPING = 1;
    /** A sleeper whose thread exited after the keep-alive: claimed like a sleeper, then revived. */
    private static final int DORMANT = 2;
    /**
     * A spare slot with no thread, counted in the reserve: only {@link #activateSpare} claims it,
     * never a waker, so that publishing work never runs more than the core workers.
     */
    private static final int RESERVE = 3;
    /**
     * A spare slot in the reserve whose thread is parked for reuse ({@link #spareWait}): an
     * activation unparks it instead of starting a thread. Counted in the reserve, like
     * {@code RESERVE}, which it becomes when the keep-alive ends or the pool stops.
     */
    private static final int SPARE_IDLE = 4;

    private static final VarHandle CTL;
    private static final VarHandle INUSE;
    private static final VarHandle STATE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            CTL = MethodHandles.lookup().findVarHandle(SleepCoordinator.class, "ctl", long.class);
            INUSE = MethodHandles.lookup().findVarHandle(SleepCoordinator.class, "inUse", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Padding keeps the contended control word off the lines of neighbouring objects.
    @SuppressWarnings("unused")
    private long p0, p1, p2, p3, p4, p5, p6, p7;
    private volatile long ctl;
    @SuppressWarnings("unused")
    private long q0, q1, q2, q3, q4, q5, q6, q7;

    /** Per-worker state, spaced 16 ints (64 bytes) apart so neighbours do not share a line. */
    private final int[] states;
    private final Thread[] threads;
    /** Slots: the core workers, then the spares. */
    private final int size;
    /** Core workers: slots {@code [0, core)}; the spares are {@code [core, size)}. */
    private final int core;
    /**
     * Slots that were ever started: the core ones and every spare below the highest one activated.
     * Only grows; loops over slots stop here, so an unused reserve costs nothing.
     */
    private volatile int inUse;
    private final int maxSearchers;
    /**
     * The reviver, null when workers never go dormant: given a slot that a waker just claimed (a dormant worker, its state
     * {@code AWAKE} and counted as searching; or a reserve spare), starts a fresh thread for it,
     * registering it with {@link #register} before starting it. If it throws (no thread could be
     * started), the coordinator puts the slot back before rethrowing. A JDK interface, not one of
     * this package: one class fewer for a fresh JVM to read from the jar (docs/design.md, "Start-up").
     */
    private final IntConsumer reviver;

    /** Park/unpark events counted for statistics: index w's parks, and unparks it issued. */
    private final long[] parks;
    private final long[] unparks;
    /** Index w's sleeps that its watch ended (a timed re-scan found work no waker announced). */
    private final long[] watchFinds;

    /**
     * @param size         number of workers
     * @param maxSearchers cap on workers searching at once ({@code >= 1})
     */
    public SleepCoordinator(int size, int maxSearchers) {
        this(size, maxSearchers, null);
    }

    /**
     * @param size         number of workers
     * @param maxSearchers cap on workers searching at once ({@code >= 1})
     * @param reviver      starts a thread for a dormant worker when it is claimed, or null if
     *                     workers never retire (then the keep-alive of {@link #workerPark} is
     *                     ignored)
     */
    public SleepCoordinator(int size, int maxSearchers, IntConsumer reviver) {
        this(size, 0, maxSearchers, reviver);
    }

    /**
     * @param core         number of core workers, all awake at first
     * @param spares       number of spare slots, all in the reserve at first; {@link #activateSpare}
     *                     starts them (through the reviver) to replace workers that block
     * @param maxSearchers cap on workers searching at once ({@code >= 1})
     * @param reviver      starts a thread for a dormant or reserve slot when it is claimed; may be
     *                     null only if {@code spares == 0}
     */
    public SleepCoordinator(int core, int spares, int maxSearchers, IntConsumer reviver) {
        if (core < 1 || maxSearchers < 1 || spares < 0) {
            throw new IllegalArgumentException("size and maxSearchers must be >= 1, spares >= 0");
        }
        if (core + spares > ControlWord.MAX_COUNT || (spares > 0 && reviver == null)) {
            throw new IllegalArgumentException("at most " + ControlWord.MAX_COUNT
                    + " slots, and spares need a reviver: core=" + core + " spares=" + spares);
        }
        this.core = core;
        this.size = core + spares;
        this.inUse = core;
        this.maxSearchers = maxSearchers;
        this.reviver = reviver;
        this.states = new int[size * 16];
        for (int i = core; i < size; i++) {
            states[i * 16] = RESERVE;
        }
        this.threads = new Thread[size];
        this.parks = new long[size * 8];
        this.unparks = new long[size * 8];
        this.watchFinds = new long[size * 8];
        this.ctl = ControlWord.pack(0, 0, spares);
    }

    /** Records worker {@code index}'s thread (before it can sleep). */
    public void register(int index, Thread t) {
        threads[index] = t;
    }

    /** @return the current control word (a snapshot) */
    public long controlWord() {
        return ctl;
    }

    /**
     * Step S0: an idle worker asks to search. Granted unless {@code maxSearchers} already search.
     *
     * @return true if the caller is now counted as searching
     */
    public boolean workerTryStartSearching() {
        for (long c = ctl; ; c = ctl) {
            if (ControlWord.searching(c) >= maxSearchers) {
                return false;
            }
            if (CTL.compareAndSet(this, c, c + ControlWord.ONE_SEARCHER)) {
                return true;
            }
        }
    }

    /**
     * Step S1: a searcher found work and stops searching. If it was the last searcher and someone
     * sleeps, it wakes one to take over the search, but only if work is still visible: a lone
     * submission to an idle pool then wakes one worker, not two.
     *
     * @param index       the caller's index (for statistics)
     * @param workVisible scans every queue (after this method's fence) for remaining work
     */
    public void workerStopSearching(int index, java.util.function.BooleanSupplier workVisible) {
        long c = (long) CTL.getAndAdd(this, -ControlWord.ONE_SEARCHER) - ControlWord.ONE_SEARCHER;
        if (ControlWord.searching(c) == 0 && ControlWord.sleepers(c) > 0 && workVisible.getAsBoolean()) {
            wakeOne(index);
        }
    }

    /**
     * Step S2: register as a sleeper (and stop searching, if the caller was). After this returns
     * the caller MUST re-scan every queue and then call {@link #workerCancelSleep} (found work) or
     * {@link #workerPark} (found none).
     *
     * @param index         the caller's index
     * @param wasSearching  whether the caller is currently counted as searching
     * @return the control word right after registering (the caller counted as a sleeper)
     */
    public long workerPrepareSleep(int index, boolean wasSearching) {
        STATE.setVolatile(states, index * 16, SLEEPING);
        long delta = ControlWord.ONE_SLEEPER - (wasSearching ? ControlWord.ONE_SEARCHER : 0);
        return (long) CTL.getAndAdd(this, delta) + delta;      // full fence: pairs with P2
    }

    /**
     * Step S3a: the re-scan found work. The caller leaves sleep and becomes a searcher; if a waker
     * already claimed it, the waker did the accounting.
     *
     * @param index the caller's index
     */
    public void workerCancelSleep(int index) {
        if (STATE.compareAndSet(states, index * 16, SLEEPING, AWAKE)) {
            CTL.getAndAdd(this, ControlWord.ONE_SEARCHER - ControlWord.ONE_SLEEPER);
        }
    }

    /**
     * Step S3b: park until a waker claims this worker or {@code stop} is set, never re-checking for
     * work (for tests and callers that have no scan).
     *
     * @param index the caller's index
     * @param stop  checked after each wake-up; when true, the caller cancels its own sleep
     */
    public void workerPark(int index, java.util.function.BooleanSupplier stop) {
        workerPark(index, stop, null);
    }

    /**
     * Step S3b: park until a waker claims this worker, {@code stop} is set, or, while another
     * worker is awake, a periodic re-scan finds work (the watch, case C of the proof). On return
     * the caller is counted as searching.
     *
     * @param index       the caller's index
     * @param stop        checked after each wake-up; when true, the caller cancels its own sleep
     *                    (accounting as in S3a) and returns
     * @param workVisible scans every queue; {@code null} disables the watch
     */
    public void workerPark(int index, java.util.function.BooleanSupplier stop,
                           java.util.function.BooleanSupplier workVisible) {
        boolean retired = workerPark(index, stop, workVisible, Long.MAX_VALUE);
        assert !retired : "retired without a keep-alive";
    }

    /**
     * Step S3b with a keep-alive: as {@link #workerPark(int, java.util.function.BooleanSupplier,
     * java.util.function.BooleanSupplier)}, but once every worker has been a sleeper for
     * {@code keepAliveNanos} of this sleep and a last re-scan finds nothing, the caller retires:
     * its state becomes {@code DORMANT} (still counted as a sleeper) and its thread must exit
     * without touching the pool's state again. A waker that claims a dormant worker starts a new
     * thread for it through the reviver.
     *
     * <p>Only an idle pool retires workers (no watch is running then), so the watch of case C is
     * never cut short: a sleeper watching an awake worker never retires.
     *
     * @param keepAliveNanos how long an idle pool keeps this worker's thread; {@code Long.MAX_VALUE}
     *                       (or no reviver) for ever
     * @return true if the caller retired (its thread must exit now); false if it was woken and is
     *     counted as searching
     */
    public boolean workerPark(int index, java.util.function.BooleanSupplier stop,
                              java.util.function.BooleanSupplier workVisible, long keepAliveNanos) {
        return workerPark(index, stop, workVisible, keepAliveNanos, null);
    }

    /**
     * Step S3b as {@link #workerPark(int, java.util.function.BooleanSupplier,
     * java.util.function.BooleanSupplier, long)}, for a spare slot that may also leave for the
     * reserve: checked after each wake-up, {@code leave} true makes it move its own state
     * {@code SLEEPING -> SPARE_IDLE} by CAS (a waker's claim is the other CAS on that word:
     * exactly one wins), then from the sleepers to the reserve count; it then waits in
     * {@link #spareWait}. A spare's keep-alive ends the same way, never in {@code DORMANT}.
     *
     * @param leave null for a core worker
     * @return true if the caller retired: a core worker is dormant (its thread must exit); a
     *     spare ({@code leave} not null) is back in the reserve and must call {@link #spareWait},
     *     without reading its state first: an activation may claim it as soon as it joined the
     *     reserve count, and {@code spareWait} then returns at once
     */
    public boolean workerPark(int index, java.util.function.BooleanSupplier stop,
                              java.util.function.BooleanSupplier workVisible, long keepAliveNanos,
                              java.util.function.BooleanSupplier leave) {
        assert leave == null || index >= core;
        boolean mayRetire = reviver != null && keepAliveNanos != Long.MAX_VALUE && workVisible != null;
        long since = mayRetire ? System.nanoTime() : 0L;
        long timeout = WATCH_MIN_NANOS;
        boolean counted = false;                  // one park per sleep, however many watch rounds
        while ((int) STATE.getVolatile(states, index * 16) == SLEEPING) {
            if (stop.getAsBoolean()) {
                workerCancelSleep(index);
                return false;
            }
            if (leave != null && leave.getAsBoolean()
                    && STATE.compareAndSet(states, index * 16, SLEEPING, SPARE_IDLE)) {
                CTL.getAndAdd(this, ControlWord.ONE_RESERVE - ControlWord.ONE_SLEEPER);
                return true;                      // the caller waits in spareWait
            }
            if (!counted) {
                parks[index * 8]++;
                counted = true;
            }
            Thread.interrupted();                 // a task may have left it set: park would spin
            // Watch only while some worker is awake: only an awake worker can push without a fence.
            boolean watch = workVisible != null && !allIdle(ctl);
            if (!watch) {
                if (!mayRetire) {
                    LockSupport.park(this);
                    continue;
                }
                long left = keepAliveNanos - (System.nanoTime() - since);
                if (left > 0) {
                    LockSupport.parkNanos(this, left);
                } else if (workVisible.getAsBoolean()) {
                    workerCancelSleep(index);     // as the watch does: found work, search
                    return false;
                } else if (leave != null) {
                    // A spare never goes dormant: a dormant slot stays out of the reserve until a
                    // waker claims it, and in an idle pool none ever does. Its leave check above may
                    // be stale (the block it covered ended since, and that worker went to sleep):
                    // it joins the reserve, and its caller then compensates any block still on.
                    if (STATE.compareAndSet(states, index * 16, SLEEPING, SPARE_IDLE)) {
                        CTL.getAndAdd(this, ControlWord.ONE_RESERVE - ControlWord.ONE_SLEEPER);
                        return true;              // the caller waits in spareWait
                    }
                } else if (STATE.compareAndSet(states, index * 16, SLEEPING, DORMANT)) {
                    return true;                  // pairs with the CAS in claim: one of them wins
                }
            } else {
                LockSupport.parkNanos(this, timeout);
                if ((int) STATE.getVolatile(states, index * 16) == SLEEPING
                        && workVisible.getAsBoolean()) {
                    watchFinds[index * 8]++;
                    workerCancelSleep(index);
                    return false;
                }
                timeout = Math.min(timeout << 1, WATCH_MAX_NANOS);
            }
        }
        return false;
    }

    /**
     * Step P1-P3, called by any thread after publishing work (push onto a deque that looked empty,
     * or an external submission): fence, then wake a sleeper if nobody is searching.
     *
     * @param from the caller's worker index, or -1 for an external thread (for statistics)
     */
    public void workPublished(int from) {
        VarHandle.fullFence();                    // P2: the publish before reading ctl; pairs with S2
        wakeIfNeeded(from);
    }

    /**
     * Steps P2-P3 for a publisher whose publish (P1) was itself a volatile write or CAS, such as
     * the {@code Injector}'s volatile store of {@code tail}: volatile accesses are totally ordered
     * (JLS 17.4.4), so the volatile read of {@code ctl} cannot move before that write, and S2 is a
     * CAS on {@code ctl}: the Dekker pairing holds without the explicit fence.
     *
     * @param from the caller's worker index, or -1 for an external thread
     */
    public void workPublishedByVolatileWrite(int from) {
        wakeIfNeeded(from);
    }

    private void wakeIfNeeded(int from) {
        long c = ctl;                             // volatile read
        if (ControlWord.searching(c) == 0 && ControlWord.sleepers(c) > 0) {
            wakeOne(from);
        }
    }

    /**
     * Wakes one sleeper, making it a searcher. Takes a "search token" first (searching 0 -> 1) so
     * that concurrent publishers do not wake a crowd, then claims a sleeping worker's state.
     */
    private void wakeOne(int from) {
        // Taking the token, claiming a sleeper and unparking it are separate steps, and a publisher
        // may be deep in a recursion: an overflow after the token would leave a searcher that does
        // not exist, and no wake-up would ever happen again. Overflow now, if at all.
        StackReserve.reserve();
        for (;;) {
            long c = ctl;
            if (ControlWord.searching(c) != 0 || ControlWord.sleepers(c) == 0) {
                return;                           // a searcher will see the work (see proof, case B)
            }
            if (!CTL.compareAndSet(this, c, c + ControlWord.ONE_SEARCHER)) {
                continue;
            }
            if (claimAndUnpark(from)) {
                return;
            }
            // No sleeper could be claimed: they were all cancelling. Return the token; if the word
            // still shows sleepers and no searcher, one registered after our scan: try again.
            long after = (long) CTL.getAndAdd(this, -ControlWord.ONE_SEARCHER) - ControlWord.ONE_SEARCHER;
            if (ControlWord.searching(after) != 0 || ControlWord.sleepers(after) == 0) {
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** With the search token held: claims one sleeping worker, hands it the token, unparks it. */
    private boolean claimAndUnpark(int from) {
        int n = inUse;
        int start = (from < 0 ? (int) (Thread.currentThread().threadId() % n) : from) % n;
        for (int k = 0; k < n; k++) {
            int i = (start + k) % n;
            int s = (int) STATE.getVolatile(states, i * 16);
            if ((s == SLEEPING || s == DORMANT) && STATE.compareAndSet(states, i * 16, s, AWAKE)) {
                CTL.getAndAdd(this, -ControlWord.ONE_SLEEPER);   // the token becomes i's search
                if (from >= 0) {
                    unparks[from * 8]++;
                }
                if (s == SLEEPING) {
                    LockSupport.unpark(threads[i]);
                } else {
                    revive(i);
                }
                return true;
            }
        }
        return false;
    }

    /**
     * Starts a thread for dormant worker {@code i}, just claimed (state {@code AWAKE}, counted as
     * searching). If that fails (no memory for a thread, the stack ran out), the claim is undone,
     * state first, so that a later waker can claim {@code i} again, and the failure propagates to
     * the publisher. Its work stays queued for the next worker that looks.
     */
    private void revive(int i) {
        assert reviver != null : "a dormant worker without a reviver";
        try {
            reviver.accept(i);
        } catch (Throwable e) {
            STATE.setVolatile(states, i * 16, DORMANT);
            CTL.getAndAdd(this, ControlWord.ONE_SLEEPER - ControlWord.ONE_SEARCHER);
            throw e;
        }
    }

    /**
     * Wakes every sleeper (shutdown, termination). Woken workers are counted as searching. As in
     * {@link #wakeOne}, a search token is taken before the claim and handed to the claimed worker,
     * so a worker that is already awake is never counted only as a sleeper: "every worker is a
     * sleeper and none searches" then means that no worker can be running a task.
     */
    public void wakeAll() {
        wakeAll(false);
    }

    /**
     * Wakes every sleeper as {@link #wakeAll()} does.
     *
     * @param reviveDormant also claim dormant workers and start threads for them (a pool that
     *                      shuts down needs a worker to see it quiescent); when false they stay
     *                      dormant: a stopping pool does not start threads only to end them
     */
    public void wakeAll(boolean reviveDormant) {
        StackReserve.reserve();
        int n = inUse;
        for (int i = 0; i < n; i++) {
            int s = (int) STATE.getVolatile(states, i * 16);
            if (s == SPARE_IDLE) {
                LockSupport.unpark(threads[i]);   // not claimed: it sees the stop, or parks again
                continue;
            }
            if (s == SLEEPING || (s == DORMANT && reviveDormant)) {
                CTL.getAndAdd(this, ControlWord.ONE_SEARCHER);                 // the token
                if (STATE.compareAndSet(states, i * 16, s, AWAKE)) {
                    CTL.getAndAdd(this, -ControlWord.ONE_SLEEPER);             // token becomes i's
                    if (s == DORMANT) {
                        revive(i);
                        continue;
                    }
                } else {
                    CTL.getAndAdd(this, -ControlWord.ONE_SEARCHER);            // i woke itself
                }
            }
            Thread t = threads[i];
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    // ---------------------------------------------------------------- spares

    /**
     * Starts a spare slot from the reserve as a searcher, for a worker about to block: takes one
     * from the reserve count (searching += 1 in the same step), claims a slot in state
     * {@code RESERVE} and starts its thread through the reviver, which must call
     * {@link #raiseInUse} before the thread starts.
     *
     * <p>Invariant: the slots in state {@code RESERVE} or {@code SPARE_IDLE} are at least the word's reserve count plus
     * the activations that took a count and have not claimed yet, because a spare leaving stores
     * its state before it adds itself to the count ({@link #spareLeave}). So an activation that
     * took a count finds a slot to claim; it may lose a CAS to another activation and look again.
     *
     * @return the slot started, or -1 if the reserve is empty
     */
    @SuppressWarnings("ThreadPriorityCheck") // yield to a leaving spare descheduled between its two steps
    public int activateSpare() {
        StackReserve.reserve();                   // as wakeOne: overflow before the first step
        for (long c = ctl; ; c = ctl) {
            if (ControlWord.reserve(c) == 0) {
                return -1;
            }
            if (CTL.compareAndSet(this, c, c - ControlWord.ONE_RESERVE + ControlWord.ONE_SEARCHER)) {
                break;
            }
        }
        for (int spins = 0; ; spins++) {
            for (int i = core, n = inUse; i < n; i++) {   // a parked spare thread first: no start
                if ((int) STATE.getVolatile(states, i * 16) == SPARE_IDLE
                        && STATE.compareAndSet(states, i * 16, SPARE_IDLE, AWAKE)) {
                    LockSupport.unpark(threads[i]);        // it counts as the searcher we added
                    return i;
                }
            }
            for (int i = core; i < size; i++) {
                if ((int) STATE.getVolatile(states, i * 16) == RESERVE
                        && STATE.compareAndSet(states, i * 16, RESERVE, AWAKE)) {
                    try {
                        reviver.accept(i);
                    } catch (Throwable e) {
                        STATE.setVolatile(states, i * 16, RESERVE);
                        CTL.getAndAdd(this, ControlWord.ONE_RESERVE - ControlWord.ONE_SEARCHER);
                        throw e;
                    }
                    return i;
                }
            }
            if (spins < 64) {
                Thread.onSpinWait();              // another activation took the slot first
            } else {
                Thread.yield();
            }
        }
    }

    /**
     * A spare slot's first start: loops over slots now reach {@code n} (called by the reviver after
     * the slot's deque and worker exist, before its thread starts).
     *
     * @param n the new bound, at most {@link #size}
     */
    public void raiseInUse(int n) {
        assert n <= size;
        for (int u = inUse; u < n; u = inUse) {
            if (INUSE.compareAndSet(this, u, n)) {
                return;
            }
        }
    }

    /** @return the slots ever started: loops over the pool's slots stop here */
    public int inUse() {
        return inUse;
    }

    /**
     * An awake spare that holds nothing returns to the reserve (its thread then waits in
     * {@link #spareWait}): state {@code SPARE_IDLE} first, then in one step it stops searching (if it was) and joins the reserve
     * count; then it looks for work once more and, if it sees some, publishes it again (P1-P3)
     * before it leaves, so that a publisher that counted it as a searcher and therefore woke
     * nobody is covered as in case B of the proof.
     *
     * <p>Invariant: the caller holds no task, no join frame and has an empty deque.
     *
     * @param index        the spare's slot
     * @param wasSearching whether it is counted as searching
     * @param workVisible  scans every queue
     * @return the control word right after the spare joined the reserve count (as S2 returns
     *     it: the leaving spare checks it for quiescence after shutdown, as a last sleeper does)
     */
    public long spareLeave(int index, boolean wasSearching, java.util.function.BooleanSupplier workVisible) {
        assert index >= core && (int) STATE.getVolatile(states, index * 16) == AWAKE;
        STATE.setVolatile(states, index * 16, SPARE_IDLE);
        long delta = ControlWord.ONE_RESERVE - (wasSearching ? ControlWord.ONE_SEARCHER : 0);
        long word = (long) CTL.getAndAdd(this, delta) + delta;   // full fence: pairs with P2, as S2 does
        if (workVisible.getAsBoolean()) {
            wakeIfNeeded(index);
        }
        return word;
    }

    /**
     * A spare in the reserve with its thread: parks until an activation claims it (returns true:
     * it is counted as searching) or, after {@code keepAliveNanos} or once {@code stop} holds,
     * moves its own state {@code SPARE_IDLE -> RESERVE} by CAS (the activation's claim is the
     * other CAS on that word) and returns false: its thread must exit.
     *
     * @param index          the spare's slot, in state {@code SPARE_IDLE} or already claimed
     * @param stop           checked after each wake-up
     * @param keepAliveNanos how long the thread waits to be reused
     * @return whether the spare was activated again
     */
    public boolean spareWait(int index, java.util.function.BooleanSupplier stop, long keepAliveNanos) {
        long since = System.nanoTime();
        for (;;) {
            int st = (int) STATE.getVolatile(states, index * 16);
            if (st == AWAKE) {
                return true;
            }
            assert st == SPARE_IDLE : "spareWait in state " + st;
            long left = keepAliveNanos - (System.nanoTime() - since);
            if (stop.getAsBoolean() || left <= 0) {
                if (STATE.compareAndSet(states, index * 16, SPARE_IDLE, RESERVE)) {
                    return false;
                }
                continue;                         // claimed meanwhile: it is ours to run
            }
            Thread.interrupted();                 // a task may have left it set: park would spin
            LockSupport.parkNanos(this, left);
        }
    }

    /** @param index a slot @return whether it is a spare in the reserve whose thread waits for reuse */
    public boolean isSpareIdle(int index) {
        return (int) STATE.getVolatile(states, index * 16) == SPARE_IDLE;
    }

    /**
     * @param index a slot
     * @return whether it runs nothing: asleep, dormant, or in the reserve
     */
    public boolean isIdle(int index) {
        return (int) STATE.getVolatile(states, index * 16) != AWAKE;
    }

    /**
     * @param c a control word
     * @return whether it counts every slot asleep or in the reserve and none searching: then no
     *     worker can be running a task
     */
    public boolean everyoneAsleep(long c) {
        return allIdle(c) && ControlWord.searching(c) == 0;
    }

    private boolean allIdle(long c) {
        return ControlWord.sleepers(c) + ControlWord.reserve(c) == size;
    }

    /** @return the slots that are spares */
    public int spares() {
        return size - core;
    }

    /** @param c a control word @return how many spare slots are out of the reserve */
    public int sparesOut(long c) {
        return size - core - ControlWord.reserve(c);
    }

    /** @param index a worker @return whether it is registered as sleeping (dormant included) */
    public boolean isSleeping(int index) {
        int st = (int) STATE.getVolatile(states, index * 16);
        return st == SLEEPING || st == DORMANT;
    }

    /** @param index a worker @return whether it is dormant: a sleeper whose thread has exited */
    public boolean isDormant(int index) {
        return (int) STATE.getVolatile(states, index * 16) == DORMANT;
    }

    /** @param index a worker @return how many times it parked (racy snapshot) */
    public long parks(int index) {
        return parks[index * 8];
    }

    /** @param index a worker @return how many times it unparked a sleeper (racy snapshot) */
    public long unparks(int index) {
        return unparks[index * 8];
    }

    /**
     * @param index a worker
     * @return how many of its sleeps the watch ended: a timed re-scan found work that no waker
     *     announced (racy snapshot)
     */
    public long watchFinds(int index) {
        return watchFinds[index * 8];
    }

    /** @return the worker count */
    public int size() {
        return size;
    }
}
