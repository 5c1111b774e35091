package dev.strand.internal.worker;

import dev.strand.ContextPropagator;

/**
 * A pool's {@link ContextPropagator}, as the engine uses it: a captured context is stored in the
 * task ({@code Task.context}, or a {@link Carried} wrapper around a plain Runnable), where
 * {@code null} means "nothing captured, run in the thread's own context", so a captured
 * {@code null} is stored as {@link #NONE}. Install and restore failures are reported, never
 * thrown: the task runs either way.
 */
public final class Contexts {
    /** A captured null context. */
    private static final Object NONE = new Object();
    /** What {@link #install} returns when the propagator's install threw: nothing to restore. */
    private static final Object NOT_INSTALLED = new Object();

    private final ContextPropagator<Object> propagator;

    @SuppressWarnings("unchecked")
    public Contexts(ContextPropagator<?> propagator) {
        this.propagator = (ContextPropagator<Object>) propagator;
    }

    /** @return the calling thread's context, to store in a task; never null */
    public Object capture() {
        Object c = propagator.capture();
        return c == null ? NONE : c;
    }

    /**
     * Installs {@code captured} (non-null, from {@link #capture}) on worker {@code w}.
     *
     * @return what {@link #restore} takes
     */
    Object install(Worker w, Object captured) {
        assert captured != null : "only a captured context is installed";
        try {
            return propagator.install(captured == NONE ? null : captured);
        } catch (RuntimeException | Error e) {
            w.reportUncaught(e);
            return NOT_INSTALLED;
        }
    }

    /** Restores what {@link #install} returned. */
    void restore(Worker w, Object previous) {
        if (previous == NOT_INSTALLED) {
            return;
        }
        try {
            propagator.restore(previous);
        } catch (RuntimeException | Error e) {
            w.reportUncaught(e);
        }
    }

    /**
     * A plain Runnable from {@code execute}, with the context of the thread that queued it. What
     * {@code shutdownNow} returns is the user's command, {@link #command}, not this wrapper.
     */
    public static final class Carried implements Runnable {
        public final Runnable command;
        private final Contexts contexts;
        private final Object context;

        public Carried(Runnable command, Contexts contexts) {
            this.command = command;
            this.contexts = contexts;
            this.context = contexts.capture();
        }

        @Override
        public void run() {
            Worker w = (Worker) Thread.currentThread();
            Object previous = contexts.install(w, context);
            try {
                command.run();
            } finally {
                contexts.restore(w, previous);
            }
        }

        @Override
        public String toString() {
            return command.toString();
        }
    }
}
