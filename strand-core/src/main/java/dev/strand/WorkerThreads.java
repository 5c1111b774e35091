package dev.strand;

/**
 * Makes a pool's threads through its {@link StrandWorkerThread.Factory} and checks what the
 * factory returns, so that a faulty factory is named as the cause: it returned null, a thread
 * already started, or one not made from the seed it was given, or it threw. The pool's own
 * default makes a plain {@link StrandWorkerThread}.
 *
 * <p>Invariant: a thread that leaves here is unstarted and made from this call's seed, so it is
 * for this pool and this slot, and no other slot holds it.
 */
final class WorkerThreads {
    private WorkerThreads() { }

    /** What a faulty factory causes: an {@link IllegalStateException} naming the pool. */
    static final class FactoryFailure extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        FactoryFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * @param pool the pool
     * @param i    the slot, whose deque exists
     * @return a new, unstarted thread for slot {@code i}
     * @throws IllegalStateException naming the pool if the factory failed or returned a wrong thread
     */
    static StrandWorkerThread make(StrandPool pool, int i) {
        StrandWorkerThread.Factory factory = pool.config().threadFactory();
        StrandWorkerThread.Seed seed = new StrandWorkerThread.Seed(pool, i);
        if (factory == null) {
            return new StrandWorkerThread(seed);
        }
        StrandWorkerThread t;
        try {
            t = factory.newThread(seed);
        } catch (VirtualMachineError e) {
            throw e;                              // out of memory or stack: nothing to add
        } catch (Throwable e) {
            throw new FactoryFailure(what(pool, i) + " threw " + e, e);
        }
        if (t == null) {
            throw new FactoryFailure(what(pool, i) + " returned null", null);
        }
        if (!t.madeFrom(seed)) {
            throw new FactoryFailure(what(pool, i) + " returned '" + t.getName()
                    + "', a thread not made from the seed it was given: it must return a new "
                    + "StrandWorkerThread(seed) (or subclass) for each call", null);
        }
        if (t.getState() != Thread.State.NEW) {
            throw new FactoryFailure(what(pool, i) + " returned '" + t.getName()
                    + "', a thread already started: the pool starts its threads itself", null);
        }
        return t;
    }

    private static String what(StrandPool pool, int i) {
        return "StrandPool '" + pool.name() + "': the thread factory, asked for "
                + (i < pool.config().parallelism() ? "worker " : "spare thread ") + i + ",";
    }
}
