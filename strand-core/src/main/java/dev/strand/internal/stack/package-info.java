/**
 * Stack overflow safety: how the runtime keeps its own state consistent when a task's recursion
 * exhausts a worker's stack. Not exported.
 *
 * <h2>The hazard</h2>
 * A {@link java.lang.StackOverflowError} is thrown at a method entry whenever the remaining stack is
 * smaller than the callee's frame plus the JVM's shadow zone. User recursion decides how deep the
 * runtime's own code runs, so any call the runtime makes (a VarHandle access in the interpreter, an
 * unpark, an allocation that calls a constructor) may throw. A multi-step update interrupted
 * between its steps leaves shared state half-changed: a searcher counted but never woken, a scope
 * counter never decremented, a task claimed but never completed.
 *
 * <h2>The rules</h2>
 * <ol>
 *   <li><b>One atomic step either happens or throws before it happens.</b> A VarHandle
 *       compare-and-set or get-and-add raises the error on entry, before its atomic instruction;
 *       once the instruction ran, the return path calls nothing. So a single-step update needs no
 *       protection.</li>
 *   <li><b>Multi-step updates reserve stack first.</b> {@link dev.strand.internal.stack.StackReserve#reserve()}
 *       touches a few kilobytes below the current frame with a short recursion whose frames are
 *       larger than the update's own calls, interpreted or compiled. If the probe overflows, it
 *       overflows before the first step; if it returns, the steps that follow fit. Used on rare
 *       paths only (waking a sleeper, signalling waiters, a joiner's steal once its own deque is
 *       empty, whose element is taken by a CAS and then returned through further calls), since
 *       it costs a few dozen calls.</li>
 *   <li><b>Work in hand is never dropped.</b> Whatever a worker has taken from a deque or a queue
 *       is run, or recorded, or still held by the frame that took it. A frame that takes an
 *       element and then calls {@code runTask} catches an error that escapes the call (the call
 *       itself can overflow on entry, before anything ran) and records the element; so does
 *       {@code runTask} when a task's own bookkeeping (not its body, whose failures are its
 *       outcome) fails. The record is one expression with no call in it, an array store of a new
 *       two-element array, so recording cannot overflow again. A recorded task is completed
 *       exceptionally with the error, a plain Runnable that never started is queued again, at the
 *       next shallow point: after the run that recovered from the error, before a join waits, in
 *       the scheduling loop. Each frame the error unwinds returns stack, so the settlement
 *       eventually fits.</li>
 *   <li><b>A deque operation interrupted midway is undone.</b> The Chase-Lev pop claims its slot
 *       by lowering {@code bottom}, then calls again (a VarHandle access is a call in interpreted
 *       code); an error after the claim restores {@code bottom} with a plain store and rethrows,
 *       unless the pop had already won the last element, which it then returns. Pushes and steals
 *       end with their one publishing step (rule 1).</li>
 *   <li><b>Cleanup that must run is made of plain stores, and is not relied upon.</b> A join
 *       restores its frame depth in a {@code finally} block without calls; since entering even that
 *       block's code can overflow when it is a separate method, correctness does not depend on it:
 *       a join frame is reused only if its owner saw it settled, which a frame that a failed join
 *       left behind never is.</li>
 * </ol>
 *
 * <h2>Rejected alternatives</h2>
 * <ul>
 *   <li>{@code @jdk.internal.vm.annotation.ReservedStackAccess}, which the JDK's locks use: honoured
 *       only for privileged code, not for a library on the class path.</li>
 *   <li>Catching the error and repeating the step in the same frame: the repeat needs the same
 *       stack that just ran out, and a VarHandle mode linked for the first time needs more.</li>
 *   <li>Reserving stack before every task: a probe costs tens of nanoseconds, as much as a whole
 *       fork and join; completion failures are rare enough to be deferred instead.</li>
 * </ul>
 */
package dev.strand.internal.stack;
