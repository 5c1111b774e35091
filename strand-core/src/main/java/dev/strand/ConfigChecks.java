package dev.strand;

/**
 * The range checks of {@link PoolConfig} and its {@link PoolConfig.Tuning}, run once by their
 * constructors: apart, so that the configuration classes read as the list of settings they are.
 *
 * <p>Invariant: a configuration that passed these checks is within every documented range, so the
 * engine reads its settings without checking them again.
 */
final class ConfigChecks {
    private ConfigChecks() { }

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

    /**
     * Checks {@code t}, whose fields are assigned; {@code maxSearchers} is the builder's value
     * ({@code -1}: derived from the parallelism).
     */
    static void checkTuning(PoolConfig.Tuning t, int maxSearchers) {
        if (t.topology() != null && !t.topology().strip().equals("machine")) {
            dev.strand.internal.topology.Topology.of(t.topology());   // throws naming the spec
        }
        if (t.stealHalfLimit() < 1) {
            throw new IllegalArgumentException("stealHalfLimit must be >= 1, got " + t.stealHalfLimit());
        }
        if (t.spawnBound() < 1) {
            throw new IllegalArgumentException("spawnBound must be >= 1, got " + t.spawnBound());
        }
        if (t.spinRounds() < 0) {
            throw new IllegalArgumentException("spinRounds must be >= 0, got " + t.spinRounds());
        }
        if (t.stealPaceNanos() < 0 || t.stealPaceNanos() > PoolConfig.Tuning.MAX_STEAL_PACE_NANOS) {
            throw new IllegalArgumentException("stealPaceNanos must be in [0, " + PoolConfig.Tuning.MAX_STEAL_PACE_NANOS
                    + "], got " + t.stealPaceNanos());
        }
        if (maxSearchers == 0 || maxSearchers < -1) {
            throw new IllegalArgumentException("maxSearchers must be >= 1, got " + maxSearchers);
        }
        if (t.bwosBlocks() < 2 || t.bwosBlocks() > PoolConfig.Tuning.MAX_BWOS_DIMENSION) {
            throw new IllegalArgumentException("bwosBlocks must be in [2, " + PoolConfig.Tuning.MAX_BWOS_DIMENSION
                    + "], got " + t.bwosBlocks());
        }
        if (t.bwosBlockSize() < 1 || t.bwosBlockSize() > PoolConfig.Tuning.MAX_BWOS_DIMENSION) {
            throw new IllegalArgumentException("bwosBlockSize must be in [1, " + PoolConfig.Tuning.MAX_BWOS_DIMENSION
                    + "], got " + t.bwosBlockSize());
        }
        if (t.deque() == DequeKind.BWOS && t.splitDeques()) {
            throw new IllegalArgumentException("deque BWOS cannot be combined with splitDeques: "
                    + "a BWoS deque keeps the owner's block private already; choose one");
        }
    }
}
