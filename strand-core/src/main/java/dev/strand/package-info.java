/**
 * Strand: a work-stealing fork-join runtime.
 *
 * <h2>Model</h2>
 * A computation is a series-parallel DAG of strands: {@code fork} (spawn) splits a strand into a
 * child and a continuation, {@code join} (sync) waits for a child. Work T1 is the number of strands,
 * span T∞ the longest path. Randomized work stealing runs it in expected time T1/P + O(T∞) with
 * O(P·T∞) expected steals (Blumofe and Leiserson, JACM 1999; Arora, Blumofe and Plaxton, SPAA 1998).
 *
 * <h2>Scheduler</h2>
 * {@link dev.strand.StrandPool} runs P worker threads, each owning a work-stealing deque: it pushes
 * and pops at the bottom (depth-first, like the serial program) and thieves steal at the top (the
 * oldest and largest subtrees). Spawn is child-stealing (the child is pushed, the parent
 * continues; at {@link dev.strand.PoolConfig.Tuning#spawnBound()} it runs inline instead). Join is
 * greedy: an unstolen child runs inline at its join, and a stolen child's joiner helps its thief
 * with the child's descendants before it parks; what a joiner may run is restricted so that
 * helping never deadlocks a program that a stalling join completes (a task forked and never joined
 * counts as its forker's descendant: it must not wait for what its ancestors do after their
 * joins). Idle workers spin briefly,
 * then park, and an idle pool uses no CPU. The engine is not exported; its protocols are
 * documented beside it: the loop, the order of finding work and the helping rule in
 * {@code dev.strand.internal.worker}; leapfrogging and steal pacing in
 * {@code dev.strand.internal.steal}; the deque and the submission queue in
 * {@code dev.strand.internal.deque}; sleeping and waking in {@code dev.strand.internal.sleep}.
 *
 * <h2>Outcomes</h2>
 * A task's exception reaches its joiners as the cause of a
 * {@link java.util.concurrent.CompletionException} (or {@link java.util.concurrent.ExecutionException}
 * from {@code get}); the pool keeps running. Cancellation wins only against a task that has not
 * completed; a cancelled task that has not started never runs, and {@code cancel(true)} interrupts
 * a running task that the {@code ExecutorService} methods made (never a forked one, never a later
 * task of the same worker, never one that the worker runs inside the task's wait: that interrupt
 * waits until the nested task returns). A Runnable given to
 * {@code execute} is queued as it is (the deques hold {@code Runnable}s, of which {@code Task} is
 * one), since nothing can wait for it; its exception goes to the worker's uncaught-exception handler
 * and the worker goes on.
 *
 * <p>A task's whole state is one word ({@code Task.aux}): null or a stack of waiters while it is
 * pending, the outcome once it is done. One CAS completes or cancels it and takes the waiters in
 * the same step, so a result can never be paired with another run's state, and a task costs
 * 20 bytes plus its fields, as a {@code ForkJoinTask} does.
 *
 * <h2>Stack overflow</h2>
 * A {@link java.lang.StackOverflowError} in a task reaches its joiners as the task's failure, and
 * the runtime's own state survives it: see {@code dev.strand.internal.stack}.
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>A lock per deque: a popular victim serializes its thieves and can block its owner, which
 *       breaks the contention model behind the O(P·T∞) steal bound.</li>
 *   <li>Compensation threads for every blocked join (ForkJoinPool compensates any join that cannot
 *       help): greedy joins keep workers busy without growing the thread count, and a join held
 *       up by running workers parks only briefly. A join held up by a blocking call is
 *       compensated ({@link dev.strand.Strand#blocking}).</li>
 *   <li>Continuation-stealing: needs to capture and migrate a stack frame, which the JVM cannot do
 *       cheaply for platform threads; child-stealing with a spawn bound and greedy joins is the
 *       ForkJoinPool/TBB/Rayon design. {@link dev.strand.JoinPolicy} leaves room to add it.</li>
 * </ul>
 */
package dev.strand;
