package dev.strand.cluster.engine;

import dev.strand.cluster.JobFunction;

/**
 * A job function that can give part of its work away while it runs: the node calls
 * {@link #apply(byte[], ShedPort)}; {@link #apply(byte[])} solves the input whole.
 */
public interface SheddingFunction extends JobFunction {

    /** @return the output for what this call solved itself; the parts offered on {@code port} run elsewhere */
    byte[] apply(byte[] input, ShedPort port);

    @Override
    default byte[] apply(byte[] input) {
        return apply(input, ShedPort.NEVER);
    }
}
