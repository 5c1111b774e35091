package dev.strand.sim.dag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An explicit procedure body, built action by action. Use it to write a DAG by hand:
 *
 * <pre>{@code
 * Proc leaf = Body.builder().work(1).build();
 * Proc root = Body.builder().work(1).spawn(leaf).spawn(leaf).sync().work(2).build();
 * }</pre>
 */
public final class Body implements Proc {
    private final long[] actions;
    private final Proc[] children;

    private Body(long[] actions, Proc[] children) {
        this.actions = actions;
        this.children = children;
    }

    /** @return a builder for a new body */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int size() {
        return actions.length;
    }

    @Override
    public long action(int i) {
        return actions[i];
    }

    @Override
    public Proc child(int i) {
        return children[i];
    }

    @Override
    public String toString() {
        return "Body" + Arrays.toString(actions);
    }

    /** Accumulates actions; {@link #build()} needs at least one. */
    public static final class Builder {
        private final List<Long> actions = new ArrayList<>();
        private final List<Proc> children = new ArrayList<>();

        private Builder() { }

        /** Appends a strand of {@code units} work units (at least 1). */
        public Builder work(long units) {
            if (units < 1) {
                throw new IllegalArgumentException("a strand needs at least 1 work unit, got " + units);
            }
            return add(units, null);
        }

        /** Appends a spawn of {@code child}. */
        public Builder spawn(Proc child) {
            return add(SPAWN, Objects.requireNonNull(child, "child must not be null"));
        }

        /** Appends a call of {@code child}. */
        public Builder call(Proc child) {
            return add(CALL, Objects.requireNonNull(child, "child must not be null"));
        }

        /** Appends a sync. */
        public Builder sync() {
            return add(SYNC, null);
        }

        private Builder add(long action, Proc child) {
            actions.add(action);
            children.add(child);
            return this;
        }

        /** @return the body */
        public Body build() {
            if (actions.isEmpty()) {
                throw new IllegalStateException("a body needs at least one action");
            }
            return new Body(actions.stream().mapToLong(Long::longValue).toArray(),
                    children.toArray(new Proc[0]));
        }
    }
}
