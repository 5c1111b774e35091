/**
 * Where a planned batch runs: {@link dev.strand.cluster.engine.LocalEngine} (one local pool) or
 * the Ignite engine, behind one interface, so that planning, the cost rule and the statistics are
 * the same code for both and a program moves from one to the other unchanged.
 *
 * <p>Invariant: both check that the job function serializes before running anything, so code
 * that works locally does not fail only once it meets a cluster.
 */
package dev.strand.cluster.engine;
