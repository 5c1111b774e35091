package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The typed topology: its factories, its text form, and errors that name the bad part. */
class TopologyTest {

    @Test
    void factoriesAndParseAgree() {
        assertThat(Topology.parse("flat")).isSameAs(Topology.flat());
        assertThat(Topology.parse(" machine\n")).isSameAs(Topology.machine());
        assertThat(Topology.machine().isMachine()).isTrue();
        assertThat(Topology.flat().isMachine()).isFalse();
        assertThat(Topology.parse("2x4")).isEqualTo(Topology.shape(2, 4)).hasSameHashCodeAs(Topology.shape(2, 4));
        assertThat(Topology.parse("2x2x8").spec()).isEqualTo("2x2x8");
        assertThat(Topology.parse("0-3;4-7")).isEqualTo(Topology.cpuGroups("0-3", "4-7"));
        // CPU groups are written out canonically, so equal groups are equal topologies
        assertThat(Topology.cpuGroups("3,2,1,0", "4-7").spec()).isEqualTo("0-3;4-7");
        assertThat(Topology.parse("0-7:2;1-7:2")).isEqualTo(Topology.cpuGroups("0,2,4,6", "1,3,5,7"));
        assertThat(Topology.shape(2, 4).toString()).isEqualTo("2x4");
        assertThat(Topology.shape(2, 4)).isNotEqualTo(Topology.shape(4, 2));
    }

    @Test
    void errorsNameTheBadPart() {
        assertThatThrownBy(() -> Topology.parse("2x0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'2x0'").hasMessageContaining("size 2").hasMessageContaining("[1, 65536]");
        assertThatThrownBy(() -> Topology.parse("2xfour")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size 2").hasMessageContaining("'four'");
        assertThatThrownBy(() -> Topology.parse("2x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size 2").hasMessageContaining("''");
        assertThatThrownBy(() -> Topology.parse("256x512")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("131072 places");
        assertThatThrownBy(() -> Topology.parse("0-3;;4-7")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("group 2 is empty");
        assertThatThrownBy(() -> Topology.parse("0-3;3-5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CPU 3 of group 2");
        assertThatThrownBy(() -> Topology.parse("0-3;5-4")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("group 2, '5-4'");
        assertThatThrownBy(() -> Topology.parse("3y")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'3y' is not a topology: unexpected 'y' at position 2 (expected flat, machine, "
                        + "a shape such as 2x4, or CPU groups such as 0-3;4-7)");
        assertThatThrownBy(() -> Topology.parse(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> Topology.parse(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Topology.shape(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least two sizes");
        assertThatThrownBy(() -> Topology.shape(2, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size 2 of the shape, -1");
        assertThatThrownBy(() -> Topology.cpuGroups()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no CPU group given");
    }

    @Test
    void everyParsedTopologyStartsAPool() {
        for (String spec : new String[] {"flat", "2x2", "1x4", "0-1;2-3", "0;1;2;3"}) {
            Topology t = Topology.parse(spec);
            try (StrandPool p = StrandPool.builder().parallelism(4)
                    .tuning(u -> u.topology(t).hierarchicalVictims(true)).build()) {
                assertThat(p.config().tuning().topology()).isEqualTo(t);
                assertThat(p.invoke(() -> 6 * 7)).isEqualTo(42);
            }
        }
    }
}
