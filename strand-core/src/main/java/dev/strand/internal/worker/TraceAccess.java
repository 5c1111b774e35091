package dev.strand.internal.worker;

import dev.strand.trace.ParkEvent;
import dev.strand.trace.SpawnEvent;
import dev.strand.trace.StealEvent;
import dev.strand.trace.SyncEvent;
import dev.strand.trace.WakeEvent;

/**
 * The worker's access to the package-private constructors of {@code dev.strand.trace}'s events (the
 * JDK's SharedSecrets pattern, as {@link TaskAccess}): {@code dev.strand.trace.EventFactory}'s static initializer
 * registers the one implementation. The events have no public constructor so that later versions
 * can add to them.
 *
 * <p>Invariant: registered once, before any call ({@link #get} initializes {@code EventFactory}
 * first). Only {@link Trace} asks for it, and only once a pool with a listener reports an event: a
 * pool without a listener loads none of these classes.
 */
public abstract class TraceAccess {
    /** Written once by {@code EventFactory}'s initializer. */
    private static volatile TraceAccess instance;

    /** For the one implementation in {@code dev.strand.trace}. */
    protected TraceAccess() { }

    /**
     * Registers the implementation; from {@code StealEvent}'s static initializer only.
     *
     * @throws IllegalStateException if one is registered already
     */
    public static void register(TraceAccess access) {
        if (instance != null) {
            throw new IllegalStateException("trace access registered twice");
        }
        instance = access;
    }

    /** @return the registered implementation, after initializing {@code EventFactory} (which registers it) */
    static TraceAccess get() {
        try {
            Class.forName("dev.strand.trace.EventFactory", true, TraceAccess.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
        TraceAccess a = instance;
        if (a == null) {
            throw new IllegalStateException("EventFactory's initializer did not register the trace access");
        }
        return a;
    }

    /** @return a spawn event */
    public abstract SpawnEvent spawn(int worker, boolean inlined);

    /** @return a sync event */
    public abstract SyncEvent sync(int worker);

    /** @return a steal event */
    public abstract StealEvent steal(int thief, int victim, int count);

    /** @return a park event */
    public abstract ParkEvent park(int worker);

    /** @return a wake event */
    public abstract WakeEvent wake(int worker);
}
