package dev.strand.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.strand.StrandPool;
import org.junit.jupiter.api.Test;

/**
 * A region entered outside the pool keeps what it submitted as its own recording: a DAG whose work
 * and span are the region's row, not the pool's, so it can be replayed alone.
 */
class RegionRecordingTest {
    private static final long LEAF = 2_000_000L;

    private static StrandPool profiling() {
        return StrandPool.builder().parallelism(2).name("regions").profile(true).build();
    }

    /** Work and span of a node, evaluated as a fully strict fork-join frame. */
    private static long[] evaluate(DagRecording.Node n) {
        long work = 0;
        long path = 0;
        long joined = 0;                          // the latest end among the children spawned
        for (int i = 0; i < n.size(); i++) {
            switch (n.kind(i)) {
                case WORK, BLOB -> {
                    work += n.work(i);
                    path += n.span(i);
                }
                case SPAWN -> {
                    long[] k = evaluate(n.child(i));
                    work += k[0];
                    joined = Math.max(joined, path + k[1]);
                }
                case CALL -> {
                    long[] k = evaluate(n.child(i));
                    work += k[0];
                    path += k[1];
                }
                case SYNC -> path = Math.max(path, joined);
                default -> throw new AssertionError(n.kind(i));
            }
        }
        return new long[] {work, Math.max(path, joined)};
    }

    @Test
    void aRegionAroundInvokesHasItsOwnRecordingWithItsRowsWorkAndSpan() {
        try (StrandPool pool = profiling()) {
            pool.invoke(new ProfilerAccuracyTest.TreeTask(2));            // before any region
            for (int i = 0; i < 2; i++) {
                Profiler.region("tree", () -> pool.invoke(new ProfilerAccuracyTest.TreeTask(3)));
            }
            Profiler.region("chain", () -> {
                pool.invoke(() -> ProfilerAccuracyTest.leaf(LEAF));
                pool.invoke(() -> ProfilerAccuracyTest.leaf(LEAF));
            });
            ProfileReport r = pool.profile();

            for (String name : new String[] {"tree", "chain"}) {
                WorkSpan row = r.region(name);
                DagRecording dag = r.recording().region(name).orElseThrow();
                long[] ws = evaluate(dag.root());
                assertThat((double) ws[0]).as("%s: the recording's work is the row's", name)
                        .isCloseTo((double) row.workNanos(), within(0.01 * row.workNanos()));
                assertThat((double) ws[1]).as("%s: the recording's span is the row's", name)
                        .isCloseTo((double) row.spanNanos(), within(0.01 * row.spanNanos()));
            }
            long[] all = evaluate(r.recording().root());
            long[] tree = evaluate(r.recording().region("tree").orElseThrow().root());
            assertThat(tree[0]).as("the region leaves out the invoke before it").isLessThan(all[0] - 3 * LEAF);
            // Two executions of a tree of 8 leaves, in series on one thread: span two leaves' worth,
            // parallelism near 8 (each invoke's span is one leaf).
            assertThat((double) tree[0] / tree[1]).as("the tree region's parallelism").isGreaterThan(4.0);
            long[] chain = evaluate(r.recording().region("chain").orElseThrow().root());
            assertThat((double) chain[0] / chain[1]).as("two invokes in series have parallelism 1")
                    .isCloseTo(1.0, within(0.05));
        }
    }

    @Test
    void aRegionInsideATaskOrUnknownHasNoRecordingOfItsOwn() {
        try (StrandPool pool = profiling()) {
            pool.invoke(() -> Profiler.region("inside", () -> ProfilerAccuracyTest.leaf(LEAF)));
            ProfileReport r = pool.profile();
            assertThat(r.region("inside")).as("the row exists").isNotNull();
            assertThat(r.recording().region("inside")).isEmpty();
            assertThat(r.recording().region("no such region")).isEmpty();
        }
    }
}
