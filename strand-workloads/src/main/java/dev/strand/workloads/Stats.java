package dev.strand.workloads;

import java.util.Arrays;

/**
 * Medians and percentiles of samples: the one definition used by {@code strand bench},
 * {@code strand grain}, {@code strand sim} and the strand-bench tools.
 *
 * <p>The convention is linear interpolation between the two nearest ranks (Hyndman and Fan's
 * type 7, the default of R, NumPy and spreadsheet {@code PERCENTILE.INC}): for n sorted values
 * x<sub>0</sub> &le; ... &le; x<sub>n-1</sub> and p in [0, 100], let h = (n - 1) &middot; p / 100;
 * the p-th percentile is x<sub>&lfloor;h&rfloor;</sub> + (h - &lfloor;h&rfloor;) &middot;
 * (x<sub>&lfloor;h&rfloor;+1</sub> - x<sub>&lfloor;h&rfloor;</sub>). So percentile 0 is the
 * minimum, 100 the maximum, and the median (percentile 50) is the middle value of an odd count
 * and the mean of the two middle values, {@code (a + b) / 2}, of an even count.
 *
 * <ul>
 *   <li>No values: {@link IllegalArgumentException} (a caller that wants NaN for "no data" says
 *       so, see {@link #medianOrNaN}).</li>
 *   <li>A NaN among the values: the result is NaN (a missing measurement is not silently
 *       dropped, nor sorted to an end where it would shift the figure).</li>
 *   <li>Infinities sort as the extremes; an interpolation between an infinity and another value
 *       gives that infinity (the lower one, between -&infin; and +&infin;).</li>
 *   <li>{@code long} values are converted to {@code double} (exact below 2<sup>53</sup>).</li>
 *   <li>The arguments are never modified: the methods sort a copy.</li>
 * </ul>
 */
public final class Stats {
    private Stats() { }

    /**
     * @return the median of {@code values} (the mean of the two middle values for an even count)
     * @throws IllegalArgumentException if there are no values
     */
    public static double median(double... values) {
        return percentile(values, 50);
    }

    /** As {@link #median(double...)}, of {@code long} values. */
    public static double median(long... values) {
        return percentile(values, 50);
    }

    /** @return the median of {@code values}, or NaN if there are none */
    public static double medianOrNaN(double... values) {
        return values.length == 0 ? Double.NaN : median(values);
    }

    /**
     * @param p the percentile, 0 to 100 (50: the median, 90: the 90th percentile)
     * @return the {@code p}-th percentile of {@code values}, interpolated linearly between the
     *     two nearest ranks (see the class comment)
     * @throws IllegalArgumentException if there are no values, or {@code p} is not in [0, 100]
     */
    public static double percentile(double[] values, double p) {
        check(values.length, p);
        double[] s = values.clone();
        Arrays.sort(s);                                  // NaNs sort last
        return Double.isNaN(s[s.length - 1]) ? Double.NaN : ofSorted(s, p);
    }

    /** As {@link #percentile(double[], double)}, of {@code long} values. */
    public static double percentile(long[] values, double p) {
        check(values.length, p);
        double[] s = new double[values.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = values[i];
        }
        Arrays.sort(s);
        return ofSorted(s, p);
    }

    private static void check(int n, double p) {
        if (n == 0) {
            throw new IllegalArgumentException("no values: a median or percentile needs at least one");
        }
        if (!(p >= 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be between 0 and 100, got " + p);
        }
    }

    /** @param s sorted, no NaN, not empty */
    private static double ofSorted(double[] s, double p) {
        double h = (s.length - 1) * p / 100;
        int lo = (int) Math.floor(h);
        double f = h - lo;
        if (f == 0 || lo + 1 >= s.length) {
            return s[lo];
        }
        double a = s[lo];
        double b = s[lo + 1];
        if (a == b || Double.isInfinite(a)) {
            return a;
        }
        if (Double.isInfinite(b)) {
            return b;
        }
        // Halfway (the median of an even count): the mean of the two, as it has always been
        // computed here; elsewhere a + f * (b - a).
        return f == 0.5 ? (a + b) / 2 : a + f * (b - a);
    }
}
