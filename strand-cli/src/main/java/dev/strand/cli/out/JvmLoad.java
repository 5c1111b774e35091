package dev.strand.cli.out;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * How much of the machine this JVM's JIT compilers took during a measurement: the time they spent
 * compiling ({@link CompilationMXBean#getTotalCompilationTime}, summed over the compiler threads)
 * as a share of the processors' time over the interval. {@link MachineLoad} sees other processes;
 * this sees threads of the measuring process that are not the program's. On a machine with few
 * cores, a compiler thread that takes a core for milliseconds deschedules a worker for as long, and
 * a wall-clock profile charges that to the strand the worker was running.
 *
 * <pre>{@code
 * JvmLoad.Mark m = JvmLoad.mark();
 * ... run the samples ...
 * JvmLoad.Share s = JvmLoad.since(m);   // s.compile(): 0.0 .. 1.0, NaN when unknown
 * }</pre>
 */
public final class JvmLoad {
    private JvmLoad() { }

    /**
     * A warm-up round in which the JIT compiled for less than this share of the machine's processor
     * time counts as quiet; two in a row, and the JIT has settled: the code the measured rounds run
     * is, for the most part, the code they will keep running.
     */
    public static final double SETTLED_SHARE = 0.05;

    /** A reading: milliseconds compiled so far (-1 when unknown), and the clock. */
    public record Mark(long compileMillis, long nanoTime) { }

    /**
     * The JIT's share of the processors' time over an interval.
     *
     * @param compile       its compiling time over all processors' time, or NaN when unknown
     * @param compileMillis the compiling time itself, in milliseconds (-1 when unknown)
     */
    public record Share(double compile, long compileMillis) { }

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
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        long ms = c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() : -1;
        return new Mark(ms, System.nanoTime());
    }

    /** @return the share since {@code start} */
    public static Share since(Mark start) {
        Mark end = mark();
        double all = (end.nanoTime() - start.nanoTime()) / 1e6 * Runtime.getRuntime().availableProcessors();
        if (start.compileMillis() < 0 || end.compileMillis() < 0 || all <= 0) {
            return new Share(Double.NaN, -1);
        }
        long compiled = end.compileMillis() - start.compileMillis();
        return new Share(Math.min(1, compiled / all), compiled);
    }
}
