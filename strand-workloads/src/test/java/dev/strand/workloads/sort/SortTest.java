package dev.strand.workloads.sort;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import dev.strand.workloads.Forker;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.junit.jupiter.api.Test;

class SortTest {

    @Test
    void mergeSortSortsInEveryVersionAtAnyGrain() {
        SplittableRandom r = new SplittableRandom(3);
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            for (int n : new int[] {0, 1, 2, 17, 1000, 40_000, 100_003}) {
                long[] in = new long[n];
                for (int i = 0; i < n; i++) {
                    in[i] = n > 1000 ? r.nextLong() : r.nextInt(10);     // duplicates too
                }
                long[] want = in.clone();
                Arrays.sort(want);
                for (int grain : new int[] {1, 7, 1000, MergeSort.SORT_GRAIN}) {
                    long[] a = in.clone();
                    MergeSort.sort(a, Forker.SERIAL, grain);
                    assertThat(a).as("serial n=%d grain=%d", n, grain).isEqualTo(want);
                    long[] b = in.clone();
                    sp.invoke(() -> {
                        MergeSort.sort(b, Forker.STRAND, grain);
                        return null;
                    });
                    assertThat(b).as("strand n=%d grain=%d", n, grain).isEqualTo(want);
                    long[] c = in.clone();
                    fp.invoke(ForkJoinTask.adapt(() -> MergeSort.sort(c, Forker.FJP, grain)));
                    assertThat(c).as("fjp n=%d grain=%d", n, grain).isEqualTo(want);
                }
            }
        }
    }
}
