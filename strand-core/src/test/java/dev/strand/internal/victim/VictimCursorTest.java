package dev.strand.internal.victim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.internal.topology.Topology;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VictimCursorTest {

    private static List<Integer> sweep(VictimCursor c, int random, int back0, int back1, int slots) {
        c.begin(random, back0, back1, slots);
        List<Integer> out = new ArrayList<>();
        for (int v; (v = c.next()) >= 0; ) {
            out.add(v);
        }
        return out;
    }

    private static void assertEveryOtherSlotOnce(List<Integer> order, int self, int slots) {
        assertThat(order).doesNotContain(self).doesNotHaveDuplicates().hasSize(slots - 1);
        assertThat(order).allMatch(v -> v >= 0 && v < slots);
    }

    @Test
    void aSweepVisitsEveryOtherSlotOnceNearBeforeFar() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (String spec : new String[] {"flat", "2x4", "2x2x4", "4x2", "3x5", "0-2;3-6;7"}) {
            Topology t = Topology.of(spec);
            for (int core = 1; core <= 20; core++) {
                TieredVictims plan = new TieredVictims(t, core);
                for (int self = 0; self < core; self++) {
                    VictimCursor c = new VictimCursor(plan, self);
                    int ps = t.placeOf(self, core);
                    for (int i = 0; i < 30; i++) {
                        int slots = core + rnd.nextInt(3);          // a few spare slots too
                        List<Integer> order = sweep(c, rnd.nextInt(), -1, -1, slots);
                        assertEveryOtherSlotOnce(order, self, slots);
                        int last = 0;
                        for (int v : order) {
                            if (v >= core) {
                                continue;                         // spares: after the core workers
                            }
                            int d = t.distance(ps, t.placeOf(v, core));
                            assertThat(d).as("%s core=%d self=%d order=%s", spec, core, self, order)
                                    .isGreaterThanOrEqualTo(last);
                            last = d;
                        }
                        List<Integer> spares = order.subList(order.size() - (slots - core), order.size());
                        int n = core;
                        assertThat(spares).allMatch(v -> v >= n);
                    }
                }
            }
        }
    }

    @Test
    void nearVictimsComeFirstOnTwoSockets() {
        TieredVictims plan = new TieredVictims(Topology.of("2x4"), 8);
        VictimCursor c = new VictimCursor(plan, 1);
        List<Integer> order = sweep(c, 12345, -1, -1, 8);
        assertThat(order.subList(0, 3)).containsExactlyInAnyOrder(0, 2, 3);
        assertThat(order.subList(3, 7)).containsExactlyInAnyOrder(4, 5, 6, 7);
        assertThat(plan.topGroup(1)).isNotEqualTo(plan.topGroup(5));
        assertThat(plan.topGroup(8 + 5)).isEqualTo(plan.topGroup(5));   // a spare where worker 5 is
    }

    @Test
    void eachRingIsRandomized() {
        TieredVictims plan = new TieredVictims(Topology.of("2x8"), 16);
        VictimCursor c = new VictimCursor(plan, 3);
        SplittableRandom rnd = new SplittableRandom(5);
        Set<Integer> firstNear = new HashSet<>();
        Set<Integer> firstFar = new HashSet<>();
        Set<List<Integer>> orders = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            List<Integer> order = sweep(c, rnd.nextInt(), -1, -1, 16);
            firstNear.add(order.get(0));
            firstFar.add(order.get(7));
            orders.add(order);
        }
        assertThat(firstNear).containsExactlyInAnyOrder(0, 1, 2, 4, 5, 6, 7);   // every near worker starts some sweep
        assertThat(firstFar).containsExactlyInAnyOrder(8, 9, 10, 11, 12, 13, 14, 15);
        assertThat(orders.size()).isGreaterThan(100);
    }

    @Test
    void stealBackTriesTheThievesOfItsWorkFirst() {
        TieredVictims plan = new TieredVictims(Topology.of("2x4"), 8);
        VictimCursor c = new VictimCursor(plan, 1);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            int slots = 8 + i % 3;
            List<Integer> order = sweep(c, rnd.nextInt(), 6, 2, slots);
            assertThat(order.subList(0, 2)).containsExactly(6, 2);     // the latest thief, then the one before
            assertEveryOtherSlotOnce(order, 1, slots);
            c.begin(rnd.nextInt(), 6, 2, slots);
            assertThat(c.next()).isEqualTo(6);
            assertThat(c.fromBack()).isTrue();
            c.next();
            assertThat(c.fromBack()).isTrue();
            c.next();
            assertThat(c.fromBack()).isFalse();
            List<Integer> spareThief = sweep(c, rnd.nextInt(), 9, -1, 10);   // a spare stole last
            assertThat(spareThief.get(0)).isEqualTo(9);
            assertEveryOtherSlotOnce(spareThief, 1, 10);
        }
        // hints that are no victim (itself, out of range, repeated) are skipped
        assertEveryOtherSlotOnce(sweep(c, 7, 1, 1, 8), 1, 8);
        assertEveryOtherSlotOnce(sweep(c, 7, 40, 3, 8), 1, 8);
        assertThat(sweep(c, 7, 40, 3, 8).get(0)).isEqualTo(3);
        assertEveryOtherSlotOnce(sweep(c, 7, 3, 3, 8), 1, 8);
    }
}
