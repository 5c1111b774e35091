package dev.strand.bench;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a {@link Strand#scope} costs in the shapes fine-grained code gives it: {@code empty}, a scope
 * whose body spawns nothing (the leaves of a recursion written with a scope per node, as Health
 * is); {@code tree}, a binary tree of 2^16 leaves with a scope per node, internal nodes spawning
 * one child and running the other in the body.
 *
 * <p>Score: ns per scope ({@code empty}) or per node ({@code tree}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ScopeOverhead {

    /** Scopes per {@code empty} invocation. */
    static final int EMPTY = 1 << 16;
    /** Depth of the {@code tree}: 2^(DEPTH+1) - 1 nodes. */
    static final int DEPTH = 16;

    /** Workers in the pool. */
    @Param({"1", "2"})
    public int parallelism;

    private StrandPool pool;

    /** Starts the pool. */
    @Setup(Level.Trial)
    public void setUp() {
        pool = new StrandPool(parallelism);
    }

    /** Stops the pool. */
    @TearDown(Level.Trial)
    public void tearDown() {
        pool.close();
    }

    /** @return scopes opened, each with a body that spawns nothing */
    @Benchmark
    @OperationsPerInvocation(EMPTY)
    public long empty() {
        return pool.invoke(() -> {
            long[] acc = new long[1];
            for (int i = 0; i < EMPTY; i++) {
                Strand.scope(s -> acc[0]++);
            }
            return acc[0];
        });
    }

    /** @return nodes of a binary tree with a scope per node */
    @Benchmark
    @OperationsPerInvocation((2 << DEPTH) - 1)
    public long tree() {
        return pool.invoke(() -> node(DEPTH));
    }

    static long node(int d) {
        if (d == 0) {
            long[] leaf = new long[1];
            Strand.scope(s -> leaf[0] = 1);
            return leaf[0];
        }
        long[] l = new long[1];
        long[] r = new long[1];
        Strand.scope(s -> {
            s.spawn(() -> l[0] = node(d - 1));
            r[0] = node(d - 1);
        });
        return l[0] + r[0] + 1;
    }
}
