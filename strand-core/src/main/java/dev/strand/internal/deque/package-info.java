/**
 * The scheduler's queues: {@link dev.strand.internal.deque.ChaseLevDeque}, the work-stealing deque
 * each worker owns by default, its three-way {@link dev.strand.internal.deque.Steal} result, the
 * block-based alternative {@link dev.strand.internal.deque.BwosDeque} (see the last section), both
 * seen by the workers through {@link dev.strand.internal.deque.WorkerDeque}, and
 * {@link dev.strand.internal.deque.Injector}, the FIFO queue for submissions from outside (any
 * thread pushes under a lock; consumers claim batches with one CAS, which is safe there because
 * nobody pops its tail), and {@link dev.strand.internal.deque.NextSlots}, one run-next slot per
 * worker (Go's {@code runnext}: the owner swaps a task in, and the owner's swap or a thief's
 * compare-and-set takes it out, exactly one of them). Not exported: besides the classic operations, the deque serves the
 * scheduler's own protocols (the index a joiner may steal at or above, the split mode that wakes
 * a sleeper when work becomes stealable), which are no contract for other users.
 *
 * <p>Papers: D. Chase and Y. Lev, "Dynamic Circular Work-Stealing Deque", SPAA 2005 (the growable
 * circular array and the monotone top); N. M. Lê, A. Pop, A. Cohen and F. Zappa Nardelli, "Correct
 * and Efficient Work-Stealing for Weak Memory Models", PPoPP 2013 (the fences); N. S. Arora,
 * R. D. Blumofe and C. G. Plaxton, "Thread Scheduling for Multiprogrammed Multiprocessors", SPAA 1998
 * (the non-blocking deque the steal bound assumes).
 *
 * <h2>Invariants</h2>
 * <ul>
 *   <li>{@code top <= bottom + 1} at all times, and {@code top <= bottom} outside a pop in progress;
 *       the elements are exactly the indices {@code [top, bottom)}.</li>
 *   <li>{@code top} never decreases; only a successful CAS advances it, and the winner owns the
 *       element at the old {@code top}.</li>
 *   <li>Only the owner writes {@code bottom} and the array reference.</li>
 *   <li>Every element pushed is returned exactly once: by one pop or by one steal.</li>
 * </ul>
 *
 * <h2>Why the fences suffice (sketch)</h2>
 * The only element two threads can both reach is the last one ({@code top == bottom - 1}). The owner
 * announces its claim by storing {@code bottom - 1}, then reads {@code top} (F2); a thief reads
 * {@code top}, then {@code bottom} (F3). All four accesses are volatile, so they are totally ordered
 * consistently with program order, and at least one of them sees the other's write: if the thief sees the lowered bottom it finds the deque empty; if the
 * owner sees that a thief may be in range ({@code t == b}) it competes with the same CAS on
 * {@code top}, and the CAS (F4) picks one winner. Above the last element the owner takes index
 * {@code b > t} which no thief can reach without first advancing {@code top} past {@code b}, which
 * F2/F3 rule out.
 *
 * <h2>BWoS: the block-based deque</h2>
 * {@link dev.strand.internal.deque.BwosDeque} is an alternative to the Chase-Lev deque, after
 * J. Wang, B. Trach, M. Fu, D. Behrens, J. Schwender, Y. Liu, J. Lei, V. Vafeiadis, H. Härtig and
 * H. Chen, "BWoS: Formally Verified Block-based Work Stealing for Parallel Processing", OSDI 2023,
 * in its LIFO-owner variant. It is the workers' deque when a pool is built with
 * {@code Tuning.deque(DequeKind.BWOS)}; Chase-Lev stays the default (docs/design.md, "The BWoS
 * deque", records the comparison and the integration).
 *
 * <p>Why it exists. In Chase-Lev, owner and thieves meet on every element: the owner's pop must be
 * ordered against the thieves' reads of {@code top} (the F2 store-load fence, one locked instruction
 * per pop on x86), and the slots near {@code top} are written by the owner and read by thieves. BWoS
 * splits the deque into blocks and keeps owner and thieves on different blocks: the owner's block
 * is its own, so a push or a pop there is a plain store and a plain load, no fence, no atomic
 * instruction and no cache line shared with a thief; thieves take from the oldest granted block,
 * whose fields the owner does not touch. The owner synchronizes only when it crosses a block
 * boundary: a release store when it grants a full block, one atomic exchange when it takes a block
 * back. Steals of one block's elements are batched by nature: the elements of a granted block are
 * fixed, so a thief can take several with one CAS.
 *
 * <p>Protocol, in short (the class documentation has the fences B1..B6):
 * <ul>
 *   <li>A ring of {@code nb} blocks of {@code ne} slots; block counters grow without bound.
 *       {@code ownerBlk} is the owner's block, {@code thiefBlk} the thieves'; the blocks between
 *       are granted.</li>
 *   <li>Per block: {@code committed} (the owner's fill mark, fixed while granted), and
 *       {@code reserved}, a tag and an index: the next slot for thieves, or {@code OWNED}.</li>
 *   <li>Push fills the owner's block; a full block is granted (release store of {@code reserved})
 *       and the owner opens the next block, if the thieves have left its previous use.</li>
 *   <li>Pop empties the owner's block; an empty one makes the owner take back the newest granted
 *       block by exchanging its {@code reserved} for {@code OWNED}: the thieves stopped at the index
 *       returned, the slots above it are the owner's.</li>
 *   <li>Steal reads {@code reserved}, the slot, re-checks {@code thiefBlk}, then CASes
 *       {@code reserved} one further; at a drained block it moves {@code thiefBlk} on, after reading
 *       {@code reserved} again: a block the owner took back and refilled between the thief's
 *       reads of {@code reserved} and {@code committed} looks drained, and passing it would
 *       strand its new elements.</li>
 * </ul>
 *
 * <p>Invariants (asserted where the owner can check them):
 * <ul>
 *   <li>{@code thiefBlk <= ownerBlk}, and {@code ownerBlk - thiefBlk < nb}: the blocks in use are
 *       distinct.</li>
 *   <li>The owner's block is {@code OWNED}; the blocks in {@code [thiefBlk, ownerBlk)} are granted,
 *       and each holds elements from its {@code reserved} index up to its {@code committed}. Only
 *       {@code thiefBlk}'s block can be partly stolen; a drained block stays drained until it is
 *       reused.</li>
 *   <li>Only the owner changes a block's tag, and it bumps it at every move to {@code OWNED}
 *       (reclaim, takeover): a thief's CAS succeeds only on the very value it read before it read
 *       the slot, so the slot held the element the owner granted there (no ABA).</li>
 *   <li>Every element pushed is returned exactly once: by one pop or by one steal.</li>
 * </ul>
 *
 * <p>Trade-offs against Chase-Lev:
 * <ul>
 *   <li>Bounded: at most {@code nb * ne} elements, and a push fails when the block it would open
 *       still holds stealable elements. The runtime handles a refused push: a fork runs the child
 *       inline (its spawn-bound path), a submission from a task goes to the pool's submission
 *       queue, and a batch moved from that queue is capped by {@code room()}, a lower bound on
 *       the pushes sure to succeed. Fullness costs parallelism, not correctness. Chase-Lev grows.</li>
 *   <li>Visibility and granularity: elements in the owner's block are private. A thief sees work
 *       only once a block is full (or granted on request, {@code shareOnRequest}, Lace's remedy),
 *       so a shallow fork tree of fewer than {@code ne} pending tasks cannot be stolen from. Smaller
 *       blocks expose work sooner and cost more block crossings. Stealing is FIFO among granted
 *       elements only: the oldest element overall, as Chase-Lev gives it, is stolen only if it is
 *       not in the owner's block.</li>
 *   <li>Boundary thrashing: an owner that pushes and pops across a block boundary pays a grant and
 *       a takeover (an atomic exchange) each way, where Chase-Lev pays its F2 fence per pop.</li>
 *   <li>Probe cost: a thief's probe reads {@code thiefBlk}, a block's {@code reserved} and
 *       {@code committed}, and at a drained block the next block's too: two or three lines where
 *       Chase-Lev reads {@code top} and {@code bottom}.</li>
 *   <li>No global index: elements have no monotone index, so for the joiner's "steal at or above
 *       the index the thief had when it started" (leapfrogging) each push stores the owner's push
 *       count beside its element (one more plain store per push; {@code pushIndex()} is that
 *       count), published with the slot by the grant. {@code stealAtOrAbove} reads it with the
 *       slot, between B2 and B4, so a winning CAS vouches for both; a batch steal numbers the
 *       elements it moves into the thief's block.</li>
 * </ul>
 *
 * <p>As the workers' deque, a ring shares on request (a thief's flag, served at the owner's next
 * push or pop), shares when dry (a push into an empty owner block is granted at once when nothing
 * is stealable: sleeping thieves do not ask) and wakes a sleeper after every grant; a submission from a task is granted at once
 * (it must be stealable while its submitter may wait for it outside a join), and so is the
 * owner's block before its task blocks in {@code Strand.blocking}. Split mode has no BWoS
 * counterpart: the builder rejects the combination.
 */
package dev.strand.internal.deque;
