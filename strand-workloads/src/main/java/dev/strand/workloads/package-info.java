/**
 * The classic task-parallel benchmark kernels, each in serial, Strand and ForkJoinPool versions of the same
 * algorithm, with a check of its result (see docs/notes/benchmark-log.md, "The suite").
 *
 * <p>{@link dev.strand.workloads.Catalog} lists the kernels; a {@link dev.strand.workloads.Kernel}
 * builds a {@link dev.strand.workloads.Workload} at a {@link dev.strand.workloads.Size} (parameters
 * overridable by name), which runs each {@link dev.strand.workloads.Variant} on
 * {@link dev.strand.workloads.Pools} and checks the result. One subpackage per kernel family:
 * {@code fib}, {@code nqueens}, {@code uts} (SHA-1 splittable RNG, T1/T3 checked), {@code sort}
 * ({@code Parallel.sort} vs {@code Arrays.parallelSort}), {@code matmul}, {@code quad}, {@code skynet}, {@code treesum}
 * (Spice's binary-tree sum), {@code knapsack} (Cilk-5 / BOTS branch and bound), {@code health} (BOTS Health),
 * {@code async}, {@code spawn}, {@code idle}. Divide-and-conquer kernels share their code across variants through
 * {@link dev.strand.workloads.Forker}; spawn-bound kernels use {@code Task} / {@code RecursiveTask}
 * subclasses written alike. {@code strand bench} (strand-cli) is the harness; strand-bench's JMH
 * benchmarks use the fib kernels.
 */
package dev.strand.workloads;
