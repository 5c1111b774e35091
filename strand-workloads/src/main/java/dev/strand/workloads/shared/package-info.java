/** The shared-machine kernel: kernels at once on their own pools, beside competing processes. */
package dev.strand.workloads.shared;
