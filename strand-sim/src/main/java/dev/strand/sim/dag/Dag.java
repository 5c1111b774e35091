package dev.strand.sim.dag;

import java.util.Objects;

/**
 * A named computation: the root procedure of a series-parallel DAG. {@link #metrics()} walks the
 * DAG once on first use and remembers the result.
 */
public final class Dag {
    private final String name;
    private final Proc root;
    private volatile Metrics metrics;

    private Dag(String name, Proc root, Metrics metrics) {
        this.name = Objects.requireNonNull(name, "name must not be null");
        this.root = Objects.requireNonNull(root, "root must not be null");
        this.metrics = metrics;
    }

    /** @return a DAG rooted at {@code root} */
    public static Dag of(String name, Proc root) {
        return new Dag(name, root, null);
    }

    /** @return a DAG whose metrics are known in closed form (no walk needed) */
    static Dag known(String name, Proc root, Metrics metrics) {
        return new Dag(name, root, metrics);
    }

    public String name() {
        return name;
    }

    public Proc root() {
        return root;
    }

    /** @return T1, T-inf, S1 and the frame count (computed once) */
    public Metrics metrics() {
        Metrics m = metrics;
        if (m == null) {
            m = Metrics.of(root);
            metrics = m;
        }
        return m;
    }

    @Override
    public String toString() {
        return name;
    }
}
