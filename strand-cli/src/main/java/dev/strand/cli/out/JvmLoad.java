package dev.strand.cli.out;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much of the machine this JVM's JIT compilers took during a measurement, as a share of the
 * processors' time over the interval. {@link MachineLoad} sees other processes; this sees threads
 * of the measuring process that are not the program's. On a machine with few cores, a compiler
 * thread that takes a core for milliseconds deschedules a worker for as long, and a wall-clock
 * profile charges that to the strand the worker was running.
 *
 * <p>Where Linux's {@code /proc/self/task} is readable, the figure is the processor time the
 * compiler threads ran ({@code schedstat}'s first field of each thread whose name says it is a
 * compiler thread): it counts a compilation while it runs. Elsewhere it is the compiling time the
 * JVM reports ({@link CompilationMXBean#getTotalCompilationTime}), which grows only when a
 * compilation ends: a round of a few milliseconds during which C2 works on one large method
 * reads as quiet, and the compilation lands in the rounds after it.
 *
 * <pre>{@code
 * JvmLoad.Mark m = JvmLoad.mark();
 * ... run the samples ...
 * JvmLoad.Share s = JvmLoad.since(m);   // s.compile(): 0.0 .. 1.0, NaN when unknown
 * }</pre>
 */
public final class JvmLoad {
    private static final Path TASKS = Path.of("/proc/self/task");

    private JvmLoad() { }

    /**
     * A warm-up round in which the JIT compiled for less than this share of the machine's processor
     * time counts as quiet; two in a row, and the JIT has settled: the code the measured rounds run
     * is, for the most part, the code they will keep running.
     */
    public static final double SETTLED_SHARE = 0.05;

    /**
     * A reading: the compiler threads' processor time so far in nanoseconds (-1 when unknown), the
     * compiling time the JVM reports in milliseconds (-1 when unknown), and the clock.
     */
    public record Mark(long compilerCpuNanos, long compileMillis, long nanoTime) { }

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
        return new Mark(compilerCpuNanos(TASKS), ms, System.nanoTime());
    }

    /** @return the share since {@code start} */
    public static Share since(Mark start) {
        Mark end = mark();
        double all = (end.nanoTime() - start.nanoTime()) / 1e6 * Runtime.getRuntime().availableProcessors();
        if (all <= 0) {
            return new Share(Double.NaN, -1);
        }
        long compiled;
        if (start.compilerCpuNanos() >= 0 && end.compilerCpuNanos() >= 0) {
            // A compiler thread that ended between the marks takes its time with it: never below 0.
            compiled = Math.max(0, end.compilerCpuNanos() - start.compilerCpuNanos()) / 1_000_000;
        } else if (start.compileMillis() >= 0 && end.compileMillis() >= 0) {
            compiled = end.compileMillis() - start.compileMillis();
        } else {
            return new Share(Double.NaN, -1);
        }
        return new Share(Math.min(1, compiled / all), compiled);
    }

    /**
     * @param tasks the directory of a process's threads ({@code /proc/self/task}, or a copy of its
     *              shape)
     * @return the processor time, in nanoseconds, of the threads in {@code tasks} named as HotSpot
     *     names its compiler threads ({@code C1 CompilerThread0}, {@code C2 CompilerThread1}, the
     *     JVMCI compiler's), or -1 when the directory or a thread's files cannot be read
     */
    static long compilerCpuNanos(Path tasks) {
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path t : ds) {
                String name;
                String sched;
                try {
                    name = Files.readString(t.resolve("comm")).trim();
                    if (!name.contains("Compiler")) {
                        continue;
                    }
                    sched = Files.readString(t.resolve("schedstat")).trim();
                } catch (java.nio.file.NoSuchFileException e) {
                    continue;                     // the thread ended while the directory was read
                }
                int sp = sched.indexOf(' ');
                sum += Long.parseLong(sp < 0 ? sched : sched.substring(0, sp));
            }
        } catch (IOException | NumberFormatException e) {
            return -1;                            // unreadable: the caller falls back to the MXBean
        }
        return sum;
    }
}
