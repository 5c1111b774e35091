/**
 * Fork-join computations as lazily generated series-parallel DAGs: {@link
 * dev.strand.sim.dag.Proc} (a procedure body), {@link dev.strand.sim.dag.Body} (one built by
 * hand), {@link dev.strand.sim.dag.Dags} (the generators), {@link dev.strand.sim.dag.Metrics}
 * (T1, T-inf, S1).
 */
package dev.strand.sim.dag;
