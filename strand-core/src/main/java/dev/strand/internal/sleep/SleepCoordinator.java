package dev.strand.internal.sleep;

import dev.strand.internal.stack.StackReserve;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Decides when idle workers park and who wakes them. See {@code package-info.java} for the protocol
 * and its proof; method comments name the step they implement.
 *
 * <p>Thread roles: a worker calls the {@code worker*} methods for its own index only; any thread
 * (worker or external submitter) calls {@link #workPublished} after making work visible.
 */
public final class SleepCoordinator {

    /** The watch's first and longest park (see case C of the proof). */
    static final long WATCH_MIN_NANOS = 1_000_000L;
    static final long WATCH_MAX_NANOS = 16_000_000L;

    private static final int AWAKE = 0;
    private static final int SLEEPING = 1;
    /** A sleeper whose thread exited after the keep-alive: claimed like a sleeper, then revived. */
    private static final int DORMANT = 2;

    /**
     * Starts a fresh thread for a dormant worker that a waker just claimed (its state is
     * {@code AWAKE} and the control word counts it as searching), registering it with
     * {@link #register} before starting it.
     */
    @FunctionalInterface
    public interface Reviver {
        /**
         * @param index the claimed worker
         * @throws RuntimeException or Error if no thread could be started; the coordinator then
         *                          puts the worker back to dormant before rethrowing
         */
        void revive(int index);
    }

    private static final VarHandle CTL;
    private static final VarHandle STATE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            CTL = MethodHandles.lookup().findVarHandle(SleepCoordinator.class, "ctl", long.class);
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
    private final int size;
    private final int maxSearchers;
    /** Starts threads for dormant workers; null when workers never go dormant. */
    private final Reviver reviver;

    /** Park/unpark events counted for statistics: index w's parks, and unparks it issued. */
    private final long[] parks;
    private final long[] unparks;

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
    public SleepCoordinator(int size, int maxSearchers, Reviver reviver) {
        if (size < 1 || maxSearchers < 1) {
            throw new IllegalArgumentException("size and maxSearchers must be >= 1");
        }
        this.size = size;
        this.maxSearchers = maxSearchers;
        this.reviver = reviver;
        this.states = new int[size * 16];
        this.threads = new Thread[size];
        this.parks = new long[size * 8];
        this.unparks = new long[size * 8];
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
     * thread for it through the {@link Reviver}.
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
        boolean mayRetire = reviver != null && keepAliveNanos != Long.MAX_VALUE && workVisible != null;
        long since = mayRetire ? System.nanoTime() : 0L;
        long timeout = WATCH_MIN_NANOS;
        boolean counted = false;                  // one park per sleep, however many watch rounds
        while ((int) STATE.getVolatile(states, index * 16) == SLEEPING) {
            if (stop.getAsBoolean()) {
                workerCancelSleep(index);
                return false;
            }
            if (!counted) {
                parks[index * 8]++;
                counted = true;
            }
            Thread.interrupted();                 // a task may have left it set: park would spin
            // Watch only while some worker is awake: only an awake worker can push without a fence.
            boolean watch = workVisible != null && ControlWord.sleepers(ctl) < size;
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
                } else if (STATE.compareAndSet(states, index * 16, SLEEPING, DORMANT)) {
                    return true;                  // pairs with the CAS in claim: one of them wins
                }
            } else {
                LockSupport.parkNanos(this, timeout);
                if ((int) STATE.getVolatile(states, index * 16) == SLEEPING
                        && workVisible.getAsBoolean()) {
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
        int start = from < 0 ? (int) (Thread.currentThread().threadId() % size) : from;
        for (int k = 0; k < size; k++) {
            int i = (start + k) % size;
            int s = (int) STATE.getVolatile(states, i * 16);
            if (s != AWAKE && STATE.compareAndSet(states, i * 16, s, AWAKE)) {
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
            reviver.revive(i);
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
        for (int i = 0; i < size; i++) {
            int s = (int) STATE.getVolatile(states, i * 16);
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

    /** @param index a worker @return whether it is registered as sleeping (dormant included) */
    public boolean isSleeping(int index) {
        return (int) STATE.getVolatile(states, index * 16) != AWAKE;
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

    /** @return the worker count */
    public int size() {
        return size;
    }
}
