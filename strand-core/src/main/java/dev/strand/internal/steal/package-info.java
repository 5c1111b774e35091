/**
 * Stealing's shared state and its manners: the leapfrogging board that lets a joiner find its
 * child's thief, and the pace that keeps a thief from slowing the owner it steals from. Not
 * exported.
 *
 * <h2>Leapfrogging ({@link dev.strand.internal.steal.StealBoard})</h2>
 * A joiner whose child was stolen helps the thief with the child's descendants, as in Wagner and
 * Calder's leapfrogging (PPoPP 1993). Each worker records on the board the stolen task it is
 * running (innermost) and the index its deque would push at when it started it: elements at or
 * above that index were pushed while the task ran, so they are its descendants. The joiner scans
 * the board for a record its target covers, steals at or above the recorded index
 * ({@code ChaseLevDeque.stealAtOrAbove}), and re-reads the record after the steal: if the thief
 * moved on meanwhile, the element is not provably a descendant and goes to the submission queue
 * instead of running on the joiner's stack (the helping rule, in {@code internal.worker}).
 * <ul>
 *   <li>A record is written only by its worker: the base with a plain store, then the task with a
 *       release store; readers read the task with acquire, then the base. No atomic per steal.</li>
 *   <li>A record is cleared when its task returns, restored after a helping run inside it, and
 *       cleared by a thief just before it completes a join frame (whose owner may reuse the frame
 *       at once: a stale record would hand the frame's next joiner this deque's tasks).</li>
 *   <li>Slots are a cache line apart, in arrays of their own: joiners read them racily, and a
 *       worker's counters, written all the time, are elsewhere.</li>
 * </ul>
 *
 * <h2>Steal pacing ({@link dev.strand.internal.steal.StealPace})</h2>
 * A thief whose stolen task, with what it forked, ran for less than the pace
 * ({@code PoolConfig.Tuning.stealPaceNanos}, 250 ns by default, 0 for none) spins out the rest
 * before it looks for work again. The reason is the cost a fast thief puts on its victim, not its
 * own: a Chase-Lev thief reads the owner's {@code bottom} and CASes {@code top} on every steal, so
 * a thief that keeps up with an owner forking tiny tasks does so between every two pushes, each
 * push stores to a line another core has just read, and the owner forks at the speed of
 * cache-line transfers. Paced, the owner runs most such tasks inline.
 * <ul>
 *   <li>Back-off: each tiny steal (shorter than the current pace) doubles the pace, up to
 *       {@link dev.strand.internal.steal.StealPace#PACE_BACKOFF_LIMIT} times the configured one and
 *       never past 1 ms; a steal that runs at least the current pace resets it. The thief of a
 *       stream of tiny tasks backs off further, one that finds real work is back at full speed
 *       after one steal.</li>
 *   <li>Tasks worth stealing run longer than the pace, so divide and conquer never waits. Go's
 *       scheduler likewise waits before it steals a P's {@code runnext}.</li>
 *   <li>The pace is its worker's own state; the wait is a spin, after the stolen task and the
 *       local tasks it left have run, before the next search.</li>
 * </ul>
 * The measurements behind the default and the rejected alternatives (a grace period only for a
 * victim with one task, backing off only while idle, slot-CAS stealing, an owner-side cached
 * {@code top}) are in docs/design.md.
 *
 * <h2>Split requests ({@link dev.strand.internal.steal.SplitRequest})</h2>
 * Polled splitting ({@code Strand.wantsSplit}) splits only where someone asked for work, as the
 * owner of a private deque answers a thief's request (Acar, Charguéraud and Rainey, "Scheduling
 * parallel programs by work stealing with private deques", PPoPP 2013). Each worker has a request
 * word on a line of its own; the split test is that word (one opaque read, a line nobody writes
 * while nobody waits), then, if set, the deque's emptiness as before. With nobody asking (a pool
 * of one, or every worker busy) fine-grained recursion runs as the serial program plus one load
 * per call, and offers nothing.
 * <ul>
 *   <li>Who asks: a thief whose steal attempt on a victim failed asks that victim (every sweep
 *       does, searching or not); a joiner whose stolen child's thief had nothing at or above its
 *       steal's base asks that thief (it helps only with the child's descendants); an idle worker
 *       asks every other worker after the sleep control word counts it asleep and its re-scan
 *       found nothing, just before it parks. An ask writes the word only if it is clear.</li>
 *   <li>Who clears: only the owner, right after an offer that pushed ({@code Worker.offerFrame}),
 *       and only when the sleep control word counts no worker searching or asleep: while one is
 *       idle, the owner keeps offering at every split point where its deque is empty, as lazy
 *       splitting did before (each push to an empty deque wakes a sleeper).</li>
 *   <li>No idle worker's request is lost (checked by the jcstress test
 *       {@code SplitRequestDekker}): the owner clears, fences, reads the control word, and sets
 *       the word again if someone is idle; an idle worker is counted by an atomic update of the
 *       control word before it asks (searchers ask in their sweeps after the count, sleepers just
 *       before they park). Either the owner's read sees the idle worker, or the ask follows the
 *       clear. So a parked worker's request stands until every worker is awake, and the next
 *       offer, a push to an empty deque, wakes it.</li>
 *   <li>A joiner's request can be lost (it is not counted idle): its next attempt, after a spin
 *       or a nap of at most 1 ms, asks again, and the join completes anyway when the thief ends
 *       the stolen half. A request from a thief that then found work elsewhere costs its owner one
 *       offer, popped back by the owner as before.</li>
 * </ul>
 * The test of the deque alone is kept behind {@code -Dstrand.splitRequests=false}, for comparison.
 */
package dev.strand.internal.steal;
