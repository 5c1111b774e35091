package dev.strand.bench;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;

/** Pool set-up and tear-down shared by the benchmarks. */
final class Impl {
    private Impl() { }

    /** @throws IllegalArgumentException naming the allowed values */
    static IllegalArgumentException unknown(String impl, String allowed) {
        return new IllegalArgumentException("unknown impl '" + impl + "', expected one of " + allowed);
    }

    /** A Strand pool with default settings (greedy joins, steal-one). */
    static StrandPool strandPool(int parallelism) {
        return new StrandPool(parallelism);
    }

    /** A Strand pool with split deques (Lace: forks stay private until a thief asks), eager joins. */
    static StrandPool strandSplitPool(int parallelism) {
        return StrandPool.builder().parallelism(parallelism).experimental(x -> x.splitDeques(true)).tuning(tu -> tu.lazySplitting(false))
                .build();
    }

    /** A Strand pool whose {@code Strand.join} always offers its second half (no lazy splitting). */
    static StrandPool strandEagerPool(int parallelism) {
        return StrandPool.builder().parallelism(parallelism).tuning(tu -> tu.lazySplitting(false)).build();
    }

    /** A ForkJoinPool with the given parallelism and default settings (LIFO, not async mode). */
    static ForkJoinPool fjpPool(int parallelism) {
        return new ForkJoinPool(parallelism);
    }

    /**
     * Prints one line of pool counters per operation to the forked VM's stdout (shown by JMH), as a
     * sanity check of what was scheduled; then closes the pool. Counts include warm-up operations.
     */
    static void closeStrand(StrandPool pool, String label, long ops, long tasksPerOpExpected) {
        if (pool == null) {
            return;
        }
        PoolStats s = pool.stats();
        pool.close();
        if (ops > 0) {
            System.out.printf("%n[%s] per op over %d ops: tasks run %.0f (expected ~%d), spawns %.0f, "
                            + "inlined at bound %.0f, steals %.1f, parks %.1f%n",
                    label, ops, (double) s.tasksRun() / ops, tasksPerOpExpected,
                    (double) s.spawns() / ops, (double) s.inlinedSpawns() / ops,
                    (double) s.steals() / ops, (double) s.parks() / ops);
        }
    }

    /** Same for a ForkJoinPool (its steal count is the only comparable counter it exposes). */
    static void closeFjp(ForkJoinPool pool, String label, long ops) {
        if (pool == null) {
            return;
        }
        long steals = pool.getStealCount();
        pool.close();
        if (ops > 0) {
            System.out.printf("%n[%s] per op over %d ops: steals %.1f%n", label, ops,
                    (double) steals / ops);
        }
    }
}
