package dev.strand.workloads.sparselu;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * BOTS SparseLU (a task per block operation, the original's grain) on BOTS's generated matrix,
 * checked bit for bit against the serial factorization computed at set-up. The matrix is put back
 * to its input before every run, untimed, in the same arrays.
 */
public final class SparseLuWorkload extends Workload {
    final int blocks;
    final int blockSize;
    SparseLu.Matrix input;
    SparseLu.Matrix work;
    SparseLu.Matrix want;

    SparseLuWorkload(int blocks, int blockSize) {
        this.blocks = blocks;
        this.blockSize = blockSize;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("sparselu", "BOTS SparseLU: LU of a sparse blocked matrix, a task per block "
                + "operation (bs^3 multiply-adds); checked against the serial result",
                List.of(new Kernel.Param("blocks", "blocks per side (BOTS's default: 50)", "8", "30", "50"),
                        new Kernel.Param("bs", "floats per block side (BOTS's default: 100)", "20", "100", "100")),
                p -> new SparseLuWorkload(p.getInt("blocks", 1, 400), p.getInt("bs", 1, 1000)));
    }

    @Override
    public String name() {
        return "sparselu";
    }

    @Override
    public String params() {
        return "blocks=" + blocks + " bs=" + blockSize;
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        input = SparseLu.Matrix.generate(blocks, blockSize);
        want = input.copy();
        SparseLu.serial(want);
        work = input.copy();
    }

    @Override
    public void prepare(Variant v) {
        work.copyFrom(input);
    }

    @Override
    public Object run(Variant v) {
        SparseLu.Matrix m = work;
        switch (v) {
            case SERIAL -> SparseLu.serial(m);
            case STRAND -> pools.strand().invoke(() -> SparseLu.strand(m));
            case FJP -> pools.fjp().invoke(SparseLu.fjpTask(m));
            default -> throw new IllegalArgumentException(v.label());
        }
        return m;
    }

    @Override
    public void check(Variant v, Object result) {
        String d = want.firstDifference((SparseLu.Matrix) result);
        if (d != null) {
            throw new WrongResultException("sparselu " + params() + " " + v.label() + ": " + d);
        }
    }

    @Override
    public Units units() {
        return new Units(SparseLu.operations(blocks), "block ops");
    }

    @Override
    public void close() {
        input = null;
        work = null;
        want = null;
    }
}
