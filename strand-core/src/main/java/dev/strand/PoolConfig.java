package dev.strand;

import dev.strand.trace.SchedulerListener;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * An immutable pool configuration, made only by its {@linkplain StrandPool#builder() builder}: a
 * setting can be added later without breaking code that builds configurations.
 *
 * <p>Everyday settings are the builder's own methods: {@linkplain Builder#name name},
 * {@linkplain Builder#parallelism parallelism}, {@linkplain Builder#daemon daemon threads},
 * {@linkplain Builder#stackSize stack size}, {@linkplain Builder#keepAlive keep-alive},
 * {@linkplain Builder#listener listener},
 * {@linkplain Builder#uncaughtExceptionHandler uncaught-exception handler} and the worker
 * {@linkplain Builder#onWorkerStart start} and {@linkplain Builder#onWorkerExit exit} hooks, and the
 * {@linkplain Builder#contextPropagator context propagator}. The scheduler's supported settings
 * are grouped apart in {@link Tuning}, set through {@link Builder#tuning}: their defaults are what
 * Strand is measured and tested with. Settings for experiments with the scheduler's inner workings
 * are behind a door of their own, {@link ExperimentalSettings}, set through {@link Builder#experimental}:
 * they may change or vanish in any release.
 *
 * <pre>{@code
 * StrandPool pool = StrandPool.builder().name("render").parallelism(4)
 *         .tuning(t -> t.stealPolicy(StealPolicy.HALF))
 *         .build();
 * }</pre>
 */
public final class PoolConfig {

    /** Default {@link #keepAliveNanos()}: 60 seconds, as ForkJoinPool's. */
    public static final long DEFAULT_KEEP_ALIVE_NANOS = 60_000_000_000L;
    /** Smallest {@link #keepAliveNanos()}: 1 ms. */
    public static final long MIN_KEEP_ALIVE_NANOS = 1_000_000L;
    /** The default cap on spare threads, {@link Builder#maxSpares}. */
    public static final int DEFAULT_MAX_SPARES = 256;

    private final String name;
    private final int parallelism;
    private final long stackSize;
    private final boolean daemon;
    private final long keepAliveNanos;
    private final boolean profile;
    private final boolean timeline;
    private final SchedulerListener listener;
    private final Thread.UncaughtExceptionHandler uncaughtExceptionHandler;
    private final Consumer<? super Thread> onWorkerStart;
    private final Consumer<? super Thread> onWorkerExit;
    private final ContextPropagator<?> contextPropagator;
    private final StrandWorkerThread.Factory threadFactory;
    private final int maxSpares;
    /** Null in {@code new StrandPool(n)}'s configuration: AUTO, read without loading the enum's class. */
    final Multiprogramming multiprogramming;
    /**
     * Null when the builder set no tuning: then {@link #tuning()} makes the defaults, and the pool
     * reads this field ({@code PoolInternals.engineSettings}), so a pool of defaults loads no class
     * for its tuning. Package-private, as are the other fields the pool reads directly.
     */
    final Tuning tuning;
    /** Null when the builder set no experimental setting: then {@link #experimental()} makes the defaults. */
    final ExperimentalSettings experimental;

    private PoolConfig(Builder b) {
        // "pool-3", not "3": a bare number in "StrandPool '3' is shut down" reads as a parallelism
        this.name = b.name != null ? b.name : "pool-" + SEQ.incrementAndGet();
        this.parallelism = ConfigChecks.parallelismOverride(b.parallelism);
        this.stackSize = b.stackSize;
        this.daemon = b.daemon;
        this.keepAliveNanos = b.keepAliveNanos;
        this.profile = b.profile || b.timeline;
        this.timeline = b.timeline;
        this.listener = b.listener;
        this.uncaughtExceptionHandler = b.uncaughtExceptionHandler;
        this.onWorkerStart = b.onWorkerStart;
        this.onWorkerExit = b.onWorkerExit;
        this.contextPropagator = b.contextPropagator;
        this.threadFactory = b.threadFactory;
        this.maxSpares = b.maxSpares;
        this.multiprogramming = Objects.requireNonNull(b.multiprogramming, "multiprogramming must not be null");
        ConfigChecks.checkPool(this);
        this.tuning = b.tuning == null ? null : new Tuning(b.tuning);
        this.experimental = b.experimental == null ? null : new ExperimentalSettings(b.experimental, parallelism);
        ConfigChecks.checkCombination(tuning().deque(), experimental != null && experimental.splitDeques);
    }

    /** Numbers the pools configured without a name: {@code pool-1}, {@code pool-2}, ... */
    private static final java.util.concurrent.atomic.AtomicInteger SEQ = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * {@code new StrandPool(n)}'s configuration, the builder's defaults made without the builder and
     * its checks (two classes less on a fresh JVM's start path); out of range, or overridden, by them.
     */
    static PoolConfig defaults(int parallelism) {
        if (parallelism < 1 || parallelism > 32767 || System.getProperty(PARALLELISM_OVERRIDE_PROPERTY) != null) {
            return new Builder().parallelism(parallelism).config();
        }
        return new PoolConfig(parallelism);
    }

    private PoolConfig(int parallelism) {
        this.name = "pool-" + SEQ.incrementAndGet(); this.parallelism = parallelism; this.stackSize = 0;
        this.daemon = true; this.keepAliveNanos = DEFAULT_KEEP_ALIVE_NANOS; this.profile = false; this.timeline = false;
        this.listener = null; this.uncaughtExceptionHandler = null; this.onWorkerStart = null; this.onWorkerExit = null;
        this.contextPropagator = null; this.threadFactory = null; this.maxSpares = DEFAULT_MAX_SPARES;
        this.multiprogramming = null; this.tuning = null; this.experimental = null;
    }

    /**
     * System property: when set, every pool built meanwhile gets this parallelism, whatever its
     * builder says. {@code strand profile} sets it while it runs a program at one worker, to
     * measure the program's T1 beside the profile's prediction; it is not meant for production.
     */
    public static final String PARALLELISM_OVERRIDE_PROPERTY = "strand.profile.parallelism";

    /**
     * @return how many spare threads the pool may start, beyond its parallelism, to replace
     *     workers blocked in {@link Strand#blocking} or {@link Strand#managedBlock}
     */
    public int maxSpares() {
        return maxSpares;
    }

    /** @return whether workers yield before steals on a shared machine */
    public Multiprogramming multiprogramming() {
        return multiprogramming != null ? multiprogramming : Multiprogramming.AUTO;
    }

    /** @return the pool name; worker threads are named {@code strand-<name>-worker-<i>} */
    public String name() {
        return name;
    }

    /** @return the number of worker threads, in [1, 32767] */
    public int parallelism() {
        return parallelism;
    }

    /** @return the worker thread stack size in bytes, 0 for the JVM default */
    public long stackSize() {
        return stackSize;
    }

    /** @return whether workers are daemon threads */
    public boolean daemon() {
        return daemon;
    }

    /**
     * @return how long a wholly idle pool keeps its worker threads, in nanoseconds; afterwards
     *     they exit and new work starts them again. {@code Long.MAX_VALUE}: for ever
     */
    public long keepAliveNanos() {
        return keepAliveNanos;
    }

    /**
     * @return whether the pool runs the work/span profiler ({@link StrandPool#profile()}); the
     *     system property {@code strand.profile} turns it on for every pool
     */
    public boolean profile() {
        return profile;
    }

    /** @return whether the pool records a timeline of its workers ({@link StrandPool#timeline()}) */
    public boolean timeline() {
        return timeline;
    }

    /** @return the instrumentation hooks, or {@code null} (no overhead) */
    public SchedulerListener listener() {
        return listener;
    }

    /**
     * @return the handler for what a Runnable queued by {@code execute} throws (the worker goes
     *     on), or {@code null} for the thread's default handler, which prints it
     */
    public Thread.UncaughtExceptionHandler uncaughtExceptionHandler() {
        return uncaughtExceptionHandler;
    }

    /**
     * @return what every worker thread runs first, on itself, or {@code null}: also when a worker
     *     thread starts again after the keep-alive
     */
    public Consumer<? super Thread> onWorkerStart() {
        return onWorkerStart;
    }

    /**
     * @return what every worker thread runs last, on itself, or {@code null}: also when it exits
     *     after the keep-alive
     */
    public Consumer<? super Thread> onWorkerExit() {
        return onWorkerExit;
    }

    /** @return what carries a thread's context into the tasks it hands to the pool, or {@code null} */
    public ContextPropagator<?> contextPropagator() {
        return contextPropagator;
    }

    /** @return what makes the pool's threads, or {@code null} for plain {@link StrandWorkerThread}s */
    public StrandWorkerThread.Factory threadFactory() {
        return threadFactory;
    }

    /** @return the scheduler's supported settings */
    public Tuning tuning() {
        return tuning != null ? tuning : new Tuning();
    }

    /** @return the experimental settings: they may change or vanish in any release (see {@link ExperimentalSettings}) */
    public ExperimentalSettings experimental() {
        return experimental != null ? experimental : new ExperimentalSettings(null, parallelism);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PoolConfig c && name.equals(c.name) && parallelism == c.parallelism
                && stackSize == c.stackSize && daemon == c.daemon && keepAliveNanos == c.keepAliveNanos
                && profile == c.profile && timeline == c.timeline && listener == c.listener
                && uncaughtExceptionHandler == c.uncaughtExceptionHandler && onWorkerStart == c.onWorkerStart
                && onWorkerExit == c.onWorkerExit && contextPropagator == c.contextPropagator && maxSpares == c.maxSpares
                && threadFactory == c.threadFactory
                && multiprogramming() == c.multiprogramming() && tuning().equals(c.tuning()) && experimental().equals(c.experimental());
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, parallelism, stackSize, daemon, keepAliveNanos, profile, tuning());
    }

    @Override
    public String toString() {
        return "PoolConfig[name=" + name + ", parallelism=" + parallelism + ", stackSize=" + stackSize
                + ", daemon=" + daemon + ", keepAliveNanos=" + keepAliveNanos + ", profile=" + profile
                + ", maxSpares=" + maxSpares + ", multiprogramming=" + multiprogramming() + ", listener=" + listener + ", " + tuning()
                + (experimental != null ? ", " + experimental : "") + "]";
    }

    /**
     * The scheduler's supported settings. Each is typed, checked when the configuration is built
     * (an {@link IllegalArgumentException} names the setting and its range) and documented in the
     * guide with when to change it; the defaults are what Strand is measured and tested with.
     * Settings of the scheduler's inner workings, for experiments, are in {@link ExperimentalSettings}.
     */
    public static final class Tuning {
        /**
         * Default {@link #stealPaceNanos()}: long enough that a thief cannot keep up with an owner
         * forking tasks of a few nanoseconds, short against any task worth stealing (see the design
         * notes).
         */
        public static final long DEFAULT_STEAL_PACE_NANOS = 250;
        /** Largest {@link #stealPaceNanos()}: beyond a millisecond a pace would idle a thief. */
        public static final long MAX_STEAL_PACE_NANOS = 1_000_000;
        /** Default {@link #bwosBlocks()}. */
        public static final int DEFAULT_BWOS_BLOCKS = 32;
        /** Default {@link #bwosBlockSize()}. */
        public static final int DEFAULT_BWOS_BLOCK_SIZE = 32;
        /** Largest {@link #bwosBlocks()} and {@link #bwosBlockSize()}. */
        public static final int MAX_BWOS_DIMENSION = 1 << 16;
        /** Default {@link #spawnBound()}. */
        public static final int DEFAULT_SPAWN_BOUND = 1 << 16;
        /** Largest {@link #spawnBound()}: a deque's largest capacity. */
        public static final int MAX_SPAWN_BOUND = 1 << 30;

        // The three enums are null in the defaults' object, read as their defaults by the
        // accessors: a pool of defaults loads none of their classes (a fresh JVM reads each from
        // the jar on its way to the first task). equals, hashCode and toString go through the
        // accessors, so a null and the default it stands for are the same setting.
        final StealPolicy stealPolicy;
        final JoinPolicy joinPolicy;
        final boolean lazySplitting;
        final int spawnBound;
        final long stealPaceNanos;
        final boolean stealBack;
        final boolean hierarchicalVictims;
        final Topology topology;
        final boolean runNext;
        final DequeKind deque;
        private final int bwosBlocks;
        private final int bwosBlockSize;

        /** The defaults: a configuration whose builder set no tuning loads no class for its builder. */
        private Tuning() {
            this.stealPolicy = null; this.joinPolicy = null; this.lazySplitting = true;
            this.spawnBound = DEFAULT_SPAWN_BOUND; this.stealPaceNanos = DEFAULT_STEAL_PACE_NANOS;
            this.stealBack = false; this.hierarchicalVictims = false; this.topology = null; this.runNext = false;
            this.deque = null; this.bwosBlocks = DEFAULT_BWOS_BLOCKS; this.bwosBlockSize = DEFAULT_BWOS_BLOCK_SIZE;
        }

        private Tuning(Builder b) {
            this.stealPolicy = Objects.requireNonNull(b.stealPolicy, "stealPolicy must not be null");
            this.joinPolicy = Objects.requireNonNull(b.joinPolicy, "joinPolicy must not be null");
            this.lazySplitting = b.lazySplitting;
            this.spawnBound = b.spawnBound;
            this.stealPaceNanos = b.stealPaceNanos;
            this.stealBack = b.stealBack;
            this.hierarchicalVictims = b.hierarchicalVictims;
            this.topology = b.topology;
            this.runNext = b.runNext;
            this.deque = Objects.requireNonNull(b.deque, "deque must not be null");
            this.bwosBlocks = b.bwosBlocks;
            this.bwosBlockSize = b.bwosBlockSize;
            ConfigChecks.checkTuning(this);
        }

        /** @return steal one task, or half a victim's deque */
        public StealPolicy stealPolicy() {
            return stealPolicy != null ? stealPolicy : StealPolicy.ONE;
        }

        /** @return greedy (helping) or stalling joins */
        public JoinPolicy joinPolicy() {
            return joinPolicy != null ? joinPolicy : JoinPolicy.GREEDY;
        }

        /**
         * @return whether {@link Strand#join} offers its second half to thieves only when another
         *     worker asked for work (lazy binary splitting on request: {@link Strand#wantsSplit}),
         *     else runs both halves inline: no task, no deque operation, in the common case
         */
        public boolean lazySplitting() {
            return lazySplitting;
        }

        /**
         * @return the deque size at which a fork runs the child inline instead of queuing it,
         *     bounding child-stealing's space, in {@code [1, 2^30]}
         */
        public int spawnBound() {
            return spawnBound;
        }

        /**
         * @return the steal pace, in {@code [0, 1_000_000]}; 0 turns pacing off: a thief that ran a
         *     stolen task (and what it forked) in less than its pace waits out the rest before it
         *     looks for work again. Each such tiny steal doubles the thief's pace, up to 16 times
         *     this (and at most 1 ms); a stolen task that runs longer resets it. Why: the
         *     {@code dev.strand.internal.steal} package documentation
         */
        public long stealPaceNanos() {
            return stealPaceNanos;
        }

        /**
         * @return whether a worker whose deque ran dry first tries to steal from the last thieves
         *     of its own work (steal-back), before its usual sweep; see the guide, "Locality"
         */
        public boolean stealBack() {
            return stealBack;
        }

        /**
         * @return whether a worker's steal sweep tries the workers of its own group first (same
         *     cache, same NUMA node in the {@linkplain #topology() topology}), then farther ones
         */
        public boolean hierarchicalVictims() {
            return hierarchicalVictims;
        }

        /**
         * @return the topology the workers are placed on, or {@code null}: then the machine's
         *     ({@link Topology#machine()}) when {@link #hierarchicalVictims()} is on, else none.
         *     With a topology of more than one group, the pool's statistics count near and far
         *     steals
         */
        public Topology topology() {
            return topology;
        }

        /**
         * @return whether a task submitted ({@code execute}/{@code submit}) from a task of the pool
         *     goes to its worker's run-next slot, to run as soon as the submitting task ends, rather
         *     than onto its deque; the task it displaces goes onto the deque. Thieves take a slot's
         *     task only after a short grace. See the guide, "Asynchronous chains"
         */
        public boolean runNext() {
            return runNext;
        }

        /**
         * @return the deque each worker owns: {@link DequeKind#CHASE_LEV} (the default) or
         *     {@link DequeKind#BWOS}, a bounded block-based deque of {@link #bwosBlocks()} blocks of
         *     {@link #bwosBlockSize()} tasks. With BWoS a worker's tasks become stealable a block
         *     at a time, or when an idle thief asks; a fork that finds the ring full runs inline,
         *     and a submission from a task goes to the pool's submission queue. See the guide,
         *     "Choosing the deque"
         */
        public DequeKind deque() {
            return deque != null ? deque : DequeKind.CHASE_LEV;
        }

        /**
         * @return the blocks in each worker's BWoS ring (rounded up to a power of two when the
         *     deques are made), in {@code [2, 65536]}; used only with {@link DequeKind#BWOS}
         */
        public int bwosBlocks() {
            return bwosBlocks;
        }

        /**
         * @return the tasks per block of a BWoS ring, in {@code [1, 65536]}: a thief sees a
         *     worker's tasks once a block of them is full (or it asks); used only with
         *     {@link DequeKind#BWOS}
         */
        public int bwosBlockSize() {
            return bwosBlockSize;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tuning t && stealPolicy() == t.stealPolicy()
                    && joinPolicy() == t.joinPolicy() && lazySplitting == t.lazySplitting
                    && spawnBound == t.spawnBound && stealPaceNanos == t.stealPaceNanos
                    && stealBack == t.stealBack && hierarchicalVictims == t.hierarchicalVictims
                    && Objects.equals(topology, t.topology) && runNext == t.runNext
                    && deque() == t.deque() && bwosBlocks == t.bwosBlocks
                    && bwosBlockSize == t.bwosBlockSize;
        }

        @Override
        public int hashCode() {
            return Objects.hash(stealPolicy(), joinPolicy(), lazySplitting, spawnBound, stealPaceNanos, stealBack,
                    hierarchicalVictims, topology, runNext, deque(), bwosBlocks, bwosBlockSize);
        }

        @Override
        public String toString() {
            return "Tuning[stealPolicy=" + stealPolicy() + ", joinPolicy=" + joinPolicy()
                    + ", lazySplitting=" + lazySplitting + ", spawnBound=" + spawnBound
                    + ", stealPaceNanos=" + stealPaceNanos + ", stealBack=" + stealBack
                    + ", hierarchicalVictims=" + hierarchicalVictims + ", topology=" + topology
                    + ", runNext=" + runNext + ", deque=" + deque() + ", bwosBlocks=" + bwosBlocks
                    + ", bwosBlockSize=" + bwosBlockSize + "]";
        }

        /** Sets the supported settings; reached through {@link PoolConfig.Builder#tuning}. */
        public static final class Builder {
            private StealPolicy stealPolicy = StealPolicy.ONE;
            private JoinPolicy joinPolicy = JoinPolicy.GREEDY;
            private boolean lazySplitting = true;
            private int spawnBound = DEFAULT_SPAWN_BOUND;
            private long stealPaceNanos = DEFAULT_STEAL_PACE_NANOS;
            private boolean stealBack = false;
            private boolean hierarchicalVictims = false;
            private Topology topology;
            private boolean runNext = false;
            private DequeKind deque = DequeKind.CHASE_LEV;
            private int bwosBlocks = DEFAULT_BWOS_BLOCKS;
            private int bwosBlockSize = DEFAULT_BWOS_BLOCK_SIZE;

            private Builder() { }

            /** @param v steal one (default) or steal half @return this */
            public Builder stealPolicy(StealPolicy v) { stealPolicy = v; return this; }
            /** @param v greedy (default) or stalling joins @return this */
            public Builder joinPolicy(JoinPolicy v) { joinPolicy = v; return this; }
            /** @param v lazy binary splitting for {@link Strand#join} (default true) @return this */
            public Builder lazySplitting(boolean v) { lazySplitting = v; return this; }
            /**
             * @param v deque size at which forks run inline, in [1, 2^30] (default
             *          {@value Tuning#DEFAULT_SPAWN_BOUND})
             * @return this
             */
            public Builder spawnBound(int v) { spawnBound = v; return this; }
            /** @param v steal pacing in ns, 0 for none (default {@value Tuning#DEFAULT_STEAL_PACE_NANOS}) @return this */
            public Builder stealPaceNanos(long v) { stealPaceNanos = v; return this; }
            /** @param v submissions from a task to its worker's run-next slot (default false) @return this */
            public Builder runNext(boolean v) { runNext = v; return this; }
            /** @param v the workers' deque: Chase-Lev (default) or BWoS @return this */
            public Builder deque(DequeKind v) { deque = v; return this; }
            /** @param v blocks per BWoS ring, in [2, 65536] (default {@value Tuning#DEFAULT_BWOS_BLOCKS}) @return this */
            public Builder bwosBlocks(int v) { bwosBlocks = v; return this; }
            /** @param v tasks per BWoS block, in [1, 65536] (default {@value Tuning#DEFAULT_BWOS_BLOCK_SIZE}) @return this */
            public Builder bwosBlockSize(int v) { bwosBlockSize = v; return this; }
            /** @param v steal back from the thieves of a worker's own work first (default false) @return this */
            public Builder stealBack(boolean v) { stealBack = v; return this; }
            /** @param v near victims first, by the topology (default false) @return this */
            public Builder hierarchicalVictims(boolean v) { hierarchicalVictims = v; return this; }
            /**
             * @param v where the workers sit ({@link Topology#shape}, {@link Topology#cpuGroups},
             *          {@link Topology#parse}...), or null (default: the machine's when
             *          hierarchical victims are on, else none)
             * @return this
             */
            public Builder topology(Topology v) { topology = v; return this; }
        }
    }

    /** Builder with defaults: parallelism = available processors, daemon workers, 60 s keep-alive. */
    public static final class Builder {
        private String name;
        private int parallelism = Runtime.getRuntime().availableProcessors();
        private long stackSize = 0;
        private boolean daemon = true;
        private long keepAliveNanos = DEFAULT_KEEP_ALIVE_NANOS;
        private boolean profile;
        private boolean timeline;
        private SchedulerListener listener;
        private Thread.UncaughtExceptionHandler uncaughtExceptionHandler;
        private Consumer<? super Thread> onWorkerStart;
        private Consumer<? super Thread> onWorkerExit;
        private ContextPropagator<?> contextPropagator;
        private StrandWorkerThread.Factory threadFactory;
        private int maxSpares = DEFAULT_MAX_SPARES;
        private Multiprogramming multiprogramming = Multiprogramming.AUTO;
        private Tuning.Builder tuning;                   // made when first set: see Tuning()
        private ExperimentalSettings.Builder experimental;      // made when first set: see PoolConfig.experimental

        Builder() { }

        /**
         * @param v pool name, in messages and worker names (default: {@code pool-N}, N counting the
         *     pools configured without a name in this JVM, from 1)
         * @return this
         */
        public Builder name(String v) { name = Objects.requireNonNull(v, "name must not be null"); return this; }
        /** @param v worker count, in [1, 32767] @return this */
        public Builder parallelism(int v) { parallelism = v; return this; }
        /**
         * The cap on spare threads (default {@value PoolConfig#DEFAULT_MAX_SPARES}, as
         * ForkJoinPool's): while tasks wait inside {@link Strand#blocking} or
         * {@link Strand#managedBlock}, the pool keeps at least as many spare threads out as
         * workers blocked, so that {@code parallelism} threads are not blocked; a spare leaves
         * when more are out than workers blocked and it is idle, and its thread waits the
         * keep-alive to be reused. At the cap, a blocking task holds its worker (counted in
         * {@link BlockingStats#uncompensated()}). 0 turns compensation off.
         *
         * @param v in [0, 32767]
         * @return this
         */
        public Builder maxSpares(int v) { maxSpares = v; return this; }

        /**
         * Whether workers yield their processor before each steal attempt, for machines shared
         * with other pools or processes (default {@link Multiprogramming#AUTO}: while the
         * process's pools have more workers than it has cores, cgroup quota included, or while
         * the workers wait for their cores because other threads or processes compete).
         *
         * @param v the mode
         * @return this
         */
        public Builder multiprogramming(Multiprogramming v) { multiprogramming = v; return this; }
        /** @param v worker stack size in bytes, 0 for the JVM default @return this */
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
        public Builder keepAlive(Duration v) {
            Objects.requireNonNull(v, "keepAlive must not be null");
            try {
                keepAliveNanos = v.toNanos();
            } catch (ArithmeticException tooLong) {
                keepAliveNanos = Long.MAX_VALUE;
            }
            return this;
        }

        /**
         * Runs the work/span profiler (default false): the pool measures the work, span and
         * parallelism of what it runs, read with {@link StrandPool#profile()}. It costs a clock
         * read per fork, join and task, and an object per fork; see {@code docs/profiling.md}.
         *
         * @param v whether to profile
         * @return this
         */
        public Builder profile(boolean v) { profile = v; return this; }

        /**
         * Records a timeline of every worker (default false): the tasks it ran, its steals and
         * the times it was parked, read with {@link StrandPool#timeline()} and written as a trace
         * that Perfetto opens. Turns the profiler on too. It costs the profiler's price plus a
         * few bytes per task longer than 10 µs.
         *
         * @param v whether to record the timeline
         * @return this
         */
        public Builder timeline(boolean v) { timeline = v; return this; }

        /** @param v instrumentation hooks, or null @return this */
        public Builder listener(SchedulerListener v) { listener = v; return this; }

        /** @param v handler for failures of {@code execute}d Runnables, or null @return this */
        public Builder uncaughtExceptionHandler(Thread.UncaughtExceptionHandler v) { uncaughtExceptionHandler = v; return this; }

        /**
         * Runs {@code hook} on every worker thread, on that thread, before it takes any task: to
         * set thread-local state, register the thread with a profiler or monitoring agent, and
         * the like. It runs again whenever a worker thread starts after the keep-alive. What it
         * throws goes to the uncaught-exception handler; the worker starts anyway.
         *
         * @param hook receives the worker thread, or null for none
         * @return this
         */
        public Builder onWorkerStart(Consumer<? super Thread> hook) { onWorkerStart = hook; return this; }

        /**
         * Runs {@code hook} on every worker thread, on that thread, as the last thing before it
         * exits: at shutdown, and when an idle pool's thread exits after the keep-alive. What it
         * throws goes to the uncaught-exception handler.
         *
         * @param hook receives the worker thread, or null for none
         * @return this
         */
        public Builder onWorkerExit(Consumer<? super Thread> hook) { onWorkerExit = hook; return this; }

        /**
         * Carries the context of the thread that forks or submits a task (an MDC, a trace span)
         * into the worker that runs it; see {@link ContextPropagator}.
         *
         * @param propagator captures and installs the context, or null for none
         * @return this
         */
        public Builder contextPropagator(ContextPropagator<?> propagator) { contextPropagator = propagator; return this; }

        /**
         * Makes the pool's threads, as ForkJoinPool's {@code ForkJoinWorkerThreadFactory} does:
         * names, priorities, class loaders, a {@link StrandWorkerThread} subclass with per-thread
         * setup. See {@link StrandWorkerThread} for when it is called and what a faulty factory does.
         *
         * @param factory makes each thread from its seed, or null for plain StrandWorkerThreads
         * @return this
         */
        public Builder threadFactory(StrandWorkerThread.Factory factory) { threadFactory = factory; return this; }

        /**
         * Sets the scheduler's supported settings ({@link Tuning}); may be called more than once,
         * each call adding to the settings of the previous ones.
         *
         * @param settings sets the knobs, e.g. {@code t -> t.stealPolicy(StealPolicy.HALF)}
         * @return this
         */
        public Builder tuning(Consumer<Tuning.Builder> settings) {
            Objects.requireNonNull(settings, "tuning settings must not be null");
            if (tuning == null) {
                tuning = new Tuning.Builder();
            }
            settings.accept(tuning);
            return this;
        }

        /**
         * Sets experimental settings ({@link ExperimentalSettings}), which <b>may change or vanish in any
         * release</b>; may be called more than once, each call adding to the settings of the
         * previous ones.
         *
         * @param settings sets them, e.g. {@code x -> x.spinRounds(4)}
         * @return this
         */
        public Builder experimental(Consumer<ExperimentalSettings.Builder> settings) {
            Objects.requireNonNull(settings, "experimental settings must not be null");
            if (experimental == null) {
                experimental = new ExperimentalSettings.Builder();
            }
            settings.accept(experimental);
            return this;
        }

        /**
         * @return the validated configuration
         * @throws IllegalArgumentException naming the first invalid setting
         */
        public PoolConfig config() {
            return new PoolConfig(this);
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
