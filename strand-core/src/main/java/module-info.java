/**
 * Strand core: the work-stealing runtime. No dependencies beyond the JDK (its {@code jdk.jfr}
 * module, for Flight Recorder events).
 *
 * <p>Exported: {@code dev.strand} (pool, tasks, fork/join API, statistics), {@code dev.strand.parallel}
 * (parallel for, map, reduce, scan and sort), {@code dev.strand.trace} (instrumentation hooks),
 * {@code dev.strand.profile} (the work/span profiler's regions, report and timeline).
 * Internals ({@code dev.strand.internal.*}: the worker, the deques, stealing, sleeping, the
 * profiler's bookkeeping, the Flight Recorder events) are not exported.
 */
module dev.strand.core {
    requires jdk.jfr;

    exports dev.strand;
    exports dev.strand.parallel;
    exports dev.strand.trace;
    exports dev.strand.profile;
}
