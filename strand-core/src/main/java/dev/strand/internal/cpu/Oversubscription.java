package dev.strand.internal.cpu;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's pool workers against its cores: every pool registers its parallelism when it
 * starts and removes it when it terminates, and {@link #active()} says whether they add up to
 * more than {@link CpuBudget#cores()}. A worker reads it before a steal attempt, so it is one
 * volatile read of a field written only when pools start and end.
 */
public final class Oversubscription {
    private Oversubscription() { }

    private static final AtomicInteger WORKERS = new AtomicInteger();
    private static volatile boolean active;

    /**
     * A pool started.
     *
     * @param parallelism its workers
     */
    public static void add(int parallelism) {
        update(WORKERS.addAndGet(parallelism));
    }

    /**
     * A pool terminated.
     *
     * @param parallelism its workers, as given to {@link #add}
     */
    public static void remove(int parallelism) {
        update(WORKERS.addAndGet(-parallelism));
    }

    private static void update(int workers) {
        assert workers >= 0 : "removed more workers than were added";
        active = workers > CpuBudget.cores();
    }

    /** @return whether the registered workers outnumber the process's cores */
    public static boolean active() {
        return active;
    }

    /** @return the registered workers of every live pool */
    public static int workers() {
        return WORKERS.get();
    }
}
