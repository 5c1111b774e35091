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
 *   <li>A steal is worth what it saved: the time the stolen task ran, less the time joins waited
 *       meanwhile for it or inside it. The owner writes into a join frame when it reached the join
 *       and found the frame taken, and the thief, completing the frame, reports the owner's wait;
 *       the thief's own joins report theirs. A piece of a computation of a few microseconds runs
 *       about as long as its owner takes to reach the join, which then waits: however long the
 *       piece ran, it saved nothing.</li>
 *   <li>Back-off: each tiny steal (shorter than the current pace) doubles the pace, up to
 *       {@link dev.strand.internal.steal.StealPace#PACE_BACKOFF_LIMIT} times the configured one and
 *       never past 1 ms; a steal that runs at least the current pace resets it. The thief of a
 *       stream of tiny tasks backs off further, one that finds real work is back at full speed
 *       after one steal.</li>
 *   <li>Tasks worth stealing run longer than the pace, so divide and conquer never waits. Go's
 *       scheduler likewise waits before it steals a P's {@code runnext}.</li>
 *   <li>The pace is its worker's own state; the wait is a spin, after the stolen task and the
 *       local tasks it left have run, before the next search.</li>
 *   <li>Naps: a steal still tiny with the pace at its cap means the pieces on offer do not pay
 *       for their steal (fine-grained recursion over a small input). A look the thief was sent
 *       on (its re-scan before sleeping saw an offer, or an offer's push woke it) that finds
 *       nothing counts as a tiny steal: the offer was taken back before the thief got there,
 *       which is how a thief that yields before each attempt (the multiprogrammed mode) meets
 *       such pieces. The thief then naps out of the search, 8 us doubling to 256 us per such
 *       steal, and while idle naps again (each nap doubled, up to 2 ms) instead of going to
 *       sleep. A napping thief asks no owner to split,
 *       and while every other core worker naps so, an owner's pop-back asks nothing either, so
 *       the owner runs its recursion as plain calls ({@code internal.worker}, "Split points").
 *       The board counts backed-off workers on a line of its own; an owner's test leaves itself
 *       out (a backed-off thief that goes on to run a task of its own stays counted until a
 *       look ends its back-off). Every 5 ms one nap is a probe: the thief leaves the count,
 *       then asks every owner again, so that owners answer it while it is uncounted and offer
 *       after every pop-back until its next look. A stolen task that runs 50 us ends the naps,
 *       as do 50 ms of finding nothing; a thief out of naps sleeps as usual (and leaves the
 *       count), so an offer wakes it. Invariant: a napping worker is not a sleeper, and not a
 *       searcher either except after arriving too late (it naps as it was woken, a searcher, at
 *       most 256 us); the sleep protocol's proof does not see the nap, which only delays when it
 *       looks again, and, in that one case, by as much the wake-up of another sleeper.</li>
 * </ul>
 * The measurements behind the default and the rejected alternatives (a grace period only for a
 * victim with one task, backing off only while idle, slot-CAS stealing, an owner-side cached
 * {@code top}) are in docs/design.md.
 */
package dev.strand.internal.steal;
