package dev.strand.bench;

import dev.strand.workloads.fib.Fib;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link LatentFloor}'s allocation-free {@code latent-args} shape taken apart: {@code fib(n)} at
 * every level, one thread, no scheduler, each shape adding one piece of the latent fast path, so that
 * the difference between two rows is what that piece costs. Nothing allocates, so GC plays no part
 * except through its store barrier (run once with {@code -XX:+UseParallelGC} to compare).
 *
 * <p>All shapes but {@code serial} and {@code depth-param} call {@code join(f, x, g, y)} with
 * static method references ({@code f = g = this shape's fib}), {@code f.applyAsLong(x) +
 * g.applyAsLong(y)}, plus:
 * <ul>
 *   <li>{@code serial}: plain recursion ({@link Fib#serial}).</li>
 *   <li>{@code long-fn}: nothing: the cost of the API shape itself.</li>
 *   <li>{@code top-only}: {@code top++} before {@code f}, {@code top = d} after (plain int field).</li>
 *   <li>{@code top-only-poll}: plus the countdown ({@code if (--countdown < 0) poll()}, a cold,
 *       never-inlined call every 64 joins).</li>
 *   <li>{@code top-only-opaque}: plus an opaque read of a boolean flag (never set) instead.</li>
 *   <li>{@code push-int}: {@code top-only} plus the record's int store {@code args[d] = y}.</li>
 *   <li>{@code push-ref}: {@code top-only} plus the record's reference store {@code fns[d] = g}
 *       (G1: SATB pre-barrier and post-barrier with its filters; the array stays young since nothing
 *       allocates and no GC runs).</li>
 *   <li>{@code push-ref-cmp}: the reference store only if the slot holds another function
 *       ({@code if (fns[d] != g) fns[d] = g}): in recursive code the slot at a depth almost always
 *       already holds the same function, so the barrier is skipped.</li>
 *   <li>{@code push-pop}: both stores plus the latent check after {@code f} ({@code top == d+1 &&
 *       d >= oldest}): {@code latent-args} without the poll.</li>
 *   <li>{@code push-pop-poll}: {@code push-pop} plus the countdown: {@code latent-args} (without its
 *       beat-time array refresh).</li>
 *   <li>{@code push-pop-opaque}: {@code push-pop} plus the opaque flag read.</li>
 *   <li>{@code push-pop-cmp-poll}, {@code push-pop-cmp-opaque}: the same with the compared
 *       reference store.</li>
 *   <li>{@code depth-param}: Spice style: the depth is passed as an argument instead of a
 *       {@code top} field; an int record store and the {@code d >= oldest} check.</li>
 * </ul>
 *
 * <p>Score: ms per {@code fib(n)}; per call: divide by {@link Fib#calls} ({@code 2*F(n+1)-1}),
 * of which {@code F(n+1)-1} are joins.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class LatentParts {

    /** fib argument. */
    @Param({"35"})
    public int n;

    /** The pieces of the fast path present (see the class comment). */
    @Param({"serial", "long-fn", "top-only", "top-only-poll", "top-only-opaque", "push-int", "push-ref",
        "push-ref-cmp", "push-pop", "push-pop-poll", "push-pop-opaque", "push-pop-cmp-poll",
        "push-pop-cmp-opaque", "depth-param"})
    public String shape;

    /** Owner-private state, plain fields (the flag is read opaquely). */
    static final class C {
        Object[] fns = new Object[64];
        int[] args = new int[64];
        int top;
        int oldest;
        int countdown = 64;
        long polls;
        boolean flag;

        static final VarHandle FLAG;

        static {
            try {
                FLAG = MethodHandles.lookup().findVarHandle(C.class, "flag", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @CompilerControl(CompilerControl.Mode.DONT_INLINE)
        void poll() {
            countdown = 64;
            polls += System.nanoTime() & 1;
        }

        boolean beat() {
            return (boolean) FLAG.getOpaque(this);
        }
    }

    static final C CX = new C();

    /** @return fib(n), checked */
    @Benchmark
    public long fib() {
        long r = switch (shape) {
            case "serial" -> Fib.serial(n);
            case "long-fn" -> longFn(n);
            case "top-only" -> topOnly(n);
            case "top-only-poll" -> topOnlyPoll(n);
            case "top-only-opaque" -> topOnlyOpaque(n);
            case "push-int" -> pushInt(n);
            case "push-ref" -> pushRef(n);
            case "push-ref-cmp" -> pushRefCmp(n);
            case "push-pop" -> pushPop(n);
            case "push-pop-poll" -> pushPopPoll(n);
            case "push-pop-opaque" -> pushPopOpaque(n);
            case "push-pop-cmp-poll" -> pushPopCmpPoll(n);
            case "push-pop-cmp-opaque" -> pushPopCmpOpaque(n);
            case "depth-param" -> depthParam(0, n);
            default -> throw Impl.unknown(shape, "see LatentParts");
        };
        if (r != Fib.expected(n) || CX.top != 0) {
            throw new IllegalStateException(shape + ": fib(" + n + ") = " + r + ", top " + CX.top);
        }
        return r;
    }

    static IllegalStateException notLatent(int d) {
        return new IllegalStateException("slot " + d + " not latent");
    }

    // ---------------------------------------------------------------- long-fn

    static long join0(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        return f.applyAsLong(x) + g.applyAsLong(y);
    }

    static long longFn(int n) {
        return n < 2 ? n : join0(LatentParts::longFn, n - 1, LatentParts::longFn, n - 2);
    }

    // ---------------------------------------------------------------- top-only(-poll, -opaque)

    static long joinTop(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.top = d + 1;
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long topOnly(int n) {
        return n < 2 ? n : joinTop(LatentParts::topOnly, n - 1, LatentParts::topOnly, n - 2);
    }

    static long joinTopPoll(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.top = d + 1;
        if (--c.countdown < 0) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long topOnlyPoll(int n) {
        return n < 2 ? n : joinTopPoll(LatentParts::topOnlyPoll, n - 1, LatentParts::topOnlyPoll, n - 2);
    }

    static long joinTopOpaque(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.top = d + 1;
        if (c.beat()) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long topOnlyOpaque(int n) {
        return n < 2 ? n : joinTopOpaque(LatentParts::topOnlyOpaque, n - 1, LatentParts::topOnlyOpaque, n - 2);
    }

    // ---------------------------------------------------------------- push-int, push-ref(-cmp)

    static long joinInt(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.args[d] = y;
        c.top = d + 1;
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushInt(int n) {
        return n < 2 ? n : joinInt(LatentParts::pushInt, n - 1, LatentParts::pushInt, n - 2);
    }

    static long joinRef(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.fns[d] = g;
        c.top = d + 1;
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushRef(int n) {
        return n < 2 ? n : joinRef(LatentParts::pushRef, n - 1, LatentParts::pushRef, n - 2);
    }

    static long joinRefCmp(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        Object[] s = c.fns;
        int d = c.top;
        if (s[d] != g) {
            s[d] = g;
        }
        c.top = d + 1;
        long ra = f.applyAsLong(x);
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushRefCmp(int n) {
        return n < 2 ? n : joinRefCmp(LatentParts::pushRefCmp, n - 1, LatentParts::pushRefCmp, n - 2);
    }

    // ---------------------------------------------------------------- push-pop(-poll, -opaque)

    static long joinPushPop(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.fns[d] = g;
        c.args[d] = y;
        c.top = d + 1;
        long ra = f.applyAsLong(x);
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(d);
        }
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushPop(int n) {
        return n < 2 ? n : joinPushPop(LatentParts::pushPop, n - 1, LatentParts::pushPop, n - 2);
    }

    static long joinPushPopPoll(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.fns[d] = g;
        c.args[d] = y;
        c.top = d + 1;
        if (--c.countdown < 0) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(d);
        }
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushPopPoll(int n) {
        return n < 2 ? n : joinPushPopPoll(LatentParts::pushPopPoll, n - 1, LatentParts::pushPopPoll, n - 2);
    }

    static long joinPushPopOpaque(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        int d = c.top;
        c.fns[d] = g;
        c.args[d] = y;
        c.top = d + 1;
        if (c.beat()) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(d);
        }
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushPopOpaque(int n) {
        return n < 2 ? n : joinPushPopOpaque(LatentParts::pushPopOpaque, n - 1, LatentParts::pushPopOpaque, n - 2);
    }

    // ---------------------------------------------------------------- push-pop-cmp(-poll, -opaque)

    static long joinCmpPoll(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        Object[] s = c.fns;
        int d = c.top;
        if (s[d] != g) {
            s[d] = g;
        }
        c.args[d] = y;
        c.top = d + 1;
        if (--c.countdown < 0) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(d);
        }
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushPopCmpPoll(int n) {
        return n < 2 ? n : joinCmpPoll(LatentParts::pushPopCmpPoll, n - 1, LatentParts::pushPopCmpPoll, n - 2);
    }

    static long joinCmpOpaque(IntToLongFunction f, int x, IntToLongFunction g, int y) {
        C c = CX;
        Object[] s = c.fns;
        int d = c.top;
        if (s[d] != g) {
            s[d] = g;
        }
        c.args[d] = y;
        c.top = d + 1;
        if (c.beat()) {
            c.poll();
        }
        long ra = f.applyAsLong(x);
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(d);
        }
        c.top = d;
        return ra + g.applyAsLong(y);
    }

    static long pushPopCmpOpaque(int n) {
        return n < 2 ? n : joinCmpOpaque(LatentParts::pushPopCmpOpaque, n - 1, LatentParts::pushPopCmpOpaque,
                n - 2);
    }

    // ---------------------------------------------------------------- depth-param

    /** The depth travels as an argument (Spice passes its task pointer); no top field. */
    static long depthParam(int d, int n) {
        if (n < 2) {
            return n;
        }
        C c = CX;
        c.args[d] = n - 2;
        long ra = depthParam(d + 1, n - 1);
        if (d < c.oldest) {
            throw notLatent(d);
        }
        return ra + depthParam(d, n - 2);
    }
}
