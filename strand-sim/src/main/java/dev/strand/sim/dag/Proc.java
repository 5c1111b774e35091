package dev.strand.sim.dag;

/**
 * A procedure of a fork-join program: the body of one frame, a sequence of actions read lazily by
 * index. Action {@code i} is {@link #action(int)}: a positive number is a strand of that many work
 * units; {@link #SPAWN} starts {@link #child(int)} in parallel with the rest of the body;
 * {@link #CALL} runs {@link #child(int)} and waits for it (serial composition); {@link #SYNC}
 * waits for every child spawned so far. The end of the body is an implicit sync (fully strict).
 *
 * <p>Implementations are immutable descriptors, so a generator can describe a 10^8-strand DAG
 * without holding it: a frame asks for its children only when it reaches them.
 *
 * <p>Invariant: {@code action(i)} and {@code child(i)} depend only on {@code this} and {@code i}
 * (the simulator may read an action more than once, in any order across frames).
 */
public interface Proc {
    /** Action code: wait for all children spawned so far by this frame. */
    long SYNC = 0;
    /** Action code: start {@link #child(int)} in parallel with the rest of the body. */
    long SPAWN = -1;
    /** Action code: run {@link #child(int)} to completion before the next action. */
    long CALL = -2;

    /** @return the number of actions in the body (at least 1) */
    int size();

    /** @return the action at {@code i}: work units (&gt; 0), {@link #SYNC}, {@link #SPAWN} or {@link #CALL} */
    long action(int i);

    /** @return the procedure started by the {@link #SPAWN} or {@link #CALL} at {@code i} */
    Proc child(int i);

    /**
     * @return true if equal procedures ({@code equals}) have equal sub-DAGs, so their metrics can
     *     be computed once (value-like generators such as {@code fib(n)}); false by default
     */
    default boolean memoizable() {
        return false;
    }
}
