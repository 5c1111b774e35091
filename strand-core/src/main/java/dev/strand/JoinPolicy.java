package dev.strand;

/**
 * What a worker does when it joins a task that another worker stole.
 *
 * <p>More policies may be added (lazy task creation, continuation-stealing); code that switches on
 * this enum should keep a default branch.
 */
public enum JoinPolicy {
    /**
     * Greedy (helping) join: run the own deque's tasks, then steal back from the worker running the
     * awaited task (leapfrogging), then steal from anyone; after repeated failures, park in naps
     * (20 µs doubling to 1 ms) between sweeps until the task completes.
     * Keeps every worker busy while work exists (the greedy-scheduler property the bounds rely on).
     */
    GREEDY,
    /**
     * Stalling join: run the own deque's tasks, then block until the awaited task is done, never
     * stealing while joining. For comparison with {@link #GREEDY}; loses parallelism by design.
     */
    STALLING
}
