package dev.strand.workloads.quad;

import dev.strand.workloads.Forker;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * Adaptive quadrature of {@code sin(1/x)} over [lo, 1]: irregular fork-join. Checked bit for bit
 * against a serial run made at set-up (the same recursion adds the same halves in the same order).
 */
public final class QuadWorkload extends Workload {
    final double lo;
    final double eps;
    double want;
    long intervals;

    QuadWorkload(double lo, double eps) {
        this.lo = lo;
        this.eps = eps;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("quad", "adaptive Simpson quadrature of sin(1/x) on [lo, 1]: irregular, forks at every split",
                List.of(new Kernel.Param("lo", "left end (smaller = deeper, more irregular)", "0.01", "0.0001", "0.00002"),
                        new Kernel.Param("eps", "absolute tolerance", "1e-9", "1e-12", "1e-13")),
                p -> new QuadWorkload(p.getDouble("lo", 1e-6, 0.5), p.getDouble("eps", 1e-15, 1)));
    }

    @Override
    public String name() {
        return "quad";
    }

    @Override
    public String params() {
        return "lo=" + lo + " eps=" + eps;
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        want = Quadrature.integrate(lo, 1.0, eps, Forker.SERIAL);
        intervals = Quadrature.intervals(lo, 1.0, eps);
    }

    @Override
    public Object run(Variant v) {
        return Forker.compute(v, pools, f -> Quadrature.integrate(lo, 1.0, eps, f));
    }

    @Override
    public void check(Variant v, Object result) {
        double got = (Double) result;
        if (Double.doubleToLongBits(got) != Double.doubleToLongBits(want)) {
            throw new WrongResultException("quad " + v.label() + ": got " + got + ", serial gave " + want);
        }
    }

    @Override
    public Units units() {
        return new Units(intervals, "intervals");
    }
}
