/**
 * The work/span profiler: what a program's DAG allows, measured on the program itself.
 *
 * <h2>What it measures</h2>
 * A fork-join program unrolls into a series-parallel DAG of strands. Its work T<sub>1</sub> is the
 * total time of the strands, its span T<sub>∞</sub> the heaviest path, and their ratio the
 * parallelism: the most speedup any number of workers can give. No schedule beats the work law
 * T<sub>P</sub> &ge; T<sub>1</sub>/P or the span law T<sub>P</sub> &ge; T<sub>∞</sub>; greedy
 * schedules stay within T<sub>1</sub>/P + T<sub>∞</sub> (Graham 1969, Brent 1974), and randomized
 * work stealing within T<sub>1</sub>/P + O(T<sub>∞</sub>) in expectation (Blumofe and Leiserson,
 * JACM 1999). A profile says which law limits a program: too little parallelism (the span law), or
 * too fine a grain to pay for its steals (the burdened span).
 *
 * <h2>How</h2>
 * Online, with the series-parallel recurrences, as Cilkview (He, Leiserson and Leiserson, SPAA
 * 2010) and Cilkscale do: each frame (a task's body, a branch of {@code Strand.join}) carries its
 * work and its span from the computation's start. Time between two scheduling events on a worker
 * is added to the running frame's work and span. A fork starts the child at the parent's span; a
 * join adds the child's work and takes the larger span. Every construct is a fork and a join:
 * {@code Task.fork}/{@code join}, {@code Strand.join} (a join lazy splitting runs inline counts as
 * parallel down to an adaptive nesting, where its branches last a few microseconds; deeper, it is
 * serial code), scopes, submissions from tasks, and every {@code Parallel} method, which are built
 * on them.
 *
 * <h2>The same schedule</h2>
 * A profiling pool splits where a plain one would: {@code Strand.wantsSplit} answers alike and an
 * inline join stays inline, so the profiled run is the program's run, slowed only by the clock
 * reads at the events it times. Work and span are wall time, or with
 * {@code -Dstrand.profile.clock=cpu} the worker threads' CPU time, which leaves out the time the
 * OS ran other processes in their place.
 *
 * <h2>Use</h2>
 * {@code StrandPool.builder().profile(true)} and {@code pool.profile()}, or
 * {@code -Dstrand.profile=DIR} for every pool of an unmodified program; name parts of the program
 * with {@link dev.strand.profile.Profiler#region}. The report ({@link dev.strand.profile.ProfileReport})
 * also carries the recorded DAG ({@link dev.strand.profile.DagRecording}), which
 * {@code strand profile} replays in the simulator to predict T<sub>P</sub> at other P.
 */
package dev.strand.profile;
