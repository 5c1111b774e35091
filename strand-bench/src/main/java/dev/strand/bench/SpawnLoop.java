package dev.strand.bench;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
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
 * A flat spawn loop: one task forks {@code tasks} tiny children ({@code out[i] = mix(i)}, a few
 * nanoseconds) and waits for all of them. Measures spawn and join cost when one worker produces all
 * the work and the others can only steal (the shape of a parallel-for written without splitting).
 *
 * <ul>
 *   <li>{@code strand-scope}: {@code Strand.scope(s -> { for (...) s.spawn(...); })}.</li>
 *   <li>{@code strand-fork}: {@code Strand.fork(runnable)} into an array, then join each, last forked
 *       first.</li>
 *   <li>{@code fjp}: {@code ForkJoinTask.adapt(runnable).fork()} into an array inside a
 *       {@code RecursiveAction}, then join each, last forked first (the order the
 *       {@code ForkJoinTask} javadoc recommends).</li>
 *   <li>{@code serial}: the loop without tasks ({@code parallelism} is ignored).</li>
 * </ul>
 *
 * <p>Every operation then sums and clears {@code out} and checks the sum (a serial pass of
 * {@code tasks} array slots, the same for every implementation, included in the score).
 *
 * <p>Note: Strand runs a fork inline once the forking worker's deque holds
 * {@code spawnBound} (default 65536) tasks; ForkJoinPool has no such bound.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SpawnLoop {

    /** Children forked per operation. */
    @Param({"100000"})
    public int tasks;

    /** Workers in the pool (ignored by serial). */
    @Param({"1", "2"})
    public int parallelism;

    /** Implementation under test. */
    @Param({"strand-scope", "strand-fork", "fjp", "serial"})
    public String impl;

    private static final int STRAND_SCOPE = 0;
    private static final int STRAND_FORK = 1;
    private static final int FJP = 2;
    private static final int SERIAL = 3;

    private int kind;
    private long[] out;
    private long expectedSum;
    private long ops;
    private StrandPool strand;
    private ForkJoinPool fjp;

    /** The tiny per-task work: MurmurHash3's 64-bit finalizer. */
    static long work(int i) {
        long z = i + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    @Setup(Level.Trial)
    public void setUp() {
        if (tasks < 1) {
            throw new IllegalArgumentException("tasks must be >= 1, got " + tasks);
        }
        out = new long[tasks];
        long s = 0;
        for (int i = 0; i < tasks; i++) {
            s += work(i);
        }
        expectedSum = s;
        kind = switch (impl) {
            case "strand-scope" -> STRAND_SCOPE;
            case "strand-fork" -> STRAND_FORK;
            case "fjp" -> FJP;
            case "serial" -> SERIAL;
            default -> throw Impl.unknown(impl, "strand-scope, strand-fork, fjp, serial");
        };
        if (kind == STRAND_SCOPE || kind == STRAND_FORK) {
            strand = Impl.strandPool(parallelism);
        } else if (kind == FJP) {
            fjp = Impl.fjpPool(parallelism);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        String label = impl + " tasks=" + tasks + " p=" + parallelism;
        Impl.closeStrand(strand, label, ops, tasks + 1L);
        Impl.closeFjp(fjp, label, ops);
        strand = null;
        fjp = null;
    }

    /** @return the checked sum of all children's results */
    @Benchmark
    public long spawnLoop() {
        final long[] o = out;
        final int n = tasks;
        switch (kind) {
            case STRAND_SCOPE -> strand.invoke(() -> {
                Strand.scope(s -> {
                    for (int i = 0; i < n; i++) {
                        final int k = i;
                        s.spawn(() -> o[k] = work(k));
                    }
                });
                return null;
            });
            case STRAND_FORK -> strand.invoke(() -> {
                Task<?>[] ts = new Task<?>[n];
                for (int i = 0; i < n; i++) {
                    final int k = i;
                    ts[i] = Strand.fork(() -> {
                        o[k] = work(k);
                    });
                }
                for (int i = n - 1; i >= 0; i--) {
                    ts[i].join();
                }
                return null;
            });
            case FJP -> fjp.invoke(new RecursiveAction() {
                @Override
                protected void compute() {
                    ForkJoinTask<?>[] ts = new ForkJoinTask<?>[n];
                    for (int i = 0; i < n; i++) {
                        final int k = i;
                        ts[i] = ForkJoinTask.adapt(() -> {
                            o[k] = work(k);
                        }).fork();
                    }
                    for (int i = n - 1; i >= 0; i--) {
                        ts[i].join();
                    }
                }
            });
            default -> {
                for (int i = 0; i < n; i++) {
                    o[i] = work(i);
                }
            }
        }
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += o[i];
            o[i] = 0;
        }
        if (s != expectedSum) {
            throw new IllegalStateException(impl + ": children's results sum to " + s + ", expected "
                    + expectedSum + " (a child did not run, or ran after its join returned)");
        }
        ops++;
        return s;
    }
}
