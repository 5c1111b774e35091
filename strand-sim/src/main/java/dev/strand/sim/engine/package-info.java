/** The simulation engines (not exported): lock-step work stealing and the central references. */
package dev.strand.sim.engine;
