/**
 * Parallel algorithms on top of the fork/join API: {@link dev.strand.parallel.Parallel} (for, map,
 * reduce, sum, prefix scan, sort, search) and {@link dev.strand.parallel.Grain} (how a range is
 * cut). Every method takes the pool, the data, what to compute, and last an optional grain (the
 * class documentation of {@code Parallel} states the rule).
 *
 * <h2>One recursion for every range algorithm</h2>
 * Every loop, map and reduction is the same fork-join recursion over an index range: if the range
 * is small enough, run it serially (a <em>leaf</em>); otherwise halve it, run both halves with
 * {@link dev.strand.Strand#join} (the right half is offered to thieves while the caller runs the
 * left one), and combine the two results. On P workers this is the classic reduction tree:
 * work T1 = Θ(n) plus one task per internal node, span T∞ = Θ(g + log(n/g)) for leaves of g
 * elements, so randomized work stealing runs it in expected time T1/P + O(T∞) with O(P·T∞)
 * steals (Blumofe and Leiserson, JACM 1999).
 *
 * <h2>Grain: when to stop splitting</h2>
 * Each task costs τ (tens of nanoseconds here: allocation, a deque push and pop, the join).
 * Leaves of g elements give about n/g tasks, overhead τ·n/g; but they also cap parallelism at
 * about n/g and add Θ(g) to the span. The sweet spot is τ / (cost per element) ≪ g ≪ n / P, and
 * the curve is flat near it (run {@code ./strand grain} to see the U). Two policies:
 * <ul>
 *   <li><b>Fixed grain</b> ({@link dev.strand.parallel.Grain#fixed}): split while longer than g,
 *       exactly the classic serial cutoff. Deterministic tree. Needs a g that suits both the operation
 *       and the machine.</li>
 *   <li><b>Adaptive</b> ({@link dev.strand.parallel.Grain#auto()}, the default), after Rayon's
 *       thief-splitting (rayon-core {@code join_context} and rayon's {@code Splitter}): a counter
 *       of splits starts at 2·P and halves at every level, so an undisturbed run makes about 4·P
 *       pieces, however cheap or costly the elements are. A piece that was <em>stolen</em> (it
 *       runs on a different worker than the one that forked it, detected by comparing
 *       {@link dev.strand.Strand#workerIndex()} of the parent and of the running piece) resets its
 *       counter to at least P: the thief found nothing else to do, so its piece is split again to
 *       give the other idle workers something to steal. Splitting thus follows demand, and the
 *       number of tasks stays O(P · (steals + 1)) rather than n/g. Optional bounds:
 *       {@link dev.strand.parallel.Grain#auto(int, int)} never splits below a minimum length and
 *       always splits above a maximum.</li>
 * </ul>
 * Adaptive wins when the cost per element is unknown, varies between callers or the machine is
 * shared; a fixed grain wins when it has been measured, when the per-element cost is so skewed
 * that 4·P pieces balance badly without steals revealing it, or when the result must be
 * reproducible bit for bit (floating-point reductions).
 *
 * <h2>Reduce and the associativity contract</h2>
 * A reduction combines leaf results along the split tree, so it equals the serial left-to-right
 * fold only if the operator is associative (and the identity is an identity). Order is preserved
 * (left before right), so non-commutative operators such as string concatenation or matrix
 * products are fine.
 *
 * <h2>Scan</h2>
 * Prefix sums after Blelloch ("Prefix sums and their applications", 1990): an up-sweep reduces
 * each leaf block and records the sums in the split tree; a down-sweep passes to each node the
 * combination of everything to its left and scans each block from that offset. Work ≈ 2n
 * operator applications (the leftmost block is scanned directly in the up-sweep, since its offset
 * is known), span O(g + log n). With 2n work a scan can gain at most P/2 over the serial loop;
 * at P = 2 it breaks even at best, which is why {@code Arrays.parallelPrefix} is no faster either.
 *
 * <h2>Sort</h2>
 * Two algorithms, both with leaves sorted by {@code Arrays.sort} (dual-pivot quicksort for
 * primitives, vectorized with AVX-512/AVX2 on JDK 25; TimSort for objects, which is stable).
 * <ul>
 *   <li><b>Primitive arrays</b> ({@link dev.strand.parallel.Parallel#sort(dev.strand.StrandPool,
 *       long[])}): a parallel quicksort in place. Splitters for about 2·P pieces come from one random
 *       sample (samplesort's oversampling); each range is partitioned around its middle splitter,
 *       in parallel on as many blocks as its share of the workers, then each piece goes to
 *       {@code Arrays.sort}. No merge and no buffer: with a vectorized sort at the leaves, a scalar
 *       merge pass costs more than the levels of sorting it replaces, and so does each partition
 *       level, which is why there are only about 2·P pieces. Parallelism is sized to the pool, as
 *       in the JDK's {@code Arrays.parallelSort}.</li>
 *   <li><b>Object arrays</b> ({@link dev.strand.parallel.Parallel#sort(dev.strand.StrandPool,
 *       Object[], java.util.Comparator)}) and {@link dev.strand.parallel.Parallel#mergeSort}: a
 *       merge sort, stable. The recursion has a uniform depth, and levels alternate between the
 *       array and a single buffer (ping-pong), so no level copies.</li>
 * </ul>
 * For the merge sort:
 * <ul>
 *   <li><b>Why not a serial merge</b>: with one serial loop per merge the top merge alone is
 *       Θ(n), so T∞ = T∞(n/2) + Θ(n) = Θ(n) and the parallelism is only Θ(log n):
 *       parallelizing the recursion is not enough (docs/profiling.md measures both).</li>
 *   <li><b>Parallel merge</b>: to merge runs A and B, take the middle element
 *       of the longer run, binary-search its position in the other (lower bound when it comes from
 *       A, upper bound when from B, which keeps the merge stable), and merge the two lower parts
 *       and the two upper parts in parallel (the divide-and-conquer merge of Akl and Santoro, Cole's
 *       "Parallel merge sort" line; CLRS ch. 27). Merge span Θ(log² n), sort span
 *       T∞(n) = T∞(n/2) + Θ(log² n) = Θ(log³ n), parallelism Θ(n / log² n).</li>
 * </ul>
 * The automatic object sort uses about 8·P leaves (an even depth, so the result lands in the array
 * without a final copy), and merges split down to half a leaf, which keeps every worker busy in
 * every level, including the last merge, where a serial merge would leave P-1 workers idle.
 *
 * <h2>Pool</h2>
 * Every method takes the pool explicitly: a call site shows where its work runs, and a library
 * does not silently load a pool shared with the rest of the process (the trouble with
 * {@code parallelStream()}, which always uses the ForkJoinPool common pool). Pass
 * {@link dev.strand.StrandPool#current()} for "the pool this code runs in, else the common pool", or
 * {@link dev.strand.StrandPool#commonPool()} for the shared one. Called from a worker of that pool (inside a
 * task), a method runs inline and its pieces are forked into the current computation; called from
 * any other thread, it submits the work and blocks until it is done.
 *
 * <h2>Collections</h2>
 * {@code forEach}, {@code map}, {@code reduce} and {@code collect} over a {@link java.util.Collection}
 * replace {@code collection.parallelStream()} with a pool of your choice. A {@link java.util.List} that is
 * {@link java.util.RandomAccess} is split by index in place; any other collection is first copied to an
 * array ({@code toArray()}, a snapshot, in its iteration order). Results follow that order.
 * Parallel streams themselves cannot run on a StrandPool: their tasks are ForkJoinTasks, run in
 * the ForkJoinPool of the calling thread or else in ForkJoinPool's common pool, and the stream
 * API has no way to give them another executor.
 *
 * <h2>Searches</h2>
 * {@code anyMatch}, {@code allMatch} and {@code findAny} split their source as {@code forEach}
 * does and share one answer cell: the first piece to find a match records it (a compare-and-set),
 * and every piece reads the cell before each element and stops once it is set, so pieces still
 * running stop within one element and pieces not yet started stop at their first. The read is
 * opaque (it cannot be hoisted out of the loop, and needs no ordering); the answer is read after
 * the join, which orders it. Pieces are still forked after the answer is known (the split tree does
 * not look at the cell), but each of them returns at once: O(pieces) wasted forks, against
 * O(n) elements saved.
 *
 * <h2>Contracts</h2>
 * <ul>
 *   <li><b>Associativity.</b> Reduce and scan operators must be associative,
 *       {@code op(op(a, b), c) == op(a, op(b, c))}, and free of side effects; the identity of a
 *       reduce must satisfy {@code op(identity, x) == x}. Elements are combined in index order
 *       (the operator need not be commutative), but grouped by the split tree, which an adaptive
 *       grain chooses at run time. A non-associative operator (subtraction, an average, a
 *       floating-point sum in the last bits) therefore gives results that depend on the grain and
 *       on the schedule; nothing can detect it. With a fixed grain the tree, and so the result,
 *       is the same on every run.</li>
 *   <li><b>Bodies</b> of {@code forRange}, {@code forChunks} and {@code map} run concurrently on
 *       different indices: they must not write shared state without synchronization.</li>
 *   <li><b>Exceptions.</b> If a body or operator throws, the first unchecked exception is rethrown
 *       as is (not wrapped); the remaining pieces may or may not have run, and an array being
 *       scanned or sorted in place is left in an unspecified order.</li>
 *   <li><b>Arguments.</b> Null pools, arrays and functions throw {@link NullPointerException};
 *       {@code from > to} throws {@link IllegalArgumentException}; a grain below 1
 *       throws {@link IllegalArgumentException}. Empty inputs return at once without using the
 *       pool.</li>
 * </ul>
 *
 * <h2>Papers</h2>
 * <ul>
 *   <li>M. Frigo, C. E. Leiserson, K. H. Randall. The implementation of the Cilk-5 multithreaded
 *       language. PLDI 1998 (work-first principle, divide-and-conquer with a grain).</li>
 *   <li>R. D. Blumofe, C. E. Leiserson. Scheduling multithreaded computations by work stealing.
 *       JACM 1999.</li>
 *   <li>J. Stone, N. Matsakis et al. Rayon: adaptive splitting ({@code rayon::iter::plumbing},
 *       "thief-splitting"), and Tzannes, Caragea, Barua, Vishkin. Lazy binary-splitting. PPoPP
 *       2010.</li>
 *   <li>G. E. Blelloch. Prefix sums and their applications. CMU-CS-90-190, 1990.</li>
 *   <li>S. G. Akl, N. Santoro. Optimal parallel merging and sorting without memory conflicts.
 *       IEEE Trans. Computers, 1987; R. Cole. Parallel merge sort. SIAM J. Computing, 1988.</li>
 *   <li>W. D. Frazer, A. C. McKellar. Samplesort: a sampling approach to minimal storage tree
 *       sorting. JACM 1970; P. Tsigas, Y. Zhang. A simple, fast parallel implementation of
 *       quicksort and its performance evaluation on SUN Enterprise 10000. PDP 2003;
 *       V. Yaroslavskiy. Dual-pivot quicksort, 2009 (the JDK's {@code Arrays.sort}).</li>
 * </ul>
 */
package dev.strand.parallel;
