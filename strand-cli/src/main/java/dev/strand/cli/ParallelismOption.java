package dev.strand.cli;

import picocli.CommandLine.Option;

/**
 * {@code -p, --parallelism P}: the worker count, with the same default and range in every command
 * that runs a pool ({@code @Mixin ParallelismOption}).
 */
public final class ParallelismOption {

    /** Most workers a command accepts: beyond the pool's use on any machine these commands measure. */
    public static final int MAX = 256;

    @Option(names = {"-p", "--parallelism"}, paramLabel = "P",
            description = "Workers of each pool, 1.." + MAX + " (default: the available processors, "
                    + "${DEFAULT-VALUE} here).")
    @Range(min = 1, max = MAX)
    int parallelism = Math.min(MAX, Runtime.getRuntime().availableProcessors());

    /** @return the worker count */
    public int get() {
        return parallelism;
    }
}
