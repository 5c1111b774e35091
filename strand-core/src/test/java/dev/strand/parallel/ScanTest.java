package dev.strand.parallel;

import static dev.strand.parallel.Fixtures.G;
import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Inclusive and exclusive scans against serial loops. */
class ScanTest {
    static StrandPool pool;

    @BeforeAll
    static void start() {
        pool = new StrandPool(2);
    }

    @AfterAll
    static void stop() {
        pool.close();
    }

    @Test
    void longScansMatchSerial() {
        for (int n : Fixtures.sizes(11)) {
            long[] orig = Fixtures.randomLongs(n, n + 1);
            long[] inc = orig.clone();
            Arrays.parallelPrefix(inc, Long::sum);
            long[] exc = new long[n];
            long acc = 0;
            for (int i = 0; i < n; i++) {
                exc[i] = acc;
                acc += orig[i];
            }
            for (Grain g : Fixtures.grains()) {
                String at = "n=" + n + " grain=" + g;
                long[] a = orig.clone();
                Parallel.scan(pool, a, Long::sum, g);
                assertThat(a).as(at).isEqualTo(inc);
                long[] b = orig.clone();
                assertThat(Parallel.scanExclusive(pool, b, 0L, Long::sum, g)).as(at).isEqualTo(acc);
                assertThat(b).as(at).isEqualTo(exc);
            }
        }
    }

    @Test
    void intAndDoubleScansMatchSerial() {
        for (int n : Fixtures.sizes(12)) {
            int[] orig = Fixtures.randomInts(n, n, 1000);
            int[] incMax = orig.clone();
            Arrays.parallelPrefix(incMax, Math::max);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = orig[i];                                // integer values: exact sums
            }
            double[] incD = d.clone();
            Arrays.parallelPrefix(incD, Double::sum);
            double[] excD = new double[n];
            for (int i = 1; i < n; i++) {
                excD[i] = incD[i - 1];
            }
            int[] excI = new int[n];
            int acc = 0;
            for (int i = 0; i < n; i++) {
                excI[i] = acc;
                acc += orig[i];
            }
            for (Grain g : Fixtures.grains()) {
                int[] a = orig.clone();
                Parallel.scan(pool, a, Math::max, g);
                assertThat(a).as("n=%d %s", n, g).isEqualTo(incMax);
                double[] b = d.clone();
                Parallel.scan(pool, b, Double::sum, g);
                assertThat(b).as("n=%d %s", n, g).isEqualTo(incD);
                int[] c = orig.clone();
                assertThat(Parallel.scanExclusive(pool, c, 0, Integer::sum, g)).isEqualTo(acc);
                assertThat(c).as("n=%d %s", n, g).isEqualTo(excI);
                double[] e = d.clone();
                double total = Parallel.scanExclusive(pool, e, 0.0, Double::sum, g);
                assertThat(total).isEqualTo(n == 0 ? 0.0 : incD[n - 1]);
                assertThat(e).as("n=%d %s", n, g).isEqualTo(excD);
            }
        }
    }

    @Test
    void objectScanKeepsTheOrderOfANonCommutativeOperator() {
        for (int n : List.of(0, 1, G - 1, G, G + 1, 3000)) {
            String[] orig = new String[n];
            for (int i = 0; i < n; i++) {
                orig[i] = Character.toString('a' + i % 26);
            }
            String[] inc = orig.clone();
            Arrays.parallelPrefix(inc, String::concat);
            for (Grain g : Fixtures.grains()) {
                String[] a = orig.clone();
                Parallel.scan(pool, a, String::concat, g);
                assertThat(a).as("n=%d %s", n, g).isEqualTo(inc);
                String[] b = orig.clone();
                String total = Parallel.scanExclusive(pool, b, ">", String::concat, g);
                assertThat(total).isEqualTo(n == 0 ? ">" : ">" + inc[n - 1]);
                for (int i = 0; i < n; i++) {
                    assertThat(b[i]).isEqualTo(i == 0 ? ">" : ">" + inc[i - 1]);
                }
            }
        }
    }

    @Test
    void nullElementsAreValuesToo() {
        String[] a = {null, "x", null, "y"};
        Parallel.scan(pool, a, (x, y) -> y == null ? x : y, Grain.fixed(1));   // last non-null
        assertThat(a).containsExactly(null, "x", "x", "y");
    }
}
