package dev.strand.cluster.engine;

import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.JobFunction;
import dev.strand.cluster.cost.Link;
import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.NodeInfo;
import dev.strand.cluster.plan.PlannedJob;
import dev.strand.cluster.stats.JobOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The embedded engine: every job is a task of one local {@link StrandPool}, so a batch (or a cut
 * recursion) needs no cluster at all and gives the same results. One node, named
 * {@value #NODE}; nothing is stolen between nodes (the pool's workers steal between themselves).
 */
public final class LocalEngine implements Engine {

    /** The one node's name. */
    public static final String NODE = "local";

    private final StrandPool pool;
    private final boolean ownsPool;
    private final Duration timeout;

    /**
     * @param pool the pool jobs run on
     * @param ownsPool whether {@link #close()} closes it
     * @param timeout how long a batch may take
     */
    public LocalEngine(StrandPool pool, boolean ownsPool, Duration timeout) {
        this.pool = pool;
        this.ownsPool = ownsPool;
        this.timeout = timeout;
    }

    @Override
    public List<NodeInfo> nodes() {
        return List.of(new NodeInfo(NODE, pool.parallelism()));
    }

    @Override
    public Link link() {
        return null;
    }

    /** No: a job on a local pool costs a task, nothing worth amortizing. */
    @Override
    public boolean sendsChunks() {
        return false;
    }

    @Override
    public EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling) {
        return run(fn, chunks, onJobDone, scheduling, timeout);
    }

    /** Jobs still running when the batch fails or times out are interrupted (see {@code JobContext}). */
    @Override
    public EngineRun run(JobFunction fn, List<Chunk> chunks, Runnable onJobDone, Scheduling scheduling,
                         Duration timeout) {
        Serialization.requireSerializable(fn);
        List<PlannedJob> plan = new ArrayList<>();
        for (Chunk c : chunks) {
            plan.addAll(c.jobs());
        }
        long start = System.nanoTime();
        long[] arrivals = new long[plan.size()];
        List<Task<JobOutcome>> tasks = new ArrayList<>(plan.size());
        for (int i = 0; i < plan.size(); i++) {
            PlannedJob p = plan.get(i);
            int slot = i;
            tasks.add(pool.submit(() -> {
                long t0 = System.nanoTime();
                byte[] out = fn.apply(p.job().input());
                long t1 = System.nanoTime();
                arrivals[slot] = t1 - start;
                JobOutcome o = new JobOutcome(p.job().id(), NODE, NODE, 0, 0, t1 - t0, out);
                scheduling.onOutcome().accept(o);
                onJobDone.run();
                return o;
            }));
        }
        Map<Long, JobOutcome> outcomes = new LinkedHashMap<>();
        Map<Long, Long> arrivalNanos = new LinkedHashMap<>();
        long deadline = start + timeout.toNanos();
        for (int i = 0; i < tasks.size(); i++) {
            long id = plan.get(i).job().id();
            try {
                JobOutcome o = tasks.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                outcomes.put(id, o);
                arrivalNanos.put(id, arrivals[i]);
            } catch (ExecutionException e) {
                cancelAll(tasks);
                throw new EngineFailure("job " + id + " (" + plan.get(i).job().kind() + ") failed on node "
                        + NODE + ": " + e.getCause(), e.getCause(), done(plan, tasks), false);
            } catch (TimeoutException e) {
                cancelAll(tasks);
                throw new EngineFailure("the batch did not finish within " + timeout, e, done(plan, tasks), true);
            } catch (InterruptedException e) {
                cancelAll(tasks);
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while waiting for the batch", e);
            }
        }
        return new EngineRun(outcomes, arrivalNanos, 0, System.nanoTime() - start);
    }

    /** The outcomes of the jobs that completed normally. */
    private static Map<Long, JobOutcome> done(List<PlannedJob> plan, List<Task<JobOutcome>> tasks) {
        Map<Long, JobOutcome> m = new LinkedHashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            Task<JobOutcome> t = tasks.get(i);
            if (t.isDone() && !t.isCompletedAbnormally()) {
                m.put(plan.get(i).job().id(), t.join());
            }
        }
        return m;
    }

    private static void cancelAll(List<Task<JobOutcome>> tasks) {
        for (Task<JobOutcome> t : tasks) {
            t.cancel(true);
        }
    }

    @Override
    public void close() {
        if (ownsPool) {
            pool.close();
        }
    }
}
