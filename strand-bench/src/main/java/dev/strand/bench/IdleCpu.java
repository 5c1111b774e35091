package dev.strand.bench;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.workloads.Stats;
import dev.strand.workloads.fib.Fib;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * What an idle pool costs, Strand against ForkJoinPool, in one process:
 *
 * <ol>
 *   <li><b>Idle CPU.</b> Run a burst of fork-join work ({@code fib(30)}, forking at every level, a few
 *       times), then sleep and measure the CPU the process used during the first idle second
 *       (spin-down: workers searching before they park) and the second one (steady idle). Process
 *       CPU is the sum of the per-thread nanosecond clocks in {@code /proc/self/task/<tid>/schedstat}
 *       on Linux, else {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime} (which
 *       Linux counts in 10 ms ticks: too coarse for idle); the pool's own threads are measured
 *       with {@link ThreadMXBean#getThreadCpuTime}. Process CPU also includes the JIT compiler and
 *       GC threads, hence the "jvm baseline" row, measured before any pool exists. Reported as % of
 *       one core, median (and max) over the rounds.</li>
 *   <li><b>Wake-up latency.</b> Let the pool sit idle (all workers parked) for {@code --idle-ms},
 *       then submit one task from outside and record the time from just before the submit call to
 *       the first instruction of the task (both {@link System#nanoTime}). Strand and ForkJoinPool
 *       samples are interleaved (alternating which goes first) so machine noise hits both alike.</li>
 * </ol>
 *
 * <p>Options: {@code --parallelism P} (2), {@code --rounds R} (3), {@code --fib N} (30),
 * {@code --bursts B} (5), {@code --samples S} (200), {@code --idle-ms M} (200), {@code --quick}
 * (1 round, 40 samples, 100 ms idle), {@code --threads} (list the busiest threads of every idle
 * window, from {@code /proc/self/task}).
 */
public final class IdleCpu {

    private IdleCpu() { }

    /** One pool under test. */
    private interface Subject extends AutoCloseable {
        String name();

        /** Runs fib(n) forking at every level; returns the result. */
        int fib(int n);

        /** Submits one task from this (non-worker) thread; returns submit-to-start nanos. */
        long wakeLatency();

        /** The pool's worker threads (alive or not). */
        List<Thread> threads();

        @Override
        void close();
    }

    private static final class StrandSubject implements Subject {
        final StrandPool pool;
        final String prefix;

        StrandSubject(int parallelism) {
            String name = "idlecpu";
            pool = StrandPool.builder().name(name).parallelism(parallelism).build();
            prefix = "strand-" + name + "-worker-";
        }

        @Override
        public String name() {
            return "strand";
        }

        @Override
        public int fib(int n) {
            return pool.invoke(() -> Fib.strand(n));
        }

        @Override
        public long wakeLatency() {
            long t0 = System.nanoTime();
            Task<Long> t = pool.submit(Task.of(System::nanoTime));
            return t.join() - t0;
        }

        @Override
        public List<Thread> threads() {
            List<Thread> l = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix)) {
                    l.add(t);
                }
            }
            return l;
        }

        PoolStats stats() {
            return pool.stats();
        }

        @Override
        public void close() {
            pool.close();
        }
    }

    private static final class FjpSubject implements Subject {
        final ForkJoinPool pool;
        final List<Thread> created = new CopyOnWriteArrayList<>();

        FjpSubject(int parallelism) {
            pool = new ForkJoinPool(parallelism, p -> {
                ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                created.add(w);
                return w;
            }, null, false);
        }

        @Override
        public String name() {
            return "fjp";
        }

        @Override
        public int fib(int n) {
            return pool.invoke(new Fib.FjpFib(n));
        }

        @Override
        public long wakeLatency() {
            long t0 = System.nanoTime();
            ForkJoinTask<Long> t = pool.submit((Callable<Long>) System::nanoTime);
            return t.join() - t0;
        }

        @Override
        public List<Thread> threads() {
            return List.copyOf(created);
        }

        @Override
        public void close() {
            pool.close();
        }
    }

    // ---------------------------------------------------------------- CPU clocks

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static final Path TASKS = Path.of("/proc/self/task");
    /**
     * The thread that measures (it only sleeps during a window, but reading the clocks costs CPU):
     * left out of the process sum. Set by {@link #main}, which does all the measuring.
     */
    private static String selfTid = "";
    /** Whether per-thread scheduler statistics (nanosecond CPU clocks) are readable (Linux). */
    private static final boolean SCHEDSTAT = readSchedstatSum() > 0;

    /**
     * CPU time of the whole process in nanoseconds: the sum of {@code /proc/self/task/<tid>/schedstat}
     * (first field: time on CPU in ns) over all live threads, JIT and GC threads included, except the
     * measuring thread. Falls back to {@code OperatingSystemMXBean#getProcessCpuTime} (whole process),
     * which on Linux counts in clock ticks (10 ms: 1 % of a 1 s window), too coarse for idle.
     */
    private static long processCpuNanos() {
        if (SCHEDSTAT) {
            long v = readSchedstatSum();
            if (v >= 0) {
                return v;
            }
        }
        return OS.getProcessCpuTime();
    }

    private static long readSchedstatSum() {
        long sum = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(TASKS)) {
            for (Path task : ds) {
                if (task.getFileName().toString().equals(selfTid)) {
                    continue;
                }
                try {
                    String s = Files.readString(task.resolve("schedstat"));
                    int sp = s.indexOf(' ');
                    sum += Long.parseLong(sp < 0 ? s.trim() : s.substring(0, sp));
                } catch (IOException | NumberFormatException e) {
                    // the thread exited between listing and reading: its time is lost (rare)
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            return -1;
        }
        return sum;
    }

    private static String processClock() {
        return SCHEDSTAT ? "sum of /proc/self/task/*/schedstat (ns), measuring thread excluded"
                : "OperatingSystemMXBean.getProcessCpuTime (coarse)";
    }

    private static long threadsCpu(List<Thread> threads) {
        if (!THREADS.isThreadCpuTimeSupported()) {
            return -1;
        }
        long sum = 0;
        for (Thread t : threads) {
            long c = THREADS.getThreadCpuTime(t.threadId());
            if (c > 0) {                          // -1: thread gone or not started
                sum += c;
            }
        }
        return sum;
    }

    /** CPU over one sleeping window, as % of one core; {@code top}: the busiest threads, if asked. */
    private record Window(double process, double pool, String top) { }

    /** Whether to list the busiest threads of every window (option --threads). */
    private static boolean listThreads;

    private static Window idleWindow(List<Thread> threads, long millis) throws InterruptedException {
        Map<String, Long> before = listThreads ? perThread() : null;
        long p0 = processCpuNanos();
        long t0 = threads == null ? 0 : threadsCpu(threads);
        long w0 = System.nanoTime();
        Thread.sleep(millis);
        long w1 = System.nanoTime();
        long p1 = processCpuNanos();
        long t1 = threads == null ? 0 : threadsCpu(threads);
        Map<String, Long> after = listThreads ? perThread() : null;
        double wall = w1 - w0;
        double proc = p0 < 0 ? Double.NaN : 100.0 * (p1 - p0) / wall;
        double thr = threads == null || t0 < 0 ? Double.NaN : 100.0 * (t1 - t0) / wall;
        String top = null;
        if (before != null && after != null) {
            StringBuilder sb = new StringBuilder();
            after.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                    .filter(e -> e.getValue() > 0)
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .limit(6)
                    .forEach(e -> sb.append(String.format("  %-34s %7.3f %%%n", e.getKey(),
                            100.0 * e.getValue() / wall)));
            top = sb.length() == 0 ? "  (no thread ran)\n" : sb.toString();
        }
        return new Window(proc, thr, top);
    }

    /** CPU nanoseconds of every live thread but the measuring one, keyed "tid name" (Linux). */
    private static Map<String, Long> perThread() {
        Map<String, Long> m = new HashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(TASKS)) {
            for (Path task : ds) {
                if (task.getFileName().toString().equals(selfTid)) {
                    continue;
                }
                try {
                    String s = Files.readString(task.resolve("schedstat"));
                    String name = Files.readString(task.resolve("comm")).trim();
                    int sp = s.indexOf(' ');
                    m.put(task.getFileName() + " " + name,
                            Long.parseLong(sp < 0 ? s.trim() : s.substring(0, sp)));
                } catch (IOException | NumberFormatException e) {
                    // thread exited meanwhile
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not Linux
        }
        return m;
    }

    // ---------------------------------------------------------------- main

    @SuppressWarnings("OrphanedFormatString") // "% of one core" in println is prose, not a format
    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        int parallelism = 2;
        int rounds = 3;
        int fibN = 30;
        int bursts = 5;
        int samples = 200;
        int idleMs = 200;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--parallelism", "-p" -> parallelism = intArg(args, ++i, a);
                case "--rounds" -> rounds = intArg(args, ++i, a);
                case "--fib" -> fibN = intArg(args, ++i, a);
                case "--bursts" -> bursts = intArg(args, ++i, a);
                case "--samples" -> samples = intArg(args, ++i, a);
                case "--idle-ms" -> idleMs = intArg(args, ++i, a);
                case "--threads" -> listThreads = true;
                case "--quick" -> {
                    rounds = 1;
                    samples = 40;
                    idleMs = 100;
                }
                case "-h", "--help" -> {
                    System.out.println("usage: IdleCpu [--parallelism P] [--rounds R] [--fib N] "
                            + "[--bursts B] [--samples S] [--idle-ms M] [--quick] [--threads]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option '" + a + "' (try --help)");
            }
        }
        Fib.checkN(fibN);
        int want = (int) Fib.expected(fibN);

        System.out.printf("IdleCpu: JDK %s, %d CPUs, parallelism %d; burst = %d x fib(%d) forking at "
                        + "every level; %d round(s)%n", Runtime.version(),
                Runtime.getRuntime().availableProcessors(), parallelism, bursts, fibN, rounds);

        // JVM background (JIT, GC, JMX) before any pool exists.
        try {
            // "/proc/thread-self" -> "<pid>/task/<tid>"
            selfTid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            selfTid = "";
        }
        for (int i = 0; i < 200; i++) {           // compile the clock-reading code before measuring
            processCpuNanos();
            if (listThreads && i % 4 == 0) {
                perThread();
            }
        }
        Window baseline = idleWindow(null, 1000);
        List<String> tops = new ArrayList<>();
        if (baseline.top() != null) {
            tops.add("jvm baseline, no pool:\n" + baseline.top());
        }

        try (StrandSubject strand = new StrandSubject(parallelism);
             FjpSubject fjp = new FjpSubject(parallelism)) {
            Subject[] subjects = {strand, fjp};
            // Warm both up once (JIT) before measuring anything.
            for (Subject s : subjects) {
                for (int b = 0; b < bursts; b++) {
                    Fib.check(s.name(), fibN, s.fib(fibN), want);
                }
            }
            Thread.sleep(500);

            // ------------------------------------------------ idle CPU
            int m = subjects.length;
            double[][] firstProc = new double[m][rounds];
            double[][] firstPool = new double[m][rounds];
            double[][] secondProc = new double[m][rounds];
            double[][] secondPool = new double[m][rounds];
            double[][] burstMs = new double[m][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int j = 0; j < m; j++) {
                    int k = (r % 2 == 0) ? j : m - 1 - j;     // ABBA order
                    Subject s = subjects[k];
                    long b0 = System.nanoTime();
                    for (int b = 0; b < bursts; b++) {
                        Fib.check(s.name(), fibN, s.fib(fibN), want);
                    }
                    burstMs[k][r] = (System.nanoTime() - b0) / 1e6 / bursts;
                    List<Thread> threads = s.threads();
                    Window w1 = idleWindow(threads, 1000);
                    Window w2 = idleWindow(threads, 1000);
                    firstProc[k][r] = w1.process();
                    firstPool[k][r] = w1.pool();
                    secondProc[k][r] = w2.process();
                    secondPool[k][r] = w2.pool();
                    if (w1.top() != null) {
                        tops.add(s.name() + ", round " + (r + 1) + ", 1st s after burst:\n" + w1.top());
                        tops.add(s.name() + ", round " + (r + 1) + ", 2nd s after burst:\n" + w2.top());
                    }
                }
            }

            System.out.println();
            System.out.println("Idle CPU, % of one core (median over rounds; max in parentheses)");
            System.out.println("process clock: " + processClock() + "; pool threads: ThreadMXBean "
                    + "thread CPU time");
            String hdr = String.format("%-8s %-24s %18s %18s %12s", "impl", "window", "process",
                    "pool threads", "burst ms/fib");
            System.out.println(hdr);
            System.out.println("-".repeat(hdr.length()));
            System.out.printf("%-8s %-24s %18s %18s %12s%n", "jvm", "baseline, no pool",
                    pct(baseline.process()), "-", "-");
            for (int k = 0; k < m; k++) {
                String name = subjects[k].name();
                System.out.printf("%-8s %-24s %18s %18s %12.1f%n", name, "1st s after burst",
                        medMax(firstProc[k]), medMax(firstPool[k]), Stats.median(burstMs[k]));
                System.out.printf("%-8s %-24s %18s %18s %12s%n", name, "2nd s after burst",
                        medMax(secondProc[k]), medMax(secondPool[k]), "");
            }

            if (!tops.isEmpty()) {
                System.out.println();
                System.out.println("Busiest threads per window (tid, name, % of one core):");
                tops.forEach(System.out::print);
            }

            // ------------------------------------------------ wake-up latency
            PoolStats beforeLatency = strand.stats();
            long[][] lat = new long[m][samples];
            for (int i = 0; i < samples; i++) {
                for (int j = 0; j < m; j++) {
                    int k = (i % 2 == 0) ? j : m - 1 - j;
                    Thread.sleep(idleMs);
                    lat[k][i] = subjects[k].wakeLatency();
                }
            }
            System.out.println();
            System.out.printf("Wake-up latency: submit from outside to task start, pool idle %d ms "
                    + "before each sample; %d samples each, interleaved (microseconds)%n", idleMs, samples);
            String lh = String.format("%-8s %10s %10s %10s %10s %10s %10s", "impl", "min", "median",
                    "p90", "p99", "max", "mean");
            System.out.println(lh);
            System.out.println("-".repeat(lh.length()));
            for (int k = 0; k < m; k++) {
                long[] a = lat[k];
                double mean = Arrays.stream(a).average().orElse(Double.NaN);
                System.out.printf("%-8s %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f%n",
                        subjects[k].name(), Stats.percentile(a, 0) / 1e3, Stats.median(a) / 1e3,
                        Stats.percentile(a, 90) / 1e3, Stats.percentile(a, 99) / 1e3,
                        Stats.percentile(a, 100) / 1e3, mean / 1e3);
            }
            PoolStats dl = strand.stats().since(beforeLatency);
            System.out.printf("strand during the latency samples, per sample: tasks %.2f, parks %.2f, "
                            + "wake-ups issued by workers %.2f (waking the next searcher)%n",
                    (double) dl.tasksRun() / samples, (double) dl.parks() / samples,
                    (double) dl.unparks() / samples);
            System.out.println();
            PoolStats st = strand.stats();
            System.out.printf("strand pool counters (whole run): tasks %d, steals %d, parks %d, "
                    + "unparks %d%n", st.tasksRun(), st.steals(), st.parks(), st.unparks());
            System.out.printf("fjp pool: steals %d, threads created %d%n", fjp.pool.getStealCount(),
                    fjp.created.size());
        }
    }

    private static int intArg(String[] args, int i, String opt) {
        if (i >= args.length) {
            throw new IllegalArgumentException(opt + " needs a value");
        }
        int v = Integer.parseInt(args[i]);
        if (v < 1) {
            throw new IllegalArgumentException(opt + " must be >= 1, got " + v);
        }
        return v;
    }


    private static String pct(double v) {
        return Double.isNaN(v) ? "n/a" : String.format("%.2f %%", v);
    }

    private static String medMax(double[] v) {
        double max = Arrays.stream(v).max().orElse(Double.NaN);
        return v.length == 1 ? pct(v[0]) : pct(Stats.median(v)) + " (" + String.format("%.2f", max) + ")";
    }
}
