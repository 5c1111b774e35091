/** Benchmark kernels in serial, Strand and ForkJoinPool versions (see docs/benchmarks.md). */
package dev.strand.workloads;
