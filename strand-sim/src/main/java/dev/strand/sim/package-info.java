/** The work-stealing simulator (see docs/simulator.md). */
package dev.strand.sim;
