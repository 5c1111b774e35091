package dev.strand.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Stats.median(3.0)).isEqualTo(3.0);
        assertThat(Stats.median(5.0, 1.0, 3.0)).isEqualTo(3.0);
        assertThat(Stats.median(9, 1, 7, 3, 5)).isEqualTo(5.0);          // long values
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Stats.median(4.0, 1.0)).isEqualTo(2.5);
        assertThat(Stats.median(4.0, 1.0, 3.0, 2.0)).isEqualTo(2.5);
        assertThat(Stats.median(10L, 20L, 30L, 41L)).isEqualTo(25.0);
        assertThat(Stats.median(1L, 2L)).isEqualTo(1.5);                  // not integer division
    }

    /** The figures are those of the hand-written medians this class replaced, bit for bit. */
    @Test
    void medianIsBitForBitTheFormerSortAndAverage() {
        SplittableRandom r = new SplittableRandom(42);
        for (int trial = 0; trial < 2000; trial++) {
            double[] v = r.doubles(1 + r.nextInt(40), 0, 1e4).toArray();
            double[] a = v.clone();
            Arrays.sort(a);
            int n = a.length;
            double former = n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
            assertThat(Stats.median(v)).isEqualTo(former);
        }
    }

    @Test
    void theArgumentIsNotModified() {
        double[] v = {3, 1, 2};
        long[] l = {3, 1, 2};
        Stats.median(v);
        Stats.percentile(l, 90);
        assertThat(v).containsExactly(3, 1, 2);
        assertThat(l).containsExactly(3, 1, 2);
    }

    @Test
    void percentilesInterpolateLinearlyBetweenTheNearestRanks() {
        double[] v = {40, 10, 30, 20, 50};                                // sorted: 10 20 30 40 50
        assertThat(Stats.percentile(v, 0)).isEqualTo(10);
        assertThat(Stats.percentile(v, 25)).isEqualTo(20);
        assertThat(Stats.percentile(v, 50)).isEqualTo(30);
        assertThat(Stats.percentile(v, 90)).isCloseTo(46, within(1e-12));   // h = 3.6
        assertThat(Stats.percentile(v, 100)).isEqualTo(50);
        assertThat(Stats.percentile(new double[] {1, 2}, 90)).isCloseTo(1.9, within(1e-12));
        assertThat(Stats.percentile(new double[] {7}, 99)).isEqualTo(7);
        // R: quantile(1:10, 0.9) = 9.1 (type 7)
        long[] oneToTen = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertThat(Stats.percentile(oneToTen, 90)).isCloseTo(9.1, within(1e-12));
        assertThat(Stats.percentile(oneToTen, 50)).isEqualTo(Stats.median(oneToTen)).isEqualTo(5.5);
    }

    @Test
    void percentilesAreMonotoneInP() {
        SplittableRandom r = new SplittableRandom(7);
        double[] v = r.doubles(37, -5, 5).toArray();
        double last = Double.NEGATIVE_INFINITY;
        for (int p = 0; p <= 100; p++) {
            double q = Stats.percentile(v, p);
            assertThat(q).isGreaterThanOrEqualTo(last);
            last = q;
        }
        assertThat(Stats.percentile(v, 0)).isEqualTo(Arrays.stream(v).min().orElseThrow());
        assertThat(Stats.percentile(v, 100)).isEqualTo(Arrays.stream(v).max().orElseThrow());
    }

    @Test
    void noValuesIsAnIllegalArgument() {
        assertThatThrownBy(() -> Stats.median(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no values");
        assertThatThrownBy(() -> Stats.median(new long[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no values");
        assertThatThrownBy(() -> Stats.percentile(new double[0], 90))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no values");
        assertThat(Stats.medianOrNaN()).isNaN();
        assertThat(Stats.medianOrNaN(2, 4)).isEqualTo(3);
    }

    @Test
    void aPercentileOutside0To100IsAnIllegalArgument() {
        double[] v = {1, 2, 3};
        for (double p : new double[] {-1, 100.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> Stats.percentile(v, p))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("between 0 and 100");
        }
    }

    @Test
    void aNanAmongTheValuesGivesNan() {
        assertThat(Stats.median(1.0, Double.NaN, 3.0)).isNaN();
        assertThat(Stats.median(Double.NaN)).isNaN();
        assertThat(Stats.percentile(new double[] {1, 2, Double.NaN, 4}, 0)).isNaN();
        assertThat(Stats.medianOrNaN(Double.NaN, 1.0)).isNaN();
    }

    @Test
    void infinitiesAreTheExtremes() {
        double inf = Double.POSITIVE_INFINITY;
        assertThat(Stats.median(1.0, inf, 3.0)).isEqualTo(3.0);
        assertThat(Stats.median(1.0, inf)).isEqualTo(inf);
        assertThat(Stats.median(-inf, 1.0)).isEqualTo(-inf);
        assertThat(Stats.median(inf, inf)).isEqualTo(inf);
        assertThat(Stats.percentile(new double[] {1, 2, inf}, 100)).isEqualTo(inf);
    }
}
