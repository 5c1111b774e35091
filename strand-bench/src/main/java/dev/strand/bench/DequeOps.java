package dev.strand.bench;

import dev.strand.internal.deque.BwosDeque;
import dev.strand.internal.deque.ChaseLevDeque;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedDeque;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Deque operations on one thread, no contention: what a push/pop (the owner's fork/join fast path)
 * and a push/steal (a thief's path, here uncontended) cost. {@code chase-lev} is Strand's
 * {@link ChaseLevDeque}; for reference, {@code concurrent-linked-deque} is the JDK's lock-free
 * {@link ConcurrentLinkedDeque} used the same way (owner at the tail: {@code offerLast}/{@code
 * pollLast}; thief at the head: {@code pollFirst}), and {@code array-deque} is an unsynchronized
 * {@link ArrayDeque}: the floor of a single-threaded deque. {@code bwos} is Strand's block-based
 * {@link BwosDeque} (32 blocks of 32 slots): its owner's block is private, so its push-steal
 * operation grants the block ({@code share()}) after the pushes, then steals; a batch of 64 crosses
 * block boundaries (a grant and a takeover each way).
 *
 * <p>An operation pushes {@code batch} elements, then removes them all (pop: newest first; steal:
 * oldest first); the score is ns per operation: divide by {@code batch} for ns per element
 * (one push and one removal); the run script's summary does.
 * The same preallocated element is pushed every time, so nothing is allocated in the loop
 * (a growing Chase-Lev deque allocates only when its array grows, before measurement).
 * Contended steals: {@link DequeContended}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DequeOps {

    /** Elements pushed, then removed, per operation. */
    @Param({"1", "64"})
    public int batch;

    /** Deque under test. */
    @Param({"chase-lev", "bwos", "concurrent-linked-deque", "array-deque"})
    public String impl;

    private static final Object ELEMENT = new Object();

    private ChaseLevDeque<Object> chaseLev;
    private BwosDeque<Object> bwos;
    private ConcurrentLinkedDeque<Object> clq;
    private ArrayDeque<Object> array;
    private int kind;

    @Setup(Level.Trial)
    public void setUp() {
        kind = switch (impl) {
            case "chase-lev" -> 0;
            case "concurrent-linked-deque" -> 1;
            case "array-deque" -> 2;
            case "bwos" -> 3;
            default -> throw Impl.unknown(impl, "chase-lev, bwos, concurrent-linked-deque, array-deque");
        };
        chaseLev = new ChaseLevDeque<>(256);
        bwos = new BwosDeque<>(BwosDeque.DEFAULT_BLOCKS, BwosDeque.DEFAULT_BLOCK_SIZE);
        clq = new ConcurrentLinkedDeque<>();
        array = new ArrayDeque<>(256);
    }

    /** @return elements removed */
    @Benchmark
    public int pushPop() {
        return pushPop(batch);
    }

    /** @return elements removed */
    @Benchmark
    public int pushSteal() {
        int n = batch;
        int got = 0;
        switch (kind) {
            case 0 -> {
                for (int i = 0; i < n; i++) {
                    chaseLev.push(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += chaseLev.stealOrNull() != null ? 1 : 0;
                }
            }
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    clq.offerLast(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += clq.pollFirst() != null ? 1 : 0;
                }
            }
            case 3 -> {
                for (int i = 0; i < n; i++) {
                    bwos.push(ELEMENT);
                }
                bwos.share();                     // the owner's block is private until granted
                for (int i = 0; i < n; i++) {
                    got += bwos.stealOrNull() != null ? 1 : 0;
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    array.offerLast(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += array.pollFirst() != null ? 1 : 0;
                }
            }
        }
        return check(got, n);
    }

    private int pushPop(int n) {
        int got = 0;
        switch (kind) {
            case 0 -> {
                for (int i = 0; i < n; i++) {
                    chaseLev.push(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += chaseLev.pop() != null ? 1 : 0;
                }
            }
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    clq.offerLast(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += clq.pollLast() != null ? 1 : 0;
                }
            }
            case 3 -> {
                for (int i = 0; i < n; i++) {
                    bwos.push(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += bwos.pop() != null ? 1 : 0;
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    array.offerLast(ELEMENT);
                }
                for (int i = 0; i < n; i++) {
                    got += array.pollLast() != null ? 1 : 0;
                }
            }
        }
        return check(got, n);
    }

    private int check(int got, int want) {
        if (got != want) {
            throw new IllegalStateException(impl + ": removed " + got + " of " + want + " elements");
        }
        return got;
    }
}
