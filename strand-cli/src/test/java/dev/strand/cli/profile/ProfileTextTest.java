package dev.strand.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The lines that tell a reader how far to trust a kernel's measured medians. */
class ProfileTextTest {
    @Test
    void runsSpreadOverOneAndAHalfTimesGetANote() {
        assertThat(ProfileText.spreadNote(2, 3.07, 4.50, 9)).isNull();
        assertThat(ProfileText.spreadNote(2, 3.07, 5.76, 9))
                .startsWith("note: the 9 runs at P=2 spread 1.9x (3.07..5.76 ms)")
                .contains("moves from one command to the next", "docs/profiling.md");
        assertThat(ProfileText.spreadNote(1, 0, 1.0, 9)).isNull();
    }
}
