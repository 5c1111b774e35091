package dev.strand.workloads.quad;

import dev.strand.workloads.Forker;

/**
 * Adaptive Simpson quadrature of {@code f(x) = sin(1/x)} (oscillating faster and faster towards 0),
 * an irregular divide and conquer: an interval is split in two, each half with half the tolerance,
 * until Simpson's rule on the halves agrees with the whole to 15 times the tolerance. The
 * subdivision is deep near the left end and shallow elsewhere. Every split forks (the halves are
 * added in a fixed order, so every version returns the same bits).
 */
public final class Quadrature {
    private Quadrature() { }

    /** Deepest subdivision (a guard; the default problems stop well above it). */
    static final int MAX_DEPTH = 60;

    /** @return the integrand, {@code sin(1/x)} */
    public static double f(double x) {
        return Math.sin(1.0 / x);
    }

    /**
     * @return the integral of {@link #f} over [lo, hi] to within about {@code eps}
     */
    public static double integrate(double lo, double hi, double eps, Forker fk) {
        double flo = f(lo);
        double fhi = f(hi);
        double mid = 0.5 * (lo + hi);
        double fmid = f(mid);
        double whole = (hi - lo) / 6 * (flo + 4 * fmid + fhi);
        return step(lo, hi, flo, fmid, fhi, whole, eps, 0, fk);
    }

    static double step(double l, double r, double fl, double fm, double fr, double whole, double eps,
            int depth, Forker fk) {
        double m = 0.5 * (l + r);
        double lm = 0.5 * (l + m);
        double rm = 0.5 * (m + r);
        double flm = f(lm);
        double frm = f(rm);
        double left = (m - l) / 6 * (fl + 4 * flm + fm);
        double right = (r - m) / 6 * (fm + 4 * frm + fr);
        double delta = left + right - whole;
        if (depth >= MAX_DEPTH || Math.abs(delta) <= 15 * eps) {
            return left + right + delta / 15;
        }
        double e2 = eps / 2;
        return fk.sum(() -> step(l, m, fl, flm, fm, left, e2, depth + 1, fk),
                () -> step(m, r, fm, frm, fr, right, e2, depth + 1, fk));
    }

    /** @return the number of leaf intervals of the subdivision (counted serially; for reports) */
    public static long intervals(double lo, double hi, double eps) {
        long[] splits = {0};
        Forker counting = new Forker() {
            @Override
            public void both(Runnable a, Runnable b) {
                a.run();
                b.run();
            }

            @Override
            public double sum(java.util.function.DoubleSupplier a, java.util.function.DoubleSupplier b) {
                splits[0]++;
                double x = a.getAsDouble();
                return x + b.getAsDouble();
            }
        };
        integrate(lo, hi, eps, counting);
        return splits[0] + 1;
    }
}
