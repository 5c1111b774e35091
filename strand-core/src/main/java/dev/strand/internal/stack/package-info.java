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
 *       paths only (waking a sleeper, signalling waiters, counting a scope member out), since it
 *       costs a few dozen calls.</li>
 *   <li><b>A task whose completion overflowed is completed later, higher up.</b> The worker records
 *       it with plain stores (no call, so no second overflow) in a small per-worker list, rethrows
 *       the error to the task's caller, and completes the task exceptionally with that error at the
 *       next shallow point: the scheduling loop, or the next join before it waits. Each frame the
 *       error unwinds returns stack, so the completion eventually fits.</li>
 *   <li><b>Cleanup that must run is made of plain stores.</b> A join restores its frame depth and
 *       abandons (rather than clears) a frame it cannot prove free in a {@code finally} block
 *       without calls.</li>
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
