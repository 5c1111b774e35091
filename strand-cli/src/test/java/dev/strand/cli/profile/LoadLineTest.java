package dev.strand.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cli.out.JvmLoad;
import org.junit.jupiter.api.Test;

/** The lines under a profile that say what else used the machine while it was measured. */
class LoadLineTest {
    @Test
    void theJitsShareIsStatedAndWarnedAboutAboveTenPercent() {
        assertThat(LoadLine.jvmLine(new JvmLoad.Share(0.04, 40), false))
                .isEqualTo("This JVM's JIT compiled for 40 ms during the runs (4% of the machine's processor time).");
        assertThat(LoadLine.jvmLine(new JvmLoad.Share(0.24, 584), false))
                .startsWith("This JVM's JIT compiled for 584 ms during the runs (24% ")
                .contains("warning, above 10%", "--cpu-time");
        assertThat(LoadLine.jvmLine(new JvmLoad.Share(0.24, 584), true))
                .contains("warning, above 10%", "in CPU time, leaves it out").doesNotContain("--cpu-time");
        assertThat(LoadLine.jvmLine(new JvmLoad.Share(Double.NaN, -1), false)).isNull();
    }

    @Test
    void theWarmUpLineSaysWhetherTheJitSettled() {
        assertThat(LoadLine.warmupLine(0, false)).startsWith("No warm-up");
        assertThat(LoadLine.warmupLine(3, true)).startsWith("Warm-up: 3 round(s); the JIT settled");
        assertThat(LoadLine.warmupLine(30, false)).contains("warning: the JIT had not settled", "--max-warmup");
    }

    @Test
    void compilingIsSeenBetweenTwoMarks() throws Exception {
        JvmLoad.Mark m = JvmLoad.mark();
        JvmLoad.Share s = JvmLoad.since(m);
        assertThat(s.compileMillis()).isGreaterThanOrEqualTo(0);
        assertThat(s.compile()).isBetween(0.0, 1.0);
    }
}
