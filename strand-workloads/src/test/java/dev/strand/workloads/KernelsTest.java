package dev.strand.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every kernel of the catalog, every variant, at the small size: runs and passes its own check. */
class KernelsTest {

    static List<String> kernelNames() {
        return Catalog.names();
    }

    @ParameterizedTest
    @MethodSource("kernelNames")
    void everyVariantPassesItsCheckAtTheSmallSize(String name) throws Exception {
        Kernel k = Catalog.find(name).orElseThrow();
        Map<String, String> over = new HashMap<>();
        if (name.equals("idle")) {
            over.put("window", "20");
        }
        try (Workload w = k.create(Size.SMALL, over); Pools pools = Pools.open(2, k.create(Size.SMALL, over).variants())) {
            w.setUp(pools);
            assertThat(w.variants()).isNotEmpty();
            for (int round = 0; round < 2; round++) {
                for (Variant v : w.variants()) {
                    w.prepare(v);
                    Object r = w.run(v);
                    w.check(v, r);
                    if (w.metric() != Metric.TIME) {
                        assertThat(w.value(r)).as(name + " " + v).isGreaterThanOrEqualTo(0.0);
                    }
                    assertThat(w.extras(v, r)).isNotNull();
                }
            }
            assertThat(w.params()).isNotBlank();
            if (w.units() != null) {
                assertThat(w.units().count()).isPositive();
            }
        }
    }

    @Test
    void kernelsHaveUniqueNamesAndEveryParameterHasThreeSizes() {
        assertThat(Catalog.names()).doesNotHaveDuplicates().contains("fib", "fib-cutoff", "nqueens",
                "uts-t1", "uts-t3", "sort", "matmul", "quad", "skynet", "treesum", "treesum-small", "knapsack",
                "health", "async-external", "async-task",
                "async-tree", "async-chain", "spawnloop", "blocking", "sleep-storm", "shared", "phases", "idle", "wakeup");
        for (Kernel k : Catalog.kernels()) {
            for (Kernel.Param p : k.params()) {
                for (Size s : Size.values()) {
                    assertThat(p.at(s)).as(k.name() + "." + p.name()).isNotBlank();
                    k.create(s, Map.of());              // every preset parses
                }
            }
        }
    }

    @Test
    void badParametersAreNamed() {
        Kernel fib = Catalog.find("fib").orElseThrow();
        assertThatThrownBy(() -> fib.create(Size.SMALL, Map.of("m", "3")))
                .hasMessageContaining("kernel fib has no parameter 'm'");
        assertThatThrownBy(() -> fib.create(Size.SMALL, Map.of("n", "x")))
                .hasMessageContaining("fib.n: 'x' is not a whole number");
        assertThatThrownBy(() -> fib.create(Size.SMALL, Map.of("n", "99")))
                .hasMessageContaining("fib.n must be between 0 and 46, got 99");
        assertThatThrownBy(() -> Catalog.find("skynet").orElseThrow().create(Size.SMALL, Map.of("leaves", "500")))
                .hasMessageContaining("power of 10");
        assertThat(Catalog.find("skynet").orElseThrow().create(Size.SMALL, Map.of("leaves", "1e3")).params())
                .isEqualTo("leaves=1000");
    }

    /**
     * {@code coldstart.cds=2}: set-up trains an ahead-of-time cache per variant (from jars: the JVM
     * takes no directory on the class path of a cache) and every run starts from it.
     */
    @Test
    void coldstartRunsFromAnAheadOfTimeCache() throws Exception {
        Kernel k = Catalog.find("coldstart").orElseThrow();
        assertThatThrownBy(() -> k.create(Size.SMALL, Map.of("cds", "3")))
                .hasMessageContaining("coldstart.cds must be between 0 and 2, got 3");
        try (Workload w = k.create(Size.SMALL, Map.of("cds", "2")); Pools pools = Pools.open(2, w.variants())) {
            assertThat(w.params()).isEqualTo("job=first cds=2");
            w.setUp(pools);                       // fails if the JVM wrote no cache
            for (Variant v : w.variants()) {
                Object r = w.run(v);
                w.check(v, r);
                assertThat(w.value(r)).as(v.label()).isPositive();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fib", "treesum", "treesum-small", "spawnloop", "fib:2", "fib:3"})
    void theOtherFormsPassTheirChecks(String spec) throws Exception {
        String name = spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec;
        String form = spec.contains(":") ? spec.substring(spec.indexOf(':') + 1) : "1";
        Kernel k = Catalog.find(name).orElseThrow();
        try (Workload w = k.create(Size.SMALL, Map.of("form", form)); Pools pools = Pools.open(2, w.variants())) {
            w.setUp(pools);
            assertThat(w.params()).contains("form=" + form);
            for (Variant v : w.variants()) {
                w.prepare(v);
                Object r = w.run(v);
                w.check(v, r);
                if (name.equals("spawnloop") && v == Variant.STRAND) {
                    // the loop primitive splits on demand: a few pieces queued, not one per iteration
                    assertThat(w.extras(v, r).get("peakQueued")).isBetween(0.0, 32.0);
                }
            }
        }
    }

    @Test
    void aWrongResultFailsTheCheck() {
        Kernel k = Catalog.find("nqueens").orElseThrow();
        try (Workload w = k.create(Size.SMALL, Map.of())) {
            assertThatThrownBy(() -> w.check(Variant.STRAND, 14199L))
                    .isInstanceOf(WrongResultException.class)
                    .hasMessageContaining("got 14199, expected 14200");
        }
    }
}
