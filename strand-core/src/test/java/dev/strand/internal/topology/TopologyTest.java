package dev.strand.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyTest {

    @Test
    void shapeNestsGroupsOutermostFirst() {
        Topology t = Topology.of("2x4");
        assertThat(t.places()).isEqualTo(8);
        assertThat(t.levels()).isEqualTo(1);
        assertThat(t.groups(0)).isEqualTo(2);
        assertThat(t.group(0, 3)).isZero();
        assertThat(t.group(0, 4)).isEqualTo(1);
        assertThat(t.distance(0, 3)).isZero();
        assertThat(t.distance(0, 4)).isEqualTo(1);
        assertThat(t).hasToString("2x4 (8 places; group of 4: 0-3 | 4-7)");

        Topology deep = Topology.shape(2, 2, 4);
        assertThat(deep.levels()).isEqualTo(2);
        assertThat(deep.groups(0)).isEqualTo(4);
        assertThat(deep.groups(1)).isEqualTo(2);
        assertThat(deep.distance(0, 3)).isZero();
        assertThat(deep.distance(0, 4)).isEqualTo(1);
        assertThat(deep.distance(0, 8)).isEqualTo(2);
    }

    @Test
    void flatAndTrivialShapesHaveNoLevel() {
        assertThat(Topology.of("flat").isFlat()).isTrue();
        assertThat(Topology.of("1x8").isFlat()).isTrue();       // one group: no grouping
        assertThat(Topology.of("8x1").groups(0)).isEqualTo(8);  // every place alone: all steals far
        assertThat(Topology.of("2x1x4").levels()).isEqualTo(1); // a repeated level counts once
    }

    @Test
    void explicitGroupsAreSortedIntoTopologyOrder() {
        Topology t = Topology.of("4-7;0-3");
        assertThat(t.places()).isEqualTo(8);
        assertThat(t.cpu(0)).isEqualTo(0);
        assertThat(t.levelName(0)).isEqualTo("group");
        Topology odd = Topology.of("0,2;1,3");                  // interleaved groups become ranges
        assertThat(odd.cpu(0)).isEqualTo(0);
        assertThat(odd.cpu(1)).isEqualTo(2);
        assertThat(odd.group(0, 1)).isZero();
        assertThat(odd.group(0, 2)).isEqualTo(1);
        assertThatThrownBy(() -> Topology.of("0-3;3-4")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Topology.of("sockets")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a topology");
        assertThatThrownBy(() -> Topology.of("0x4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void buildDropsLevelsThatDoNotNest() {
        int[] cpus = {0, 1, 2, 3};
        // llc: {0,1} {2,3}; node: {0,2} {1,3} does not contain the llc groups; package: all
        Topology t = Topology.build("t", cpus, List.of("llc", "node", "package"),
                List.of(new int[] {0, 0, 2, 2}, new int[] {0, 1, 0, 1}, new int[] {0, 0, 0, 0}));
        assertThat(t.levels()).isEqualTo(1);
        assertThat(t.levelName(0)).isEqualTo("llc");
    }

    @Test
    void workersSpreadEvenlyOverPlaces() {
        Topology t = Topology.of("2x4");
        // 4 workers on 8 places: two per group, as a load balancer spreads them
        assertThat(new int[] {t.placeOf(0, 4), t.placeOf(1, 4), t.placeOf(2, 4), t.placeOf(3, 4)})
                .containsExactly(0, 2, 4, 6);
        // 16 workers on 8 places: two per place, still in order
        assertThat(t.placeOf(15, 16)).isEqualTo(7);
        assertThat(t.placeOf(7, 16)).isEqualTo(3);
        // a spare sits where a core worker does
        assertThat(t.placeOf(4 + 3, 4)).isEqualTo(t.placeOf(3, 4));
        for (int core = 1; core <= 20; core++) {
            for (int s = 1; s < core; s++) {
                assertThat(t.placeOf(s, core)).isGreaterThanOrEqualTo(t.placeOf(s - 1, core));
            }
        }
    }
}
