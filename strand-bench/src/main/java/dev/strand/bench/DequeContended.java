package dev.strand.bench;

import dev.strand.internal.deque.ChaseLevDeque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One owner and one thief on the same deque (a JMH group of two threads, so it needs two cores):
 * the owner pushes {@code batch} elements and pops them back, newest first, as a fork/join loop
 * does; the thief steals continuously, oldest first. Owner scores are ns per operation (one batch);
 * a pop the thief won returns null and counts as done. Thief scores are ns per steal attempt.
 * {@code chase-lev}: Strand's {@link ChaseLevDeque} ({@code stealOrNull}); for reference
 * {@code concurrent-linked-deque}: {@link ConcurrentLinkedDeque} ({@code offerLast}/{@code pollLast}
 * for the owner, {@code pollFirst} for the thief). JMH reports each method of the group and the
 * group as a whole.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DequeContended {

    /** Elements the owner pushes, then pops, per operation. */
    @Param({"1", "16"})
    public int batch;

    /** Deque under test. */
    @Param({"chase-lev", "concurrent-linked-deque"})
    public String impl;

    private static final Object ELEMENT = new Object();

    private ChaseLevDeque<Object> chaseLev;
    private ConcurrentLinkedDeque<Object> clq;
    private boolean isChaseLev;

    @Setup(Level.Iteration)
    public void setUp() {
        isChaseLev = switch (impl) {
            case "chase-lev" -> true;
            case "concurrent-linked-deque" -> false;
            default -> throw Impl.unknown(impl, "chase-lev, concurrent-linked-deque");
        };
        chaseLev = new ChaseLevDeque<>(256);
        clq = new ConcurrentLinkedDeque<>();
    }

    /** @return elements the owner got back (the thief took the others) */
    @Benchmark
    @Group("ownerVsThief")
    @GroupThreads(1)
    public int owner() {
        int n = batch;
        int got = 0;
        if (isChaseLev) {
            for (int i = 0; i < n; i++) {
                chaseLev.push(ELEMENT);
            }
            for (int i = 0; i < n; i++) {
                got += chaseLev.pop() != null ? 1 : 0;
            }
        } else {
            for (int i = 0; i < n; i++) {
                clq.offerLast(ELEMENT);
            }
            for (int i = 0; i < n; i++) {
                got += clq.pollLast() != null ? 1 : 0;
            }
        }
        return got;
    }

    /** One steal attempt. */
    @Benchmark
    @Group("ownerVsThief")
    @GroupThreads(1)
    public void thief(Blackhole bh) {
        bh.consume(isChaseLev ? chaseLev.stealOrNull() : clq.pollFirst());
    }
}
