package dev.strand.cluster;

import dev.strand.cluster.stats.RunStats;
import java.util.List;
import java.util.Map;

/**
 * A finished batch: each job's output, by id and in submission order, and the run's statistics.
 */
public final class BatchResult {

    private final List<Long> ids;
    private final Map<Long, byte[]> outputs;
    private final RunStats stats;
    private final int reused;
    private final Map<Long, List<Long>> parts;

    BatchResult(List<Long> ids, Map<Long, byte[]> outputs, RunStats stats, int reused,
                Map<Long, List<Long>> parts) {
        this.ids = List.copyOf(ids);
        this.outputs = Map.copyOf(outputs);
        this.stats = stats;
        this.reused = reused;
        this.parts = Map.copyOf(parts);
    }

    /**
     * @return how many outputs came from an earlier attempt of this keyed batch that failed (see
     *     {@link BatchOptions#key()}) and were not computed again; {@link #stats()} covers the
     *     others only
     */
    public int reused() {
        return reused;
    }

    /** @return the ids of the parts job {@code id} gave away while it ran, in offer order */
    List<Long> parts(long id) {
        return parts.getOrDefault(id, List.of());
    }

    /** @return the output of job {@code id} (not a copy) */
    public byte[] output(long id) {
        byte[] out = outputs.get(id);
        if (out == null) {
            throw new IllegalArgumentException("no job " + id + " in this batch");
        }
        return out;
    }

    /** @return the job ids in submission order */
    public List<Long> ids() {
        return ids;
    }

    /** @return where the jobs ran, what was stolen and pinned, and when each node finished */
    public RunStats stats() {
        return stats;
    }
}
