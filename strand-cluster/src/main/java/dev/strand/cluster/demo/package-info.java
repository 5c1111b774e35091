/**
 * Workloads for the cluster demo and tests: a skewed batch whose declared work hides its real cost
 * ({@link dev.strand.cluster.demo.SkewedWork}), and a divide-and-conquer range sum
 * ({@link dev.strand.cluster.demo.RangeHash}). They live in the main source tree because the node
 * JVMs need their classes.
 */
package dev.strand.cluster.demo;
