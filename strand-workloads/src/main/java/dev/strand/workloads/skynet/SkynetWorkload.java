package dev.strand.workloads.skynet;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/** Skynet: spawn throughput of a 10-ary tree of tasks with {@code 10^k} leaves. */
public final class SkynetWorkload extends Workload {
    final long leaves;

    SkynetWorkload(long leaves) {
        long s = leaves;
        while (s > 1 && s % Skynet.FANOUT == 0) {
            s /= Skynet.FANOUT;
        }
        if (s != 1) {
            throw new IllegalArgumentException("skynet.leaves must be a power of 10, got " + leaves);
        }
        this.leaves = leaves;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("skynet", "skynet: a 10-ary tree of tasks, 10^6 leaves; spawn throughput",
                List.of(new Kernel.Param("leaves", "leaf tasks, a power of 10", "10000", "1000000", "10000000")),
                p -> new SkynetWorkload(p.getLong("leaves", 1, 1_000_000_000_000L)));
    }

    @Override
    public String name() {
        return "skynet";
    }

    @Override
    public String params() {
        return "leaves=" + leaves;
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
            case SERIAL -> Skynet.serial(0, leaves);
            case STRAND -> pools.strand().invoke(() -> Skynet.strand(leaves));
            case FJP -> {
                Skynet.FjpNode t = Skynet.fjpTask(leaves);
                pools.fjp().invoke(t);
                yield t.sum;
            }
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        WrongResultException.expect("skynet " + v.label(), (Long) result, Skynet.expected(leaves));
    }

    @Override
    public Units units() {
        return new Units(Skynet.tasks(leaves), "tasks");
    }
}
