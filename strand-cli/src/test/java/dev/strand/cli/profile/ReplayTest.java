package dev.strand.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.profile.DagRecording;
import dev.strand.profile.DagRecording.Kind;
import dev.strand.profile.ProfileReport;
import dev.strand.sim.dag.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The replay of recordings whose shape is known: built by hand, and profiled in-process. */
class ReplayTest {

    /** A frame built by hand: its actions in order. */
    static final class Built implements DagRecording.Node {
        private final List<Kind> kinds = new ArrayList<>();
        private final List<long[]> times = new ArrayList<>();
        private final List<Built> kids = new ArrayList<>();

        Built serial(long ns) {
            return add(Kind.WORK, ns, ns, null);
        }

        Built blob(long work, long span) {
            return add(Kind.BLOB, work, span, null);
        }

        Built spawn(Built k) {
            return add(Kind.SPAWN, 0, 0, k);
        }

        Built call(Built k) {
            return add(Kind.CALL, 0, 0, k);
        }

        Built sync() {
            return add(Kind.SYNC, 0, 0, null);
        }

        private Built add(Kind k, long w, long s, Built kid) {
            kinds.add(k);
            times.add(new long[] {w, s});
            kids.add(kid);
            return this;
        }

        @Override
        public int size() {
            return kinds.size();
        }

        @Override
        public Kind kind(int i) {
            return kinds.get(i);
        }

        @Override
        public long work(int i) {
            return kinds.get(i) == Kind.WORK || kinds.get(i) == Kind.BLOB ? times.get(i)[0] : 0;
        }

        @Override
        public long span(int i) {
            return kinds.get(i) == Kind.WORK || kinds.get(i) == Kind.BLOB ? times.get(i)[1] : 0;
        }

        @Override
        public DagRecording.Node child(int i) {
            return kids.get(i);
        }
    }

    static DagRecording recording(Built root) {
        return new DagRecording() {
            @Override
            public Built root() {
                return root;
            }

            @Override
            public long grainNanos() {
                return 20_000;
            }

            @Override
            public boolean truncated() {
                return false;
            }
        };
    }

    static final long MS = 1_000_000L;

    @Test
    void aChainTakesItsWorkOnAnyNumberOfWorkers() {
        Replay r = new Replay(recording(new Built().serial(3 * MS).serial(2 * MS)), 5 * MS, 5 * MS, 200);
        for (int p : new int[] {1, 2, 64}) {
            assertThat(r.predictNanos(p, 1)).as("P=%d", p).isCloseTo(5e6, within(1e3));
        }
    }

    /**
     * The laws bound every prediction: here the profile's span (6 ms) is longer than the recorded
     * tree's (5 ms: rounding, or time the recording could not place), and no P predicts below it,
     * nor below T1 / P.
     */
    @Test
    void noPredictionFallsBelowTheSpanOrTheWorkLaw() {
        Built root = new Built().spawn(new Built().serial(5 * MS)).spawn(new Built().serial(5 * MS)).sync();
        Replay r = new Replay(recording(root), 10 * MS, 6 * MS, 200);
        for (int p : new int[] {1, 2, 64, 1024}) {
            assertThat(r.predictNanos(p, 1)).as("P=%d", p).isGreaterThanOrEqualTo(Math.max(6e6, 10e6 / p));
        }
    }

    @Test
    void twoEqualBranchesHalveOnTwoWorkers() {
        Built root = new Built().spawn(new Built().serial(10 * MS)).spawn(new Built().serial(10 * MS)).sync();
        Replay r = new Replay(recording(root), 20 * MS, 10 * MS, 200);
        assertThat(r.predictNanos(1, 1)).isCloseTo(20e6, within(1e3));
        // one steal of a few units: 10 ms plus well under a percent
        assertThat(r.predictNanos(2, 1)).isBetween(10e6, 10.1e6);
    }

    @Test
    void aCallRunsInSeriesWithWhatFollows() {
        Built root = new Built().spawn(new Built().serial(4 * MS)).call(new Built().serial(4 * MS))
                .serial(4 * MS).sync();
        Replay r = new Replay(recording(root), 12 * MS, 8 * MS, 200);
        assertThat(r.dag(1).metrics().span() * r.unitNanos(1)).isEqualTo(8 * MS);
        assertThat(r.predictNanos(2, 1)).isBetween(8e6, 8.1e6);
    }

    @Test
    void manySegmentsShorterThanAUnitKeepTheirTotal() {
        // 1,000 segments of 30 ns between spawns of empty children: 30 us of work in all,
        // not 1,000 units of at least one unit each
        Built root = new Built();
        for (int i = 0; i < 1000; i++) {
            root.serial(30).spawn(new Built());
        }
        root.sync();
        Replay r = new Replay(recording(root), 30_000, 30_000, 200);
        assertThat(r.dag(1).metrics().work() * r.unitNanos(1)).isCloseTo(30_000L, within(100L));
    }

