/**
 * The blocking kernels: fork-join leaves that compute and wait, with and without the runtimes'
 * compensation ({@code blocking}), and a storm of tasks that only sleep ({@code sleep-storm}).
 */
package dev.strand.workloads.blocking;
