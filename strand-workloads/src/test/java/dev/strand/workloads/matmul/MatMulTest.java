package dev.strand.workloads.matmul;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import dev.strand.workloads.Forker;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.junit.jupiter.api.Test;

class MatMulTest {

    static double[] naive(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) {
                    s += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = s;
            }
        }
        return c;
    }

    @Test
    void everyVersionMatchesTheNaiveProductAndFreivaldsCatchesAnError() {
        SplittableRandom r = new SplittableRandom(5);
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            for (int n : new int[] {1, 3, 33, 100}) {
                double[] a = new double[n * n];
                double[] b = new double[n * n];
                for (int i = 0; i < n * n; i++) {
                    a[i] = r.nextInt(-4, 5);
                    b[i] = r.nextInt(-4, 5);
                }
                double[] want = naive(a, b, n);
                for (int leaf : new int[] {1, 8, 32}) {
                    double[] c1 = new double[n * n];
                    MatMul.multiply(a, b, c1, n, leaf, Forker.SERIAL);
                    assertThat(c1).isEqualTo(want);
                    double[] c2 = new double[n * n];
                    sp.invoke(() -> {
                        MatMul.multiply(a, b, c2, n, leaf, Forker.STRAND);
                        return null;
                    });
                    assertThat(c2).isEqualTo(want);
                    double[] c3 = new double[n * n];
                    fp.invoke(ForkJoinTask.adapt(() -> MatMul.multiply(a, b, c3, n, leaf, Forker.FJP)));
                    assertThat(c3).isEqualTo(want);
                    assertThat(MatMul.freivalds(a, b, c3, n, 1)).isEqualTo(-1);
                }
                double[] bad = want.clone();
                bad[bad.length / 2] += 1;
                assertThat(MatMul.freivalds(a, b, bad, n, 1)).isGreaterThanOrEqualTo(0);
            }
        }
    }
}
