package dev.strand.cli.soak;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The kinds of workload the soak mixes; {@code --only} names one. */
enum Workload {
    FORK_TREE("fork/join trees: Strand.fork, Task.fork, Task subclasses, invoke, get; exact node count"),
    JOIN("Strand.join trees (both forms) over random ranges; exact leaf and node counts"),
    SCOPE("Strand.scope trees, members spawning into their own scope; exact count"),
    EXECUTOR("submit/execute/invoke/invokeAll/invokeAny and CompletableFuture, from outside and inside"),
    EXCEPTIONS("a planned exception in a tree, a join, a scope, a future, invokeAll, execute, Parallel"),
    CANCEL("cancel(true) of running and queued submissions, of forked tasks, timed invokeAll"),
    DEEP_RECURSION("recursion to StackOverflowError on small-stack pools: an exception, never a hang"),
    LIFECYCLE("close, shutdown+awaitTermination, shutdownNow: executed + returned == submitted"),
    CROSS_POOL("a task of pool A waiting for pool B (and B for A), CompletableFuture across pools"),
    PARALLEL("Parallel.forRange/map/reduce/sum/scan/sort against serial results");

    final String description;

    Workload(String description) {
        this.description = description;
    }

    /** @return the command-line name, e.g. {@code fork-tree} */
    String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    void run(Run r) throws Exception {
        switch (this) {
            case FORK_TREE -> TreeWorkloads.forkTree(r);
            case JOIN -> TreeWorkloads.joinTree(r);
            case SCOPE -> TreeWorkloads.scopeTree(r);
            case EXECUTOR -> ExecutorWorkloads.executor(r);
            case EXCEPTIONS -> ExecutorWorkloads.exceptions(r);
            case CANCEL -> ExecutorWorkloads.cancel(r);
            case DEEP_RECURSION -> DeepRecursion.run(r);
            case LIFECYCLE -> LifecycleWorkloads.lifecycle(r);
            case CROSS_POOL -> LifecycleWorkloads.crossPool(r);
            case PARALLEL -> TreeWorkloads.parallel(r);
        }
    }

    /** {@code --only}: a workload's command-line name. */
    static final class Converter implements ITypeConverter<Workload>, Iterable<String> {
        @Override
        public Workload convert(String value) {
            for (Workload w : values()) {
                if (w.cliName().equalsIgnoreCase(value.strip())) {
                    return w;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of "
                    + String.join(", ", this));
        }

        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(values()).map(Workload::cliName).iterator();
        }
    }
}
