/**
 * Strand simulator: work-stealing schedulers on series-parallel DAGs, deterministic, any P.
 * No dependencies. Exported: {@code dev.strand.sim} (policies, machine, simulator, results) and
 * {@code dev.strand.sim.dag} (procedures, generators, metrics); the engines are internal.
 */
module dev.strand.sim {
    exports dev.strand.sim;
    exports dev.strand.sim.dag;
}
