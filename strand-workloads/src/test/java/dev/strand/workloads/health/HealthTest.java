package dev.strand.workloads.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class HealthTest {

    @Test
    void theGeneratorStepsByTheMinimalStandardMultiplierAroundTheMask() {
        // Schrage's method gives 16807 x mod (2^31 - 1), less 2^31 - 1 when it comes out negative,
        // for 0 < x < 2^31 - 1; the original applies it to the seed xor MASK, then xors the
        // result back and adds 2^31 - 1 if that is negative
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < 100_000; i++) {
            int seed = r.nextInt();
            int x = seed ^ Health.MASK;
            if (x <= 0 || x == Health.IM) {
                continue;
            }
            long want = 16807L * x % Health.IM;
            int d = Health.draw(seed);
            long a = Math.floorMod((long) (d ^ Health.MASK), (long) Health.IM);
            long b = Math.floorMod((long) ((d - Health.IM) ^ Health.MASK), (long) Health.IM);
            assertThat(d).as("seed " + seed).isBetween(0, Health.IM - 1);
            assertThat(a == want || b == want).as("seed " + seed).isTrue();
        }
    }

    @Test
    void theTestInputEndsWithThePublishedTotalsInEveryVersion() {
        Health.Input in = Health.input("test");
        assertThat(in.villages()).isEqualTo(343);
        Health.World serial = new Health.World(in);
        assertThat(serial.results().population()).isEqualTo(7280);
        serial.runSerial();
        assertThat(serial.results()).isEqualTo(in.expected());
        Health.Results initial = new Health.World(in).results();
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            Health.World w = serial;                // reset: the same objects, the initial state
            for (int round = 0; round < 3; round++) {
                w.reset();
                assertThat(w.results()).isEqualTo(initial);
                sp.invoke(w::runStrand);
                assertThat(w.results()).isEqualTo(in.expected());
                w.reset();
                fp.invoke(w.fjpTask());
                assertThat(w.results()).isEqualTo(in.expected());
                w.reset();
                w.runSerial();
                assertThat(w.results()).isEqualTo(in.expected());
            }
        }
    }

    @Test
    void theSmallInputEndsWithThePublishedTotals() {
        Health.Input in = Health.input("small");
        Health.World serial = new Health.World(in);
        serial.runSerial();
        assertThat(serial.results()).isEqualTo(in.expected());
        try (StrandPool sp = new StrandPool(2)) {
            Health.World s = new Health.World(in);
            sp.invoke(s::runStrand);
            assertThat(s.results()).isEqualTo(in.expected());
        }
    }

    @Test
    void inputsAreNamed() {
        assertThat(Health.input(" Medium ").villages()).isEqualTo(47_989);
        assertThat(Health.input("large").villages()).isEqualTo(346_201);
        assertThatThrownBy(() -> Health.input("huge")).hasMessageContaining("test, small, medium or large");
    }
}