    @Test
    void aBlobKeepsItsWorkAndSpan() {
        Built root = new Built().serial(1 * MS).blob(64 * MS, 2 * MS).serial(1 * MS);
        Replay r = new Replay(recording(root), 66 * MS, 4 * MS, 200);
        long unit = r.unitNanos(4);
        Metrics m = r.dag(4).metrics();
        assertThat(m.work() * unit).isEqualTo(66 * MS);
        assertThat(m.span() * unit).isEqualTo(4 * MS);
        // 32 pieces of 2 ms on 4 workers: 8 pieces each (16 ms), plus the two serial ends
        assertThat(r.predictNanos(4, 1)).isBetween(18e6, 18.5e6);
    }

    @Test
    void aBlobWithARemainderAndAHugeNumberOfPiecesIsExact() {
        Replay.Blob b = (Replay.Blob) Replay.Blob.of(10_000_003L, 1L);
        Metrics m = Metrics.of(b);
        assertThat(m.work()).isEqualTo(10_000_003L);
        assertThat(m.span()).isEqualTo(1L);
        Metrics r = Metrics.of(Replay.Blob.of(7, 3));   // 3 + 3 + 1
        assertThat(r.work()).isEqualTo(7L);
        assertThat(r.span()).isEqualTo(3L);
    }

    @Test
    void theUnitGrowsWithPSoThatAReplayStaysCheap() {
        Replay r = new Replay(recording(new Built().serial(1000 * MS)), 1000 * MS, 1000 * MS, 200);
        assertThat(r.unitNanos(1)).isLessThan(r.unitNanos(1024));
        assertThat((1000 * MS + 1024.0 * 1000 * MS) / r.unitNanos(1024))
                .isLessThanOrEqualTo(Replay.STEP_BUDGET);
    }

    static final SchedulerCosts COSTS = new SchedulerCosts(50_000, 5_000, 20_000, 0, 100_000, false);

    /**
     * Two branches of 100 us: the bare replay predicts 100 us on two workers, but the second worker
     * is parked when the first push comes, so it starts the stolen branch a wake-up (50 us) later;
     * the invoke on an idle pool (100 us) comes on top at every P.
     */
    @Test
    void aSmallRunOnTwoWorkersPaysTheWakeUpOfTheParkedOne() {
        Built root = new Built().spawn(new Built().serial(100_000)).spawn(new Built().serial(100_000)).sync();
        Replay bare = new Replay(recording(root), 200_000, 100_000, 500);
        assertThat(bare.predictNanos(2, 1)).isBetween(100e3, 102e3);
        Replay r = new Replay(recording(root), 200_000, 100_000, 500, 2, 1, COSTS);
        assertThat(r.predictNanos(1, 1)).isCloseTo(300e3, within(1e3));
        assertThat(r.predictNanos(2, 1)).isBetween(100e3 + 50e3 + 100e3, 100e3 + 50e3 + 100e3 + 6e3);
    }

    /**
     * The same two branches with a run's first wake-up of 80 us: the thief starts the stolen branch
     * 80 us after the push instead of 50, and the one-worker prediction does not change. The costs'
     * line names both figures.
     */
    @Test
    void aRunsFirstWakeUpIsChargedInsteadOfTheWakeUp() {
        Built root = new Built().spawn(new Built().serial(100_000)).spawn(new Built().serial(100_000)).sync();
        SchedulerCosts first = new SchedulerCosts(50_000, 5_000, 20_000, 0, 100_000, 80_000, false);
        Replay r = new Replay(recording(root), 200_000, 100_000, 500, 2, 1, first);
        assertThat(r.predictNanos(1, 1)).isCloseTo(300e3, within(1e3));
        assertThat(r.predictNanos(2, 1)).isBetween(100e3 + 80e3 + 100e3, 100e3 + 80e3 + 100e3 + 6e3);
        assertThat(first.describe()).contains("wake-up 50.0 us (a run's first: 80.0 us)");
        assertThat(COSTS.firstWakeNanos()).as("six figures: the first wake-up is the wake-up")
                .isEqualTo(COSTS.wakeNanos());
    }

    /** A spawn's set cost grows the work and span it is spread over, and so the prediction. */
    @Test
    void aSpawnsSetCostIsSpreadOverTheWork() {
        Built root = new Built().spawn(new Built().serial(MS)).spawn(new Built().serial(MS)).sync();
        SchedulerCosts c = new SchedulerCosts(0, 0, 0, 1_000, 0, false);
        Replay r = new Replay(recording(root), 2 * MS, MS, 500, 1000, 1, c);
        assertThat(r.scale()).isCloseTo(1.5, within(1e-9));
        assertThat(r.predictNanos(1, 1)).isCloseTo(3e6, within(1e3));
    }

