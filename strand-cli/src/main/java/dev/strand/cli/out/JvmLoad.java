package dev.strand.cli.out;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * How much of the machine this JVM's own background work took during a measurement: the time its
 * JIT compilers spent compiling ({@link CompilationMXBean#getTotalCompilationTime}, summed over
 * the compiler threads) and the time its garbage collectors spent collecting, as a share of the
 * processors' time over the interval. {@link MachineLoad} sees other processes; this sees the
 * threads of the measuring process that are not the program's. On a machine with few cores, a
 * compiler thread that takes a core for milliseconds deschedules a worker for as long, and a
 * wall-clock profile charges that to the strand the worker was running.
 *
 * <pre>{@code
 * JvmLoad.Mark m = JvmLoad.mark();
 * ... run the samples ...
 * JvmLoad.Share s = JvmLoad.since(m);   // s.compile(), s.gc(): 0.0 .. 1.0, NaN when unknown
 * }</pre>
 */
public final class JvmLoad {
    private JvmLoad() { }

    /** A reading: milliseconds compiled and collected so far (-1 when unknown), and the clock. */
    public record Mark(long compileMillis, long gcMillis, long nanoTime) { }

    /**
     * Shares of the processors' time over an interval.
     *
     * @param compile the JIT's compiling time over all processors' time, or NaN when unknown
     * @param gc      the collectors' time over all processors' time, or NaN when unknown
     * @param compileMillis the compiling time itself, in milliseconds (-1 when unknown)
     */
    public record Share(double compile, double gc, long compileMillis) { }

    /**
     * A warm-up round in which the JIT compiled for less than this share of the machine's processor
     * time counts as settled: the code the measured rounds run is, for the most part, the code
     * they will keep running.
     */
    public static final double SETTLED_SHARE = 0.05;

    /**
     * @return whether the JIT compiled for less than {@link #SETTLED_SHARE} of the machine's
     *     processor time since {@code start} (true when the JVM does not report compile time)
     */
    public static boolean settledSince(Mark start) {
        double c = since(start).compile();
        return Double.isNaN(c) || c < SETTLED_SHARE;
    }

    /** @return the current reading */
    public static Mark mark() {
        return new Mark(compileMillis(), gcMillis(), System.nanoTime());
    }

    /** @return the shares since {@code start} */
    public static Share since(Mark start) {
        Mark end = mark();
        double all = (end.nanoTime() - start.nanoTime()) / 1e6 * Runtime.getRuntime().availableProcessors();
        long compiled = start.compileMillis() < 0 || end.compileMillis() < 0 ? -1
                : end.compileMillis() - start.compileMillis();
        long collected = start.gcMillis() < 0 || end.gcMillis() < 0 ? -1 : end.gcMillis() - start.gcMillis();
        return new Share(share(compiled, all), share(collected, all), compiled);
    }

    private static double share(long millis, double all) {
        return millis < 0 || all <= 0 ? Double.NaN : Math.min(1, millis / all);
    }

    private static long compileMillis() {
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        return c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() : -1;
    }

    private static long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            long t = g.getCollectionTime();
            if (t < 0) {
                return -1;
            }
            sum += t;
        }
        return sum;
    }
}
