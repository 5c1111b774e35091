package dev.strand.trace;

import dev.strand.internal.worker.TraceAccess;

/**
 * The worker's access to the package-private constructors of this package's events (the JDK's
 * SharedSecrets pattern): {@code TraceAccess.get} initializes this class by name, and its
 * initializer registers the one instance. The events themselves name no engine class, so the
 * engine's use of them creates no cycle between the API and the engine.
 *
 * <p>Invariant: registered once, by this class's initializer, before any event is made.
 */
final class EventFactory extends TraceAccess {
    static {
        TraceAccess.register(new EventFactory());
    }

    private EventFactory() { }

    @Override
    public SpawnEvent spawn(int worker, boolean inlined) {
        return new SpawnEvent(worker, inlined);
    }

    @Override
    public SyncEvent sync(int worker) {
        return new SyncEvent(worker);
    }

    @Override
    public StealEvent steal(int thief, int victim, int count) {
        return new StealEvent(thief, victim, count);
    }

    @Override
    public ParkEvent park(int worker) {
        return new ParkEvent(worker);
    }

    @Override
    public WakeEvent wake(int worker) {
        return new WakeEvent(worker);
    }
}
