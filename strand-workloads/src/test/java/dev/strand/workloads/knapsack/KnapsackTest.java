package dev.strand.workloads.knapsack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class KnapsackTest {

    /** @return the optimum by trying every subset */
    static int bruteForce(Knapsack.Instance in) {
        int best = 0;
        for (int mask = 0; mask < 1 << in.items(); mask++) {
            int w = 0;
            int v = 0;
            for (int i = 0; i < in.items(); i++) {
                if ((mask & 1 << i) != 0) {
                    w += in.weights[i];
                    v += in.values[i];
                }
            }
            if (w <= in.capacity()) {
                best = Math.max(best, v);
            }
        }
        return best;
    }

    @Test
    void aTextbookInstance() {
        Knapsack.Instance in = new Knapsack.Instance(new int[] {60, 100, 120}, new int[] {10, 20, 30}, 50);
        assertThat(in.values).containsExactly(60, 100, 120);   // ratios 6, 5, 4: already sorted
        assertThat(Knapsack.optimum(in)).isEqualTo(220);
        assertThat(Knapsack.serial(in)).isEqualTo(220);
    }

    @Test
    void itemsAreSortedByDecreasingRatio() {
        Knapsack.Instance in = Knapsack.random(30, 9);
        for (int i = 1; i < in.items(); i++) {
            assertThat((long) in.values[i - 1] * in.weights[i])
                    .isGreaterThanOrEqualTo((long) in.values[i] * in.weights[i - 1]);
        }
        assertThatThrownBy(() -> new Knapsack.Instance(new int[] {1}, new int[] {0}, 5))
                .hasMessageContaining("weight must be >= 1");
    }

    @Test
    void theSearchFindsTheOptimumInEveryVersion() {
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            for (long seed = 0; seed < 20; seed++) {
                Knapsack.Instance in = Knapsack.random(14, seed);
                int want = bruteForce(in);
                assertThat(Knapsack.optimum(in)).as("seed " + seed).isEqualTo(want);
                assertThat(Knapsack.serial(in)).as("seed " + seed).isEqualTo(want);
                assertThat(sp.invoke(() -> Knapsack.strand(in))).as("seed " + seed).isEqualTo(want);
                assertThat(fp.invoke(Knapsack.fjpTask(in))).as("seed " + seed).isEqualTo(want);
            }
            Knapsack.Instance in = Knapsack.random(26, 1);
            int want = Knapsack.optimum(in);
            for (int round = 0; round < 3; round++) {
                assertThat(sp.invoke(() -> Knapsack.strand(in))).isEqualTo(want);
                assertThat(fp.invoke(Knapsack.fjpTask(in))).isEqualTo(want);
            }
            assertThat(Knapsack.serial(in)).isEqualTo(want);
        }
    }
}
