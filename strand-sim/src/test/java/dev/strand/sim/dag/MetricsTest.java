package dev.strand.sim.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** T1, T-inf and S1 of the generators, walked, against closed forms and recurrences. */
class MetricsTest {

    @Test
    void binaryTreeHas2PowDPlus1Minus1NodesAndSpanDPlus1() {
        for (int d = 0; d <= 20; d++) {
            Metrics m = Metrics.of(Dags.tree(d).root());
            assertThat(m.work()).as("d=%d", d).isEqualTo((1L << (d + 1)) - 1);
            assertThat(m.span()).isEqualTo(d + 1);
            assertThat(m.serialSpace()).isEqualTo(d + 1);
            assertThat(m.frames()).isEqualTo(m.work());
            assertThat(Dags.tree(d).metrics()).isEqualTo(m);       // the closed form it carries
        }
        assertThat(Metrics.of(Dags.tree(60).root()).work()).isEqualTo((1L << 61) - 1);
    }

    @Test
    void fibFollowsItsRecurrence() {
        long[] work = new long[61];
        long[] span = new long[61];
        long[] fibo = new long[62];                 // F(0) = 0, F(1) = 1
        fibo[1] = 1;
        for (int k = 2; k < 62; k++) {
            fibo[k] = fibo[k - 1] + fibo[k - 2];
        }
        for (int n = 0; n <= 60; n++) {
            // fib(n) = W1, spawn fib(n-1), call fib(n-2), sync, W1
            work[n] = n < 2 ? 1 : work[n - 1] + work[n - 2] + 2;
            span[n] = n < 2 ? 1 : 1 + Math.max(span[n - 1], span[n - 2]) + 1;
            Metrics m = Metrics.of(Dags.fib(n).root());
            assertThat(m.work()).as("n=%d", n).isEqualTo(work[n]).isEqualTo(3 * fibo[n + 1] - 2);
            assertThat(m.span()).isEqualTo(span[n]).isEqualTo(n == 0 ? 1 : 2L * n - 1);
            assertThat(m.serialSpace()).isEqualTo(Math.max(n, 1));
            assertThat(Dags.fib(n).metrics()).isEqualTo(m);
        }
    }

    @Test
    void spawnLoopIsAChainOfIterations() {
        for (int n : new int[] {1, 2, 10, 1000}) {
            for (long w : new long[] {1, 7}) {
                Metrics m = Metrics.of(Dags.spawnLoop(n, w).root());
                assertThat(m.work()).isEqualTo(n * (w + 1) + 1);
                assertThat(m.span()).isEqualTo(n + w);
                assertThat(m.serialSpace()).isEqualTo(2);
                assertThat(Dags.spawnLoop(n, w).metrics()).isEqualTo(m);
            }
        }
    }

    @Test
    void mergeSortWithSerialMergeHasLinearSpanForPowersOfTwo() {
        for (int k = 0; k <= 20; k++) {
            long n = 1L << k;
            Metrics m = Metrics.of(Dags.mergeSort(n, false).root());
            // T1(n) = 2 T1(n/2) + 1 + n, T-inf(n) = T-inf(n/2) + 1 + n, T(1) = 1
            assertThat(m.work()).as("n=%d", n).isEqualTo(n * (k + 2) - 1);
            assertThat(m.span()).isEqualTo(2 * n + k - 1);
        }
        for (long n = 1; n <= 300; n++) {
            assertThat(Metrics.of(Dags.mergeSort(n, false).root()))
                    .isEqualTo(serialMergeSort(n));
        }
    }

    private static Metrics serialMergeSort(long n) {
        if (n <= 1) {
            return new Metrics(1, 1, 1, 1);
        }
        Metrics a = serialMergeSort(n - n / 2);
        Metrics b = serialMergeSort(n / 2);
        return new Metrics(1 + a.work() + b.work() + n, 1 + Math.max(a.span(), b.span()) + n,
                1 + Math.max(a.serialSpace(), b.serialSpace()), 1 + a.frames() + b.frames());
    }

    @Test
    void parallelMergeCutsTheSpanToPolylog() {
        for (long n = 1; n <= 300; n++) {
            Metrics m = Metrics.of(Dags.mergeSort(n, true).root());
            long[] want = parallelMergeSort(n);
            assertThat(m.work()).as("n=%d", n).isEqualTo(want[0]);
            assertThat(m.span()).isEqualTo(want[1]);
        }
        // Parallelism: Theta(log n) with the serial merge, Theta(n / log^2 n) with the parallel one.
        Metrics serial = Dags.mergeSort(1 << 20, false).metrics();
        Metrics parallel = Dags.mergeSort(1 << 20, true).metrics();
        assertThat(serial.parallelism()).isBetween(10.0, 12.0);          // (k+2)/2 for k = 20
        assertThat(parallel.parallelism()).isGreaterThan(1000);
        long log = 20;
        assertThat(parallel.span()).isLessThanOrEqualTo(log * log * log);
    }

