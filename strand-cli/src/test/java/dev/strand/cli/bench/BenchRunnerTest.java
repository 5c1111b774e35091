package dev.strand.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cli.out.Progress;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchRunnerTest {

    /** Records the order of runs; the strand variant returns a wrong result if asked to. */
    static final class Fake extends Workload {
        final boolean wrong;
        final List<Variant> order = new ArrayList<>();

        Fake(boolean wrong) {
            this.wrong = wrong;
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
            return v == Variant.STRAND && wrong ? 41 : 42;
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("fake " + v.label(), (Integer) result, 42);
        }
    }

    @Test
    void roundsRotateTheOrderAndRatiosComeFromTheSameRound() throws Exception {
        Fake f = new Fake(false);
        BenchRunner.KernelRun run = BenchRunner.run(f, f.variants(), 1, 1, 3, 0, Progress.start("t", 1, false));
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
        assertThat(strand.goal()).isIn("met", "NOT met");
    }

    @Test
    void aWrongResultStopsTheRun() {
        Fake f = new Fake(true);
        assertThatThrownBy(() -> BenchRunner.run(f, f.variants(), 1, 0, 2, 1, Progress.start("t", 1, false)))
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
}
