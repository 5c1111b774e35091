/**
 * Strand core: the work-stealing runtime. No dependencies beyond {@code java.base}. The
 * {@code jdk.jfr} module is optional: when it is in the runtime and readable (always on the class
 * path; on the module path when something requires it, or under {@code -XX:StartFlightRecording},
 * or with {@code --add-modules jdk.jfr}), the pools emit Flight Recorder events; a runtime linked
 * without it runs the pools without them. The {@code java.management} module is optional too: the
 * profiler's CPU-time mode ({@code -Dstrand.profile.clock=cpu}) needs it.
 *
 * <p>Exported: {@code dev.strand} (pool, tasks, fork/join API, statistics), {@code dev.strand.parallel}
 * (parallel for, map, reduce, scan and sort), {@code dev.strand.trace} (instrumentation hooks),
 * {@code dev.strand.profile} (the work/span profiler's regions, report and timeline).
 * Internals ({@code dev.strand.internal.*}: the worker, the deques, stealing, sleeping, the
 * profiler's bookkeeping, the Flight Recorder events) are not exported.
 */
module dev.strand.core {
    requires static jdk.jfr;
    requires static java.management;

    exports dev.strand;
    exports dev.strand.parallel;
    exports dev.strand.trace;
    exports dev.strand.profile;
}
