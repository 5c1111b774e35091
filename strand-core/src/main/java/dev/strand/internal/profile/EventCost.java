package dev.strand.internal.profile;

import java.util.Arrays;

/**
 * The profiler's own time inside one measured segment, subtracted from every segment's charge so
 * that the recorded work is the program's and not the profiler's.
 *
 * <p>A segment runs from one profiler event (a fork, a frame's start or end, a join) to the next,
 * and both clock reads are taken inside the events. So each segment holds the end of the event
 * that started it and the start of the one that ends it: about one {@code System.nanoTime()} and
 * a few field updates, whatever the program does in between. On tasks of a fraction of a
 * microsecond, three such segments per task (two in the parent around the fork and the join, one
 * in the child) are a large part of the recorded work.
 *
 * <p>Measured once per JVM, like the {@linkplain Burden burden}: a private profiler runs empty
 * frames through the same events as a task's fork and join and a {@code Strand.join} (nothing
 * between the events, so every nanosecond it records is the profiler's), first to let the JIT
 * compile the events, then in {@value #BATCHES} batches; the constant is the median batch's
 * recorded time per segment. The {@code strand.profile.eventCost} system property (nanoseconds)
 * overrides it; 0 turns the correction off.
 */
final class EventCost {
    /** The system property that sets the cost per segment instead of measuring it. */
    static final String PROPERTY = "strand.profile.eventCost";
    private static final int WARMUP = 60_000;
    private static final int BATCHES = 21;
    private static final int PER_BATCH = 2_000;
    private static volatile long measured = -1;
    /** The same, for CPU-time mode, whose clock read costs more. */
    private static volatile long measuredCpu = -1;

    private EventCost() { }

    /**
     * @param cpuTime whether segments are timed with the thread's CPU clock
     * @return the cost per segment in nanoseconds: the property if set, else the measured one
     */
    static long nanos(boolean cpuTime) {
        long v = NanosProperty.read(PROPERTY);
        if (v >= 0) {
            return v;
        }
        if (cpuTime) {
            long m = measuredCpu;
            if (m < 0) {
                m = measuredCpu = measure(true);
            }
            return m;
        }
        long m = measured;
        if (m < 0) {
            m = measured = measure(false);
        }
        return m;
    }

    /** @return true if the cost comes from {@code strand.profile.eventCost} */
    static boolean overridden() {
        return System.getProperty(PROPERTY) != null;
    }

    private static long measure(boolean cpuTime) {
        PoolProfiler p = new PoolProfiler("strand-profile-calibration", 1, false, 0L,
                PoolProfiler.DEFAULT_GRAIN_NANOS, 0L, false, cpuTime);
        WorkerProfiler w = p.worker(0);
        w.begin(p.looseRoot(0));
        try {
            for (int i = 0; i < WARMUP; i++) {
                step(w, i);
            }
            double[] perSegment = new double[BATCHES];
            for (int b = 0; b < BATCHES; b++) {
                long work = w.work;
                long segments = w.segments;
                for (int i = 0; i < PER_BATCH; i++) {
                    step(w, i);
                }
                long n = w.segments - segments;
                perSegment[b] = n == 0 ? 0.0 : (double) (w.work - work) / n;
            }
            Arrays.sort(perSegment);
            return Math.round(perSegment[BATCHES / 2]);
        } finally {
            w.end();
        }
    }

    /**
     * One empty fork and join: a task's (fork, push, join, the child run inline) on even steps, a
     * {@code Strand.join}'s (the second branch forked, the first called, the second run inline) on
     * odd ones. Three segments and five segments: every one holds profiler code only.
     */
    private static void step(WorkerProfiler w, int i) {
        Frame k = w.fork();
        w.forked();
        if ((i & 1) != 0) {
            w.beginCall();
            w.end();
        }
        w.beforeJoin();
        w.begin(k);
        w.end();
        w.joined(k);
    }
}
