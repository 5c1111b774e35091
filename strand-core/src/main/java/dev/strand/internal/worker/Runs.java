package dev.strand.internal.worker;


/**
 * Running a task in the less common ways: nested inside a wait (a join, a {@code get},
 * {@code invokeAll}) while an interruptible task is the innermost on the stack, with the context
 * captured for it, or as a plain {@code Runnable} that {@code execute} queued without a Task
 * around it. The common case, a task run directly, is {@link Worker#runTask}.
 *
 * <p>Invariants:
 * <ul>
 *   <li>Owner thread only.</li>
 *   <li>A {@code cancel(true)} of the running interruptible task never interrupts a task run
 *       nested in its wait: the outer task is suspended meanwhile and takes its interrupt, if one
 *       came, when the nested one returns.</li>
 *   <li>A plain Runnable that throws is reported to the thread's uncaught-exception handler and
 *       never run again; the worker survives it.</li>
 *   <li>A captured context is installed for exactly the task's run and the previous one restored
 *       in a {@code finally}.</li>
 * </ul>
 */
final class Runs {
    private Runs() { }

    /**
     * Runs {@code r} nested in the running task, inside one of its waits (a join, a {@code get},
     * {@code invokeAll}): {@code r} is another task, which a {@code cancel(true)} of the running
     * task must not interrupt, so an interruptible running task is suspended meanwhile and takes
     * its interrupt, if one came, when {@code r} returns.
     */
    static void runNested(Worker w, Runnable r) {
        Runnable outer = w.interruptible;
        if (outer == null) {
            w.runTask(r);
        } else {
            runSuspending(w, r, outer);
        }
    }

    /**
     * Runs {@code target}, popped at its join inside an interruptible task: a task the running one
     * forked is its own computation and runs as it is (a {@code cancel(true)} of the running task
     * may interrupt it, as it would the code that forked it); a submission (an interruptible task
     * of its own) is another task, run nested.
     */
    static void runJoinedTarget(Worker w, Runnable target) {
        if (Worker.TASKS.isInterruptible(target)) {
            runSuspending(w, target, w.interruptible);
        } else {
            w.runTask(target);
        }
    }

    static void runSuspending(Worker w, Runnable r, Runnable outer) {
        int how = Worker.TASKS.suspend(outer);
        w.interruptible = null;
        try {
            w.runTask(r);
        } finally {
            w.interruptible = outer;
            Worker.TASKS.resume(outer, how);
        }
    }

    /** Runs {@code t} with the context captured for it, if one was (see {@link Contexts}). */
    static void execInContext(Worker w, Runnable t) {
        Object captured = Worker.TASKS.context(t);
        if (captured == null) {
            Worker.TASKS.exec(t);                        // handed over by no capture point: as it is
            return;
        }
        Object previous = w.contexts.install(w, captured);
        try {
            Worker.TASKS.exec(t);
        } finally {
            w.contexts.restore(w, previous);
        }
    }

    /**
     * Runs a Runnable that {@code execute} queued without a Task around it (no Future exists for
     * it, so a wrapper would only cost memory). Like ThreadPoolExecutor and ForkJoinPool, a failure
     * goes to the thread's uncaught-exception handler; unlike them, the worker survives it.
     */
    static void runPlain(Worker w, Runnable r) {
        try {
            r.run();
        } catch (Throwable e) {
            try {
                w.reportUncaught(e);
            } catch (Throwable overflow) {        // r ran: report later, never run it again
                w.unfinished[w.unfinishedCount++ & Worker.UNFINISHED_MASK] = new Object[] {Worker.ReportOnly.REPORT_ONLY, e};
            }
        }
    }

    /** A plain Runnable in a profiling pool: a computation of its own, with no frame around it. */
    static void runPlainProfiled(Worker w, Runnable r) {
        w.prof.begin(w.profiler.looseRoot(w.index));
        try {
            runPlain(w, r);
        } finally {
            w.prof.end();
        }
    }
}
