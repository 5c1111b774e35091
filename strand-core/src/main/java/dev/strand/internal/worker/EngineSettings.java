package dev.strand.internal.worker;

import dev.strand.Multiprogramming;
import dev.strand.trace.SchedulerListener;
import java.util.function.Consumer;

/**
 * The settings the workers run with, made once by the pool from its configuration: the engine's
 * own value, so that it names no configuration class of the API (whose builder makes pools, and
 * so would lead back into the engine through the pool). Immutable.
 *
 * <p>Invariant: every value is within the range the configuration documents (the configuration
 * checked it); the constructor asserts the ones the workers index or loop with.
 */
public final class EngineSettings {
    /** The pool's name, in worker names and Flight Recorder events. */
    public final String poolName;
    /** The core workers' count. */
    public final int parallelism;
    /** Worker stack size in bytes, 0 for the JVM default. */
    public final long stackSize;
    /** Whether workers are daemon threads. */
    public final boolean daemon;
    /** How long an idle pool keeps its threads, in nanoseconds. */
    public final long keepAliveNanos;
    /** The instrumentation hooks, or null. */
    public final SchedulerListener listener;
    /** The handler for failures of {@code execute}d Runnables, or null. */
    public final Thread.UncaughtExceptionHandler uncaughtExceptionHandler;
    /** Runs first on every worker thread, or null. */
    public final Consumer<? super Thread> onWorkerStart;
    /** Runs last on every worker thread, or null. */
    public final Consumer<? super Thread> onWorkerExit;
    /**
     * Whether to yield before steal attempts; null for {@code AUTO}, the default (a pool of
     * defaults does not load the enum's class).
     */
    public final Multiprogramming multiprogramming;
    /** Whether the deques are block-based (BWoS): bounded, with private elements. */
    public final boolean blockDeque;
    /** Whether a steal takes up to half a victim's deque. */
    public final boolean stealHalf;
    /** The most tasks one steal-half takes. */
    public final int stealHalfLimit;
    /** The deque size at which a fork runs inline. */
    public final int spawnBound;
    /** Idle steal sweeps before parking. */
    public final int spinRounds;
    /** The steal pace in nanoseconds, 0 for none. */
    public final long stealPaceNanos;
    /** Whether joins help (greedy) rather than block (stalling). */
    public final boolean greedyJoin;
    /** Whether {@code Strand.join} splits lazily. */
    public final boolean lazySplitting;

    /**
     * @param poolName                 the pool's name
     * @param parallelism              core workers, {@code >= 1}
     * @param stackSize                worker stack size, {@code >= 0}
     * @param daemon                   daemon workers
     * @param keepAliveNanos           idle pool's thread keep-alive, {@code > 0}
     * @param listener                 instrumentation hooks, or null
     * @param uncaughtExceptionHandler handler for failures of executed Runnables, or null
     * @param onWorkerStart            first thing on every worker thread, or null
     * @param onWorkerExit             last thing on every worker thread, or null
     * @param multiprogramming         whether to yield before steals
     * @param blockDeque               BWoS deques
     * @param stealHalf                steal-half
     * @param stealHalfLimit           most tasks per steal-half, {@code >= 1}
     * @param spawnBound               deque size at which forks run inline, {@code >= 1}
     * @param spinRounds               idle sweeps before parking, {@code >= 0}
     * @param stealPaceNanos           steal pace, {@code >= 0}
     * @param greedyJoin               greedy joins
     * @param lazySplitting            lazy splitting in {@code Strand.join}
     */
    public EngineSettings(String poolName, int parallelism, long stackSize, boolean daemon, long keepAliveNanos,
                          SchedulerListener listener, Thread.UncaughtExceptionHandler uncaughtExceptionHandler,
                          Consumer<? super Thread> onWorkerStart, Consumer<? super Thread> onWorkerExit,
                          Multiprogramming multiprogramming, boolean blockDeque, boolean stealHalf,
                          int stealHalfLimit, int spawnBound, int spinRounds, long stealPaceNanos,
                          boolean greedyJoin, boolean lazySplitting) {
        assert poolName != null;
        assert parallelism >= 1 && stackSize >= 0 && keepAliveNanos > 0 : "checked by the configuration";
        assert stealHalfLimit >= 1 && spawnBound >= 1 && spinRounds >= 0 && stealPaceNanos >= 0;
        this.poolName = poolName;
        this.parallelism = parallelism;
        this.stackSize = stackSize;
        this.daemon = daemon;
        this.keepAliveNanos = keepAliveNanos;
        this.listener = listener;
        this.uncaughtExceptionHandler = uncaughtExceptionHandler;
        this.onWorkerStart = onWorkerStart;
        this.onWorkerExit = onWorkerExit;
        this.multiprogramming = multiprogramming;
        this.blockDeque = blockDeque;
        this.stealHalf = stealHalf;
        this.stealHalfLimit = stealHalfLimit;
        this.spawnBound = spawnBound;
        this.spinRounds = spinRounds;
        this.stealPaceNanos = stealPaceNanos;
        this.greedyJoin = greedyJoin;
        this.lazySplitting = lazySplitting;
    }
}
