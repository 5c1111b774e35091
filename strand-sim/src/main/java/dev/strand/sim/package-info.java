/**
 * A deterministic simulator of work-stealing schedulers on series-parallel DAGs, at any number
 * of processors (see docs/simulator.md for the charts and measured figures).
 *
 * <h2>Use</h2>
 * <pre>{@code
 * Dag dag = Dags.fib(25);                                   // or Body.builder()... by hand
 * Policy ws = Policy.workStealing(Spawn.CONTINUATION).withVictims(Victims.COPRIME);
 * Result r = Simulator.run(dag, ws, Machine.of(1024), 42);  // P = 1024, seed 42
 * r.time(); r.timeRatio(); r.stealRatio(); r.spaceRatio();
 * }</pre>
 *
 * <h2>The model</h2>
 * A computation is a fully strict fork-join program: frames of {@link dev.strand.sim.dag.Proc
 * procedures} whose bodies are strands of work units, spawns, calls and syncs (the end of a body
 * is a sync). Unrolled, it is a series-parallel DAG: a spawn forks the child and the
 * continuation, a sync joins them, a call is series composition. The DAG is never built: a frame
 * asks its procedure for the next action, so a 10^8-strand fib holds only the live frames
 * (at most P*S1 of them under continuation stealing).
 *
 * <p>Measured against the DAG alone ({@link dev.strand.sim.dag.Metrics}): work T1 (units), span
 * T-inf (the heaviest path, series adds, parallel takes the max) and S1, the deepest stack of the
 * serial depth-first execution, in frames. Space S_P is the peak number of live frames (spawned
 * or called, not yet returned), queued children included.
 *
 * <h2>Time: lock-step rounds, and why</h2>
 * Time advances in rounds. In each round every scheduled processor, in a fixed order, does one
 * thing: runs one work unit, or spends one step of a steal attempt (a steal attempt takes
 * {@code stealCost} steps, plus {@code remoteLatency} per topology level to the victim). Spawn,
 * call, sync and return cost nothing; a processor resolves them until it reaches a work unit
 * (its own deque is popped for free: the work-first principle). A successful steal's frame runs
 * from the next step. T_P is the round of the last work unit.
 *
 * <p>Rounds rather than event time because the theorems count exactly these steps: Blumofe and
 * Leiserson charge every processor-step to a work token or a steal token, and every idle
 * processor makes a steal attempt in every step, so an event queue would hold an event for every
 * processor at every step anyway. Rounds make the accounting exact (P*T_P = T1 + idle steps),
 * need no priority queue, and a fixed processing order plus one seeded {@link
 * java.util.SplittableRandom} make runs reproducible. Work units of a weighted strand are
 * counted one round each. The cost of a round is one visit per scheduled processor; a failed
 * uniform steal attempt costs one random draw (the engine keeps the set of non-empty deques).
 *
 * <h2>Schedulers</h2>
 * <ul>
 *   <li>Work stealing (Blumofe-Leiserson 1999): a deque per processor, the owner works at the
 *       bottom (LIFO), thieves take the top (the oldest frame). {@link Policy.Spawn#CONTINUATION}
 *       pushes the parent's continuation and runs the child (Cilk, work-first);
 *       {@link Policy.Spawn#CHILD} pushes the child (help-first: TBB, ForkJoinPool). A frame
 *       that syncs with children outstanding is suspended; the processor that returns the last
 *       child resumes it, so joins are greedy. Steal-one or steal-half; victims uniform,
 *       coprime-stride (Go's runtime), localized (steal back from your thief first: Suksompong,
 *       Leiserson, Schardl 2016), hierarchical over a {@link Topology} (near victims first), or
 *       both (the thief first, then near victims, as the runtime's steal-back with hierarchical
 *       victims).</li>
 *   <li>Multiprogrammed (Arora, Blumofe, Plaxton 2001): only P_A processors run per step, chosen
 *       by a "kernel" at random; with yield, thieves give their slot to processors with work.</li>
 *   <li>Parallelism feedback (A-Steal, Agrawal, He, Hsu, Leiserson 2006): the active count
 *       follows the fraction of steps that did work; descheduled processors' deques are mugged.</li>
 *   <li>Work sharing: a spawned child goes to a random processor's deque; nobody steals.</li>
 *   <li>Centralized greedy (Graham 1969, Brent 1974) and parallel depth-first (Blelloch, Gibbons,
 *       Matias 1999): one ready list, FIFO or in serial order; the first min(P, ready) run.</li>
 * </ul>
 *
 * <h2>The theorems it reproduces</h2>
 * <ul>
 *   <li>Work and span laws: T_P &ge; max(T1/P, T-inf) for every schedule (exact, tested).</li>
 *   <li>Greedy bound: T_P &le; T1/P + T-inf for greedy and PDF (exact, tested on every DAG).</li>
 *   <li>Blumofe-Leiserson: E[T_P] &le; T1/P + O(T-inf) and E[steal attempts] = O(P*T-inf) for
 *       randomized work stealing (measured: the ratios stay bounded as P grows).</li>
 *   <li>Busy leaves: S_P &le; P*S1 under continuation stealing (exact, tested on every DAG);
 *       child stealing on a spawn loop queues Theta(n) children (tested).</li>
 * </ul>
 * A spawn is an instruction in the model of the theorems, so loops pay one unit per iteration
 * in the generators (see {@link dev.strand.sim.dag.Dags}); with free spawns a loop's span would
 * not count the continuation that must be stolen once per iteration.
 */
package dev.strand.sim;
