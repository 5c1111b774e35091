package dev.strand.internal.sleep;

import static dev.strand.internal.sleep.ControlWord.MAX_COUNT;
import static dev.strand.internal.sleep.ControlWord.ONE_RESERVE;
import static dev.strand.internal.sleep.ControlWord.ONE_SEARCHER;
import static dev.strand.internal.sleep.ControlWord.ONE_SLEEPER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ControlWordTest {

    private static final int[] BOUNDARY = {
        0, 1, 2, 255, 256, 511, 512, 65_535, 65_536, (1 << 20) - 1, 1 << 20,
        MAX_COUNT - 2, MAX_COUNT - 1, MAX_COUNT
    };

    private static void assertRoundTrip(int searching, int sleepers) {
        long w = ControlWord.pack(searching, sleepers);
        if (ControlWord.searching(w) != searching || ControlWord.sleepers(w) != sleepers) {
            throw new AssertionError("pack(" + searching + ", " + sleepers + ") = " + Long.toHexString(w)
                    + " reads back " + ControlWord.toString(w));
        }
    }

    /** Adding and removing one searcher or one sleeper changes that field only, by exactly one. */
    private static void assertDeltas(int searching, int sleepers) {
        long w = ControlWord.pack(searching, sleepers);
        if (searching < MAX_COUNT) {
            assertThat(w + ONE_SEARCHER).isEqualTo(ControlWord.pack(searching + 1, sleepers));
        }
        if (searching > 0) {
            assertThat(w - ONE_SEARCHER).isEqualTo(ControlWord.pack(searching - 1, sleepers));
        }
        if (sleepers < MAX_COUNT) {
            assertThat(w + ONE_SLEEPER).isEqualTo(ControlWord.pack(searching, sleepers + 1));
        }
        if (sleepers > 0) {
            assertThat(w - ONE_SLEEPER).isEqualTo(ControlWord.pack(searching, sleepers - 1));
        }
        // The combined deltas the coordinator uses: a searcher becomes a sleeper and back.
        if (searching > 0 && sleepers < MAX_COUNT) {
            assertThat(w + ONE_SLEEPER - ONE_SEARCHER)
                    .isEqualTo(ControlWord.pack(searching - 1, sleepers + 1));
        }
        if (sleepers > 0 && searching < MAX_COUNT) {
            assertThat(w + ONE_SEARCHER - ONE_SLEEPER)
                    .isEqualTo(ControlWord.pack(searching + 1, sleepers - 1));
        }
    }

    @Test
    void exhaustiveRoundTripSmallCounts() {
        for (int s = 0; s <= 512; s++) {
            for (int z = 0; z <= 512; z++) {
                assertRoundTrip(s, z);
            }
        }
    }

    @Test
    void exhaustiveDeltasSmallCounts() {
        for (int s = 0; s <= 512; s++) {
            for (int z = 0; z <= 512; z++) {
                long w = ControlWord.pack(s, z);
                // hand-rolled checks (the exhaustive loop is too hot for AssertJ)
                if ((s < 512 && w + ONE_SEARCHER != ControlWord.pack(s + 1, z))
                        || (s > 0 && w - ONE_SEARCHER != ControlWord.pack(s - 1, z))
                        || w + ONE_SLEEPER != ControlWord.pack(s, z + 1)
                        || (z > 0 && w - ONE_SLEEPER != ControlWord.pack(s, z - 1))) {
                    throw new AssertionError("delta changed another field at searching=" + s
                            + " sleepers=" + z);
                }
            }
        }
    }

    @Test
    void boundaryValues() {
        for (int s : BOUNDARY) {
            for (int z : BOUNDARY) {
                assertRoundTrip(s, z);
                assertDeltas(s, z);
            }
        }
        assertThat(ControlWord.pack(0, 0)).isZero();
        assertThat(ControlWord.pack(1, 0)).isEqualTo(ONE_SEARCHER);
        assertThat(ControlWord.pack(0, 1)).isEqualTo(ONE_SLEEPER);
        long max = ControlWord.pack(MAX_COUNT, MAX_COUNT);
        assertThat(ControlWord.searching(max)).isEqualTo(MAX_COUNT);
        assertThat(ControlWord.sleepers(max)).isEqualTo(MAX_COUNT);
    }

    @Test
    void reserveFieldIsIndependent() {
        int[] small = {0, 1, 2, 511, MAX_COUNT - 1, MAX_COUNT};
        for (int s : small) {
            for (int z : small) {
                for (int r : small) {
                    long w = ControlWord.pack(s, z, r);
                    assertThat(ControlWord.searching(w)).isEqualTo(s);
                    assertThat(ControlWord.sleepers(w)).isEqualTo(z);
                    assertThat(ControlWord.reserve(w)).isEqualTo(r);
                    if (r > 0 && s < MAX_COUNT) {      // a spare activated: reserve -> searching
                        assertThat(w - ONE_RESERVE + ONE_SEARCHER).isEqualTo(ControlWord.pack(s + 1, z, r - 1));
                    }
                    if (z > 0 && r < MAX_COUNT) {      // a sleeping spare returns to the reserve
                        assertThat(w - ONE_SLEEPER + ONE_RESERVE).isEqualTo(ControlWord.pack(s, z - 1, r + 1));
                    }
                    if (s > 0 && r < MAX_COUNT) {      // a searching spare returns to the reserve
                        assertThat(w - ONE_SEARCHER + ONE_RESERVE).isEqualTo(ControlWord.pack(s - 1, z, r + 1));
                    }
                }
            }
        }
        assertThat(ControlWord.pack(0, 0, 1)).isEqualTo(ONE_RESERVE);
        assertThat(ControlWord.pack(MAX_COUNT, MAX_COUNT, MAX_COUNT)).isPositive();
    }

    @Test
    void outOfRangeCountsRejected() {
        assertThatThrownBy(() -> ControlWord.pack(MAX_COUNT + 1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlWord.pack(0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlWord.pack(0, 0, MAX_COUNT + 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void negativeCountsRejected() {
        assertThatThrownBy(() -> ControlWord.pack(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlWord.pack(0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlWord.pack(Integer.MIN_VALUE, 5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlWord.pack(5, Integer.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readableForm() {
        assertThat(ControlWord.toString(ControlWord.pack(3, 7))).isEqualTo("searching=3 sleepers=7");
    }
}
