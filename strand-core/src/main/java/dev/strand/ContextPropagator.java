package dev.strand;

/**
 * Carries a thread's context (a logging MDC, a tracing span, a security or tenant identity) from
 * the thread that hands a task to a pool to the worker that runs it. Set one with
 * {@link PoolConfig.Builder#contextPropagator}; the common pool takes one from the system property
 * {@value StrandPool#COMMON_CONTEXT_PROPAGATOR_PROPERTY}.
 *
 * <p>{@link #capture()} runs on the thread that forks, spawns, offers the second half of a
 * {@link Strand#join}, submits or executes a task. When a worker runs that task it calls
 * {@link #install} with what was captured, runs the task, then {@link #restore} with what
 * {@code install} returned. A task that runs where it was forked (inline, or joined by its own
 * parent) is installed and restored the same way; a join that {@code Strand.join} does not split
 * runs both halves in the caller, with no capture at all.
 *
 * <pre>{@code
 * // SLF4J's MDC, carried into every task of the pool
 * ContextPropagator<Map<String, String>> mdc = new ContextPropagator<>() {
 *     public Map<String, String> capture() { return MDC.getCopyOfContextMap(); }
 *     public Map<String, String> install(Map<String, String> context) {
 *         Map<String, String> previous = MDC.getCopyOfContextMap();
 *         set(context);
 *         return previous;
 *     }
 *     public void restore(Map<String, String> previous) { set(previous); }
 *     private void set(Map<String, String> m) { if (m == null) MDC.clear(); else MDC.setContextMap(m); }
 * };
 * StrandPool pool = StrandPool.builder().contextPropagator(mdc).build();
 * }</pre>
 *
 * <p>Cost: {@code capture} runs at every fork, so it should return an immutable snapshot cheaply
 * (a reference to an immutable map, not a copy, is ideal). A pool without a propagator pays a
 * null check per fork and per task run.
 *
 * <p>Failures: if {@code capture} throws, the fork, spawn, join or submission that called it
 * throws that exception and queues nothing. If {@code install} or {@code restore} throws, the
 * exception goes to the pool's uncaught-exception handler and the task still runs (without its
 * context, if {@code install} failed): an accepted task is never dropped.
 *
 * @param <C> the context's type; {@code null} is a valid context (no context)
 */
public interface ContextPropagator<C> {

    /**
     * Called on the thread that hands a task to the pool.
     *
     * @return the context the task should run with
     */
    C capture();

    /**
     * Called on the worker, just before it runs a task.
     *
     * @param context what {@link #capture()} returned for this task
     * @return the worker's context before, to be given back to {@link #restore}
     */
    C install(C context);

    /**
     * Called on the worker, just after it ran a task. The default installs {@code previous}.
     *
     * @param previous what {@link #install} returned
     */
    default void restore(C previous) {
        install(previous);
    }
}