    /**
     * With the scheduler's costs, every prediction from P = 1 to 1024 of a profiled fib is at least
     * the laws plus the invoke, and none is above the prediction at a smaller P.
     */
    @Test
    void predictionsWithCostsStayAboveTheLawsAndNeverRiseWithP() {
        ProfileReport rep;
        try (StrandPool pool = StrandPool.builder().name("replay-test").parallelism(2).profile(true).build()) {
            assertThat(pool.invoke(() -> fibJoin(24))).isEqualTo(46368L);
            rep = pool.profile();
        }
        List<Integer> ps = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024);
        List<Prediction> pr = Prediction.of(rep, ps, dev.strand.cli.out.Progress.start("test", 1, false), COSTS, true);
        double before = Double.MAX_VALUE;
        double work = rep.total().workNanos();
        double span = rep.total().spanNanos();
        for (Prediction x : pr) {
            assertThat(x.predictedNanos()).as("P=%d", x.p()).isLessThanOrEqualTo(before)
                    .isGreaterThanOrEqualTo(Math.max(span, work / x.p()) + rep.total().count() * 100e3);
            before = x.predictedNanos();
        }
    }

    /**
     * The bare replay (no scheduler's costs) of a profiled fib at P = 1..1024 never rises with P:
     * the simulator's own time could (random searches among many idle workers, coarser units).
     */
    @Test
    void bareReplayPredictionsNeverRiseWithP() {
        for (int run = 0; run < 2; run++) {
            ProfileReport rep;
            try (StrandPool pool = StrandPool.builder().name("replay-test").parallelism(2).profile(true).build()) {
                assertThat(pool.invoke(() -> fib(25))).isEqualTo(75025L);
                rep = pool.profile();
            }
            List<Integer> ps = List.of(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768,
                    1024);
            List<Prediction> pr = Prediction.of(rep, ps, dev.strand.cli.out.Progress.start("test", 1, false));
            for (int i = 1; i < pr.size(); i++) {
                assertThat(pr.get(i).predictedNanos()).as("run %d, P=%d", run, pr.get(i).p())
                        .isLessThanOrEqualTo(pr.get(i - 1).predictedNanos());
            }
        }
    }

    /** fib with a handle per level: a frame holds several children at once and joins them LIFO. */
    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        if (n <= 16) {
            return fib(n - 1) + fib(n - 2);
        }
        Task<Long> a = Strand.fork(() -> fib(n - 1));
        long b = fib(n - 2);
        return a.join() + b;
    }

    /** fib with {@code Strand.join}: each frame has one child at a time, which replay keeps exactly. */
    static long fibJoin(int n) {
        if (n <= 16) {
            return fib(n);
        }
        var r = Strand.join(() -> fibJoin(n - 1), () -> fibJoin(n - 2));
        return r.first() + r.second();
    }

    /** A profiled run of {@code program} and its replay at P = 1, in nanoseconds. */
    private record Replayed(long work, long span, Replay replay, long unit, double replayedWork,
            double replayedSpan) {
        static Replayed of(Supplier<Long> program, long expected) {
            ProfileReport rep;
            try (StrandPool pool = StrandPool.builder().name("replay-test").parallelism(2).profile(true)
                    .build()) {
                assertThat(pool.invoke(program)).isEqualTo(expected);
                rep = pool.profile();
            }
            long work = rep.total().workNanos();
            long span = rep.total().spanNanos();
            Replay r = new Replay(rep.recording(), work, span, rep.burdenNanos());
            Metrics m = r.dag(1).metrics();
            long unit = r.unitNanos(1);
            Replayed x = new Replayed(work, span, r, unit, (double) m.work() * unit, (double) m.span() * unit);
            // the recording keeps the work exactly; the replay rounds per frame to a unit
            assertThat(x.replayedWork()).isCloseTo((double) work, within(0.01 * (double) work));
            return x;
        }
    }

    @Test
    void aProfiledProgramReplaysWithItsProfiledWorkAndSpan() {
        Replayed x = Replayed.of(() -> fibJoin(27), 196418L);
        assertThat(x.replayedSpan()).isCloseTo((double) x.span(),
                within(0.05 * (double) x.span() + 10.0 * (double) x.unit()));
        double t1 = x.replay().predictNanos(1, 1);
        double t2 = x.replay().predictNanos(2, 1);
        // the replayed work, or the profiled work where rounding left the replay below it (the work law)
        assertThat(t1).isCloseTo(Math.max(x.replayedWork(), (double) x.work()), within(x.unit() * 1.0));
        assertThat(t2).isLessThan(t1).isGreaterThanOrEqualTo(Math.max(t1 / 2, x.replayedSpan()));
    }

    /**
     * A join of one of several children is recorded as a sync of all of them, so the replay may
     * only lengthen the span (by whatever the frame did after its first join while an earlier
     * child still ran): never shorten it, and the work stays exact.
     */
    @Test
    void joinsOfOneOfSeveralChildrenCanOnlyLengthenTheReplayedSpan() {
        Replayed x = Replayed.of(() -> fib(27), 196418L);
        assertThat(x.replayedSpan()).isGreaterThanOrEqualTo(0.95 * x.span() - 10.0 * x.unit())
                .isLessThanOrEqualTo((double) x.work());
    }
}
