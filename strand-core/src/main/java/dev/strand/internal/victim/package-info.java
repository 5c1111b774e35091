/**
 * Victim selection for steals. Not exported.
 *
 * <h2>The plain sweep ({@link dev.strand.internal.victim.VictimOrder})</h2>
 * Random start, coprime stride, as Go's {@code stealOrder}: a permutation of the workers with no
 * allocation, so a sweep checks every worker once, which the sleep protocol's re-scan needs.
 *
 * <h2>Locality ({@link dev.strand.internal.victim.VictimCursor})</h2>
 * Off by default; see {@code PoolConfig.Tuning}. A sweep with locality visits, each slot once:
 * <ol>
 *   <li><b>Steal-back</b>: the last two thieves of the worker's own work, latest first. A thief
 *       records itself on its victim's word after each successful steal
 *       ({@code StealBoard.noteThief}, a packed {@code Thieves} word of two 16-bit slots, written
 *       only when it changes); the victim reads it racily when its deque runs dry. What a thief
 *       took was the oldest task of the victim's deque, the root of a subtree the victim would have
 *       run, and the thief's deque now holds that subtree's younger parts: work whose data the
 *       victim touched last (Acar, Blelloch and Blumofe, "The data locality of work stealing",
 *       SPAA 2000; the simulator's "localized" victims, Suksompong, Leiserson and Schardl,
 *       2016). A lost update between two racing thieves loses a hint, never a task.</li>
 *   <li><b>Hierarchical rings</b> ({@link dev.strand.internal.victim.TieredVictims}): the workers
 *       of the thief's innermost topology group, then those of the next level out, and so on to
 *       the whole machine; each ring walked in a random-start, coprime-stride order of its own.
 *       Near victims are tried first, far ones are still tried in the same sweep (an idle worker
 *       costs more than a remote steal), and randomness within a ring keeps thieves of one group
 *       from converging on one victim (Olivier, Porterfield, Wheeler and Prins, "Scheduling task
 *       parallelism on multi-socket multicore systems", ROSS 2011;
 *       Min et al., "Hierarchical work stealing on manycore clusters", 2011; Go's scheduler
 *       steals from any P, with no hierarchy).</li>
 *   <li>The spare slots in order, as the plain sweep ends.</li>
 * </ol>
 * Invariant, tested: a sweep is a permutation of every slot but the thief's own, near before far
 * (ring distances never decrease) after the steal-back hints.
 */
package dev.strand.internal.victim;
