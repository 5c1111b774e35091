/**
 * The {@code coldstart} kernel: a fresh JVM per run, timed from its launch to its result.
 */
package dev.strand.workloads.coldstart;
