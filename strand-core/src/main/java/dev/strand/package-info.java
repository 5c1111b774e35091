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
 * {@link dev.strand.StrandPool} runs P {@code Worker} threads. Each owns a
 * {@link dev.strand.internal.deque.ChaseLevDeque}: it pushes and pops at the bottom (LIFO, depth-first, like
 * the serial program) and thieves steal at the top (FIFO, the oldest and largest subtrees).
 * <ol>
 *   <li><b>Spawn</b> is child-stealing: the child is pushed, the parent continues. When the deque
 *       reaches {@link dev.strand.PoolConfig.Tuning#spawnBound()} the child runs inline instead, so a spawn
 *       loop cannot exhaust memory (spawn throttling).</li>
 *   <li><b>Finding work</b>: own deque; the external submission queue, an
 *       {@link dev.strand.internal.deque.Injector} (every 61st decision it is polled first, for fairness, as
 *       Go does), taking the oldest submission plus up to 31 more ({@code size/P + 1}, Go's
 *       globrunqget) onto the own deque in one CAS; then one sweep over the other workers in a
 *       random-start, coprime-stride order ({@code internal.victim}), stealing one task or half.
 *       The worker runs its own tasks in a method that returns every 61 tasks, so the JIT compiles
 *       it normally rather than only on stack.</li>
 *   <li><b>Steal pacing</b>: a thief whose stolen task (with what it forked) ran for less than
 *       {@link dev.strand.PoolConfig.Tuning#stealPaceNanos()} (250 ns) waits out the rest before it looks
 *       for work again. A thief that keeps up with an owner forking tiny tasks reads the owner's
 *       {@code bottom} between every two pushes, so each push stores to a line another core just
 *       read; the owner then forks at the speed of cache-line transfers (a loop of 10^6 tiny forks
 *       took 4x its P=1 time at P=2). Paced, the owner runs most such tasks inline. Each tiny
 *       steal doubles the thief's pace, up to 16 times (4 µs by default); a steal that runs longer
 *       than the pace resets it, so the thief of a stream of tiny tasks backs off further while one
 *       that finds real work is back at full speed after one steal. Tasks worth stealing run
 *       longer than the pace, so divide-and-conquer never waits; Go's scheduler likewise waits
 *       before it steals a P's {@code runnext}.</li>
 *   <li><b>Join</b> is greedy: pop the own deque (an unstolen child is at its bottom and runs
 *       inline), then steal the child's descendants from the worker running it (leapfrogging);
 *       after 64 empty attempts, park in naps (20 µs, doubling to 1 ms) with an attempt after each,
 *       since the thief may offer work later (with lazy splitting it offers a frame at its next
 *       join). What a joiner may run is restricted; see "Helping" below. The stalling policy
 *       blocks instead of stealing, for comparison.</li>
 *   <li><b>Idle</b>: spin a bounded number of sweeps as a "searcher" (at most
 *       {@code maxSearchers} at once), then register as a sleeper, re-scan, and park. Publishers wake
 *       a sleeper only if nobody searches, and push signals only when the deque was empty; a
 *       searcher that finds work wakes the next one. The protocol and its proof that no wake-up is
 *       lost are in {@code dev.strand.internal.sleep}.</li>
 * </ol>
 *
 * <h2>Outcomes</h2>
 * A task's exception reaches its joiners as the cause of a
 * {@link java.util.concurrent.CompletionException} (or {@link java.util.concurrent.ExecutionException}
 * from {@code get}); the pool keeps running. Cancellation wins only against a task that has not
 * completed; a cancelled task that has not started never runs, and {@code cancel(true)} interrupts
 * a running task that the {@code ExecutorService} methods made (never a forked one, never a later
 * task of the same worker). A Runnable given to
 * {@code execute} is queued as it is (the deques hold {@code Runnable}s, of which {@code Task} is
 * one), since nothing can wait for it; its exception goes to the worker's uncaught-exception handler
 * and the worker goes on.
 *
 * <p>A task's whole state is one word ({@code Task.aux}): null or a stack of waiters while it is
 * pending, the outcome once it is done. One CAS completes or cancels it and takes the waiters in
 * the same step, so a result can never be paired with another run's state, and a task costs
 * 20 bytes plus its fields, as a {@code ForkJoinTask} does.
 *
 * <h2>Helping</h2>
 * A joiner that runs other tasks while it waits runs them on top of its own stack: it cannot
 * continue past its join until they return. If such a task waits for something the joiner does
 * after its join (a latch it counts down), both wait forever, although a stalling join, which only
 * blocks, would have finished. So a joiner waiting for task X runs only:
 * <ol>
 *   <li>tasks popped from its own deque, as a stalling join does too (the work-first order of the
 *       serial program: the tasks the joining task itself forked and has not joined yet);</li>
 *   <li>tasks that a worker running X as a stolen task pushed after it started X, taken from the
 *       top of that worker's deque only at or above the index it recorded when it started X
 *       ({@code ChaseLevDeque.stealAtOrAbove}); re-checked after the steal, and handed to the
 *       submission queue if the thief moved on. For a scope, X is any member of the scope.</li>
 * </ol>
 * <b>Rule:</b> every task of the second kind is a descendant of X. <b>Why that cannot deadlock a
 * program a stalling join completes:</b> in a program whose tasks join what they fork, X completes
 * only after all its descendants do; if one of them waited for the joiner's continuation, X would
 * wait for it too, and the stalling join would hang as well. Tasks of the first kind are exactly
 * what a stalling join runs. The exception is a task forked and never joined: it still counts as
 * its forker's descendant, so it must not wait for what its ancestors do after joining.
 *
 * <p>Rejected: stealing from any worker while joining (the first version; the greedy joins of the
 * Blumofe-Leiserson analysis): it ran unrelated tasks on a joiner's stack, which deadlocked a
 * program that completes on ForkJoinPool. Compensation threads: a joiner that finds no descendant
 * to run parks, which costs a worker only while its target's subtree has no stealable work.
 *
 * <h2>Stack overflow</h2>
 * A {@link java.lang.StackOverflowError} in a task reaches its joiners as the task's failure, and
 * the runtime's own state survives it: see {@code dev.strand.internal.stack}.
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>A lock per deque: a popular victim serializes its thieves and can block its owner, which
 *       breaks the contention model behind the O(P·T∞) steal bound.</li>
 *   <li>Compensation threads for blocked joins (ForkJoinPool's managed blocking): greedy joins
 *       keep workers busy without growing the thread count; a join blocks only when no work is
 *       found anywhere, and then no extra thread could help either.</li>
 *   <li>Continuation-stealing: needs to capture and migrate a stack frame, which the JVM cannot do
 *       cheaply for platform threads; child-stealing with a spawn bound and greedy joins is the
 *       ForkJoinPool/TBB/Rayon design. {@link dev.strand.JoinPolicy} leaves room to add it.</li>
 * </ul>
 */
package dev.strand;
