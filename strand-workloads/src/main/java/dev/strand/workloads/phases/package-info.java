/** The phases kernel: a serial phase, then a wide one; CPU given back, and speed when it is needed. */
package dev.strand.workloads.phases;
