package dev.strand.cluster;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * How many of a batch's jobs travel as one Ignite job (a chunk). Every Ignite job pays a fixed
 * cost: its serialization, a request and a response, Ignite's job processing on the node, and a
 * hand-over to the node's pool. Jobs much shorter than that are sent several to a chunk, which
 * runs them in parallel on the node's pool and returns their results together; stealing then
 * moves whole chunks. This is the batching that Ray's documentation recommends for tasks that are
 * too fine-grained ("Anti-pattern: over-parallelizing with too fine-grained tasks") and the
 * granularity advice of Dask's ("Dask Best Practices": a task costs some hundreds of
 * microseconds to a millisecond of overhead, so tasks should take far longer).
 *
 * <p>The automatic rule ({@link #auto()}), per home node and in submission order: a chunk takes
 * jobs until its estimated compute reaches {@code overhead / overheadShare} (so the overhead is
 * at most that share of it), or it holds {@code ceil(jobs / (cores * chunksPerCore))} jobs (so
 * every core of the cluster has several chunks, the pieces stealing balances with), or its input
 * reaches {@link #maxChunkBytes()}, or, for a stealable chunk, the cost rule would no longer let
 * it be stolen. Jobs with no estimate yet count towards the job cap only. A job whose estimate
 * alone reaches the target is a chunk of one: jobs of milliseconds or more travel as before.
 *
 * @param maxJobs the most jobs in a chunk ({@code 0}: no fixed bound, the automatic rule;
 *     {@code 1}: one Ignite job per job)
 * @param overhead the fixed cost of one Ignite job that chunks amortize
 * @param overheadShare the largest share of a chunk's compute its overhead may be, in (0, 1)
 * @param chunksPerCore the fewest chunks per core of the cluster, when there are enough jobs
 * @param maxChunkBytes the most input bytes in a chunk of more than one job
 */
public record Chunking(int maxJobs, Duration overhead, double overheadShare, int chunksPerCore,
        long maxChunkBytes) implements Serializable {

    /**
     * The default overhead of an Ignite job: 1 ms. {@code ./strand cluster overhead} measured
     * 0.4 to 2 ms per job on three nodes over loopback on a 2-core machine (docs/notes/benchmark-log.md);
     * Dask's documentation quotes 200 us to 1 ms per task.
     */
    public static final Duration DEFAULT_OVERHEAD = Duration.ofMillis(1);

    /** Validates. */
    public Chunking {
        if (maxJobs < 0) {
            throw new IllegalArgumentException("maxJobs must be >= 0 (0: automatic), got " + maxJobs);
        }
        Objects.requireNonNull(overhead, "overhead");
        if (overhead.isNegative()) {
            throw new IllegalArgumentException("overhead must be >= 0, got " + overhead);
        }
        if (!(overheadShare > 0 && overheadShare < 1)) {
            throw new IllegalArgumentException("overheadShare must be in (0, 1), got " + overheadShare);
        }
        if (chunksPerCore < 1) {
            throw new IllegalArgumentException("chunksPerCore must be >= 1, got " + chunksPerCore);
        }
        if (maxChunkBytes < 1) {
            throw new IllegalArgumentException("maxChunkBytes must be >= 1, got " + maxChunkBytes);
        }
    }

    /**
     * The automatic rule: overhead {@link #DEFAULT_OVERHEAD}, at most 10% of a chunk's compute, at
     * least 8 chunks per core, at most 16 MiB of input in a chunk of several jobs.
     */
    public static Chunking auto() {
        return new Chunking(0, DEFAULT_OVERHEAD, 0.1, 8, 16L << 20);
    }

    /** One Ignite job per job: no chunks. */
    public static Chunking off() {
        return new Chunking(1, DEFAULT_OVERHEAD, 0.1, 8, 16L << 20);
    }

    /** The automatic rule, with chunks of at most {@code k} jobs. */
    public static Chunking atMost(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("a chunk holds at least 1 job, got " + k);
        }
        return new Chunking(k, DEFAULT_OVERHEAD, 0.1, 8, 16L << 20);
    }

    /** @return this rule with another per-Ignite-job overhead */
    public Chunking withOverhead(Duration d) {
        return new Chunking(maxJobs, d, overheadShare, chunksPerCore, maxChunkBytes);
    }

    /** @return whether every job travels alone */
    public boolean isOff() {
        return maxJobs == 1;
    }

    /**
     * The job cap from the balance bound: {@code ceil(jobs / (cores * chunksPerCore))}, and
     * {@link #maxJobs()} if set.
     */
    public int jobCap(int jobs, int cores) {
        long perCoreChunks = (long) Math.max(1, cores) * chunksPerCore;
        int cap = (int) Math.max(1, (jobs + perCoreChunks - 1) / perCoreChunks);
        return maxJobs == 0 ? cap : Math.min(cap, maxJobs);
    }

    /** @return the estimated compute at which a chunk closes: overhead / overheadShare, ns */
    public double targetComputeNanos() {
        return overhead.toNanos() / overheadShare;
    }
}
