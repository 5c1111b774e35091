package dev.strand;

/**
 * The range checks of {@link PoolConfig}, its {@link PoolConfig.Tuning} and its
 * {@link ExperimentalSettings}, run once by their
 * constructors: apart, so that the configuration classes read as the list of settings they are.
 *
 * <p>Invariant: a configuration that passed these checks is within every documented range, so the
 * engine reads its settings without checking them again.
 */
final class ConfigChecks {
    private ConfigChecks() { }

    /** @return {@code configured}, or the parallelism {@link PoolConfig#PARALLELISM_OVERRIDE_PROPERTY} sets */
    static int parallelismOverride(int configured) {
        String p = System.getProperty(PoolConfig.PARALLELISM_OVERRIDE_PROPERTY);
        if (p == null) {
            return configured;
        }
        try {
            return Integer.parseInt(p.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PoolConfig.PARALLELISM_OVERRIDE_PROPERTY + " must be a number of workers, got '"
                    + p + "'", e);
        }
    }

    /** Checks that the deque and the experimental settings go together. */
    static void checkCombination(DequeKind deque, boolean splitDeques) {
        if (deque == DequeKind.BWOS && splitDeques) {
            throw new IllegalArgumentException("deque BWOS cannot be combined with the experimental splitDeques: "
                    + "a BWoS deque keeps the owner's block private already; choose one");
        }
    }

    /** Checks the pool-level settings of {@code c}, whose fields are assigned. */
    static void checkPool(PoolConfig c) {
        if (c.name().isBlank()) {
            throw new IllegalArgumentException("pool name must not be blank");
        }
        if (c.parallelism() < 1 || c.parallelism() > 32767) {
            throw new IllegalArgumentException("parallelism must be in [1, 32767], got " + c.parallelism());
        }
        if (c.maxSpares() < 0 || c.maxSpares() > 32767) {
            throw new IllegalArgumentException("maxSpares must be in [0, 32767], got " + c.maxSpares());
        }
        if (c.stackSize() < 0) {
            throw new IllegalArgumentException("stackSize must be >= 0, got " + c.stackSize());
        }
        if (c.keepAliveNanos() < PoolConfig.MIN_KEEP_ALIVE_NANOS) {
            throw new IllegalArgumentException("keepAlive must be at least 1 ms, got "
                    + c.keepAliveNanos() + " ns");
        }
    }

    /** Checks {@code t}, whose fields are assigned. */
    static void checkTuning(PoolConfig.Tuning t) {
        if (t.topology() != null && !t.topology().isMachine()) {
            // Topology's factories checked the spec; the engine's reading of it is the last word
            dev.strand.internal.topology.Topology.of(t.topology().spec());
        }
        if (t.spawnBound() < 1 || t.spawnBound() > PoolConfig.Tuning.MAX_SPAWN_BOUND) {
            throw new IllegalArgumentException("spawnBound must be in [1, " + PoolConfig.Tuning.MAX_SPAWN_BOUND
                    + "], got " + t.spawnBound());
        }
        if (t.stealPaceNanos() < 0 || t.stealPaceNanos() > PoolConfig.Tuning.MAX_STEAL_PACE_NANOS) {
            throw new IllegalArgumentException("stealPaceNanos must be in [0, " + PoolConfig.Tuning.MAX_STEAL_PACE_NANOS
                    + "], got " + t.stealPaceNanos());
        }
        if (t.bwosBlocks() < 2 || t.bwosBlocks() > PoolConfig.Tuning.MAX_BWOS_DIMENSION) {
            throw new IllegalArgumentException("bwosBlocks must be in [2, " + PoolConfig.Tuning.MAX_BWOS_DIMENSION
                    + "], got " + t.bwosBlocks());
        }
        if (t.bwosBlockSize() < 1 || t.bwosBlockSize() > PoolConfig.Tuning.MAX_BWOS_DIMENSION) {
            throw new IllegalArgumentException("bwosBlockSize must be in [1, " + PoolConfig.Tuning.MAX_BWOS_DIMENSION
                    + "], got " + t.bwosBlockSize());
        }
    }

    /**
     * Checks {@code e}, whose fields are assigned; {@code maxSearchers} is the builder's value
     * ({@code -1}: derived from the parallelism).
     */
    static void checkExperimental(ExperimentalSettings e, int maxSearchers) {
        if (e.stealHalfLimit() < 1) {
            throw new IllegalArgumentException("experimental stealHalfLimit must be >= 1, got " + e.stealHalfLimit());
        }
        if (e.spinRounds() < 0) {
            throw new IllegalArgumentException("experimental spinRounds must be >= 0, got " + e.spinRounds());
        }
        if (maxSearchers == 0 || maxSearchers < -1) {
            throw new IllegalArgumentException("experimental maxSearchers must be >= 1, got " + maxSearchers);
        }
    }
}
