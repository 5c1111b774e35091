package dev.strand.internal.steal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.PoolConfig;
import org.junit.jupiter.api.Test;

/** The pacing rule itself; {@code ForkJoinTest} checks a paced thief in a pool. */
class StealPaceTest {

    @Test
    void aThiefOfTinyTasksBacksOffItsPaceAndARealStealResetsIt() {
        long base = 250;
        assertThat(StealPace.nextPace(base, 100, base)).isEqualTo(500);           // tiny: doubled
        assertThat(StealPace.nextPace(2000, 100, base)).isEqualTo(4000);
        assertThat(StealPace.nextPace(4000, 100, base)).isEqualTo(base * StealPace.PACE_BACKOFF_LIMIT);
        assertThat(StealPace.nextPace(base * StealPace.PACE_BACKOFF_LIMIT, 0, base))  // capped
                .isEqualTo(base * StealPace.PACE_BACKOFF_LIMIT);
        assertThat(StealPace.nextPace(4000, 4000, base)).isEqualTo(base);         // worth it: reset
        assertThat(StealPace.nextPace(500, 1_000_000, base)).isEqualTo(base);
        long max = PoolConfig.Tuning.MAX_STEAL_PACE_NANOS;                             // never past 1 ms
        assertThat(StealPace.nextPace(max / 2, 0, max / 10)).isEqualTo(max);
        assertThat(StealPace.nextPace(max, 0, max)).isEqualTo(max);
        assertThat(StealPace.nextPace(max, 0, max / 10)).isEqualTo(max);
    }
}
