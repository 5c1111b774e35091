package dev.strand.workloads.phases;

import dev.strand.Strand;
import dev.strand.Task;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * A program whose parallelism changes: a serial phase (one task computing alone, nothing to
 * steal), then a wide phase (fib with a cutoff). What a pool should do is give the idle cores
 * back during the first and use them all in the second. The extras report the CPU the pool's
 * threads used during the serial phase over that phase's own work ("serialCpu", 1 = nothing
 * wasted) and the wide phase's time.
 */
public final class PhasesWorkload extends Workload {
    private final long serialNanos;
    private final int n;
    private final int cutoff;
    private double lastSerialCpu = Double.NaN;
    private double lastWideMs = Double.NaN;

    PhasesWorkload(long serialMillis, int n, int cutoff) {
        this.serialNanos = serialMillis * 1_000_000L;
        this.n = n;
        this.cutoff = cutoff;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("phases", "a serial phase, then a wide one (fib with a cutoff): CPU the pool burns "
                + "while nothing can be stolen, and the wide phase's speed",
                List.of(new Kernel.Param("serial", "the serial phase, in milliseconds", "20", "200", "500"),
                        new Kernel.Param("n", "the wide phase's fib argument", "25", "36", "38"),
                        new Kernel.Param("cutoff", "serial at or below this n", "12", "20", "20")),
                p -> new PhasesWorkload(p.getLong("serial", 1, 60_000), p.getInt("n", 2, 46),
                        p.getInt("cutoff", 1, 46)));
    }

    @Override
    public String name() {
        return "phases";
    }

    @Override
    public String params() {
        return "serial=" + serialNanos / 1_000_000 + "ms n=" + n + " cutoff=" + cutoff;
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public Object run(Variant v) {
        long cpu0 = cpu(v);
        long t0 = System.nanoTime();
        long s = switch (v) {
            case SERIAL -> spin(serialNanos);
            case STRAND -> pools.strand().invoke(() -> spin(serialNanos));
            case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> spin(serialNanos)));
            default -> throw new IllegalArgumentException(v.label());
        };
        long t1 = System.nanoTime();
        long cpu1 = cpu(v);
        long f = switch (v) {
            case SERIAL -> fib(n);
            case STRAND -> pools.strand().invoke(() -> strandFib(n));
            case FJP -> pools.fjp().invoke(new FjpFib(n));
            default -> throw new IllegalArgumentException(v.label());
        };
        long t2 = System.nanoTime();
        lastSerialCpu = v == Variant.SERIAL ? Double.NaN : (double) (cpu1 - cpu0) / (t1 - t0);
        lastWideMs = (t2 - t1) / 1e6;
        return new long[] {s, f};
    }

    private long cpu(Variant v) {
        return pools.cpuNanos(v);
    }

    @Override
    public void check(Variant v, Object result) {
        long[] r = (long[]) result;
        long want = fib(n);
        if (r[1] != want || r[0] == 0) {
            throw new WrongResultException(name() + " " + v.label() + ": fib " + r[1] + ", want " + want);
        }
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        return Double.isNaN(lastSerialCpu) ? Map.of("wideMs", lastWideMs)
                : Map.of("serialCpu", lastSerialCpu, "wideMs", lastWideMs);
    }

    /** Computes for {@code nanos} on the calling thread, alone. */
    private static long spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 1;
        while (System.nanoTime() < end) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x | 1;
    }

    private static long fib(int k) {
        return k < 2 ? k : fib(k - 1) + fib(k - 2);
    }

    private long strandFib(int k) {
        if (k <= cutoff) {
            return fib(k);
        }
        Task<Long> a = Strand.fork(() -> strandFib(k - 1));
        long b = strandFib(k - 2);
        return b + a.join();
    }

    /** The ForkJoinPool variant of the wide phase. */
    private final class FjpFib extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int k;

        FjpFib(int k) {
            this.k = k;
        }

        @Override
        protected Long compute() {
            if (k <= cutoff) {
                return fib(k);
            }
            ForkJoinTask<Long> a = new FjpFib(k - 1).fork();
            long b = new FjpFib(k - 2).compute();
            return b + a.join();
        }
    }
}
