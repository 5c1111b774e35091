package dev.strand.cli.bench;

import dev.strand.cli.out.MachineLoad;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of the JVM's Java threads (pool workers, the calling thread and any other live Java
 * thread; JIT compiler and GC threads are not Java threads and are left out), from the per-thread
 * CPU clocks ({@code com.sun.management.ThreadMXBean#getThreadCpuTime(long[])}), which are exact to
 * the nanosecond even for a thread still running, unlike the process clock
 * ({@code OperatingSystemMXBean#getProcessCpuTime} and {@code /proc/self/stat} count 10 ms ticks,
 * {@code /proc/self/task/<tid>/schedstat} lags a running thread by up to a scheduler tick), so a
 * run of a fraction of a millisecond is measured correctly. A thread that ends between two readings
 * loses its time (pool workers live as long as their pool, which spans all runs of a kernel).
 * Falls back to {@link MachineLoad#processCpuNanos()} where thread CPU time is not supported.
 */
final class CpuClock {
    private CpuClock() { }

    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean PER_THREAD = THREADS instanceof com.sun.management.ThreadMXBean
            && THREADS.isThreadCpuTimeSupported() && enable();

    private static boolean enable() {
        try {
            if (!THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
            return true;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** A reading: CPU nanoseconds per thread id (or of the process, under id -1). */
    record Reading(Map<Long, Long> nanos) { }

    /** @return the name of the clock, for reports */
    static String name() {
        return PER_THREAD ? "Java threads' CPU clocks" : "process CPU time (10 ms ticks)";
    }

    /** @return the current reading */
    static Reading read() {
        Map<Long, Long> m = new HashMap<>();
        if (PER_THREAD) {
            long[] ids = THREADS.getAllThreadIds();
            long[] t = ((com.sun.management.ThreadMXBean) THREADS).getThreadCpuTime(ids);
            for (int i = 0; i < ids.length; i++) {
                if (t[i] > 0) {
                    m.put(ids[i], t[i]);
                }
            }
        } else {
            m.put(-1L, MachineLoad.processCpuNanos());
        }
        return new Reading(m);
    }

    /** @return the calling thread's CPU time in ns, or 0 where per-thread clocks are unsupported */
    static long currentThreadNanos() {
        return PER_THREAD ? THREADS.getCurrentThreadCpuTime() : 0L;
    }

    /** @return CPU nanoseconds used between {@code before} and {@code after} */
    static long between(Reading before, Reading after) {
        long sum = 0;
        for (Map.Entry<Long, Long> e : after.nanos().entrySet()) {
            sum += e.getValue() - before.nanos().getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }
}
