package dev.strand.bench;

import dev.strand.StrandPool;
import dev.strand.workloads.fib.Fib;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code fib(40)} with a serial cutoff: fork down to {@code fib(cutoff)}, plain recursion below. With
 * coarse leaves the scheduler's overhead mostly disappears, so this measures how close each pool
 * gets to a linear speed-up over {@code serial} (which ignores {@code cutoff} and
 * {@code parallelism}).
 *
 * <p>Score: ms per {@code fib(n)}. The summary's ns/task divides by the calls of the parallel part
 * (leaves at the cutoff included), which is small: per-task cost is not what this benchmark is for;
 * read the speed-up against serial instead.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 3, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FibCutoff {

    /** fib argument; 40 by default (a smaller n only for smoke runs). */
    @Param({"40"})
    public int n;

    /** Largest argument computed serially. */
    @Param({"20", "25"})
    public int cutoff;

    /** Workers in the pool (ignored by serial). */
    @Param({"1", "2"})
    public int parallelism;

    /** Implementation under test. */
    @Param({"strand", "strand-join", "strand-subclass", "fjp", "serial"})
    public String impl;

    private static final int STRAND = 0;
    private static final int FJP = 1;
    private static final int SERIAL = 2;
    private static final int STRAND_JOIN = 3;
    private static final int STRAND_SUBCLASS = 4;

    private int kind;
    private int expected;
    private long ops;
    private StrandPool strand;
    private ForkJoinPool fjp;

    @Setup(Level.Trial)
    public void setUp() {
        Fib.checkN(n);
        if (cutoff < 0) {
            throw new IllegalArgumentException("cutoff must be >= 0, got " + cutoff);
        }
        expected = (int) Fib.expected(n);
        kind = switch (impl) {
            case "strand" -> STRAND;
            case "strand-join" -> STRAND_JOIN;
            case "strand-subclass" -> STRAND_SUBCLASS;
            case "fjp" -> FJP;
            case "serial" -> SERIAL;
            default -> throw Impl.unknown(impl, "strand, strand-join, strand-subclass, fjp, serial");
        };
        if (kind == STRAND || kind == STRAND_JOIN || kind == STRAND_SUBCLASS) {
            strand = Impl.strandPool(parallelism);
        } else if (kind == FJP) {
            fjp = Impl.fjpPool(parallelism);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        String label = impl + " n=" + n + " cutoff=" + cutoff + " p=" + parallelism;
        long calls = Fib.cutoffCalls(n, cutoff);
        Impl.closeStrand(strand, label, ops, (calls - 1) / 2 + 1);   // forks = internal nodes, + root
        Impl.closeFjp(fjp, label, ops);
        strand = null;
        fjp = null;
    }

    /** @return fib(n), checked */
    @Benchmark
    public int fibCutoff() {
        int r = switch (kind) {
            case STRAND -> strand.invoke(() -> Fib.strandCutoff(n, cutoff));
            case STRAND_JOIN -> strand.invoke(() -> Fib.strandJoinCutoff(n, cutoff));
            case STRAND_SUBCLASS -> strand.invoke(new Fib.StrandFibCutoff(n, cutoff));
            case FJP -> fjp.invoke(new Fib.FjpFibCutoff(n, cutoff));
            default -> Fib.serial(n);
        };
        Fib.check(impl, n, r, expected);
        ops++;
        return r;
    }
}
