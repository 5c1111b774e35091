package dev.strand.cluster.plan;

import java.util.Objects;

/**
 * A node that jobs can be placed on: its name (unique in the cluster) and the parallelism of its
 * {@code StrandPool}.
 */
public record NodeInfo(String name, int parallelism) {

    /** Validates. */
    public NodeInfo {
        Objects.requireNonNull(name, "name");
        if (parallelism < 1) {
            throw new IllegalArgumentException("node " + name + ": parallelism must be >= 1, got " + parallelism);
        }
    }
}
