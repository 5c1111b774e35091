package dev.strand.internal.feedback;

import dev.strand.internal.cpu.Oversubscription;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether the process's pool workers compete for their cores, from Linux's per-thread scheduler
 * statistics, sampled once per quantum by one daemon thread (see the package essay). Workers read
 * {@link #shared()}: one volatile read, plus {@link Oversubscription#active()}'s.
 *
 * <p>Core workers of pools in the {@code AUTO} mode {@link #register} their thread as it starts and
 * {@link #unregister} it as it exits. The sampler runs while some registered worker wants a core;
 * after a quantum in which none did it parks until a worker wakes from its sleep
 * ({@link #resumed}), and the next busy quantum starts from "dedicated".
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
    /** While idle, the sampler looks again this often even if no worker woke it. */
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
    /** The sampler found no demand and parks: a worker that wakes unparks it. */
    private static volatile boolean idle;

    private static final Object LOCK = new Object();
    /** Registered workers' Linux thread ids; guarded by LOCK. */
    private static int[] tids = new int[8];
    private static int count;
    /** The sampler, started at the first registration; guarded by LOCK. */
    private static Thread sampler;

    /** @return whether a worker should assume it may be descheduled: competition or oversubscription */
    public static boolean shared() {
        return shared || Oversubscription.active();
    }

    /** @return whether the last quantum found competition from other threads or processes */
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
        Thread wake;
        synchronized (LOCK) {
            if (count == tids.length) {
                tids = java.util.Arrays.copyOf(tids, count * 2);
            }
            tids[count++] = tid;
            LOCK.notifyAll();                     // a sampler waiting for a worker
            if (sampler == null) {
                Thread t = new Thread(new Feedback(), "strand-feedback");
                t.setDaemon(true);
                t.start();
                sampler = t;
            }
            wake = sampler;
        }
        if (idle) {
            idle = false;
            LockSupport.unpark(wake);
        }
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
                    return;
                }
            }
        }
        assert false : "thread " + tid + " was not registered";
    }

    /** A registered worker woke from its sleep: restarts an idle sampler. */
    public static void resumed() {
        if (idle) {
            wakeSampler();
        }
    }

    private static void wakeSampler() {
        Thread t;
        synchronized (LOCK) {
            t = sampler;
        }
        idle = false;
        if (t != null) {
            LockSupport.unpark(t);
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
        // Nothing before the first look: the sampler's set-up (its classes, the cgroup files)
        // would compete with a short program's first tasks for the cores (docs/design.md, "Start-up").
        LockSupport.parkNanos(FIRST_LOOK_NANOS - QUANTUM_NANOS);
        long t = System.nanoTime();
        LockSupport.parkNanos(QUANTUM_NANOS);     // the first quantum only takes a baseline
        Oversubscription.refine();                // the cgroup files, read off the workers' path
        Detector detector = new Detector();
        Map<Integer, long[]> last = new HashMap<>();
        int[] snapshot = new int[0];
        boolean first = true;
        while (true) {
            if (!first) {
                LockSupport.parkNanos(QUANTUM_NANOS);
            }
            first = false;
            synchronized (LOCK) {
                if (count == 0) {                 // no worker to sample: wait for a registration
                    if (!forced) {
                        shared = false;
                    }
                    detector.reset();
                    if (!awaitRegistration()) {
                        sampler = null;           // the next registration starts another
                        return;
                    }
                    last.clear();
                    t = System.nanoTime();
                }
                if (snapshot.length != count) {
                    snapshot = new int[count];
                }
                System.arraycopy(tids, 0, snapshot, 0, count);
            }
            long now = System.nanoTime();
            long wall = now - t;
            t = now;
            long run = 0;
            long delay = 0;
            Map<Integer, long[]> seen = new HashMap<>();
            for (int tid : snapshot) {
                long[] cur = read(tid);
                if (cur == null) {
                    continue;                     // exited since the snapshot
                }
                long[] before = last.get(tid);
                if (before != null) {
                    run += cur[0] - before[0];
                    delay += cur[1] - before[1];
                }
                seen.put(tid, cur);
            }
            last = seen;
            boolean s = detector.observe(run, delay, wall);
            if (s != shared && !forced) {
                shared = s;
            }
            if (run + delay < IDLE_DEMAND * wall) {
                detector.reset();                 // idle: the next busy quantum starts from dedicated
                if (!forced) {
                    shared = false;
                }
                idle = true;
                LockSupport.parkNanos(IDLE_NANOS);    // until a worker wakes (resumed), or a look anyway
                idle = false;
                last.clear();                     // the next quantum only takes a baseline
                t = System.nanoTime();
            }
        }
    }

    /** @return {run ns, run-queue delay ns} of Linux thread {@code tid}, or null if it is gone */
    private static long[] read(int tid) {
        byte[] b;
        try {
            b = Files.readAllBytes(Path.of("/proc/self/task/" + tid + "/schedstat"));
        } catch (IOException e) {
            return null;                          // the thread exited: it stops counting
        }
        return parse(b);
    }

    /**
     * @param b the content of a {@code schedstat} file: "run-ns delay-ns slices"
     * @return {run, delay}, or null if malformed
     */
    static long[] parse(byte[] b) {
        long[] v = new long[2];
        int i = 0;
        for (int f = 0; f < 2; f++) {
            while (i < b.length && b[i] == ' ') {
                i++;
            }
            int start = i;
            long x = 0;
            while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                x = x * 10 + (b[i++] - '0');
            }
            if (i == start) {
                return null;
            }
            v[f] = x;
        }
        return v;
    }
}
