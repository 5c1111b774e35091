/**
 * The worker: the scheduling loop, fork, and the waiting of joins. Not exported; the API
 * ({@code dev.strand}) calls it, and it reaches back into the API's package-private protocol only
 * through {@link dev.strand.internal.worker.TaskAccess} (the task state machine and its join
 * frames) and {@link dev.strand.internal.worker.PoolAccess} (the pool's queues and lifecycle).
 *
 * <h2>Scheduler</h2>
 * {@code StrandPool} runs P {@link dev.strand.internal.worker.Worker} threads (each a public
 * {@code StrandWorkerThread}, made by the pool's thread factory: the thread is the worker, so
 * {@code Thread.currentThread() instanceof Worker} finds it without a lookup). Each owns a
 * {@code WorkerDeque} ({@code internal.deque}: a {@code ChaseLevDeque}, or with
 * {@code Tuning.deque(DequeKind.BWOS)} a bounded {@code BwosDeque}, whose refused submissions go to
 * the submission queue and whose forks refused by a full ring run inline): it pushes and pops at the bottom (LIFO,
 * depth-first, like the serial program) and thieves steal at the top (FIFO, the oldest and largest
 * subtrees). Randomized work stealing runs a computation in expected time T1/P + O(T∞) with
 * O(P·T∞) expected steals (Blumofe and Leiserson, JACM 1999; Arora, Blumofe and Plaxton,
 * SPAA 1998).
 * <ol>
 *   <li><b>Spawn</b> is child-stealing: the child is pushed, the parent continues. When the deque
 *       reaches {@code Tuning.spawnBound()} the child runs inline instead, so a spawn loop cannot
 *       exhaust memory (spawn throttling).</li>
 *   <li><b>Finding work</b>: own deque; the external submission queue, an {@code Injector} (every
 *       61st decision it is polled first, for fairness, as Go does), taking the oldest submission
 *       plus up to 31 more ({@code size/P + 1}, Go's globrunqget) onto the own deque in one CAS;
 *       then one sweep over the other workers in a random-start, coprime-stride order
 *       ({@code internal.victim}), stealing one task or half; with locality on, the last thieves
 *       of its own work first (steal-back), then near victims before far ones over a topology
 *       ({@code internal.topology}). The worker runs its own tasks in a
 *       method that returns every 61 tasks, so the JIT compiles it normally rather than only on
 *       stack.</li>
 *   <li><b>Run-next</b> ({@code Tuning.runNext}, off by default): a submission from a task waits
 *       in its worker's slot ({@code internal.deque.NextSlots}, Go's {@code runnext}) and runs
 *       when the submitting task ends; the worker takes the slot before its deque in every loop
 *       over its own tasks, joins' helping included, and a thief takes it only after a 3 µs
 *       grace (the owner usually runs it first).</li>
 *   <li><b>Steal pacing</b>: a thief whose stolen task ran for less than the pace waits out the
 *       rest before it looks for work again ({@code internal.steal} explains why).</li>
 *   <li><b>Join</b> is greedy: pop the own deque (an unstolen child is at its bottom and runs
 *       inline), then steal the child's descendants from the worker running it (leapfrogging,
 *       {@code internal.steal}); after 64 empty attempts, park in naps (20 µs, doubling to 1 ms)
 *       with an attempt after each, since the thief may offer work later (with lazy splitting it
 *       offers a frame at its next join). What a joiner may run is restricted; see "Helping"
 *       below. The stalling policy blocks instead of stealing, for comparison.</li>
 *   <li><b>Idle</b>: spin a bounded number of sweeps as a "searcher" (at most
 *       {@code maxSearchers} at once), then register as a sleeper, re-scan, and park. Publishers wake
 *       a sleeper only if nobody searches, and push signals only when the deque was empty; a
 *       searcher that finds work wakes the next one. The protocol and its proof that no wake-up is
 *       lost are in {@code internal.sleep}.</li>
 * </ol>
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
 *       ({@code WorkerDeque.stealAtOrAbove}; BWoS keeps a push sequence per slot for it); re-checked after the steal, and handed to the
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
 * program that completes on ForkJoinPool. Compensation threads for every join: a joiner that
 * finds no descendant to run parks, which costs a worker only while its target's subtree has no
 * stealable work, briefly while running workers hold it. Waits on anything else (a latch, a
 * queue, I/O) are compensated when the task says so ({@code Strand.blocking}): the pool then
 * keeps at least as many spare slots out as workers blocked ({@code internal.sleep}, "Spares"),
 * each worker counting itself in {@code Worker.blockDepth}. A joiner whose target is held up by
 * a blocked worker while other work waits counts itself blocked too ({@code Worker.joinBlocked}).
 * A spare is a worker like any other (a deque thieves see, a record on the steal board); it
 * leaves when it is idle and more spares are out than workers are blocked, then checks that no
 * block went uncovered meanwhile.
 *
 * <p>The waits of {@code java.util.concurrent} ({@code Task.get}, {@code invokeAll},
 * {@code invokeAny}, {@code invoke} on another pool) use the same helping loop with a deadline
 * and interrupts ({@code Worker.awaitJoinUntil}); for another pool's task, the worker serves its
 * own pool meanwhile. Every task a wait runs is nested on the waiting task's stack
 * ({@code Worker.runNested}): an interruptible waiter is suspended meanwhile, so that its
 * {@code cancel(true)} interrupts it once the nested task has returned, never the nested task
 * (the protocol is in {@code Tasks.InterruptibleTask}). A wait nests at most
 * {@code Worker.MAX_UNRELATED_DEPTH} tasks unrelated to its target (from the submission queue, or
 * a sweep for a wait on another pool); deeper, it waits through {@code Strand.blocking} and a
 * compensating thread runs that work on a stack of its own (ForkJoinPool never helps with
 * unrelated tasks, and compensates).
 *
 * <h2>Split points</h2>
 * Lazy splitting here splits on request. At a split point ({@code Strand.wantsSplit}, and the
 * joins' own test) a worker offers its second half only if a thief asked since its last push:
 * <ul>
 *   <li>A thief's look at a deque asks: a steal, a failed steal, and a sleeper's last look after
 *       its registration (S2) each set a word on the deque's owner line ({@code DequeFields}),
 *       read before written so that polling thieves do not keep taking the line.</li>
 *   <li>The owner's push clears it. Its pop-back of its own offer sets it again, unless every
 *       other core worker is backed off after tiny steals ({@code internal.steal}), when nobody
 *       would take the next offer soon.</li>
 * </ul>
 * So while thieves are busy or hungry a worker offers after every pop-back, as lazy binary
 * splitting does (Tzannes, Caragea, Barua and Vishkin, PPoPP 2010), and its deque holds the
 * shallowest frame since the last steal; while the only thieves nap after pieces too small to
 * pay for their steal, it offers once per look, that is once per nap. The owner's test is one
 * plain read through {@code Worker.lazyDeque}; an ordered read cost fine-grained recursion about
 * 15 %. Split-mode and BWoS deques keep the test "nothing stealable".
 * {@code Worker.splitMode} is fixed when the worker is made ({@link
 * dev.strand.internal.worker.SplitMode}): {@code ALWAYS} in a pool without lazy splitting,
 * {@code NEVER} for the core worker of a lazily splitting pool of one ({@code wantsSplit} is
 * false: no other core worker could take a piece), else {@code LAZY}. Spares split lazily: a
 * spare exists because a worker blocked, and that worker may take a piece when it returns.
 * <p>Invariant (parallelism, not safety): a worker that parks has asked every deque after its
 * registration, so an owner's next split point offers, and that offer's push (P2) sees the
 * sleeper and wakes it. Split points guard nothing: a split not made publishes nothing, so the
 * sleep protocol's proof ({@code internal.sleep}) is untouched and no task can be lost by them.
 *
 * <h2>Join frames</h2>
 * {@code Strand.join} offers its second half in a frame the worker reuses, one per nesting depth
 * ({@link dev.strand.internal.worker.JoinFrameStack}); why reuse is safe is in {@code JoinFrame}.
 *
 * <h2>Errors</h2>
 * A throwable that escapes a decision of the loop is recovered from, and work an error left in
 * the worker's hands is recorded in its "unfinished" ring and settled at a shallower frame; see
 * {@code internal.stack} for the rules.
 *
 * <h2>The bridge</h2>
 * {@code TaskAccess} is one instance, registered from {@code Task}'s static initializer and read
 * into {@code static final} fields ({@code TaskAccess.get} initializes {@code Task} first); the
 * JIT treats it as a constant of one class and inlines its calls, so the fork and join paths cost
 * what direct calls cost. {@code PoolAccess} is one object per pool, of one class. Neither adds a
 * public member to an API class.
 */
package dev.strand.internal.worker;
