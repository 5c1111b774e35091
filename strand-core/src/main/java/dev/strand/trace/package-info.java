/**
 * Instrumentation hooks ({@link dev.strand.trace.SchedulerListener}) at spawn, sync, steal and park,
 * free when disabled. Profilers and timelines build on them.
 */
package dev.strand.trace;
