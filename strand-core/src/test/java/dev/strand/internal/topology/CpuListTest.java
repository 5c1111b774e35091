package dev.strand.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuListTest {

    @Test
    void parsesNumbersRangesAndStrides() {
        assertThat(CpuList.parse("0-3,8-11\n")).containsExactly(0, 1, 2, 3, 8, 9, 10, 11);
        assertThat(CpuList.parse("5")).containsExactly(5);
        assertThat(CpuList.parse("  ")).isEmpty();
        assertThat(CpuList.parse("3,1,2-3")).containsExactly(1, 2, 3);
        assertThat(CpuList.parse("0-15:4")).containsExactly(0, 4, 8, 12);
        assertThat(CpuList.parse("0 - 1 , 4")).containsExactly(0, 1, 4);
    }

    @Test
    void rejectsWhatIsNoList() {
        for (String bad : new String[] {"a", "3-1", "-1", "1,,2", "1-", "0-3:0", "7:2", "99999999"}) {
            assertThatThrownBy(() -> CpuList.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void formatsAsRangesAndRoundTrips() {
        assertThat(CpuList.format(new int[] {8, 0, 1, 2, 3, 10, 11})).isEqualTo("0-3,8,10-11");
        assertThat(CpuList.format(new int[0])).isEmpty();
        for (String s : new String[] {"0", "0-63", "0-3,8-11", "1,3,5"}) {
            assertThat(CpuList.format(CpuList.parse(s))).isEqualTo(s);
        }
    }
}
