package dev.strand.cli.soak;

import dev.strand.DequeKind;
import dev.strand.JoinPolicy;
import dev.strand.PoolConfig;
import dev.strand.StealPolicy;
import dev.strand.StrandPool;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * One workload run: its random choices (from the run's own seed), the pools it uses (for the dump
 * of a hang, and closed at its end), and the checks, which throw {@link CheckFailed}.
 */
final class Run {
    final SplittableRandom rng;
    /** The driver's long-lived pool, at the command's parallelism. */
    final StrandPool pool;
    final int parallelism;
    /** Every pool of this run, the driver's first; read by the watchdog. */
    final List<StrandPool> pools = new CopyOnWriteArrayList<>();
    private final IntFunction<PoolConfig.Builder> builders;
    private final UncaughtLog uncaught;
    private final String namePrefix;
    private int made;

    Run(long seed, StrandPool pool, int parallelism, IntFunction<PoolConfig.Builder> builders,
        UncaughtLog uncaught, String namePrefix) {
        this.rng = new SplittableRandom(seed);
        this.pool = pool;
        this.parallelism = parallelism;
        this.builders = builders;
        this.uncaught = uncaught;
        this.namePrefix = namePrefix;
        pools.add(pool);
    }

    /** A check that did not hold: a wrong count, a lost task, a missing exception. */
    static final class CheckFailed extends RuntimeException {
        CheckFailed(String message) {
            super(message);
        }
    }

    /** The exception the workloads throw on purpose; {@code token} says which throw it was. */
    static final class Boom extends RuntimeException {
        final long token;

        Boom(long token) {
            super("planned failure " + token, null, false, false);
            this.token = token;
        }
    }

    @SuppressWarnings("AnnotateFormatMethod") // @FormatMethod would need Error Prone's annotations as a dependency
    static void check(boolean ok, String format, Object... args) {
        if (!ok) {
            throw new CheckFailed(String.format(java.util.Locale.ROOT, format, args));
        }
    }

    /** @return whether {@code t}'s cause chain holds the {@link Boom} with {@code token} */
    static boolean hasBoom(Throwable t, long token) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof Boom b && b.token == token) {
                return true;
            }
        }
        return false;
    }

    /** @return whether {@code t}'s cause chain holds a StackOverflowError */
    static boolean overflowed(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    UncaughtLog uncaughtLog() {
        return uncaught;
    }

    /** @return 1..max, uniformly */
    int upTo(int max) {
        return 1 + rng.nextInt(max);
    }

    /** @return a random parallelism for a pool of this run: 1..P */
    int someParallelism() {
        return upTo(parallelism);
    }

    /**
     * @return a new pool of this run (closed at the run's end if the workload did not end it), with
     *     {@code p} workers and the given stack size (0: the JVM's default)
     */
    StrandPool newPool(String role, int p, long stackSize) {
        PoolConfig.Builder b = builders.apply(rng.nextInt()).parallelism(p).stackSize(stackSize)
                .name(namePrefix + "-" + role + ++made)
                .uncaughtExceptionHandler(uncaught);
        StrandPool pool = b.build();
        pools.add(pool);
        return pool;
    }

    /** Ends the pools this run made and left open: shutdownNow, then waits for termination. */
    void endPools(long timeoutNanos) throws InterruptedException {
        for (StrandPool p : pools) {
            if (p != pool && !p.isTerminated()) {
                p.shutdownNow();
                check(p.awaitTermination(timeoutNanos, TimeUnit.NANOSECONDS),
                        "pool %s did not terminate after shutdownNow()", p.name());
            }
        }
    }

    /** Random pool policies when the command did not fix them. */
    static PoolConfig.Builder vary(PoolConfig.Builder b, int choice, boolean fixedSteal,
                                   boolean fixedJoin) {
        SplittableRandom r = new SplittableRandom(choice);
        if (!fixedSteal) {
            b.tuning(tu -> tu.stealPolicy(r.nextBoolean() ? StealPolicy.ONE : StealPolicy.HALF));
        }
        if (!fixedJoin) {
            b.tuning(tu -> tu.joinPolicy(r.nextInt(4) == 0 ? JoinPolicy.STALLING : JoinPolicy.GREEDY));
        }
        // Split deques only on Chase-Lev: a BWoS ring (--deque bwos) keeps its block private already.
        boolean chaseLev = b.config().tuning().deque() == DequeKind.CHASE_LEV;
        b.tuning(tu -> tu.lazySplitting(r.nextInt(4) != 0));
        boolean split = r.nextInt(3) == 0;       // drawn in the same order as before
        return b.experimental(x -> x.splitDeques(split && chaseLev));
    }
}
