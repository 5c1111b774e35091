package dev.strand;

import java.util.function.Supplier;

/**
 * The common pool ({@link StrandPool#commonPool()}): created at first use, with class
 * initialization as the lock, from the system properties {@value StrandPool#COMMON_PARALLELISM_PROPERTY}
 * and {@value StrandPool#COMMON_CONTEXT_PROPAGATOR_PROPERTY}. A program that never uses it loads
 * none of this.
 *
 * <p>Invariants: the pool is created at most once per class loader and never shut down (its
 * {@code shutdown}, {@code shutdownNow} and {@code close} do nothing); a bad property is reported
 * by every {@link #get()}, never by class initialization, which must not fail.
 */
final class CommonPool {
    private CommonPool() { }

    static final String PROBLEM;
    static final StrandPool POOL;

    static {
        String problem = null;
        StrandPool pool = null;
        try {
            int p = parallelism(System.getProperty(StrandPool.COMMON_PARALLELISM_PROPERTY),
                    Runtime.getRuntime().availableProcessors());
            ContextPropagator<?> contexts = propagator(System.getProperty(StrandPool.COMMON_CONTEXT_PROPAGATOR_PROPERTY));
            pool = new StrandPool(StrandPool.builder().name("common").parallelism(p).daemon(true)
                    .contextPropagator(contexts).config(), true);
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        PROBLEM = problem;
        POOL = pool;
    }

    /** @return the common pool; throws naming the property that stopped its creation */
    static StrandPool get() {
        StrandPool p = POOL;
        if (p == null) {
            throw new IllegalStateException(PROBLEM);
        }
        return p;
    }

    /**
     * @param value      the {@value StrandPool#COMMON_PARALLELISM_PROPERTY} property, or null
     * @param processors the default
     * @return the common pool's parallelism
     * @throws IllegalArgumentException naming the property if {@code value} is not an integer in
     *                                  [1, 32767]
     */
    static int parallelism(String value, int processors) {
        if (value == null) {
            return processors;
        }
        int p;
        try {
            p = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + StrandPool.COMMON_PARALLELISM_PROPERTY
                    + " must be an integer, got '" + value + "'");
        }
        if (p < 1 || p > 32767) {
            throw new IllegalArgumentException("-D" + StrandPool.COMMON_PARALLELISM_PROPERTY
                    + " must be in [1, 32767], got " + p);
        }
        return p;
    }

    /**
     * @param className the {@value StrandPool#COMMON_CONTEXT_PROPAGATOR_PROPERTY} property, or null
     * @return a new instance of that class, or null if the property is unset
     * @throws IllegalArgumentException naming the property if the class cannot be made into one
     */
    static ContextPropagator<?> propagator(String className) {
        if (className == null || className.isBlank()) {
            return null;
        }
        String where = "-D" + StrandPool.COMMON_CONTEXT_PROPAGATOR_PROPERTY + "=" + className;
        Class<?> c;
        try {
            c = Class.forName(className.trim(), true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException(where + ": class not found (" + e + ")");
        }
        if (!ContextPropagator.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException(where + ": " + c.getName() + " does not implement "
                    + ContextPropagator.class.getName());
        }
        try {
            return (ContextPropagator<?>) c.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException(where + ": cannot create it with a public no-argument "
                    + "constructor (" + (e.getCause() != null ? e.getCause() : e) + ")");
        }
    }

    /**
     * Runs {@code body} in the common pool for a thread that is not a worker and rethrows what it
     * threw as it is, so that the fork/join vocabulary fails the same way off a worker as on one.
     */
    static <T> T invoke(Supplier<? extends T> body) {
        Object[] thrown = new Object[1];
        T r = get().invoke(() -> {
            try {
                return body.get();
            } catch (Throwable e) {
                thrown[0] = e;
                return null;
            }
        });
        Throwable e = (Throwable) thrown[0];      // the join in invoke orders the write before this
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return r;
    }
}
