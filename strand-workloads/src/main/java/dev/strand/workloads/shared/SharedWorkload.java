package dev.strand.workloads.shared;

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
import java.util.concurrent.Future;
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
    private final List<Workload> jobs = new ArrayList<>();
    private final List<Pools> jobPools = new ArrayList<>();
    private final List<Process> spinners = new ArrayList<>();
    /** The latest serial time of each job, in ns: its T1. */
    private final long[] serialNanos;
    private final Map<String, Double> lastExtras = new LinkedHashMap<>();

    SharedWorkload(List<String> jobNames, Size jobSize, int competitors) {
        this.jobNames = List.copyOf(jobNames);
        this.jobSize = jobSize;
        this.competitors = competitors;
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
                        new Kernel.Param("competitors", "CPU-bound processes running beside them", "0", "0", "0")),
                p -> new SharedWorkload(List.of(p.get("jobs").split(",", -1)),
                        size(p.get("jobsize")), p.getInt("competitors", 0, 64)));
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
        return "jobs=" + String.join("+", jobNames) + " (" + jobSize.label() + ") competitors=" + competitors;
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
            Pools own = Pools.open(pools.parallelism(), variants(), pools.tuning());
            w.setUp(own);
            jobs.add(w);
            jobPools.add(own);
        }
        for (int i = 0; i < competitors; i++) {
            spinners.add(Spinner.start());
        }
    }

    @Override
    public void prepare(Variant v) {
        for (Workload w : jobs) {
            w.prepare(v);
        }
    }

    @Override
    public Object run(Variant v) throws Exception {
        int n = jobs.size();
        long[] wall = new long[n];
        long[] cpu = new long[n];
        Object[] results = new Object[n];
        if (v == Variant.SERIAL) {                // T1 of each job, one after the other
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                results[i] = jobs.get(i).run(v);
                wall[i] = System.nanoTime() - t0;
                serialNanos[i] = wall[i];
            }
            record(v, wall, cpu);
            return results;
        }
        List<Future<Object>> fs = new ArrayList<>();
        List<Thread> drivers = new ArrayList<>();
        long[] before = new long[n];
        for (int i = 0; i < n; i++) {
            before[i] = jobPools.get(i).cpuNanos(v);
        }
        for (int i = 0; i < n; i++) {
            int j = i;
            FutureTask<Object> f = new FutureTask<>(() -> {
                long t0 = System.nanoTime();
                Object r = jobs.get(j).run(v);
                wall[j] = System.nanoTime() - t0;
                return r;
            });
            fs.add(f);
            Thread t = new Thread(f, "shared-job-" + jobNames.get(i));
            drivers.add(t);
        }
        drivers.forEach(Thread::start);
        for (int i = 0; i < n; i++) {
            try {
                results[i] = fs.get(i).get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
            cpu[i] = jobPools.get(i).cpuNanos(v) - before[i];
        }
        record(v, wall, cpu);
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
        for (Workload w : jobs) {
            w.close();
        }
        jobPools.forEach(Pools::close);
    }
}
