package dev.strand.workloads.knapsack;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * The Cilk-5 / BOTS 0/1 knapsack (branch and bound, both branches of every item a task, no cutoff)
 * on a random instance, checked against the optimum computed by dynamic programming at set-up.
 */
public final class KnapsackWorkload extends Workload {
    final int items;
    final long number;
    final int form;
    Knapsack.Instance instance;
    int want;

    KnapsackWorkload(int items, long number, int form) {
        this.items = items;
        this.number = number;
        this.form = form;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("knapsack", "0/1 knapsack, branch and bound (Cilk-5, BOTS): both branches of every "
                + "item forked, no cutoff; the work depends on the schedule",
                List.of(new Kernel.Param("items", "items of the random instance", "24", "36", "38"),
                        new Kernel.Param("instance", "which random instance (its generator's start value)", "1",
                                "1", "1"),
                        new Kernel.Param("form", "Strand's form: 0 Strand.join at every item, 1 plain recursion "
                                + "with Strand.join where Strand.wantsSplit() (the guide's form)", "1", "1", "1")),
                p -> new KnapsackWorkload(p.getInt("items", 1, Knapsack.MAX_ITEMS),
                        p.getLong("instance", 0, Long.MAX_VALUE), p.getInt("form", 0, 1)));
    }

    @Override
    public String name() {
        return "knapsack";
    }

    @Override
    public String params() {
        return "items=" + items + " instance=" + number + (form == 0 ? " form=0 (Strand.join)" : "");
    }

    @Override
    public boolean serialIsReentrant() {
        return true;                              // each run searches with its own shared bound
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        instance = Knapsack.random(items, number);
        want = Knapsack.optimum(instance);
    }

    @Override
    public Object run(Variant v) {
        Knapsack.Instance in = instance;
        return switch (v) {
            case SERIAL -> Knapsack.serial(in);
            case STRAND -> pools.strand().invoke(() -> form == 0 ? Knapsack.strand(in) : Knapsack.strandPolled(in));
            case FJP -> pools.fjp().invoke(Knapsack.fjpTask(in));
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        WrongResultException.expect("knapsack items=" + items + " instance=" + number + " " + v.label(),
                (Integer) result, want);
    }

    @Override
    public void close() {
        instance = null;
    }
}
