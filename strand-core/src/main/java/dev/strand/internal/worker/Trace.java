package dev.strand.internal.worker;

import dev.strand.internal.jfr.JfrGate;
import dev.strand.internal.jfr.StrandEvents;
import dev.strand.trace.SchedulerListener;

/**
 * Reports a scheduler event to a listener, as its event object, and to Flight Recorder. Called by
 * the worker only when its pool has a listener or a recording is up (it tests both first), so a
 * pool without either allocates nothing and never loads this class. A holder apart from {@link TraceAccess}: the registration runs inside the
 * events' class initializer, which must not wait for this one's.
 *
 * <p>Invariant: a listener is user code: whatever it throws is reported to the worker's
 * uncaught-exception handler and never reaches the scheduler, whose state between two of its
 * steps must not be left half-changed.
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

    // ---------------------------------------------------------------- the worker's events

    /** A spawn by {@code w}, pushed or ({@code inlined}) run at once. */
    static void spawn(Worker w, SchedulerListener l, boolean inlined) {
        try {
            spawn(l, w.index, inlined);
        } catch (Throwable e) {
            w.reportUncaught(e);
        }
    }

    /** A steal by {@code w} of {@code moved} tasks from {@code victim}: to Flight Recorder and the listener. */
    static void steal(Worker w, SchedulerListener l, String poolName, int victim, int moved) {
        if (JfrGate.recorderUp()) {
            StrandEvents.steal(poolName, w.index, victim, moved);
        }
        if (l != null) {
            try {
                steal(l, w.index, victim, moved);
            } catch (Throwable e) {
                w.reportUncaught(e);
            }
        }
    }

    /** {@code w} waits at a join whose target was stolen. */
    static void sync(Worker w, SchedulerListener l) {
        try {
            sync(l, w.index);
        } catch (Throwable e) {
            w.reportUncaught(e);
        }
    }

    /**
     * {@code w} parks ({@code park}) or woke: the Flight Recorder park event begins or ends, and
     * the listener hears it.
     *
     * @param event the park event under way, or null
     * @return the park event under way after this call, or null
     */
    static Object park(Worker w, SchedulerListener l, String poolName, Object event, boolean park) {
        Object now = null;
        if (park) {
            now = JfrGate.recorderUp() ? StrandEvents.parkBegin() : null;
        } else if (event != null) {
            StrandEvents.parkEnd(event, poolName, w.index);
        }
        if (l != null) {
            try {
                if (park) {
                    park(l, w.index);
                } else {
                    wake(l, w.index);
                }
            } catch (Throwable e) {
                w.reportUncaught(e);
            }
        }
        return now;
    }
}
