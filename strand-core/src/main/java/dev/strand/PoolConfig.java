package dev.strand;

import dev.strand.trace.SchedulerListener;
import java.util.Objects;

/**
 * An immutable pool configuration. Build one with {@link StrandPool#builder()}.
 *
 * @param name           pool name; worker threads are named {@code strand-<name>-worker-<i>}
 * @param parallelism    number of worker threads, {@code >= 1}
 * @param stealPolicy    steal one or steal half
 * @param stealHalfLimit most tasks one steal-half takes, {@code >= 1}
 * @param joinPolicy     greedy (helping) or stalling joins
 * @param lazySplitting {@link Strand#join} offers its second half to thieves only when the
 *                       worker's deque has nothing stealable (lazy binary splitting), else runs
 *                       both halves inline: no task, no deque operation, in the common case
 * @param splitDeques    keep forked tasks private until a thief asks (Lace's split deque): the
 *                       owner's fork and join then need no fence; false for classic Chase-Lev
 *                       deques, where every fork is stealable at once
 * @param spawnBound     deque size at which a fork runs the child inline instead of queuing it,
 *                       bounding child-stealing's space, {@code >= 1}
 * @param spinRounds     steal sweeps an idle worker makes before it parks, {@code >= 0}
 * @param stealPaceNanos a thief that ran a stolen task (and what it forked) in less than this
 *                       many nanoseconds waits out the rest before it looks for work again, in
 *                       {@code [0, 1_000_000]}; 0 turns pacing off. Each such tiny steal doubles
 *                       the thief's pace, up to 16 times this (and at most 1 ms); a stolen task
 *                       that runs longer resets it (see the package documentation)
 * @param maxSearchers   cap on workers searching for work at once, {@code >= 1}
 * @param stackSize      worker thread stack size in bytes, 0 for the JVM default
 * @param daemon         whether workers are daemon threads
 * @param keepAliveNanos once every worker of the pool has been idle this long, worker threads
 *                       exit; work that arrives later starts them again (as ForkJoinPool's
 *                       keep-alive does), so a pool nobody closed holds no threads while idle.
 *                       {@code Long.MAX_VALUE} keeps them for ever; at least 1 ms
 * @param listener       instrumentation hooks, or {@code null} (the default: no overhead)
 * @param uncaughtExceptionHandler receives what a Runnable queued by {@code execute} throws (the
 *                       worker goes on), or {@code null} for the thread's default handler, which
 *                       prints it to standard error
 */
