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
 * {@code fib(n)} forking at every level, no cutoff: almost pure scheduler overhead (the work per task
 * is an add). Same algorithm in every implementation: fork {@code fib(n-1)}, compute {@code fib(n-2)}
 * inline, join.
 *
 * <ul>
 *   <li>{@code strand}: {@code Strand.fork(() -> fib(n-1))} and {@code join()} (lambdas).</li>
 *   <li>{@code strand-join}: {@code Strand.join(() -> fib(n-1), () -> fib(n-2))} (Rayon's join: the
 *       second half is offered in a reused per-worker frame, no task allocated).</li>
 *   <li>{@code strand-join-eager}: the same with lazy splitting off: every join offers its second
 *       half in a frame (the default, lazy splitting, offers it only when the worker's deque has
 *       nothing stealable).</li>
 *   <li>{@code strand-join-split}: eager joins on split deques ({@code ExperimentalSettings.splitDeques}).</li>
 *   <li>{@code strand-subclass}: a {@code Task<Integer>} subclass, {@code f1.fork(); f2.compute() +
 *       f1.join()}.</li>
 *   <li>{@code fjp}: the same as a {@code RecursiveTask<Integer>} in a {@code ForkJoinPool}.</li>
 *   <li>{@code serial}: plain recursion ({@code parallelism} is ignored; its two rows show noise).</li>
 * </ul>
 *
 * <p>Score: ms per {@code fib(n)}. Per-task cost: divide by {@code 2*F(n+1)-1} calls (the
 * {@code run} script's summary prints ns/task), of which {@code F(n+1)-1} are forks.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FibEveryLevel {

    /** fib argument; 32..35 are the intended sizes (fib(35): 30 million calls). */
    @Param({"32", "35"})
    public int n;

    /** Workers in the pool (ignored by serial). */
    @Param({"1", "2"})
    public int parallelism;

    /** Implementation under test. */
    @Param({"strand", "strand-join", "strand-join-eager", "strand-join-split", "strand-subclass", "fjp", "serial"})
    public String impl;

    private static final int STRAND = 0;
    private static final int STRAND_SUBCLASS = 1;
    private static final int FJP = 2;
    private static final int SERIAL = 3;
    private static final int STRAND_JOIN = 4;
    private static final int STRAND_JOIN_SPLIT = 5;
    private static final int STRAND_JOIN_EAGER = 6;

    private int kind;
    private int expected;
    private long ops;
    private StrandPool strand;
    private ForkJoinPool fjp;

    @Setup(Level.Trial)
    public void setUp() {
        Fib.checkN(n);
        expected = (int) Fib.expected(n);
        kind = switch (impl) {
            case "strand" -> STRAND;
            case "strand-subclass" -> STRAND_SUBCLASS;
            case "strand-join" -> STRAND_JOIN;
            case "strand-join-split" -> STRAND_JOIN_SPLIT;
            case "strand-join-eager" -> STRAND_JOIN_EAGER;
            case "fjp" -> FJP;
            case "serial" -> SERIAL;
            default -> throw Impl.unknown(impl, "strand, strand-join, strand-join-eager, strand-join-split, strand-subclass, fjp, serial");
        };
        switch (kind) {
            case STRAND, STRAND_SUBCLASS, STRAND_JOIN -> strand = Impl.strandPool(parallelism);
            case STRAND_JOIN_SPLIT -> strand = Impl.strandSplitPool(parallelism);
            case STRAND_JOIN_EAGER -> strand = Impl.strandEagerPool(parallelism);
            case FJP -> fjp = Impl.fjpPool(parallelism);
            default -> { }                        // serial: no pool
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        String label = impl + " n=" + n + " p=" + parallelism;
        Impl.closeStrand(strand, label, ops, Fib.expected(n + 1));   // forks + the root
        Impl.closeFjp(fjp, label, ops);
        strand = null;
        fjp = null;
    }

    /** @return fib(n), checked */
    @Benchmark
    public int fib() {
        int r = switch (kind) {
            case STRAND -> strand.invoke(() -> Fib.strand(n));
            case STRAND_SUBCLASS -> strand.invoke(new Fib.StrandFib(n));
            case STRAND_JOIN, STRAND_JOIN_SPLIT, STRAND_JOIN_EAGER -> strand.invoke(() -> Fib.strandJoin(n));
            case FJP -> fjp.invoke(new Fib.FjpFib(n));
            default -> Fib.serial(n);
        };
        Fib.check(impl, n, r, expected);
        ops++;
        return r;
    }
}
