package dev.strand.workloads.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import dev.strand.parallel.Parallel;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SortWorkloadTest {

    @ParameterizedTest
    @ValueSource(strings = {"long", "int", "double", "DOUBLE"})
    void everyTypeSortsInEveryVariantAndAWrongElementIsNamed(String type) throws Exception {
        Kernel k = Catalog.find("sort").orElseThrow();
        try (Workload w = k.create(Size.SMALL, Map.of("n", "70000", "type", type));
             Pools pools = Pools.open(2, w.variants())) {
            assertThat(w.params()).isEqualTo("n=70000 type=" + type.toLowerCase(java.util.Locale.ROOT));
            assertThat(w.variants()).containsExactly(Variant.SERIAL, Variant.STRAND, Variant.FJP);
            w.setUp(pools);
            for (Variant v : w.variants()) {
                w.prepare(v);
                Object r = w.run(v);
                w.check(v, r);
            }
            w.prepare(Variant.STRAND);
            Object r = w.run(Variant.STRAND);
            Object first = java.lang.reflect.Array.get(r, 0);
            java.lang.reflect.Array.set(r, 0, java.lang.reflect.Array.get(r, 1));
            java.lang.reflect.Array.set(r, 1, first);
            assertThatThrownBy(() -> w.check(Variant.STRAND, r)).isInstanceOf(WrongResultException.class)
                    .hasMessageContaining("wrong element at index 0 of 70000");
        }
    }

    @Test
    void anUnknownTypeIsNamed() {
        Kernel k = Catalog.find("sort").orElseThrow();
        assertThatThrownBy(() -> k.create(Size.SMALL, Map.of("type", "float")))
                .hasMessageContaining("sort.type must be long, int or double, got 'float'");
    }

    /**
     * Parallel.sort of primitives works in place: it allocates a sample, not a second array (the
     * merge sort it replaced allocated n elements of buffer, 32 MB here).
     */
    @Test
    void parallelSortOfPrimitivesAllocatesNoBuffer() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int n = 4_000_000;
        long[] in = new SplittableRandom(9).longs(n).toArray();
        try (StrandPool pool = new StrandPool(2)) {
            Parallel.sort(pool, in.clone());                     // compiled, workers started
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {          // other threads allocate a little too
                long[] a = in.clone();
                long before = threads.getTotalThreadAllocatedBytes();
                Parallel.sort(pool, a);
                least = Math.min(least, threads.getTotalThreadAllocatedBytes() - before);
                assertThat(a).isSorted();
            }
            assertThat(least).as("bytes allocated by a sort of %d longs", n).isLessThan(n);
        }
    }
}
