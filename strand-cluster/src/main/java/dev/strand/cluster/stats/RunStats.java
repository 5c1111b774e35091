package dev.strand.cluster.stats;

import dev.strand.cluster.cost.CostRule.Decision;
import dev.strand.cluster.plan.PlannedJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics of one batch: per job, per node, and the cost rule's decisions. Built from the
 * jobs' own records ({@link JobOutcome}), one per job id.
 *
 * @param jobs one record per job, in submission order
 * @param nodes per node, in the order the nodes were listed
 * @param wallNanos the batch's time at the driver, submit to last result
 * @param pinned jobs the cost rule kept on their home node: it refused to move their chunk at
 *     steal time, at least once, and they ran there
 * @param stealable jobs the cost rule let be stolen
 * @param noEstimate jobs left stealable for want of an estimate (no job of their kind had finished)
 * @param duplicates results that arrived for a job that already had one (dropped)
 * @param chunks how many units the jobs travelled in (Ignite jobs; the jobs' count on the local
 *     engine)
 * @param steals the steal decisions taken while the batch ran
 */
public record RunStats(List<JobRecord> jobs, List<NodeStats> nodes, long wallNanos, int pinned,
        int stealable, int noEstimate, int duplicates, int chunks, StealDecisions steals) {

    /** Builds the statistics from the plan and the records (one per planned job), no steal decisions. */
    public static RunStats of(List<PlannedJob> plan, List<JobRecord> records, List<String> nodeNames,
            long wallNanos, int duplicates, int chunks) {
        return of(plan, records, nodeNames, wallNanos, duplicates, chunks, StealDecisions.NONE);
    }

    /** Builds the statistics from the plan, the records (one per planned job) and the steal decisions. */
    public static RunStats of(List<PlannedJob> plan, List<JobRecord> records, List<String> nodeNames,
            long wallNanos, int duplicates, int chunks, StealDecisions steals) {
        Map<String, int[]> counts = new LinkedHashMap<>();   // placed, run, in, out, failedOver, pinned
        Map<String, long[]> sums = new LinkedHashMap<>();    // bytesIn, busy, finish
        for (String n : nodeNames) {
            counts.put(n, new int[6]);
            sums.put(n, new long[3]);
        }
        int pinned = 0;
        int stealable = 0;
        int noEstimate = 0;
        for (PlannedJob p : plan) {
            counts.computeIfAbsent(p.home(), k -> new int[6])[0]++;
            sums.computeIfAbsent(p.home(), k -> new long[3]);
            switch (p.decision()) {
                case PINNED -> { }
                case STEALABLE -> stealable++;
                case STEALABLE_NO_ESTIMATE -> noEstimate++;
                case NOT_EVALUATED -> { }
            }
        }
        for (JobRecord r : records) {
            int[] c = counts.computeIfAbsent(r.ranOn(), k -> new int[6]);
            long[] s = sums.computeIfAbsent(r.ranOn(), k -> new long[3]);
            c[1]++;
            if (r.stolen()) {
                c[2]++;
                counts.computeIfAbsent(r.home(), k -> new int[6])[3]++;
                s[0] += r.inputBytes();
            }
            if (r.failedOver()) {
                c[4]++;
            }
            if (r.decision() == Decision.PINNED) {
                pinned++;
                counts.computeIfAbsent(r.home(), k -> new int[6])[5]++;
            }
            s[1] += r.computeNanos();
            s[2] = Math.max(s[2], r.arrivalNanos());
        }
        List<NodeStats> nodes = new ArrayList<>();
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            int[] c = e.getValue();
            long[] s = sums.get(e.getKey());
            nodes.add(new NodeStats(e.getKey(), c[0], c[1], c[2], c[3], c[4], c[5], s[0], s[1], s[2]));
        }
        return new RunStats(List.copyOf(records), List.copyOf(nodes), wallNanos, pinned, stealable,
                noEstimate, duplicates, chunks, steals);
    }

    /** @return jobs that ran on another node than their home by way of stealing */
    public int stolen() {
        int n = 0;
        for (JobRecord r : jobs) {
            n += r.stolen() ? 1 : 0;
        }
        return n;
    }

    /** @return jobs re-sent after a node failed */
    public int failedOver() {
        int n = 0;
        for (JobRecord r : jobs) {
            n += r.failedOver() ? 1 : 0;
        }
        return n;
    }

    /** @return input bytes that stealing moved */
    public long bytesMoved() {
        long b = 0;
        for (NodeStats n : nodes) {
            b += n.bytesIn();
        }
        return b;
    }

    /** @return pinned jobs that ran somewhere else than their home (0 unless a node failed) */
    public int pinnedMoved() {
        int n = 0;
        for (JobRecord r : jobs) {
            n += r.decision() == Decision.PINNED && !r.home().equals(r.ranOn()) && !r.failedOver() ? 1 : 0;
        }
        return n;
    }

    /**
     * The slowest node's finish over the mean finish, among the nodes that ran a job: 1.0 is a
     * perfect balance.
     */
    public double finishImbalance() {
        long max = 0;
        long sum = 0;
        int n = 0;
        for (NodeStats s : nodes) {
            if (s.run() > 0) {
                max = Math.max(max, s.finishNanos());
                sum += s.finishNanos();
                n++;
            }
        }
        return n == 0 || sum == 0 ? 1.0 : max / ((double) sum / n);
    }
}
