package dev.strand.workloads.idle;

import dev.strand.Task;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Stats;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import dev.strand.workloads.fib.Fib;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * What an idle pool costs (the long version, with process-wide clocks and thread lists, is
 * strand-bench's {@code IdleCpu}):
 * <ul>
 *   <li>{@code idle}: after a burst of work ({@code fib(burst)} forking at every level, three
 *       times), the CPU the pool's own worker threads use during the next {@code window} ms, in %
 *       of one core ({@link ThreadMXBean#getThreadCpuTime}, nanosecond clocks). This includes the
 *       spin-down (workers searching before they park).</li>
 *   <li>{@code wakeup}: {@code samples} times, let the pool sit idle for {@code idle-ms}, then
 *       submit one task from outside and record the time from just before the submit call to the
 *       task's first statement ({@link System#nanoTime} both). A run's value is the median, in
 *       microseconds.</li>
 * </ul>
 */
public final class IdleWorkloads {
    private IdleWorkloads() { }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** @return the idle-CPU kernel */
    public static Kernel idle() {
        return new Kernel("idle", "idle pool: CPU of the pool's threads in the window after a burst (% of one core)",
                List.of(new Kernel.Param("window", "idle window after the burst, ms", "100", "1000", "2000"),
                        new Kernel.Param("burst", "fib(n) forking at every level, 3 times, before the window",
                                "18", "27", "30")),
                p -> new Idle(p.getInt("window", 1, 600_000), p.getInt("burst", 1, 35)));
    }

    /** @return the wake-up latency kernel */
    public static Kernel wakeup() {
        return new Kernel("wakeup", "wake-up latency: submit-to-start of one task on an idle pool (median, us)",
                List.of(new Kernel.Param("samples", "submissions per run", "5", "20", "50"),
                        new Kernel.Param("idle-ms", "pool idle time before each submission, ms", "5", "50", "200"),
                        new Kernel.Param("warm", "untimed submit-and-wait round trips per pool at set-up, so "
                                + "that the JIT has compiled the submit and wake-up paths (0: measure them cold)",
                                "200", "20000", "20000")),
                p -> new Wakeup(p.getInt("samples", 1, 1_000_000), p.getInt("idle-ms", 0, 60_000),
                        p.getInt("warm", 0, 10_000_000)));
    }

    /** @return the summed CPU time of {@code threads} in ns (threads that ended count 0) */
    static long cpu(List<Thread> threads) {
        return Pools.threadCpuNanos(threads);
    }

    static final class Idle extends Workload {
        final int windowMs;
        final int burst;

        Idle(int windowMs, int burst) {
            if (!THREADS.isThreadCpuTimeSupported()) {
                throw new IllegalStateException("idle: this JVM cannot measure thread CPU time");
            }
            this.windowMs = windowMs;
            this.burst = burst;
        }

        @Override
        public String name() {
            return "idle";
        }

        @Override
        public String params() {
            return "window=" + windowMs + "ms burst=fib(" + burst + ")x3";
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.STRAND, Variant.FJP);
        }

        @Override
        public Metric metric() {
            return Metric.IDLE_CPU;
        }

        @Override
        public Object run(Variant v) throws InterruptedException {
            int want = (int) Fib.expected(burst);
            for (int i = 0; i < 3; i++) {
                int got = v == Variant.STRAND ? pools.strand().invoke(() -> Fib.strand(burst))
                        : pools.fjp().invoke(new Fib.FjpFib(burst));
                WrongResultException.expect("idle burst fib(" + burst + ") " + v.label(), got, want);
            }
            List<Thread> threads = v == Variant.STRAND ? pools.strandThreads() : pools.fjpThreads();
            long c0 = cpu(threads);
            long t0 = System.nanoTime();
            Thread.sleep(windowMs);
            long c1 = cpu(threads);
            long t1 = System.nanoTime();
            return 100.0 * (c1 - c0) / (t1 - t0);
        }

        @Override
        public double value(Object result) {
            return (Double) result;
        }

        @Override
        public void check(Variant v, Object result) {
            double pct = (Double) result;
            if (!(pct >= 0)) {
                throw new WrongResultException("idle " + v.label() + ": CPU share " + pct);
            }
        }
    }

    static final class Wakeup extends Workload {
        final int samples;
        final int idleMs;
        final int warm;

        Wakeup(int samples, int idleMs, int warm) {
            this.samples = samples;
            this.idleMs = idleMs;
            this.warm = warm;
        }

        /**
         * Compiles the paths being timed. A run makes only {@code samples} submissions, too few for
         * the JIT: the harness's warm-up rounds would leave them interpreted, where Strand's
         * VarHandle accesses cost far more than ForkJoinPool's Unsafe intrinsics (measured on JDK 25:
         * cold, 144 vs 105 us; after 20 000 round trips, 47 vs 54 us). A program that submits often
         * enough to care about latency runs them compiled. Pauses every 64 round trips let the
         * workers park, so that the park and wake-up code is compiled too.
         */
        @Override
        public void setUp(dev.strand.workloads.Pools pools) {
            super.setUp(pools);
            try {
                for (int i = 0; i < warm; i++) {
                    if (pools.has(Variant.STRAND)) {
                        pools.strand().submit(Task.of(System::nanoTime)).get();
                    }
                    if (pools.has(Variant.FJP)) {
                        pools.fjp().submit(System::nanoTime).get();
                    }
                    if ((i & 63) == 63) {
                        Thread.sleep(1);
                    }
                }
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException("wakeup warm-up failed", e);
            }
        }

        @Override
        public String name() {
            return "wakeup";
        }

        @Override
        public String params() {
            return "samples=" + samples + " idle=" + idleMs + "ms warm=" + warm;
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.STRAND, Variant.FJP);
        }

        @Override
        public Metric metric() {
            return Metric.LATENCY;
        }

        @Override
        public Object run(Variant v) throws InterruptedException, ExecutionException {
            long[] ns = new long[samples];
            for (int i = 0; i < samples; i++) {
                Thread.sleep(idleMs);
                long t0 = System.nanoTime();
                long started;
                if (v == Variant.STRAND) {
                    started = pools.strand().submit(Task.of(System::nanoTime)).get();
                } else {
                    started = pools.fjp().submit(System::nanoTime).get();
                }
                ns[i] = started - t0;
            }
            return ns;
        }

        @Override
        public double value(Object result) {
            return Stats.median((long[]) result) / 1e3;
        }

        @Override
        public void check(Variant v, Object result) {
            for (long x : (long[]) result) {
                if (x < 0) {
                    throw new WrongResultException("wakeup " + v.label() + ": task started before it was submitted");
                }
            }
        }

        @Override
        public Map<String, Double> extras(Variant v, Object result) {
            long[] a = (long[]) result;
            Map<String, Double> m = new LinkedHashMap<>();
            m.put("p90us", Stats.percentile(a, 90) / 1e3);
            m.put("maxUs", Stats.percentile(a, 100) / 1e3);
            return m;
        }
    }
}
