package dev.strand.workloads;

import dev.strand.workloads.async.AsyncWorkload;
import dev.strand.workloads.blocking.BlockingWorkload;
import dev.strand.workloads.blocking.SleepStormWorkload;
import dev.strand.workloads.coldstart.ColdStartWorkload;
import dev.strand.workloads.fib.FibWorkloads;
import dev.strand.workloads.health.HealthWorkload;
import dev.strand.workloads.idle.IdleWorkloads;
import dev.strand.workloads.knapsack.KnapsackWorkload;
import dev.strand.workloads.matmul.MatMulWorkload;
import dev.strand.workloads.nqueens.NQueensWorkload;
import dev.strand.workloads.phases.PhasesWorkload;
import dev.strand.workloads.quad.QuadWorkload;
import dev.strand.workloads.shared.SharedWorkload;
import dev.strand.workloads.skynet.SkynetWorkload;
import dev.strand.workloads.sort.SortWorkload;
import dev.strand.workloads.sparselu.SparseLuWorkload;
import dev.strand.workloads.spawn.SpawnLoopWorkload;
import dev.strand.workloads.treesum.TreeSumWorkloads;
import dev.strand.workloads.uts.UtsWorkload;
import java.util.List;
import java.util.Optional;

/** Every kernel of the suite, in the order the suite runs them. */
public final class Catalog {
    private Catalog() { }

    private static final List<Kernel> KERNELS = List.of(
            FibWorkloads.everyLevel(),
            FibWorkloads.cutoff(),
            NQueensWorkload.kernel(),
            UtsWorkload.t1(),
            UtsWorkload.t3(),
            SortWorkload.kernel(),
            MatMulWorkload.kernel(),
            QuadWorkload.kernel(),
            SkynetWorkload.kernel(),
            TreeSumWorkloads.large(),
            TreeSumWorkloads.small(),
            KnapsackWorkload.kernel(),
            HealthWorkload.kernel(),
            SparseLuWorkload.kernel(),
            AsyncWorkload.kernel(AsyncWorkload.Mode.EXTERNAL),
            AsyncWorkload.kernel(AsyncWorkload.Mode.TASK),
            AsyncWorkload.kernel(AsyncWorkload.Mode.TREE),
            AsyncWorkload.kernel(AsyncWorkload.Mode.CHAIN),
            SpawnLoopWorkload.kernel(),
            BlockingWorkload.kernel(),
            SleepStormWorkload.kernel(),
            SharedWorkload.kernel(),
            PhasesWorkload.kernel(),
            IdleWorkloads.idle(),
            IdleWorkloads.wakeup(),
            ColdStartWorkload.kernel());

    /** @return all kernels */
    public static List<Kernel> kernels() {
        return KERNELS;
    }

    /** @return the kernel called {@code name}, if any */
    public static Optional<Kernel> find(String name) {
        return KERNELS.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** @return the names of all kernels */
    public static List<String> names() {
        return KERNELS.stream().map(Kernel::name).toList();
    }
}
