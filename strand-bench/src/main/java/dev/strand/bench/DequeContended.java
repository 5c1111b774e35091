package dev.strand.bench;

import dev.strand.internal.deque.BwosDeque;
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
 * for the owner, {@code pollFirst} for the thief). {@code bwos}: Strand's {@link BwosDeque} with 32
 * blocks of 32 slots, where a batch never leaves the owner's private block (the thief finds
 * nothing: what BWoS's owner costs when nobody can steal from it); {@code bwos-4}: 64 blocks of 4
 * slots, where a batch of 16 fills and grants three blocks and takes them back (the thief competes
 * for them). JMH reports each method of the group and the group as a whole.
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
    @Param({"chase-lev", "bwos", "bwos-4", "concurrent-linked-deque"})
    public String impl;

    private static final Object ELEMENT = new Object();

    private ChaseLevDeque<Object> chaseLev;
    private BwosDeque<Object> bwos;
    private ConcurrentLinkedDeque<Object> clq;
    private int kind;

    @Setup(Level.Iteration)
    public void setUp() {
        kind = switch (impl) {
            case "chase-lev" -> 0;
            case "concurrent-linked-deque" -> 1;
            case "bwos", "bwos-4" -> 2;
            default -> throw Impl.unknown(impl, "chase-lev, bwos, bwos-4, concurrent-linked-deque");
        };
        chaseLev = new ChaseLevDeque<>(256);
        bwos = impl.equals("bwos-4") ? new BwosDeque<>(64, 4) : new BwosDeque<>(32, 32);
        clq = new ConcurrentLinkedDeque<>();
    }

    /** @return elements the owner got back (the thief took the others) */
    @Benchmark
    @Group("ownerVsThief")
    @GroupThreads(1)
    public int owner() {
        int n = batch;
        int got = 0;
        if (kind == 0) {
            for (int i = 0; i < n; i++) {
                chaseLev.push(ELEMENT);
            }
            for (int i = 0; i < n; i++) {
                got += chaseLev.pop() != null ? 1 : 0;
            }
        } else if (kind == 2) {
            for (int i = 0; i < n; i++) {
                bwos.push(ELEMENT);
            }
            for (int i = 0; i < n; i++) {
                got += bwos.pop() != null ? 1 : 0;
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
        bh.consume(switch (kind) {
            case 0 -> chaseLev.stealOrNull();
            case 2 -> bwos.stealOrNull();
            default -> clq.pollFirst();
        });
    }
}
