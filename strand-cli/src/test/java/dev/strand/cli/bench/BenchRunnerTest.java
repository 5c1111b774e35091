package dev.strand.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cli.out.Progress;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class BenchRunnerTest {

    /**
     * Records the order of runs; the strand variant returns a wrong result if asked to: every run,
     * or only its {@code wrongAt}-th (counting from 1).
     */
    static final class Fake extends Workload {
        final boolean wrong;
        final int wrongAt;
        final List<Variant> order = new ArrayList<>();

        Fake(boolean wrong) {
            this(wrong, 0);
        }

        Fake(boolean wrong, int wrongAt) {
            this.wrong = wrong;
            this.wrongAt = wrongAt;
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public String params() {
            return "-";
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        }

        @Override
        public Object run(Variant v) throws Exception {
            order.add(v);
            Thread.sleep(v == Variant.SERIAL ? 4 : 2);
            long nth = order.stream().filter(x -> x == Variant.STRAND).count();
            boolean bad = wrong && v == Variant.STRAND && (wrongAt == 0 || nth == wrongAt);
            return bad ? 41 : 42;
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("fake " + v.label(), (Integer) result, 42);
        }
    }

    @Test
    void roundsRotateTheOrderAndRatiosComeFromTheSameRound() throws Exception {
        Fake f = new Fake(false);
        BenchRunner.KernelRun run = BenchRunner.run(f, f.variants(), new BenchRunner.Plan(1, 1, 3, 0, false, 0), Progress.start("t", 1, false));
        assertThat(f.order).containsExactly(
                Variant.SERIAL, Variant.STRAND, Variant.FJP,     // warm-up (round -1)
                Variant.STRAND, Variant.FJP, Variant.SERIAL,     // round 0 starts one later
                Variant.FJP, Variant.SERIAL, Variant.STRAND,
                Variant.SERIAL, Variant.STRAND, Variant.FJP);
        assertThat(run.samples()).hasSize(9);
        List<BenchReport.Row> rows = BenchReport.summarize(run, Double.NaN, 2);
        assertThat(rows).extracting(BenchReport.Row::variant).containsExactly(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        BenchReport.Row strand = rows.get(1);
        double[] ratios = new double[3];
        for (int r = 0; r < 3; r++) {
            int round = r;
            double serial = run.samples().stream().filter(x -> x.round() == round && x.variant() == Variant.SERIAL)
                    .findFirst().orElseThrow().value();
            double st = run.samples().stream().filter(x -> x.round() == round && x.variant() == Variant.STRAND)
                    .findFirst().orElseThrow().value();
            ratios[r] = serial / st;
        }
        java.util.Arrays.sort(ratios);
        assertThat(strand.speedup()).isEqualTo(ratios[1]);       // median of the per-round ratios
        assertThat(strand.vsFjp()).isPositive();
        assertThat(strand.kept()).isEqualTo(3);
        assertThat(strand.goal()).isEmpty();                    // no goals given

        Goals goals = Goals.parse(Path.of("g"), "fake = speedup > 0, vs-fjp < 1000", List.of("fake"));
        assertThat(BenchReport.summarize(run, Double.NaN, 2, goals)).extracting(BenchReport.Row::goal)
                .containsExactly("", "met", "");                 // strand rows only
        goals = Goals.parse(Path.of("g"), "fake = speedup > 0, vs-fjp > 1000", List.of("fake"));
        assertThat(BenchReport.summarize(run, Double.NaN, 2, goals).get(1).goal()).isEqualTo("NOT met");
        goals = Goals.parse(Path.of("g"), "fake = speedup > 0, p = 1", List.of("fake"));
        assertThat(BenchReport.summarize(run, Double.NaN, 2, goals).get(1).goal()).isEqualTo("n/a");
        assertThat(BenchReport.summarize(run, Double.NaN, 1, goals).get(1).goal()).isEqualTo("met");
        goals = Goals.parse(Path.of("g"), "other = speedup > 0", List.of("fake", "other"));
        assertThat(BenchReport.summarize(run, Double.NaN, 2, goals).get(1).goal()).isEmpty();
    }

    @Test
    void theShippedGoalsFileReadsAndSetsAGoalForEveryKernelButAsyncTree() throws Exception {
        Goals goals = Goals.read(Path.of("..", "docs", "bench", "goals.properties"), Catalog.names());
        for (String k : Catalog.names()) {
            assertThat(goals.of(k)).as(k).matches(g -> k.equals("async-tree") == (g == null));
        }
        assertThat(goals.of("fib")).hasToString("vs-fjp <= 0.5 (at P=1 only)");
        assertThat(goals.of("uts-t3")).hasToString("speedup >= 1.85, vs-fjp <= 1");
        assertThat(goals.of("async-external").conditions().get(0).bound()).isEqualTo(1 / 1.5);
        assertThat(goals.of("idle")).hasToString("median < 1");
    }

    @Test
    void shortRunsAreBatchedIntoSamplesAndReportedPerRun() throws Exception {
        Fake f = new Fake(false);
        // runs take >= 4 ms (serial) and >= 2 ms (others): samples of 20 ms need 2..5 and 2..10 runs
        BenchRunner.KernelRun run = BenchRunner.run(f, f.variants(), new BenchRunner.Plan(1, 1, 2, 0, false, 20),
                Progress.start("t", 1, false));
        assertThat(run.samples()).hasSize(6);
        int runs = 3;                                   // the warm-up round: one run per variant
        for (BenchRunner.Sample s : run.samples()) {
            int most = s.variant() == Variant.SERIAL ? 5 : 10;
            assertThat(s.reps()).as(s.toString()).isBetween(2, most);
            assertThat(s.value()).as("per run, not per sample").isEqualTo(s.wallNanos() / 1e6, Offset.offset(1e-6))
                    .isGreaterThanOrEqualTo(s.variant() == Variant.SERIAL ? 4.0 : 2.0);
            runs += s.reps();
        }
        assertThat(f.order).hasSize(runs);
        List<BenchReport.Row> rows = BenchReport.summarize(run, Double.NaN, 2);
        assertThat(rows).allSatisfy(r -> assertThat(r.reps()).isGreaterThan(1));
        assertThat(BenchReport.extras(rows.get(0))).contains("runs/sample");

        // without a warm-up round there is nothing to size a batch from: one run per sample
        Fake cold = new Fake(false);
        assertThat(BenchRunner.run(cold, cold.variants(), new BenchRunner.Plan(1, 0, 1, 0, false, 20),
                Progress.start("t", 1, false)).samples()).allSatisfy(s -> assertThat(s.reps()).isEqualTo(1));
    }

    @Test
    void everyRunOfABatchIsChecked() {
        Fake f = new Fake(true, 2);   // the 1st run of strand's first batch (the warm-up ran the 1st)
        assertThatThrownBy(() -> BenchRunner.run(f, f.variants(), new BenchRunner.Plan(1, 1, 1, 0, false, 20),
                Progress.start("t", 1, false)))
                .isInstanceOf(WrongResultException.class).hasMessage("fake strand: got 41, expected 42");
    }

    @Test
    void aWrongResultStopsTheRun() {
        Fake f = new Fake(true);
        assertThatThrownBy(() -> BenchRunner.run(f, f.variants(), new BenchRunner.Plan(1, 0, 2, 1, false, 0), Progress.start("t", 1, false)))
                .isInstanceOf(WrongResultException.class).hasMessage("fake strand: got 41, expected 42");
    }

    @Test
    void quietFilterDropsBusySamplesAndTheirRatios() {
        Fake f = new Fake(false);
        List<BenchRunner.Sample> s = List.of(
                new BenchRunner.Sample(Variant.SERIAL, 0, 10, 10_000_000, 0, 0.0, -1, Map.of()),
                new BenchRunner.Sample(Variant.STRAND, 0, 5, 5_000_000, 0, 0.5, 3, Map.of()),
                new BenchRunner.Sample(Variant.SERIAL, 1, 10, 10_000_000, 0, 0.0, -1, Map.of()),
                new BenchRunner.Sample(Variant.STRAND, 1, 8, 8_000_000, 0, 0.05, 3, Map.of()));
        BenchRunner.KernelRun run = new BenchRunner.KernelRun(f, List.of(Variant.SERIAL, Variant.STRAND), s);
        List<BenchReport.Row> all = BenchReport.summarize(run, Double.NaN, 2);
        assertThat(all.get(1).speedup()).isEqualTo((2.0 + 1.25) / 2);
        List<BenchReport.Row> quiet = BenchReport.summarize(run, 0.1, 2);
        assertThat(quiet.get(1).kept()).isEqualTo(1);
        assertThat(quiet.get(1).total()).isEqualTo(2);
        assertThat(quiet.get(1).speedup()).isEqualTo(1.25);
        assertThat(quiet.get(1).median()).isEqualTo(8.0);
    }

    /** A kernel whose serial run waits until {@code copies} of it run at once, then returns 42. */
    static final class Rendezvous extends Workload {
        final java.util.concurrent.CyclicBarrier barrier;
        final java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final boolean wrong;

        Rendezvous(int copies, boolean wrong) {
            this.barrier = new java.util.concurrent.CyclicBarrier(copies);
            this.wrong = wrong;
        }

        @Override
        public String name() {
            return "rendezvous";
        }

        @Override
        public String params() {
            return "-";
        }

        @Override
        public boolean serialIsReentrant() {
            return true;
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.CEILING);
        }

        @Override
        public Object run(Variant v) throws Exception {
            threads.add(Thread.currentThread().getName());
            if (Thread.currentThread().getName().startsWith("strand-bench-ceiling-")) {
                barrier.await(10, java.util.concurrent.TimeUnit.SECONDS);   // all copies at once
                return wrong ? 41 : 42;
            }
            return 42;
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("rendezvous " + v.label(), (Integer) result, 42);
        }
    }

    @Test
    void theCeilingRunsPCopiesOfTheSerialCodeAtOnceAndChecksEach() throws Exception {
        Rendezvous w = new Rendezvous(3, false);
        BenchRunner.KernelRun run = BenchRunner.run(w, w.variants(), new BenchRunner.Plan(3, 0, 2, 0, false, 0), Progress.start("t", 1, false));
        assertThat(w.threads).contains("strand-bench-ceiling-0", "strand-bench-ceiling-1", "strand-bench-ceiling-2");
        assertThat(run.samples()).filteredOn(s -> s.variant() == Variant.CEILING).hasSize(2);

        Rendezvous bad = new Rendezvous(2, true);
        assertThatThrownBy(() -> BenchRunner.run(bad, bad.variants(), new BenchRunner.Plan(2, 0, 1, 0, false, 0), Progress.start("t", 1, false)))
                .isInstanceOf(WrongResultException.class).hasMessage("rendezvous serial: got 41, expected 42");
    }

    /**
     * A kernel whose serial run hands its work (a CPU spin of {@code spinMs}) to a thread that lives
     * across runs and waits for it, as UTS does with a deep tree's recursion.
     */
    static final class HandsOff extends Workload {
        final long spinMs;
        final java.util.concurrent.ExecutorService helper = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "hands-off-helper");
            t.setDaemon(true);
            return t;
        });

        HandsOff(long spinMs) {
            this.spinMs = spinMs;
        }

        @Override
        public String name() {
            return "hands-off";
        }

        @Override
        public String params() {
            return "-";
        }

        @Override
        public boolean serialIsReentrant() {
            return true;
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.CEILING);
        }

        @Override
        public Object run(Variant v) throws Exception {
            return helper.submit(() -> {
                // Spins until this thread has used spinMs of CPU, not of wall time: on a busy
                // machine a wall-clock spin gets less CPU than it asks for.
                ThreadMXBean mx = ManagementFactory.getThreadMXBean();
                long end = mx.getCurrentThreadCpuTime() + spinMs * 1_000_000;
                long x = 0;
                while (mx.getCurrentThreadCpuTime() < end) {
                    x++;
                }
                return x > 0 ? 42 : 0;
            }).get();
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("hands-off " + v.label(), (Integer) result, 42);
        }

        @Override
        public void close() {
            helper.shutdown();
        }
    }

    @Test
    void theCeilingCountsTheCpuOfThreadsTheCopiesHandedWorkTo() throws Exception {
        try (HandsOff w = new HandsOff(60)) {
            BenchRunner.KernelRun run = BenchRunner.run(w, w.variants(), new BenchRunner.Plan(2, 0, 1, 0, false, 0),
                    Progress.start("t", 1, false));
            // two copies of 60 ms of CPU each, on helper threads: the copies' own clocks read about 0
            assertThat(run.samples()).filteredOn(s -> s.variant() == Variant.CEILING).singleElement()
                    .satisfies(s -> assertThat(s.cpuNanos()).isGreaterThan(100_000_000L));
            assertThat(run.samples()).filteredOn(s -> s.variant() == Variant.SERIAL).singleElement()
                    .satisfies(s -> assertThat(s.cpuNanos()).isGreaterThan(50_000_000L));
        }
    }

    @Test
    void theCeilingsSpeedupCountsTheWorkOfAllPCopies() {
        Fake f = new Fake(false);
        List<BenchRunner.Sample> s = List.of(
                new BenchRunner.Sample(Variant.SERIAL, 0, 10, 10_000_000, 0, 0.0, -1, Map.of()),
                new BenchRunner.Sample(Variant.CEILING, 0, 11, 12_000_000, 0, 0.0, -1, Map.of()));
        BenchRunner.KernelRun run = new BenchRunner.KernelRun(f, List.of(Variant.SERIAL, Variant.CEILING), s);
        BenchReport.Row ceiling = BenchReport.summarize(run, Double.NaN, 2).get(1);
        assertThat(ceiling.speedup()).isEqualTo(2 * 10 / 11.0);
        assertThat(ceiling.vsFjp()).isNaN();
        assertThat(BenchReport.perUnit(ceiling)).isEqualTo("-");
    }
}
