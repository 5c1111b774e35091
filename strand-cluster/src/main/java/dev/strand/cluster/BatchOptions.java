package dev.strand.cluster;

import java.time.Duration;
import java.util.Objects;

/**
 * How one batch runs, where it differs from the cluster's configuration: a key under which its
 * finished results are kept if it fails, its timeout, its chunking, and a progress callback.
 *
 * <pre>{@code
 * BatchOptions o = BatchOptions.defaults().withKey("nightly-2026-11-28").withTimeout(Duration.ofMinutes(10));
 * try {
 *     r = cluster.runBatch(fn, jobs, o);
 * } catch (BatchFailedException e) {
 *     // e.completed(): the outputs that finished; running the same batch again with the same key
 *     // runs only e.missing()
 *     r = cluster.runBatch(fn, jobs, o);
 * }
 * }</pre>
 *
 * @param key null, or the batch's key: when a batch with a key fails or times out, the outputs of
 *     its jobs that finished are kept by the {@link StrandCluster} handle under the key, and a
 *     later batch with the same key reuses them (by job id) instead of running those jobs again
 * @param timeout null (the configuration's {@link ClusterConfig#taskTimeout()}), or how long the
 *     batch may take
 * @param chunking null (the configuration's), or how many jobs travel as one Ignite job
 * @param onJobDone called once per job as its result arrives (from another thread), and once per
 *     reused result before the batch is sent
 * @param costRule null (the configuration's {@link ClusterConfig#costAware()}), or whether steals
 *     of this batch must pass the cost rule
 */
public record BatchOptions(String key, Duration timeout, Chunking chunking, Runnable onJobDone, Boolean costRule) {

    /** Validates. */
    public BatchOptions {
        if (key != null && key.isBlank()) {
            throw new IllegalArgumentException("a batch key must not be blank");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        Objects.requireNonNull(onJobDone, "onJobDone");
    }

    /** @return no key, the configuration's timeout and chunking, no progress callback */
    public static BatchOptions defaults() {
        return new BatchOptions(null, null, null, () -> { }, null);
    }

    /** @return a copy with the key {@code k} (null: none) */
    public BatchOptions withKey(String k) {
        return new BatchOptions(k, timeout, chunking, onJobDone, costRule);
    }

    /** @return a copy with the timeout {@code t} */
    public BatchOptions withTimeout(Duration t) {
        return new BatchOptions(key, Objects.requireNonNull(t, "timeout"), chunking, onJobDone, costRule);
    }

    /** @return a copy with the chunking {@code c} */
    public BatchOptions withChunking(Chunking c) {
        return new BatchOptions(key, timeout, Objects.requireNonNull(c, "chunking"), onJobDone, costRule);
    }

    /** @return a copy that calls {@code r} as each job's result arrives */
    public BatchOptions withProgress(Runnable r) {
        return new BatchOptions(key, timeout, chunking, r, costRule);
    }

    /**
     * @return a copy whose steals pass the cost rule ({@code true}) or may move any waiting job
     *     ({@code false}), whatever the configuration says
     */
    public BatchOptions withCostRule(boolean on) {
        return new BatchOptions(key, timeout, chunking, onJobDone, on);
    }
}
