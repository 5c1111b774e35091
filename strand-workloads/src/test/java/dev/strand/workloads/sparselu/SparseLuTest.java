package dev.strand.workloads.sparselu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SparseLuTest {

    @Test
    void theGeneratedStructureIsBotssOnAFourBlockMatrix() {
        // the diagonal and its neighbours; (0, 2) and (2, 0): even, and 0 % 3 == 0 on the near side
        SparseLu.Matrix m = SparseLu.Matrix.generate(4, 2);
        StringBuilder shape = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                shape.append(m.block(i, j) != null ? 'x' : '.');
            }
            shape.append('/');
        }
        assertThat(shape).hasToString("xxx./xxx./xxxx/..xx/");
        // the generator's first values: x = 3125 * 1325 mod 65536 = 11857, then 25285
        assertThat(m.block(0, 0)[0]).isEqualTo((float) ((11857 - 32768.0) / 16384.0));
        assertThat(m.block(0, 0)[1]).isEqualTo((float) ((25285 - 32768.0) / 16384.0));
    }

    @Test
    void aFactoredDenseMatrixMultipliesBackToItsInput() {
        // one block: plain LU without pivoting; L (unit lower) times U gives the input back
        int bs = 6;
        SparseLu.Matrix m = SparseLu.Matrix.generate(1, bs);
        for (int i = 0; i < bs; i++) {
            m.block(0, 0)[i * bs + i] += 8;      // diagonally dominant: no pivoting needed
        }
        float[] a = m.block(0, 0).clone();
        SparseLu.serial(m);
        float[] lu = m.block(0, 0);
        for (int i = 0; i < bs; i++) {
            for (int j = 0; j < bs; j++) {
                double s = 0;
                for (int k = 0; k <= Math.min(i, j); k++) {
                    double l = k == i ? 1 : lu[i * bs + k];
                    s += l * lu[k * bs + j];
                }
                assertThat(s).as("(%d, %d)", i, j).isCloseTo(a[i * bs + j], offset(1e-4));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 8, 5", "2, 12, 3", "4, 12, 3", "8, 6, 4"})
    void strandAndForkJoinPoolEqualTheSerialFactorizationBitForBit(int p, int n, int bs) {
        SparseLu.Matrix input = SparseLu.Matrix.generate(n, bs);
        SparseLu.Matrix serial = input.copy();
        SparseLu.serial(serial);
        assertThat(serial.presentBlocks()).as("fill-in").isGreaterThan(input.presentBlocks());
        assertThat(serial.firstDifference(input)).isNotNull();
        try (StrandPool strand = new StrandPool(p); ForkJoinPool fjp = new ForkJoinPool(p)) {
            for (int round = 0; round < 3; round++) {
                SparseLu.Matrix m = input.copy();
                strand.invoke(() -> SparseLu.strand(m));
                assertThat(serial.firstDifference(m)).isNull();
                m.copyFrom(input);
                assertThat(m.firstDifference(input)).isNull();
                fjp.invoke(SparseLu.fjpTask(m));
                assertThat(serial.firstDifference(m)).isNull();
            }
        }
    }

    @Test
    void operationsCountEveryBlockOperation() {
        // 2 x 2 dense: lu0, fwd, bdiv, bmod; lu0 again
        assertThat(SparseLu.operations(2)).isEqualTo(5);
        assertThat(SparseLu.operations(1)).isEqualTo(1);
    }

    @Test
    void badShapesAreRefusedNamingThem() {
        assertThatThrownBy(() -> SparseLu.Matrix.generate(0, 4)).hasMessageContaining("got 0 and 4");
        SparseLu.Matrix a = SparseLu.Matrix.generate(2, 2);
        assertThatThrownBy(() -> a.copyFrom(SparseLu.Matrix.generate(3, 2))).hasMessageContaining("shapes differ");
        assertThat(a.firstDifference(SparseLu.Matrix.generate(3, 2))).startsWith("shape");
    }
}
