package dev.strand.sim.cluster;

/**
 * The machine of the two-level model: {@code nodes} nodes of {@code cores} cores each, joined by
 * a {@link Network}.
 *
 * @param nodes how many nodes, {@code >= 1}
 * @param cores cores per node, {@code >= 1}
 * @param network the links between nodes
 * @param retrySeconds how long an idle node waits before it asks again after a refusal (Dask
 *     balances every 100 ms, Ignite's thieves ask at each metrics update), {@code > 0}
 */
public record ClusterModel(int nodes, int cores, Network network, double retrySeconds) {

    /** Validates. */
    public ClusterModel {
        if (nodes < 1 || cores < 1) {
            throw new IllegalArgumentException("nodes and cores must be >= 1, got " + nodes + " x " + cores);
        }
        if (network == null) {
            throw new IllegalArgumentException("network must not be null");
        }
        if (!(retrySeconds > 0) || Double.isInfinite(retrySeconds)) {
            throw new IllegalArgumentException("retry must be finite and > 0 s, got " + retrySeconds);
        }
    }

    /** {@code nodes x cores} on {@code network}, asking again 10 ms after a refusal. */
    public static ClusterModel of(int nodes, int cores, Network network) {
        return new ClusterModel(nodes, cores, network, 0.010);
    }

    /** @return this machine on another network */
    public ClusterModel withNetwork(Network n) {
        return new ClusterModel(nodes, cores, n, retrySeconds);
    }
}
