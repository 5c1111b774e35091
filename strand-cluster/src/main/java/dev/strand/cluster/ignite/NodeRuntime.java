package dev.strand.cluster.ignite;

import dev.strand.StrandPool;

/**
 * The node-level half of the two-level scheduler: the one {@link StrandPool} of this JVM that
 * every job arriving on this node runs on. {@link NodeMain} sizes it before the node joins; in a
 * JVM that did not (an embedded server node), it is made on first use with one worker per core.
 * Its workers have {@value #STACK_BYTES}-byte stacks (address space, backed only as deep as
 * used): a job solves its subproblem whole, and a deep recursion (a binomial UTS tree is
 * 1,572 levels deep for T3) nests that many joins on one worker.
 */
public final class NodeRuntime {

    /** The stack of a node pool's workers, bytes. */
    public static final long STACK_BYTES = 64L << 20;

    private static final Object LOCK = new Object();
    private static StrandPool pool;

    private NodeRuntime() {}

    /** Makes the pool with {@code parallelism} workers; once, before any job runs. */
    public static void start(int parallelism) {
        synchronized (LOCK) {
            if (pool != null) {
                throw new IllegalStateException("the node's pool already exists (parallelism "
                        + pool.parallelism() + ")");
            }
            pool = StrandPool.builder().name("strand-node").parallelism(parallelism).stackSize(STACK_BYTES).build();
        }
    }

    /** @return this node's pool */
    public static StrandPool pool() {
        synchronized (LOCK) {
            if (pool == null) {
                pool = StrandPool.builder().name("strand-node")
                        .parallelism(Runtime.getRuntime().availableProcessors()).stackSize(STACK_BYTES).build();
            }
            return pool;
        }
    }
}