public record PoolConfig(String name, int parallelism, StealPolicy stealPolicy, int stealHalfLimit,
                         JoinPolicy joinPolicy, boolean lazySplitting, boolean splitDeques, int spawnBound, int spinRounds, long stealPaceNanos, int maxSearchers,
                         long stackSize, boolean daemon, long keepAliveNanos, SchedulerListener listener,
                         Thread.UncaughtExceptionHandler uncaughtExceptionHandler) {

    /**
     * Default {@link #stealPaceNanos()}: long enough that a thief cannot keep up with an owner
     * forking tasks of a few nanoseconds, short against any task worth stealing (100-1000 ns were
     * measured; see the design notes).
     */
    public static final long DEFAULT_STEAL_PACE_NANOS = 250;
    /** Largest {@link #stealPaceNanos()}: beyond a millisecond a pace would idle a thief, not pace it. */
    public static final long MAX_STEAL_PACE_NANOS = 1_000_000;

    /** Default {@link #keepAliveNanos()}: 60 seconds, as ForkJoinPool's. */
    public static final long DEFAULT_KEEP_ALIVE_NANOS = 60_000_000_000L;
    /** Smallest {@link #keepAliveNanos()}: 1 ms. */
    public static final long MIN_KEEP_ALIVE_NANOS = 1_000_000L;

    /** Validates every field; the message names the bad one. */
    public PoolConfig {
        Objects.requireNonNull(name, "name must not be null");
        Objects.requireNonNull(stealPolicy, "stealPolicy must not be null");
        Objects.requireNonNull(joinPolicy, "joinPolicy must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("pool name must not be blank");
        }
        if (parallelism < 1 || parallelism > 32767) {
            throw new IllegalArgumentException("parallelism must be in [1, 32767], got " + parallelism);
        }
        if (stealHalfLimit < 1) {
            throw new IllegalArgumentException("stealHalfLimit must be >= 1, got " + stealHalfLimit);
        }
        if (spawnBound < 1) {
            throw new IllegalArgumentException("spawnBound must be >= 1, got " + spawnBound);
        }
        if (spinRounds < 0) {
            throw new IllegalArgumentException("spinRounds must be >= 0, got " + spinRounds);
        }
        if (stealPaceNanos < 0 || stealPaceNanos > MAX_STEAL_PACE_NANOS) {
            throw new IllegalArgumentException("stealPaceNanos must be in [0, " + MAX_STEAL_PACE_NANOS
                    + "], got " + stealPaceNanos);
        }
        if (maxSearchers < 1) {
            throw new IllegalArgumentException("maxSearchers must be >= 1, got " + maxSearchers);
        }
        if (stackSize < 0) {
            throw new IllegalArgumentException("stackSize must be >= 0, got " + stackSize);
        }
        if (keepAliveNanos < MIN_KEEP_ALIVE_NANOS) {
            throw new IllegalArgumentException("keepAlive must be at least 1 ms, got "
                    + keepAliveNanos + " ns");
        }
    }

    /** Builder with defaults: parallelism = available processors, steal-one, greedy joins. */
    public static final class Builder {
        private static final java.util.concurrent.atomic.AtomicInteger SEQ =
                new java.util.concurrent.atomic.AtomicInteger();

        private String name;
        private int parallelism = Runtime.getRuntime().availableProcessors();
        private StealPolicy stealPolicy = StealPolicy.ONE;
        private int stealHalfLimit = 32;
        private JoinPolicy joinPolicy = JoinPolicy.GREEDY;
        private boolean lazySplitting = true;
        private boolean splitDeques = false;
        private int spawnBound = 1 << 16;
        private int spinRounds = 16;
        private long stealPaceNanos = DEFAULT_STEAL_PACE_NANOS;
        private int maxSearchers = -1;
        private long stackSize = 0;
        private boolean daemon = true;
        private long keepAliveNanos = DEFAULT_KEEP_ALIVE_NANOS;
        private SchedulerListener listener;
        private Thread.UncaughtExceptionHandler uncaughtExceptionHandler;

        Builder() { }

        /** @param v pool name @return this */
        public Builder name(String v) { name = v; return this; }
        /** @param v worker count, {@code >= 1} @return this */
        public Builder parallelism(int v) { parallelism = v; return this; }
        /** @param v steal policy @return this */
        public Builder stealPolicy(StealPolicy v) { stealPolicy = v; return this; }
        /** @param v most tasks per steal-half @return this */
        public Builder stealHalfLimit(int v) { stealHalfLimit = v; return this; }
        /** @param v join policy @return this */
        public Builder joinPolicy(JoinPolicy v) { joinPolicy = v; return this; }
        /** @param v split deques, or classic Chase-Lev deques (the default) @return this */
        public Builder splitDeques(boolean v) { splitDeques = v; return this; }
        /** @param v lazy binary splitting for {@link Strand#join} (default true) @return this */
        public Builder lazySplitting(boolean v) { lazySplitting = v; return this; }
        /** @param v deque size at which forks run inline @return this */
        public Builder spawnBound(int v) { spawnBound = v; return this; }
        /** @param v idle steal sweeps before parking @return this */
        public Builder spinRounds(int v) { spinRounds = v; return this; }
        /** @param v steal pacing in ns, 0 for none (default {@value PoolConfig#DEFAULT_STEAL_PACE_NANOS}) @return this */
        public Builder stealPaceNanos(long v) { stealPaceNanos = v; return this; }
        /** @param v cap on concurrent searchers (default: half the workers, at least 1) @return this */
        public Builder maxSearchers(int v) { maxSearchers = v; return this; }
        /** @param v worker stack size in bytes, 0 for default @return this */
        public Builder stackSize(long v) { stackSize = v; return this; }
        /** @param v whether workers are daemon threads (default true) @return this */
        public Builder daemon(boolean v) { daemon = v; return this; }
        /**
         * How long an idle pool keeps its worker threads (default 60 s): once every worker has
         * been idle this long, the threads exit, and new work starts them again.
         *
         * @param v at least 1 ms; a duration too long to count in nanoseconds keeps the threads
         *          for ever
         * @return this
         * @throws NullPointerException if {@code v} is null
         */
        public Builder keepAlive(java.time.Duration v) {
            Objects.requireNonNull(v, "keepAlive must not be null");
            try {
                keepAliveNanos = v.toNanos();
            } catch (ArithmeticException tooLong) {
                keepAliveNanos = Long.MAX_VALUE;
            }
            return this;
        }
        /** @param v instrumentation hooks, or null @return this */
        public Builder listener(SchedulerListener v) { listener = v; return this; }
        /** @param v handler for failures of {@code execute}d Runnables, or null @return this */
        public Builder uncaughtExceptionHandler(Thread.UncaughtExceptionHandler v) {
            uncaughtExceptionHandler = v;
            return this;
        }

        /** @return the validated configuration */
        public PoolConfig config() {
            String n = name != null ? name : Integer.toString(SEQ.incrementAndGet());
            int ms = maxSearchers > 0 ? maxSearchers : Math.max(1, parallelism / 2);
            return new PoolConfig(n, parallelism, stealPolicy, stealHalfLimit, joinPolicy, lazySplitting, splitDeques,
                    spawnBound, spinRounds, stealPaceNanos, ms, stackSize, daemon, keepAliveNanos, listener,
                    uncaughtExceptionHandler);
        }

        /**
         * @return a started pool
         * @throws IllegalArgumentException naming the first invalid setting
         */
        public StrandPool build() {
            return new StrandPool(config());
        }
    }
}
