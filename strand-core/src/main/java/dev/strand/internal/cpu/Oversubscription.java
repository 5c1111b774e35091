package dev.strand.internal.cpu;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's live pool workers against its cores: a pool adds each core worker's thread as it
 * starts it (at the pool's start, and when work revives a slot whose thread retired after the
 * keep-alive), and each such thread removes itself as it exits (retired, or the pool stopped).
 * {@link #active()} says whether they add up to more than {@link CpuBudget#cores()}. Counting
 * threads, not pools, makes the count follow what actually runs: a pool dropped without
 * {@code close()} counts until its idle workers retire, and is then collectable; an idle common
 * pool counts nothing once its workers have retired. Spare threads are not counted: one runs only
 * while a core worker blocks. A worker reads {@link #active()} before a steal attempt, so it is
 * one volatile read of a counter written only when worker threads start and exit.
 */
public final class Oversubscription {
    private Oversubscription() { }

    private static final AtomicInteger WORKERS = new AtomicInteger();

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

    /** @return whether the live core worker threads outnumber the process's cores */
    public static boolean active() {
        // From the count itself: a flag written after each change could be left stale by two
        // threads whose changes and writes interleave, and threads start and exit often.
        return WORKERS.get() > CpuBudget.cores();
    }

    /** @return the live core worker threads of every pool */
    public static int workers() {
        return WORKERS.get();
    }
}
