package dev.strand.workloads.nqueens;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class NQueensTest {

    @Test
    void smallBoardsMatchTheKnownCounts() {
        for (int n = 1; n <= 11; n++) {
            assertThat(NQueens.serial(n)).as("n=" + n).isEqualTo(NQueens.known(n));
        }
    }

    @Test
    void boards12To14InEveryVersionMatchTheKnownCounts() {
        assertThat(new long[] {NQueens.known(12), NQueens.known(13), NQueens.known(14), NQueens.known(15)})
                .containsExactly(14200, 73712, 365596, 2279184);
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            for (int n = 12; n <= 14; n++) {
                int nn = n;
                assertThat(NQueens.serial(n)).isEqualTo(NQueens.known(n));
                for (int depth : new int[] {0, 1, 3}) {
                    assertThat(sp.invoke(() -> NQueens.strand(nn, depth))).isEqualTo(NQueens.known(n));
                    NQueens.FjpTask t = NQueens.fjpTask(n, depth);
                    fp.invoke(t);
                    assertThat(t.result).isEqualTo(NQueens.known(n));
                }
            }
        }
    }

    @Test
    void board15OnStrand() {
        try (StrandPool sp = new StrandPool(2)) {
            assertThat(sp.invoke(() -> NQueens.strand(15, 3))).isEqualTo(2_279_184L);
        }
    }
}
