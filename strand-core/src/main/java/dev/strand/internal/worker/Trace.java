package dev.strand.internal.worker;

import dev.strand.trace.SchedulerListener;

/**
 * Reports a scheduler event to a listener, as its event object. Called by the worker only when its
 * pool has a listener (it tests its field first), so a pool without one allocates nothing and never
 * loads this class. A holder apart from {@link TraceAccess}: the registration runs inside the
 * events' class initializer, which must not wait for this one's.
 */
final class Trace {
    private static final TraceAccess EVENTS = TraceAccess.get();

    private Trace() { }

    static void spawn(SchedulerListener l, int worker, boolean inlined) {
        l.onSpawn(EVENTS.spawn(worker, inlined));
    }

    static void sync(SchedulerListener l, int worker) {
        l.onSync(EVENTS.sync(worker));
    }

    static void steal(SchedulerListener l, int thief, int victim, int count) {
        l.onSteal(EVENTS.steal(thief, victim, count));
    }

    static void park(SchedulerListener l, int worker) {
        l.onPark(EVENTS.park(worker));
    }

    static void wake(SchedulerListener l, int worker) {
        l.onWake(EVENTS.wake(worker));
    }
}
