package dev.strand.bench;

import dev.strand.Joined;
import dev.strand.workloads.fib.Fib;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
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
 * The floor of heartbeat scheduling at P=1: {@code fib(n)} forking at every level, no cutoff, on one
 * thread with <b>no scheduler and no pool</b>, written in the API shapes a latent (heartbeat) fork
 * could take. Each shape does the owner-private bookkeeping of a latent join's fast path (push a
 * latent record, count down to a poll, run the first half, check the record is still latent, pop,
 * run the second half) and nothing else: no beat ever promotes anything, so the slow paths are
 * never taken. The question: which shape can stay within 1.3x of {@code serial}, and what the beat
 * delivery and the G1 barrier cost (docs/notes/benchmark-log.md, "Heartbeat joins").
 *
 * <p>Shapes ({@code shape}):
 * <ul>
 *   <li>{@code serial}: plain int recursion ({@link Fib#serial}).</li>
 *   <li>{@code lambda-inline}: today's {@code Strand.join} API shape without a scheduler: a static
 *       generic {@code join(Supplier a, Supplier b)} that calls {@code a.get()}, {@code b.get()} and
 *       returns a {@link Joined} of boxed Integers; {@code var r = join(() -> fib(n-1), () -> fib(n-2));
 *       return r.first() + r.second();}. No latent record.</li>
 *   <li>{@code latent-lambda}: the same API; the join stores {@code b} in the latent {@code Object[]}
 *       of a context object, bumps {@code top}, decrements a poll countdown (every 64 pushes it calls
 *       a cold, never-inlined {@code poll()} that reads {@code System.nanoTime()} and resets the
 *       countdown), runs {@code a}, checks {@code top == d+1 && d >= oldest}, pops, runs {@code b}
 *       (plus the design's exception handler around {@code a} and its spill check after {@code b}).
 *       The latent array is <b>young</b>: {@code poll()} copies it into a new array once per 100 µs
 *       "beat", the design's {@code refreshLatent} ((c)5), so it never leaves eden/survivor
 *       regions.</li>
 *   <li>{@code latent-lambda-oldarray}: {@code latent-lambda} with the array <b>old</b>: allocated at
 *       setup, moved to the old generation by {@code System.gc()} (a full collection) and never
 *       refreshed. Under G1 (JDK 25) a store of a young {@code b} into an old array's card takes
 *       the post-barrier's slow path with its StoreLoad fence; under Parallel GC the barrier is an
 *       unconditional card mark and the age does not matter.</li>
 *   <li>{@code latent-lambda-nopoll}: {@code latent-lambda-oldarray} without any beat check (no
 *       countdown, no flag): the reference for the two delivery mechanisms below, same old array.</li>
 *   <li>{@code latent-lambda-volatile}: beat delivery as in Spice and chili (design (c)6 option A):
 *       instead of the countdown, each join reads a per-context {@code volatile boolean} heartbeat
 *       flag (never set here; no timer thread) and branches to a cold method. Old array, as
 *       {@code nopoll}: without polls nothing refreshes it, since the refresh would happen at a
 *       beat.</li>
 *   <li>{@code latent-lambda-opaque}: the same with an opaque read ({@code VarHandle.getOpaque},
 *       Spice's relaxed load) of a plain boolean field.</li>
 *   <li>{@code latent-args}: an allocation-free API: {@code long joinArgs(IntToLongFunction f, int x,
 *       IntToLongFunction g, int y, LongBinaryOperator combine)}, called as {@code
 *       joinArgs(LatentFloor::fibArgs, n - 1, LatentFloor::fibArgs, n - 2, Long::sum)}: static,
 *       non-capturing method references are constants, the latent record is {@code (g, y)} in two
 *       parallel arrays ({@code Object[]}, {@code int[]}), the results are primitive, so nothing is
 *       boxed or allocated on the path; {@code gc.alloc.rate.norm} shows only the young array's refresh,
 *       272 bytes per 100 µs beat. Countdown poll, young {@code Object[]}.</li>
 *   <li>{@code latent-task}: the minimum a lazy {@code Task.fork()}/{@code join()} costs: a final
 *       {@code FibNode} (an {@code int n}, an {@code int result}, a virtual {@code exec()}) is
 *       allocated per fork, pushed onto the latent array by {@code fork()} (countdown poll), and
 *       {@code join()} checks {@code top-1 >= oldest && latent[top-1] == this}, pops and runs it
 *       inline ({@code f1.fork(); r2 = fib(n-2); f1.join(); return r2 + f1.result}). No atomics, no
 *       completion CAS, no boxed result. Young array.</li>
 * </ul>
 *
 * <p>The context is one {@link Ctx} object read from a static final field (single thread); its
 * fields are plain instance fields, as they would be on a {@code Worker}. The real fast path would
 * also read {@code Thread.currentThread()} and check its class; that is not included here.
 *
 * <p>Young vs old arrays. Every trial's setup runs {@code System.gc()} first, which moves the
 * context and everything else live into old regions; the shapes that poll then get a freshly
 * allocated array and keep it young by refreshing it in {@code poll()} every 100 µs (at fib speed
 * a young GC comes every few ms at most, so the current array is at most one GC old: eden or
 * survivor). The others ({@code -oldarray}, {@code -nopoll}, {@code -volatile}, {@code -opaque}) keep
 * the array the full GC made old. Re-allocating in {@code @Setup(Level.Iteration)} would not be
 * deterministic: whether the array is still young after a second depends on how many young GCs the
 * shape's allocation rate causes against the tenuring threshold.
 *
 * <p>Score: ms per {@code fib(n)}; per-call cost: divide by {@code 2*F(n+1)-1} calls
 * ({@link Fib#calls}), of which {@code F(n+1)-1} are joins/forks. Run with {@code -prof gc} to see
 * {@code gc.alloc.rate.norm} (bytes per {@code fib(n)}); the tear-down prints polls and beats per
 * operation as a sanity check.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class LatentFloor {

    /** fib argument (fib(30): 2.7 million calls, fib(35): 30 million). */
    @Param({"30", "35"})
    public int n;

    /** API shape under test (see the class comment). */
    @Param({"serial", "lambda-inline", "latent-lambda", "latent-lambda-oldarray", "latent-lambda-nopoll",
        "latent-lambda-volatile", "latent-lambda-opaque", "latent-args", "latent-task"})
    public String shape;

    private static final int SERIAL = 0;
    private static final int LAMBDA_INLINE = 1;
    private static final int LATENT_LAMBDA = 2;
    private static final int LATENT_LAMBDA_NOPOLL = 3;
    private static final int LATENT_LAMBDA_VOLATILE = 4;
    private static final int LATENT_LAMBDA_OPAQUE = 5;
    private static final int LATENT_ARGS = 6;
    private static final int LATENT_TASK = 7;

    /** The per-thread context: one, since the benchmark is single-threaded. */
    static final Ctx CTX = new Ctx();

    private int kind;
    private int expected;
    private long ops;

    @Setup(Level.Trial)
    public void setUp() {
        Fib.checkN(n);
        expected = (int) Fib.expected(n);
        boolean young;
        switch (shape) {
            case "serial" -> { kind = SERIAL; young = false; }
            case "lambda-inline" -> { kind = LAMBDA_INLINE; young = false; }
            case "latent-lambda" -> { kind = LATENT_LAMBDA; young = true; }
            case "latent-lambda-oldarray" -> { kind = LATENT_LAMBDA; young = false; }
            case "latent-lambda-nopoll" -> { kind = LATENT_LAMBDA_NOPOLL; young = false; }
            case "latent-lambda-volatile" -> { kind = LATENT_LAMBDA_VOLATILE; young = false; }
            case "latent-lambda-opaque" -> { kind = LATENT_LAMBDA_OPAQUE; young = false; }
            case "latent-args" -> { kind = LATENT_ARGS; young = true; }
            case "latent-task" -> { kind = LATENT_TASK; young = true; }
            default -> throw Impl.unknown(shape, "serial, lambda-inline, latent-lambda, latent-lambda-oldarray, "
                    + "latent-lambda-nopoll, latent-lambda-volatile, latent-lambda-opaque, latent-args, latent-task");
        }
        Ctx c = CTX;
        c.reset(young);
        System.gc();                          // everything live so far (c, and the array unless young) is old now
        if (young) {
            c.refreshLatent();                // a fresh array in eden, kept young by poll()
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Ctx c = CTX;
        double perOp = Math.max(ops, 1);
        System.out.printf("LatentFloor %s n=%d: %d ops, %.1f polls/op, %.1f beats (refreshes)/op%n",
                shape, n, ops, c.polls / perOp, c.beats / perOp);
    }

    /** @return fib(n), checked */
    @Benchmark
    public int fib() {
        int r = switch (kind) {
            case LAMBDA_INLINE -> fibLambdaInline(n);
            case LATENT_LAMBDA -> fibLatentLambda(n);
            case LATENT_LAMBDA_NOPOLL -> fibLatentNoPoll(n);
            case LATENT_LAMBDA_VOLATILE -> fibLatentVolatile(n);
            case LATENT_LAMBDA_OPAQUE -> fibLatentOpaque(n);
            case LATENT_ARGS -> (int) fibArgs(n);
            case LATENT_TASK -> fibTask(n);
            default -> Fib.serial(n);
        };
        Fib.check(shape, n, r, expected);
        if (CTX.top != 0) {
            throw new IllegalStateException(shape + ": latent stack not empty after fib(" + n + "): "
                    + CTX.top);
        }
        ops++;
        return r;
    }

    // ------------------------------------------------------------------ context

    /** What a worker would hold: the latent stack, its bounds, and the beat state. Owner-only, plain. */
    static final class Ctx {
        static final int INITIAL = 64;
        static final int POLL_EVERY = 64;
        static final long BEAT_NANOS = 100_000;

        Object[] latent = new Object[INITIAL];  // latent records: b (lambda), g (args), FibNode (task)
        int[] latentArg = new int[INITIAL];     // latent-args: the int argument of slot i
        int top;                                // slots [0, top) are live
        int oldest;                             // slots below it are promoted (never here: always 0)
        int countdown = POLL_EVERY;             // pushes left before the next poll()
        boolean refresh;                        // poll() renews the arrays at each beat (young)
        long lastBeat;
        long polls;
        long beats;
        volatile boolean heartbeat;             // latent-lambda-volatile: never set
        boolean opaqueBeat;                     // latent-lambda-opaque: read with getOpaque, never set

        static final VarHandle OPAQUE_BEAT;

        static {
            try {
                OPAQUE_BEAT = MethodHandles.lookup().findVarHandle(Ctx.class, "opaqueBeat", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        void reset(boolean young) {
            latent = new Object[INITIAL];
            latentArg = new int[INITIAL];
            top = 0;
            oldest = 0;
            countdown = POLL_EVERY;
            refresh = young;
            lastBeat = System.nanoTime();
            polls = 0;
            beats = 0;
        }

        /** The cold poll: one clock read per {@link #POLL_EVERY} pushes; a "beat" every 100 µs. */
        @CompilerControl(CompilerControl.Mode.DONT_INLINE)
        void poll() {
            countdown = POLL_EVERY;
            polls++;
            long now = System.nanoTime();
            if (now - lastBeat >= BEAT_NANOS) {
                lastBeat = now;
                beats++;
                if (refresh) {
                    refreshLatent();
                }
            }
        }

        /** The cold beat of the flag shapes (never called: nobody sets the flags). */
        @CompilerControl(CompilerControl.Mode.DONT_INLINE)
        void beat() {
            heartbeat = false;
            opaqueBeat = false;
            beats++;
        }

        /**
         * Copies the live slots into a new (young) array; stale slots above top are dropped. Only the
         * reference array: int stores have no GC barrier, so {@code latentArg} may grow old. At the
         * initial length this allocates 272 bytes per beat, the only allocation of {@code latent-args}.
         */
        void refreshLatent() {
            Object[] s = new Object[latent.length];
            System.arraycopy(latent, 0, s, 0, top);
            latent = s;
        }

        /** @return the latent array, doubled (cold) */
        @CompilerControl(CompilerControl.Mode.DONT_INLINE)
        Object[] grow() {
            latent = Arrays.copyOf(latent, latent.length * 2);
            latentArg = Arrays.copyOf(latentArg, latentArg.length * 2);
            return latent;
        }
    }

    /** Cold: the first half threw (the design runs b and suppresses; here the floor only restores top). */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    static RuntimeException firstFailed(Ctx c, int d, Throwable e) {
        c.top = d;
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(e);
    }

    /** Cold: a promoted slot or leftovers; unreachable here since nothing is ever promoted. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    static IllegalStateException notLatent(Ctx c, int d) {
        return new IllegalStateException("slot " + d + " not latent: top " + c.top + ", oldest " + c.oldest);
    }

    // ------------------------------------------------------------------ lambda-inline

    /** Today's {@code Strand.join} shape with no scheduler at all. */
    static <A, B> Joined<A, B> inlineJoin(Supplier<? extends A> a, Supplier<? extends B> b) {
        A ra = a.get();
        B rb = b.get();
        return new Joined<>(ra, rb);
    }

    static int fibLambdaInline(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = inlineJoin(() -> fibLambdaInline(n - 1), () -> fibLambdaInline(n - 2));
        return r.first() + r.second();
    }

    // ------------------------------------------------------------------ latent-lambda(-oldarray)

    /** The design's (c)2 fast path: push b, countdown poll, run a, pop if still latent, run b. */
    static <A, B> Joined<A, B> latentJoin(Supplier<? extends A> a, Supplier<? extends B> b) {
        Ctx c = CTX;
        Object[] s = c.latent;
        int d = c.top;
        if (d == s.length) {
            s = c.grow();
        }
        s[d] = b;
        c.top = d + 1;
        if (--c.countdown < 0) {
            c.poll();
        }
        A ra;
        try {
            ra = a.get();
        } catch (Throwable e) {
            throw firstFailed(c, d, e);
        }
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(c, d);
        }
        c.top = d;
        B rb = b.get();
        if (c.top != d) {
            throw notLatent(c, d);
        }
        return new Joined<>(ra, rb);
    }

    static int fibLatentLambda(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = latentJoin(() -> fibLatentLambda(n - 1), () -> fibLatentLambda(n - 2));
        return r.first() + r.second();
    }

    // ------------------------------------------------------------------ latent-lambda-nopoll

    /** {@link #latentJoin} without any beat check. */
    static <A, B> Joined<A, B> latentJoinNoPoll(Supplier<? extends A> a, Supplier<? extends B> b) {
        Ctx c = CTX;
        Object[] s = c.latent;
        int d = c.top;
        if (d == s.length) {
            s = c.grow();
        }
        s[d] = b;
        c.top = d + 1;
        A ra;
        try {
            ra = a.get();
        } catch (Throwable e) {
            throw firstFailed(c, d, e);
        }
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(c, d);
        }
        c.top = d;
        B rb = b.get();
        if (c.top != d) {
            throw notLatent(c, d);
        }
        return new Joined<>(ra, rb);
    }

    static int fibLatentNoPoll(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = latentJoinNoPoll(() -> fibLatentNoPoll(n - 1), () -> fibLatentNoPoll(n - 2));
        return r.first() + r.second();
    }

    // ------------------------------------------------------------------ latent-lambda-volatile

    /** {@link #latentJoin} with a volatile heartbeat flag instead of the countdown. */
    static <A, B> Joined<A, B> latentJoinVolatile(Supplier<? extends A> a, Supplier<? extends B> b) {
        Ctx c = CTX;
        Object[] s = c.latent;
        int d = c.top;
        if (d == s.length) {
            s = c.grow();
        }
        s[d] = b;
        c.top = d + 1;
        if (c.heartbeat) {
            c.beat();
        }
        A ra;
        try {
            ra = a.get();
        } catch (Throwable e) {
            throw firstFailed(c, d, e);
        }
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(c, d);
        }
        c.top = d;
        B rb = b.get();
        if (c.top != d) {
            throw notLatent(c, d);
        }
        return new Joined<>(ra, rb);
    }

    static int fibLatentVolatile(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = latentJoinVolatile(() -> fibLatentVolatile(n - 1),
                () -> fibLatentVolatile(n - 2));
        return r.first() + r.second();
    }

    // ------------------------------------------------------------------ latent-lambda-opaque

    /** {@link #latentJoin} with an opaque read of a heartbeat flag instead of the countdown. */
    static <A, B> Joined<A, B> latentJoinOpaque(Supplier<? extends A> a, Supplier<? extends B> b) {
        Ctx c = CTX;
        Object[] s = c.latent;
        int d = c.top;
        if (d == s.length) {
            s = c.grow();
        }
        s[d] = b;
        c.top = d + 1;
        if ((boolean) Ctx.OPAQUE_BEAT.getOpaque(c)) {
            c.beat();
        }
        A ra;
        try {
            ra = a.get();
        } catch (Throwable e) {
            throw firstFailed(c, d, e);
        }
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(c, d);
        }
        c.top = d;
        B rb = b.get();
        if (c.top != d) {
            throw notLatent(c, d);
        }
        return new Joined<>(ra, rb);
    }

    static int fibLatentOpaque(int n) {
        if (n < 2) {
            return n;
        }
        Joined<Integer, Integer> r = latentJoinOpaque(() -> fibLatentOpaque(n - 1), () -> fibLatentOpaque(n - 2));
        return r.first() + r.second();
    }

    // ------------------------------------------------------------------ latent-args

    /**
     * The allocation-free join: the latent record is {@code (g, y)} in two parallel arrays; both
     * results are primitive and combined by {@code combine}.
     */
    static long joinArgs(IntToLongFunction f, int x, IntToLongFunction g, int y, LongBinaryOperator combine) {
        Ctx c = CTX;
        Object[] s = c.latent;
        int d = c.top;
        if (d == s.length) {
            s = c.grow();
        }
        s[d] = g;
        c.latentArg[d] = y;
        c.top = d + 1;
        if (--c.countdown < 0) {
            c.poll();
        }
        long ra;
        try {
            ra = f.applyAsLong(x);
        } catch (Throwable e) {
            throw firstFailed(c, d, e);
        }
        if (c.top != d + 1 || d < c.oldest) {
            throw notLatent(c, d);
        }
        c.top = d;
        long rb = g.applyAsLong(y);
        if (c.top != d) {
            throw notLatent(c, d);
        }
        return combine.applyAsLong(ra, rb);
    }

    static long fibArgs(int n) {
        if (n < 2) {
            return n;
        }
        return joinArgs(LatentFloor::fibArgs, n - 1, LatentFloor::fibArgs, n - 2, Long::sum);
    }

    // ------------------------------------------------------------------ latent-task

    /** A lazy task at its minimum: fork pushes it latent, join pops and runs it if still latent. */
    abstract static class LatentTask {
        abstract void exec();

        final void fork() {
            Ctx c = CTX;
            Object[] s = c.latent;
            int k = c.top;
            if (k == s.length) {
                s = c.grow();
            }
            s[k] = this;
            c.top = k + 1;
            if (--c.countdown < 0) {
                c.poll();
            }
        }

        final void join() {
            Ctx c = CTX;
            int k = c.top - 1;
            if (k < c.oldest || c.latent[k] != this) {
                throw notLatent(c, k);
            }
            c.top = k;
            exec();
            if (c.top != k) {
                throw notLatent(c, k);
            }
        }
    }

    /** fib's forked half: one allocation per fork. */
    static final class FibNode extends LatentTask {
        final int n;
        int result;

        FibNode(int n) {
            this.n = n;
        }

        @Override
        void exec() {
            result = fibTask(n);
        }
    }

    static int fibTask(int n) {
        if (n < 2) {
            return n;
        }
        FibNode f1 = new FibNode(n - 1);
        f1.fork();
        int r2 = fibTask(n - 2);
        f1.join();
        return r2 + f1.result;
    }
}
