package dev.strand.cluster.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.ClusterException;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SerializationTest {

    /** A chain of nested objects: its depth is its length. */
    record Link(Link next) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    @Test
    void ordinaryValuesRoundTrip() {
        List<Integer> xs = new ArrayList<>(List.of(1, 2, 3));
        assertThat(Serialization.fromBytes(Serialization.toBytes(xs, "xs"), "xs")).isEqualTo(xs);
    }

    @Test
    void theFilterRefusesAnObjectNestedBeyondItsDepth() {
        Link deep = null;
        for (int i = 0; i < 300; i++) {
            deep = new Link(deep);
        }
        byte[] bytes = Serialization.toBytes(deep, "a chain");
        assertThatThrownBy(() -> Serialization.fromBytes(bytes, "a chain")).isInstanceOf(ClusterException.class)
                .hasMessageContaining("refused by the deserialization filter");
    }

    @Test
    void theFilterRefusesGadgetPackagesAndLeavesOthersToTheJvm() {
        assertThat(Serialization.FILTER.checkInput(info(javax.management.ObjectName.class)))
                .isEqualTo(java.io.ObjectInputFilter.Status.REJECTED);
        assertThat(Serialization.FILTER.checkInput(info(Link.class)))
                .isEqualTo(java.io.ObjectInputFilter.Status.UNDECIDED);
    }

    private static java.io.ObjectInputFilter.FilterInfo info(Class<?> c) {
        return new java.io.ObjectInputFilter.FilterInfo() {
            @Override
            public Class<?> serialClass() {
                return c;
            }

            @Override
            public long arrayLength() {
                return -1;
            }

            @Override
            public long depth() {
                return 1;
            }

            @Override
            public long references() {
                return 1;
            }

            @Override
            public long streamBytes() {
                return 100;
            }
        };
    }
}
