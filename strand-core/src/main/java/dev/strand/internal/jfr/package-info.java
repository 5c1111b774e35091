/**
 * Java Flight Recorder events, so that a JDK Mission Control user sees Strand in an ordinary
 * recording: {@code dev.strand.Steal} (a successful steal: thief, victim, tasks taken),
 * {@code dev.strand.Park} (a worker parked for lack of work, with its duration),
 * {@code dev.strand.Submit} (a task queued from outside the pool) and
 * {@code dev.strand.Region} (a profiled region, with its work and span when the pool profiles).
 *
 * <p>Cost when disabled: each site creates the event object and asks {@code isEnabled()} (or
 * {@code shouldCommit()}), a read of a flag that JFR flips when a recording enables the event;
 * the object does not escape, so the JIT removes the allocation. Nothing else runs. Events are
 * disabled unless a recording enables them (the {@code default} and {@code profile} settings of
 * the JDK do not list them; enable them with {@code jfr configure} or a custom .jfc, or
 * programmatically with {@code Recording.enable("dev.strand.Steal")}).
 */
package dev.strand.internal.jfr;
