package dev.strand.cluster;

import java.io.Serializable;

/**
 * What a job computes: its input bytes to its output bytes. It runs inside a node's
 * {@code StrandPool} ({@code pool.invoke}), so {@code Strand.join}, {@code Strand.fork} and the
 * {@code Parallel} methods in it split the job across that node's cores.
 *
 * <p>The function object travels to every node with its jobs (Java serialization): keep its
 * fields few and serializable, and its class on every node's class path (Strand does not ship
 * classes). It must be deterministic: a job may run more than once (after a node failure) and
 * only one result per job is kept.
 */
@FunctionalInterface
public interface JobFunction extends Serializable {

    /**
     * @param input the job's input, as submitted
     * @return the job's output
     * @throws Exception any failure: the batch fails with it, naming the job
     */
    byte[] apply(byte[] input) throws Exception;
}
