package dev.strand.internal.victim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VictimOrderTest {

    private static final int[] EDGE_RANDOMS = {
        0, 1, -1, 2, 63, 64, 65, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1,
        Integer.MAX_VALUE - 1, 1 << 16, -(1 << 16)
    };

    /** Asserts that the walk visits every worker 0 .. p-1 exactly once in p steps. */
    private static void assertPermutation(VictimOrder order, long walk, int p, int random) {
        BitSet seen = new BitSet(p);
        for (int k = 0; k < p; k++) {
            int v = order.victim(walk, k);
            assertThat(v).as("P=%d random=%d k=%d", p, random, k).isBetween(0, p - 1);
            assertThat(seen.get(v)).as("P=%d random=%d: worker %d visited twice", p, random, v).isFalse();
            seen.set(v);
        }
        assertThat(seen.cardinality()).isEqualTo(p);
    }

    @Test
    void everyWalkIsAPermutation() {
        SplittableRandom rnd = new SplittableRandom(2024);
        for (int p = 1; p <= 64; p++) {
            VictimOrder order = new VictimOrder(p);
            assertThat(order.size()).isEqualTo(p);
            for (int r : EDGE_RANDOMS) {
                assertPermutation(order, order.start(r), p, r);
            }
            for (int i = 0; i < 2_000; i++) {
                int r = rnd.nextInt();
                assertPermutation(order, order.start(r), p, r);
            }
        }
    }

    @Test
    void walkHasValidStartAndCoprimeStride() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int p = 1; p <= 64; p++) {
            VictimOrder order = new VictimOrder(p);
            Set<Integer> strides = new HashSet<>();
            Set<Integer> starts = new HashSet<>();
            for (int i = 0; i < 20_000; i++) {
                long walk = order.start(rnd.nextInt());
                int start = (int) walk;
                int stride = (int) (walk >>> 32);
                assertThat(start).isBetween(0, p - 1);
                assertThat(stride).isBetween(1, p);
                assertThat(VictimOrder.gcd(stride, p)).isEqualTo(1);
                assertThat(order.victim(walk, 0)).isEqualTo(start);
                strides.add(stride);
                starts.add(start);
            }
            // Random starts spread thieves over every worker and every coprime stride.
            assertThat(starts).hasSize(p);
            int coprimes = 0;
            for (int s = 1; s <= p; s++) {
                coprimes += VictimOrder.gcd(s, p) == 1 ? 1 : 0;
            }
            assertThat(strides).hasSize(coprimes);
        }
    }

    @Test
    void gcd() {
        assertThat(VictimOrder.gcd(12, 18)).isEqualTo(6);
        assertThat(VictimOrder.gcd(7, 64)).isEqualTo(1);
        assertThat(VictimOrder.gcd(64, 64)).isEqualTo(64);
        assertThat(VictimOrder.gcd(1, 1)).isEqualTo(1);
    }

    @Test
    void badSizeRejected() {
        assertThatThrownBy(() -> new VictimOrder(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new VictimOrder(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new VictimOrder(Integer.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
