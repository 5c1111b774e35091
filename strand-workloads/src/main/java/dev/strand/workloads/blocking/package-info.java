/** The blocking kernel: fork-join leaves that wait, with and without the runtimes' compensation. */
package dev.strand.workloads.blocking;
