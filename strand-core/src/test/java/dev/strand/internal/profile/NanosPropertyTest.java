package dev.strand.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NanosPropertyTest {
    private static final String NAME = "strand.test.nanosProperty";

    @Test
    void unsetIsMinusOneAndAValueIsItsNanoseconds() {
        System.clearProperty(NAME);
        assertThat(NanosProperty.read(NAME)).isEqualTo(-1);
        try {
            System.setProperty(NAME, " 250 ");
            assertThat(NanosProperty.read(NAME)).isEqualTo(250);
            System.setProperty(NAME, "0");
            assertThat(NanosProperty.read(NAME)).isZero();
        } finally {
            System.clearProperty(NAME);
        }
    }

    @Test
    void anythingElseIsRejectedByName() {
        try {
            for (String bad : new String[] {"-1", "fast", "1.5", ""}) {
                System.setProperty(NAME, bad);
                assertThatThrownBy(() -> NanosProperty.read(NAME)).as(bad)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage(NAME + " must be a number of nanoseconds >= 0, got '" + bad + "'");
            }
        } finally {
            System.clearProperty(NAME);
        }
    }
}
