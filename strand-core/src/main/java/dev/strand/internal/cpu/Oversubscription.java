package dev.strand.internal.cpu;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's awake pool workers against its cores: a pool adds each core worker's thread as it
 * starts it (at the pool's start, and when work revives a slot whose thread retired after the
 * keep-alive); a worker leaves the count while it sleeps for want of work and comes back as it
 * wakes, and removes itself as its thread exits (retired, or the pool stopped). {@link #active()}
 * says whether they add up to more than {@link CpuBudget#cores()} (see {@link #refine}). Counting
 * awake threads, not pools, makes the count follow what competes for the cores: an idle pool,
 * one dropped without {@code close()} and an idle common pool count nothing, while two busy
 * pools of P on P cores count 2P. Spare threads are not counted: one runs only while a core
 * worker blocks. A worker reads {@link #active()} before a steal attempt, so it is two volatile
 * reads: a counter written when worker threads sleep, wake, start and exit, and the cores,
 * written once.
 */
public final class Oversubscription {
    private Oversubscription() { }

    private static final AtomicInteger WORKERS = new AtomicInteger();

    /**
     * The cores the count is compared with: the processors the JVM reports (its own affinity and,
     * with container support, quota bound) until {@link #refine} lowers it to {@link CpuBudget#cores()},
     * which reads the cgroup files. Refined off the path to a pool's first result: by the feedback
     * sampler after the first quantum, or at the first registration where there is no sampler.
     */
    private static volatile int cores = Math.max(1, Runtime.getRuntime().availableProcessors());

    /**
     * Core worker threads are starting.
     *
     * @param threads how many
     */
    public static void add(int threads) {
        WORKERS.addAndGet(threads);
    }

    /**
     * Core worker threads exited (or failed to start after {@link #add}).
     *
     * @param threads how many
     */
    public static void remove(int threads) {
        int left = WORKERS.addAndGet(-threads);
        assert left >= 0 : "removed more workers than were added";
    }

    /** @return whether the awake core worker threads outnumber the process's cores */
    public static boolean active() {
        // From the count itself: a flag written after each change could be left stale by two
        // threads whose changes and writes interleave, and threads start and exit often.
        return WORKERS.get() > cores;
    }

    /** Reads the process's CPU budget ({@link CpuBudget#cores()}) and compares with it from now on. */
    public static void refine() {
        int c = CpuBudget.cores();
        assert c >= 1 : "a budget of at least one core";
        cores = c;
    }

    /** @return the cores {@link #active()} compares with now */
    public static int cores() {
        return cores;
    }

    /** @return the awake core worker threads of every pool */
    public static int workers() {
        return WORKERS.get();
    }
}
