/**
 * Strand core: the work-stealing runtime. No dependencies.
 *
 * <p>Exported: {@code dev.strand} (pool, tasks, fork/join API, statistics), {@code dev.strand.parallel}
 * (parallel for, map, reduce, scan and sort), {@code dev.strand.trace} (instrumentation hooks).
 * Internals ({@code dev.strand.internal.*}: the worker, the deques, stealing, sleeping) are not
 * exported.
 */
module dev.strand.core {
    exports dev.strand;
    exports dev.strand.parallel;
    exports dev.strand.trace;
}
