package dev.strand.cli.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pieces that decide what a soak run expects and whether it leaked. */
class SoakPartsTest {

    @Test
    void aTreesSerialCountMatchesAWalkAndNthVisitsEveryNode() {
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 50; i++) {
            Tree t = Tree.random(r, 5_000);
            long n = t.serialCount();
            assertThat(n).isBetween(1L, 5_000L);
            List<Long> ids = new ArrayList<>();
            walk(t, t.root(), 0, ids);
            assertThat((long) ids.size()).isEqualTo(n);
            assertThat(t.nth(0)).isEqualTo(t.root());
            assertThat(t.nth(n - 1)).isEqualTo(ids.get(ids.size() - 1));
            int k = r.nextInt((int) n);
            assertThat(t.nth(k)).isEqualTo(ids.get(k));
        }
        Tree full = new Tree(5, 0, 4);
        assertThat(full.serialCount()).isEqualTo(1);
    }

    private static void walk(Tree t, long id, int depth, List<Long> out) {
        out.add(id);
        for (int i = 0; i < t.fan(id, depth); i++) {
            walk(t, Tree.child(id, i), depth + 1, out);
        }
    }

    @Test
    void theJoinTreesSerialCountIsItsLeafCount() {
        TreeWorkloads.JoinTree jt = new TreeWorkloads.JoinTree(9, 1, -1);
        long[] inner = new long[1];
        assertThat(jt.serialLeaves(0, 1000, inner)).isEqualTo(1000);  // grain 1: a leaf per index
        assertThat(inner[0]).isEqualTo(999);                            // a binary tree's splits
    }

    @Test
    void heapVerdict() {
        long mb = 1L << 20;
        assertThat(Verdicts.heap(List.of(10 * mb, 10 * mb)).ok()).isTrue();
        assertThat(Verdicts.heap(List.of(10 * mb, 10 * mb)).text()).contains("not checked");
        List<Long> flat = new ArrayList<>(Collections.nCopies(20, 30 * mb));
        flat.set(19, 90 * mb);                    // one noisy sample is not a trend
        assertThat(Verdicts.heap(flat).ok()).isTrue();
        List<Long> growing = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            growing.add((30 + 10L * i) * mb);
        }
        assertThat(Verdicts.heap(growing).ok()).isFalse();
        assertThat(Verdicts.heap(growing).text()).contains("GROWING");
    }

    @Test
    void threadVerdict() {
        assertThat(Verdicts.threads(10, 14, 0).ok()).isTrue();
        assertThat(Verdicts.threads(10, 15, 0).ok()).isFalse();
        assertThat(Verdicts.threads(10, 10, 1).ok()).isFalse();
    }

    @Test
    void durations() {
        assertThat(DurationConverter.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(DurationConverter.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DurationConverter.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(DurationConverter.parse("30")).isNull();
        assertThat(DurationConverter.parse("s")).isNull();
        assertThat(DurationConverter.parse("")).isNull();
        assertThat(DurationConverter.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(DurationConverter.format(Duration.ofMinutes(10))).isEqualTo("10m");
        assertThat(DurationConverter.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    }
}
