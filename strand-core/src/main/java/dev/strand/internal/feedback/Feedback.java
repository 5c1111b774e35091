package dev.strand.internal.feedback;

import dev.strand.Multiprogramming;
import dev.strand.internal.cpu.Oversubscription;
import java.io.File;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether the process's pool workers compete for their cores, from Linux's per-thread scheduler
 * statistics, sampled once per quantum by one daemon thread (see the package essay). Workers read
 * {@link #shared()}: one volatile read, plus {@link Oversubscription#active()}'s.
 *
 * <p>Core workers of pools in the {@code AUTO} mode {@link #register} their thread as it starts and
 * {@link #unregister} it as it exits. The sampler runs while some registered worker wants a core;
 * after a quantum in which none did it goes idle: it looks at a flag that a worker waking from its
 * sleep sets ({@link #resumed}), after a quantum, then after twice as long each time up to a
 * second, and samples again once the flag is set; the next busy quantum starts from "dedicated".
 * The worker that sets the flag also unparks the sampler (at most once per quantum): an idle
 * sampler then samples again at once, a sampling one parks again for the rest of its quantum.
 * That third thread's brief wake-up as a pool leaves an idle spell is kept on purpose: in runs
 * that follow a full collection, with it the operating system put a pool's second worker on the
 * first one's core, where the two run as one, about half as often; in other runs it changed
 * nothing measurable (docs/design.md, "The sampler's wake-up").
 */
public final class Feedback implements Runnable {
    /** The sampler thread's body (the one instance); no other is made. */
    private Feedback() { }

    /** The sampling quantum: a few of the kernel scheduler's time slices. */
    static final long QUANTUM_NANOS = 20_000_000L;
    /**
     * The sampler's first look at the workers, after the first registration: later than a short
     * program's first result (tens of milliseconds in a fresh JVM), so that the sampler's set-up
     * does not share the cores with it. Oversubscription counts from the start.
     */
    static final long FIRST_LOOK_NANOS = 100_000_000L;
    /** While idle, the sampler's looks at {@link #woke} back off from a quantum to this. */
    private static final long IDLE_NANOS = 1_000_000_000L;
    /** Below this share of a quantum wanted (all workers together), the workers are idle. */
    private static final double IDLE_DEMAND = 0.01;
    /**
     * Whether this system has per-thread scheduler statistics (Linux with schedstat/sched_info).
     * Asked through {@code java.io.File}, which the JVM has initialized at its start, not through
     * {@code java.nio.file}, whose default file system a program may never touch otherwise: this
     * runs as a pool's first worker starts (docs/design.md, "Start-up").
     */
    private static final boolean AVAILABLE = new File("/proc/thread-self/schedstat").canRead();

    /** The last quantum's decision: the workers met competition for their cores. */
    private static volatile boolean shared;
    /** Set by {@link #force}: the sampler leaves {@link #shared} alone. */
    private static volatile boolean forced;
    /**
     * A registered worker woke from its sleep, or one registered or unregistered, since the
     * sampler's last reading: an idle sampler samples again when it next looks.
     */
    private static volatile boolean woke;
    /** The sampler thread while it runs, else null: a waking worker unparks it (see the class). */
    private static volatile Thread self;

    private static final Object LOCK = new Object();
    /** Registered workers' Linux thread ids; guarded by LOCK. */
    private static int[] tids = new int[8];
    private static int count;
    /** Bumped by every registration and unregistration: the sampler re-reads tids only then. */
    private static long changes;
    /** The sampler, started at the first registration; guarded by LOCK. */
    private static Thread sampler;

    /** @return whether a worker should assume it may be descheduled: competition or oversubscription */
    public static boolean shared() {
        return shared || Oversubscription.active();
    }

    /** @return whether the last quantum found competition from other processes */
    public static boolean competition() {
        return shared;
    }

    /**
     * Registers the calling worker thread (at its start).
     *
     * @return its thread id, to give to {@link #unregister}, or -1 if it cannot be sampled here
     */
    public static int register() {
        if (!AVAILABLE) {
            Oversubscription.refine();            // no sampler to do it later
            return -1;
        }
        int tid = ownTid();
        if (tid < 0) {
            return -1;
        }
        synchronized (LOCK) {
            if (count == tids.length) {
                tids = java.util.Arrays.copyOf(tids, count * 2);
            }
            tids[count++] = tid;
            changes++;
            LOCK.notifyAll();                     // a sampler waiting for a worker
            if (sampler == null) {
                Thread t = new Thread(new Feedback(), "strand-feedback");
                t.setDaemon(true);
                t.start();
                sampler = t;
            }
        }
        woke = true;                              // an idle sampler looks at the new worker too
        return tid;
    }

    /**
     * Unregisters a worker thread (as it exits).
     *
     * @param tid what {@link #register} returned, {@code >= 0}
     */
    public static void unregister(int tid) {
        synchronized (LOCK) {
            for (int i = 0; i < count; i++) {
                if (tids[i] == tid) {
                    tids[i] = tids[--count];
                    changes++;
                    woke = true;                  // an idle sampler closes its file (or all, at none)
                    return;
                }
            }
        }
        assert false : "thread " + tid + " was not registered";
    }

    /**
     * @param mode  the worker's pool's mode ({@code null}: {@code AUTO}, as {@code EngineSettings} has it)
     * @param spare whether the worker is a spare (those run only while another worker blocks)
     * @return whether such a worker is sampled: it {@link #register}s, and calls {@link #resumed}
     */
    public static boolean samples(Multiprogramming mode, boolean spare) {
        return !spare && (mode == null || mode == Multiprogramming.AUTO);
    }

    /**
     * A registered worker woke from its sleep: it unparks the sampler, at most once per quantum
     * (the sampler clears {@link #woke} at each reading). An idle sampler samples again; a
     * sampling one parks again for the rest of its quantum. One volatile read on the way back to
     * work; a write and an unpark once per quantum at most, no lock.
     */
    public static void resumed() {
        if (!woke) {
            woke = true;
            Thread t = self;
            if (t != null) {
                LockSupport.unpark(t);            // a napping sampler samples; a sampling one parks again
            }
        }
    }

    /** Parks until {@code deadline} ({@link System#nanoTime}): an unpark before it parks again. */
    static void parkUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0L; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    /**
     * Waits on LOCK (held) for a registration.
     *
     * @return false if the sampler was interrupted (nobody does): it then ends, flag kept
     */
    private static boolean awaitRegistration() {
        try {
            while (count == 0) {
                LOCK.wait();
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Sets the decision for tests: the sampler stops writing it until {@code null} is given.
     *
     * @param value the decision to impose, or null to give it back to the sampler
     */
    public static void force(Boolean value) {
        forced = value != null;
        shared = value != null && value;
    }

    /**
     * @return the calling thread's Linux thread id, from {@code /proc/thread-self} (a link to
     *     {@code /proc/PID/task/TID}), or -1
     */
    private static int ownTid() {
        try {
            String link = new File("/proc/thread-self").getCanonicalPath();
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | SecurityException | NumberFormatException e) {
            return -1;                            // not Linux, or no procfs: no feedback for this thread
        }
    }

    /**
     * The sampler's body. This class is the thread's Runnable itself: a method reference would spin
     * a class at start-up, and a nested class would be one more class for every pool's start to load.
     */
    @Override
    public void run() {
        sample();
    }

    /** The sampler's loop: one quantum after another while some worker is registered. */
    private static void sample() {
        self = Thread.currentThread();
        // Nothing before the first look: the sampler's set-up (its classes, the cgroup files)
        // would compete with a short program's first tasks for the cores (docs/design.md, "Start-up").
        parkUntil(System.nanoTime() + FIRST_LOOK_NANOS - QUANTUM_NANOS);
        long t = System.nanoTime();
        parkUntil(t + QUANTUM_NANOS);             // the first quantum only takes a baseline
        Oversubscription.refine();                // the cgroup files, read off the workers' path
        Detector detector = new Detector();
        Schedstats stats = new Schedstats();
        OwnThreads own = new OwnThreads();
        int[] snapshot = new int[8];
        long seen = -1;                           // the registrations' change count tracked
        boolean first = true;
        while (true) {
            if (!first) {
                parkUntil(t + QUANTUM_NANOS);
            }
            first = false;
            int n = -1;
            synchronized (LOCK) {
                if (count == 0) {                 // no worker to sample: wait for a registration
                    if (!forced) {
                        shared = false;
                    }
                    detector.reset();
                    stats.clear();                // no descriptor held while no pool runs
                    own.stop();
                    seen = -1;
                    if (!awaitRegistration()) {
                        self = null;
                        sampler = null;           // the next registration starts another
                        return;
                    }
                    t = System.nanoTime();
                }
                if (changes != seen) {            // a worker came or went: copy the ids
                    if (snapshot.length < count) {
                        snapshot = new int[tids.length];
                    }
                    System.arraycopy(tids, 0, snapshot, 0, count);
                    n = count;
                    seen = changes;
                }
            }
            if (n >= 0) {
                stats.track(snapshot, n);         // opens and closes files off the lock
                assert stats.size() == n : "one slot per registered worker";
            }
            long now = System.nanoTime();
            long wall = now - t;
            t = now;
            woke = false;                         // a worker that wakes from here on sets it again
            stats.pass();
            if (stats.measured == 0) {
                continue;                         // only baselines (first look, after idle, new workers)
            }
            long run = stats.run;
            long delay = stats.delay;
            long others = 0L;
            if (own.tracking() || delay >= Detector.ENTER * (run + delay)) {
                others = own.pass(stats);         // the workers waited: what did the rest run?
                if (others < 0L) {
                    continue;                     // only baselines: the next quantum is judged
                }
            }
            boolean s = detector.observe(run, delay, others, wall);
            if (!s && delay < Detector.ENTER * (run + delay)) {
                own.stop();                       // calm: the other threads are not read
            }
            if (s != shared && !forced) {
                shared = s;
            }
            if (run + delay < IDLE_DEMAND * wall) {
                detector.reset();                 // idle: the next busy quantum starts from dedicated
                own.stop();
                if (!forced) {
                    shared = false;
                }
                long nap = QUANTUM_NANOS;
                while (!woke) {                   // no worker woke, came or went: nothing to read
                    LockSupport.parkNanos(nap);
                    nap = Math.min(2 * nap, IDLE_NANOS);
                }
                // No file is read now: the pool's first task wants the cores. The next pass, a
                // quantum on, takes baselines; the one after is judged.
                stats.forget();
                t = System.nanoTime();
            }
        }
    }
}
