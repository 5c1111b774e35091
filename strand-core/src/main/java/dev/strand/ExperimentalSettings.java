package dev.strand;

import java.util.Objects;

/**
 * Settings for experiments with the scheduler's inner workings: <b>they may change meaning or
 * vanish in any release</b>, a patch release included, without deprecation. They exist to
 * compare scheduling designs and to measure (docs/design.md); the defaults are what Strand is
 * measured and tested with, and a program that needs another value to run well is worth a
 * report. Set through {@link PoolConfig.Builder#experimental}.
 */
public final class ExperimentalSettings {
    /** Default {@link #spinRounds()}. */
    public static final int DEFAULT_SPIN_ROUNDS = 16;
    /** Default {@link #stealHalfLimit()}. */
    public static final int DEFAULT_STEAL_HALF_LIMIT = 32;

    final int spinRounds;
    final int maxSearchers;
    final int stealHalfLimit;
    final boolean splitDeques;

    /** @param b the settings, or null for the defaults */
    ExperimentalSettings(Builder b, int parallelism) {
        this.spinRounds = b == null ? DEFAULT_SPIN_ROUNDS : b.spinRounds;
        int searchers = b == null ? -1 : b.maxSearchers;
        this.maxSearchers = searchers > 0 ? searchers : Math.max(1, parallelism / 2);
        this.stealHalfLimit = b == null ? DEFAULT_STEAL_HALF_LIMIT : b.stealHalfLimit;
        this.splitDeques = b != null && b.splitDeques;
        ConfigChecks.checkExperimental(this, searchers);
    }

    /** @return the steal sweeps an idle worker makes before it parks, {@code >= 0} */
    public int spinRounds() {
        return spinRounds;
    }

    /** @return the cap on workers searching for work at once, {@code >= 1} */
    public int maxSearchers() {
        return maxSearchers;
    }

    /** @return the most tasks one steal takes under {@link StealPolicy#HALF}, {@code >= 1} */
    public int stealHalfLimit() {
        return stealHalfLimit;
    }

    /**
     * @return whether forked tasks stay private until a thief asks (Lace's split deque: the
     *     owner's fork and join need no fence); false for classic Chase-Lev deques, where every
     *     fork is stealable at once. Only for pure fork-join code: a task that blocks on
     *     anything but a Strand join while it has unjoined children could strand them
     */
    public boolean splitDeques() {
        return splitDeques;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExperimentalSettings e && spinRounds == e.spinRounds && maxSearchers == e.maxSearchers
                && stealHalfLimit == e.stealHalfLimit && splitDeques == e.splitDeques;
    }

    @Override
    public int hashCode() {
        return Objects.hash(spinRounds, maxSearchers, stealHalfLimit, splitDeques);
    }

    @Override
    public String toString() {
        return "ExperimentalSettings[spinRounds=" + spinRounds + ", maxSearchers=" + maxSearchers
                + ", stealHalfLimit=" + stealHalfLimit + ", splitDeques=" + splitDeques + "]";
    }

    /** Sets the experimental settings; reached through {@link PoolConfig.Builder#experimental}. */
    public static final class Builder {
        private int spinRounds = DEFAULT_SPIN_ROUNDS;
        private int maxSearchers = -1;
        private int stealHalfLimit = DEFAULT_STEAL_HALF_LIMIT;
        private boolean splitDeques = false;

        Builder() { }

        /** @param v idle steal sweeps before parking, {@code >= 0} (default {@value ExperimentalSettings#DEFAULT_SPIN_ROUNDS}) @return this */
        public Builder spinRounds(int v) { spinRounds = v; return this; }
        /** @param v cap on concurrent searchers, {@code >= 1} (default: half the workers, at least 1) @return this */
        public Builder maxSearchers(int v) { maxSearchers = v; return this; }
        /** @param v most tasks per steal-half, {@code >= 1} (default {@value ExperimentalSettings#DEFAULT_STEAL_HALF_LIMIT}) @return this */
        public Builder stealHalfLimit(int v) { stealHalfLimit = v; return this; }
        /** @param v split deques (not with BWoS), or classic Chase-Lev deques (the default) @return this */
        public Builder splitDeques(boolean v) { splitDeques = v; return this; }
    }
}
