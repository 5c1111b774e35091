package dev.strand.workloads.shared;

import dev.strand.Multiprogramming;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A shared machine: several kernels of the suite run at once, each on its own pool of the
 * harness's parallelism, optionally beside CPU-bound processes that compete for the cores. Each
 * job's time is compared with what the multiprogrammed bound allows it: its serial time T1 over
 * P_avg, the processors it actually got (its pool threads' CPU time over its wall time). T∞ of
 * these kernels is far below a millisecond, so the bound is T1 / P_avg; "vsIdeal" is the job's
 * time over that bound (1 is ideal).
 */
public final class SharedWorkload extends Workload {
    private final List<String> jobNames;
    private final Size jobSize;
    private final int competitors;
    private final Multiprogramming mode;
    private final int peers;
    private final List<Peer> peerProcesses = new ArrayList<>();
    private final List<Workload> jobs = new ArrayList<>();
    private final List<Pools> jobPools = new ArrayList<>();
    private final List<Process> spinners = new ArrayList<>();
    /** The latest serial time of each job, in ns: its T1. */
    private final long[] serialNanos;
    private final Map<String, Double> lastExtras = new LinkedHashMap<>();

    SharedWorkload(List<String> jobNames, Size jobSize, int competitors, Multiprogramming mode, int peers) {
        this.jobNames = List.copyOf(jobNames);
        this.jobSize = jobSize;
        this.competitors = competitors;
        this.mode = mode;
        this.peers = peers;
        this.serialNanos = new long[jobNames.size()];
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("shared", "kernels of the suite at once, each on its own pool, beside optional "
                + "CPU-bound processes: each job's time against T1 / P_avg (the cores it got)",
                List.of(new Kernel.Param("jobs", "kernels run at once, comma-separated",
                                "fib-cutoff,uts-t3", "fib-cutoff,uts-t3", "fib-cutoff,uts-t3"),
                        new Kernel.Param("jobsize", "the jobs' size: small, default or large", "small", "default",
                                "default"),
                        new Kernel.Param("competitors", "CPU-bound processes running beside them", "0", "0", "0"),
                        new Kernel.Param("peers", "other JVMs running the same jobs at the same moments, each "
                                + "on its own pools of the same parallelism; the time is then the whole group's", "0",
                                "0", "0"),
                        new Kernel.Param("mode", "the Strand pools' multiprogrammed mode: auto, always or off",
                                "auto", "auto", "auto")),
                p -> new SharedWorkload(List.of(p.get("jobs").split(",", -1)),
                        size(p.get("jobsize")), p.getInt("competitors", 0, 64), mode(p.get("mode")),
                        p.getInt("peers", 0, 8)));
    }

    private static Multiprogramming mode(String label) {
        return switch (label.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> Multiprogramming.AUTO;
            case "always" -> Multiprogramming.ALWAYS;
            case "off", "never" -> Multiprogramming.NEVER;
            default -> throw new IllegalArgumentException("shared.mode must be auto, always or off, got '" + label + "'");
        };
    }

    private static Size size(String label) {
        for (Size s : Size.values()) {
            if (s.label().equalsIgnoreCase(label.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("shared.jobsize must be small, default or large, got '" + label + "'");
    }

    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String params() {
        return "jobs=" + String.join("+", jobNames) + " (" + jobSize.label() + ") competitors=" + competitors
                + " peers=" + peers + " mode=" + mode.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        for (String n : jobNames) {
            Kernel k = Catalog.find(n.strip()).orElseThrow(() -> new IllegalArgumentException(
                    "shared.jobs: no kernel '" + n.strip() + "' (kernels: " + String.join(", ", Catalog.names()) + ")"));
            if (k.name().equals(name())) {
                throw new IllegalArgumentException("shared.jobs cannot contain shared itself");
            }
            Workload w = k.create(jobSize, Map.of());
            if (!w.variants().containsAll(variants())) {
                throw new IllegalArgumentException("shared.jobs: " + n + " has no serial, strand and fjp variants");
            }
            Pools own = Pools.open(pools.parallelism(), variants(), pools.tuning(), mode);
            w.setUp(own);
            jobs.add(w);
            jobPools.add(own);
        }
        for (int i = 0; i < competitors; i++) {
            spinners.add(Spinner.start());
        }
        for (int i = 0; i < peers; i++) {
            peerProcesses.add(Peer.start(pools.parallelism(), mode, jobSize,
                    jobNames.stream().map(String::strip).toList()));
        }
    }

    @Override
    public void prepare(Variant v) {
        for (Workload w : jobs) {
            w.prepare(v);
        }
        try {
            for (Peer p : peerProcesses) {
                p.prepare(v);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("peer process: " + e.getMessage(), e);
        }
    }

    /**
     * Runs every job at once, each from its own thread.
     *
     * @param jobs the jobs
     * @param v    the variant
     * @return their results, in order
     * @throws Exception what a job threw
     */
    static Object[] runAll(List<Workload> jobs, Variant v) throws Exception {
        return runAll(jobs, v, new long[jobs.size()]);
    }

    private static Object[] runAll(List<Workload> jobs, Variant v, long[] wall) throws Exception {
        int n = jobs.size();
        Object[] results = new Object[n];
        List<FutureTask<Object>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int j = i;
            FutureTask<Object> f = new FutureTask<>(() -> {
                long t0 = System.nanoTime();
                Object r = jobs.get(j).run(v);
                wall[j] = System.nanoTime() - t0;
                return r;
            });
            fs.add(f);
            new Thread(f, "shared-job-" + jobs.get(i).name()).start();
        }
        for (int i = 0; i < n; i++) {
            try {
                results[i] = fs.get(i).get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
        }
        return results;
    }

    @Override
    public Object run(Variant v) throws Exception {
        int n = jobs.size();
        long[] wall = new long[n];
        long[] cpu = new long[n];
        Object[] results = new Object[n];
        if (v == Variant.SERIAL && peerProcesses.isEmpty()) {   // T1 of each job, one after the other
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                results[i] = jobs.get(i).run(v);
                wall[i] = System.nanoTime() - t0;
                serialNanos[i] = wall[i];
            }
            record(v, wall, cpu);
            return results;
        }
        long[] before = new long[n];
        for (int i = 0; i < n; i++) {
            before[i] = jobPools.get(i).cpuNanos(v);
        }
        long t0 = System.nanoTime();
        for (Peer p : peerProcesses) {
            p.startRun(v);                        // the peers start with this process's jobs
        }
        results = runAll(jobs, v, wall);
        long own = System.nanoTime() - t0;
        for (int i = 0; i < n; i++) {
            cpu[i] = jobPools.get(i).cpuNanos(v) - before[i];
        }
        long[] peerWall = new long[peerProcesses.size()];
        for (int i = 0; i < peerWall.length; i++) {
            peerWall[i] = peerProcesses.get(i).awaitRun();
        }
        record(v, wall, cpu);
        if (!peerProcesses.isEmpty()) {               // the run's time is the group's: it returns last
            lastExtras.put("own.ms", own / 1e6);
            for (int i = 0; i < peerWall.length; i++) {
                lastExtras.put("peer" + (i + 1) + ".ms", peerWall[i] / 1e6);
            }
        }
        return results;
    }

    /** Per-job figures of the last run: time, cores got, and time over T1 / P_avg. */
    private void record(Variant v, long[] wall, long[] cpu) {
        lastExtras.clear();
        for (int i = 0; i < jobs.size(); i++) {
            String j = jobNames.get(i).strip();
            lastExtras.put(j + ".ms", wall[i] / 1e6);
            if (v != Variant.SERIAL && wall[i] > 0 && cpu[i] > 0 && serialNanos[i] > 0) {
                double pAvg = (double) cpu[i] / wall[i];
                double ideal = serialNanos[i] / pAvg;
                lastExtras.put(j + ".cores", pAvg);
                lastExtras.put(j + ".vsIdeal", wall[i] / ideal);
            }
        }
    }

    @Override
    public void check(Variant v, Object result) {
        Object[] rs = (Object[]) result;
        for (int i = 0; i < jobs.size(); i++) {
            jobs.get(i).check(v, rs[i]);
        }
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        return Map.copyOf(lastExtras);
    }

    @Override
    public void close() {
        spinners.forEach(Process::destroyForcibly);
        peerProcesses.forEach(Peer::close);
        for (Workload w : jobs) {
            w.close();
        }
        jobPools.forEach(Pools::close);
    }
}
