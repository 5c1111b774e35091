package dev.strand.internal.profile;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time, for the profiler's CPU-time mode ({@code -Dstrand.profile.clock=cpu}):
 * a strand's work is then the processor time its worker thread used, which leaves out the time the
 * OS ran other processes on that processor (on a loaded machine, wall time counts it as work).
 * Read through {@link ThreadMXBean#getCurrentThreadCpuTime()}, which costs more than
 * {@code System.nanoTime()} (a system call on most platforms rather than a read of a counter).
 * Loaded only in CPU-time mode: the {@code java.management} module is optional for Strand.
 */
final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuClock() { }

    /**
     * @throws IllegalStateException if this JVM cannot read a thread's CPU time
     */
    static void check() {
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("strand.profile.clock=cpu: this JVM cannot read a thread's CPU time");
        }
        if (!THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    /** @return the calling thread's CPU time, in nanoseconds */
    static long threadNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
