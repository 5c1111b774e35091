/**
 * The scheduler's queues: {@link dev.strand.internal.deque.ChaseLevDeque}, the work-stealing deque
 * each worker owns, its three-way {@link dev.strand.internal.deque.Steal} result, and
 * {@link dev.strand.internal.deque.Injector}, the FIFO queue for submissions from outside (any
 * thread pushes under a lock; consumers claim batches with one CAS, which is safe there because
 * nobody pops its tail). Not exported: besides the classic operations, the deque serves the
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
 */
package dev.strand.internal.deque;
