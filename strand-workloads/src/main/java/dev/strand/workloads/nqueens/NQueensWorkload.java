package dev.strand.workloads.nqueens;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/** N-Queens (bitmask), counting solutions, checked against the published counts. */
public final class NQueensWorkload extends Workload {
    final int n;
    final int depth;

    NQueensWorkload(int n, int depth) {
        this.n = n;
        this.depth = depth;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("nqueens", "N-Queens, bitmask, counting solutions (checked against known counts)",
                List.of(new Kernel.Param("n", "board size (12..15 intended)", "12", "14", "15"),
                        new Kernel.Param("depth", "rows placed by forked tasks; serial below", "3", "3", "3")),
                p -> new NQueensWorkload(p.getInt("n", 1, NQueens.MAX_N), p.getInt("depth", 0, NQueens.MAX_N)));
    }

    @Override
    public String name() {
        return "nqueens";
    }

    @Override
    public String params() {
        return "n=" + n + " depth=" + depth;
    }

    @Override
    public boolean serialIsReentrant() {
        return true;                              // a pure function of immutable parameters
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public Object run(Variant v) {
        return switch (v) {
            case SERIAL -> NQueens.serial(n);
            case STRAND -> pools.strand().invoke(() -> NQueens.strand(n, depth));
            case FJP -> {
                NQueens.FjpTask t = NQueens.fjpTask(n, depth);
                pools.fjp().invoke(t);
                yield t.result;
            }
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        WrongResultException.expect(n + "-queens " + v.label(), (Long) result, NQueens.known(n));
    }
}