    /** {work, span} by the recurrences of the class comment. */
    private static long[] parallelMergeSort(long n) {
        if (n <= 1) {
            return new long[] {1, 1};
        }
        long[] a = parallelMergeSort(n - n / 2);
        long[] b = parallelMergeSort(n / 2);
        long[] m = parallelMerge(n);
        return new long[] {1 + a[0] + b[0] + m[0], 1 + Math.max(a[1], b[1]) + m[1]};
    }

    private static long[] parallelMerge(long n) {
        if (n <= 1) {
            return new long[] {1, 1};
        }
        long search = 64L - Long.numberOfLeadingZeros(n - 1);      // ceil(log2 n)
        long[] a = parallelMerge(n - n / 2);
        long[] b = parallelMerge(n / 2);
        return new long[] {search + a[0] + b[0], search + Math.max(a[1], b[1])};
    }

    @Test
    void parallelSumPaysTauPerSplit() {
        for (long g : new long[] {1, 3, 64, 5000}) {
            Metrics m = Metrics.of(Dags.parallelSum(4096, g, 5).root());
            long leaves = Math.max(1, ceilPow2Leaves(4096, g));
            assertThat(m.work()).as("g=%d", g).isEqualTo(4096 + (leaves - 1) * (5 + 1));
            assertThat(m.frames()).isEqualTo(2 * leaves - 1);
        }
        // Span: leaves of g units, log(n/g) levels of tau + 1.
        assertThat(Metrics.of(Dags.parallelSum(1 << 16, 256, 4).root()).span())
                .isEqualTo(256 + 8 * (4 + 1));
    }

    private static long ceilPow2Leaves(long n, long g) {
        return n <= g ? 1 : ceilPow2Leaves(n / 2, g) + ceilPow2Leaves(n - n / 2, g);
    }

    @Test
    void utsTreesAreDeterministicFunctionsOfTheirSeed() {
        Metrics a = Metrics.of(Dags.utsGeometric(4, 6, 19).root());
        assertThat(Metrics.of(Dags.utsGeometric(4, 6, 19).root())).isEqualTo(a);
        assertThat(a.span()).isLessThanOrEqualTo(1 + 6 * 2L * 50);
        assertThat(a.serialSpace()).isLessThanOrEqualTo(7);
        Metrics b = Metrics.of(Dags.utsBinomial(50, 2, 0.4, 3).root());
        assertThat(b.frames()).isGreaterThan(50);
        // Every non-root node has 0 or m = 2 children: frames - 1 - 50 is even.
        assertThat((b.frames() - 51) % 2).isZero();
    }

    @Test
    void handBuiltBodiesFollowTheSeriesParallelRules() {
        Proc leaf3 = Body.builder().work(3).build();
        Proc leaf5 = Body.builder().work(5).build();
        // W1 ; (leaf3 || (W2 ; call leaf5)) ; W1  ->  span 1 + max(3, 2+5) + 1 = 9
        Proc root = Body.builder().work(1).spawn(leaf3).work(2).call(leaf5).sync().work(1).build();
        Metrics m = Metrics.of(root);
        assertThat(m.work()).isEqualTo(12);
        assertThat(m.span()).isEqualTo(9);
        assertThat(m.serialSpace()).isEqualTo(2);
        assertThat(m.frames()).isEqualTo(3);
    }

    @Test
    void badInputGetsAClearException() {
        assertThatThrownBy(() -> Dags.tree(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tree depth must be 0..61, got -1");
        assertThatThrownBy(() -> Dags.fib(100)).hasMessageContaining("fib n must be 0..88");
        assertThatThrownBy(() -> Dags.spawnLoop(0, 1)).hasMessageContaining("loop n must be");
        assertThatThrownBy(() -> Dags.parallelSum(10, 0, 1)).hasMessageContaining("grain must be >= 1");
        assertThatThrownBy(() -> Dags.utsBinomial(10, 2, 0.5, 1)).hasMessageContaining("q*m < 1");
        assertThatThrownBy(() -> Dags.random(1, 0, 1)).hasMessageContaining("strands must be >= 1");
        assertThatThrownBy(() -> Body.builder().work(0)).hasMessageContaining("at least 1 work unit");
        assertThatThrownBy(() -> Body.builder().spawn(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Body.builder().build()).hasMessageContaining("at least one action");
        assertThatThrownBy(() -> Metrics.of(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Dag.of("x", null)).isInstanceOf(NullPointerException.class);
    }
}
