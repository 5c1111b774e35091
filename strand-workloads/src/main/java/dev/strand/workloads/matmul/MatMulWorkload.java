package dev.strand.workloads.matmul;

import dev.strand.workloads.Forker;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Cache-oblivious matrix multiply of two {@code n x n} matrices of small integers (so the result is
 * exact), verified by Freivalds' check. C is zeroed before each run (untimed).
 */
public final class MatMulWorkload extends Workload {
    final int n;
    final int leaf;
    double[] a;
    double[] b;
    double[] c;

    MatMulWorkload(int n, int leaf) {
        this.n = n;
        this.leaf = leaf;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("matmul", "cache-oblivious matrix multiply C += A*B (divide and conquer, serial leaf)",
                List.of(new Kernel.Param("n", "matrix order", "128", "512", "1024"),
                        new Kernel.Param("leaf", "largest block edge multiplied serially", "32", "32", "32")),
                p -> new MatMulWorkload(p.getInt("n", 1, 16384), p.getInt("leaf", 1, 16384)));
    }

    @Override
    public String name() {
        return "matmul";
    }

    @Override
    public String params() {
        return "n=" + n + " leaf=" + leaf;
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        SplittableRandom r = new SplittableRandom(7);
        a = new double[n * n];
        b = new double[n * n];
        c = new double[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = r.nextInt(-4, 5);
            b[i] = r.nextInt(-4, 5);
        }
    }

    @Override
    public void prepare(Variant v) {
        Arrays.fill(c, 0.0);
    }

    @Override
    public Object run(Variant v) {
        Forker.run(v, pools, f -> MatMul.multiply(a, b, c, n, leaf, f));
        return c;
    }

    @Override
    public void check(Variant v, Object result) {
        int row = MatMul.freivalds(a, b, (double[]) result, n, 11);
        if (row >= 0) {
            throw new WrongResultException("matmul " + v.label() + ": C x != A (B x) in row " + row);
        }
    }

    @Override
    public Units units() {
        return new Units((long) n * n * n, "multiply-adds");
    }

    @Override
    public void close() {
        a = null;
        b = null;
        c = null;
    }
}
