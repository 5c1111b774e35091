package dev.strand.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A profiled pool's figures: work, span and parallelism of everything it ran and of each named
 * {@linkplain Profiler#region region}, with the measured running time beside the bounds, and the
 * recorded DAG for replay in a simulator. Text ({@link #toText()}), CSV ({@link #toCsv()}) and
 * JSON ({@link #toJson()}).
 *
 * <p>How time is read: {@code System.nanoTime()} at every fork, join, task start and task end on
 * the worker that does it; the time between two such events is charged to the task running, as
 * work and as span. Time a worker waits in a join is charged to nobody. The profiler's own cost
 * (a clock read and a few field updates per event, an object per fork) falls partly inside the
 * measured segments: the part that does, measured once per JVM as {@link #eventCostNanos()} per
 * segment, is subtracted from every segment (never below zero), and {@link WorkSpan#subtractedNanos()}
 * says how much that took off the work. What remains of the profiler's cost (caches, the
 * allocation's share of garbage collection) still inflates the work of very small tasks a little.
 */
public final class ProfileReport {
    private final String pool;
    private final int workers;
    private final long burdenNanos;
    private final boolean burdenMeasured;
    private final long grainNanos;
    private final List<WorkSpan> rows;
    private final long spawns;
    private final long frames;
    private final long stolenFrames;
    private final long stolenWaitNanos;
    private final DagRecording recording;
    private final long eventCostNanos;
    private final boolean eventCostMeasured;
    private final boolean cpuTime;

    /**
     * A report with nothing subtracted for the profiler's own cost.
     *
     * @param pool            the pool's name
     * @param workers         its parallelism P
     * @param burdenNanos     the burden charged per spawn in the burdened span
     * @param burdenMeasured  whether the burden was measured (else set by a property)
     * @param grainNanos      the recording's grain
     * @param rows            the whole pool first, then the regions in order of first use
     * @param spawns          forks counted
     * @param frames          frames run
     * @param stolenFrames    frames run by another worker than their forker
     * @param stolenWaitNanos their total time from fork to start
     * @param recording       the recorded DAG
     */
    public ProfileReport(String pool, int workers, long burdenNanos, boolean burdenMeasured,
                         long grainNanos, List<WorkSpan> rows, long spawns, long frames,
                         long stolenFrames, long stolenWaitNanos, DagRecording recording) {
        this(pool, workers, burdenNanos, burdenMeasured, grainNanos, rows, spawns, frames, stolenFrames,
                stolenWaitNanos, recording, 0L, false);
    }

    /**
     * @param pool              the pool's name
     * @param workers           its parallelism P
     * @param burdenNanos       the burden charged per spawn in the burdened span
     * @param burdenMeasured    whether the burden was measured (else set by a property)
     * @param grainNanos        the recording's grain
     * @param rows              the whole pool first, then the regions in order of first use
     * @param spawns            forks counted
     * @param frames            frames run
     * @param stolenFrames      frames run by another worker than their forker
     * @param stolenWaitNanos   their total time from fork to start
     * @param recording         the recorded DAG
     * @param eventCostNanos    the profiler's own cost per measured segment, subtracted from each
     * @param eventCostMeasured whether that cost was measured (else set by a property)
     */
    public ProfileReport(String pool, int workers, long burdenNanos, boolean burdenMeasured,
                         long grainNanos, List<WorkSpan> rows, long spawns, long frames,
                         long stolenFrames, long stolenWaitNanos, DagRecording recording,
                         long eventCostNanos, boolean eventCostMeasured) {
        this(pool, workers, burdenNanos, burdenMeasured, grainNanos, rows, spawns, frames, stolenFrames,
                stolenWaitNanos, recording, eventCostNanos, eventCostMeasured, false);
    }

    /**
     * @param pool              the pool's name
     * @param workers           its parallelism P
     * @param burdenNanos       the burden charged per spawn in the burdened span
     * @param burdenMeasured    whether the burden was measured (else set by a property)
     * @param grainNanos        the recording's grain
     * @param rows              the whole pool first, then the regions in order of first use
     * @param spawns            forks counted
     * @param frames            frames run
     * @param stolenFrames      frames run by another worker than their forker
     * @param stolenWaitNanos   their total time from fork to start
     * @param recording         the recorded DAG
     * @param eventCostNanos    the profiler's own cost per measured segment, subtracted from each
     * @param eventCostMeasured whether that cost was measured (else set by a property)
     * @param cpuTime           whether work and span were charged in the workers' CPU time
     *                          ({@code -Dstrand.profile.clock=cpu}) rather than in wall time
     */
    public ProfileReport(String pool, int workers, long burdenNanos, boolean burdenMeasured,
                         long grainNanos, List<WorkSpan> rows, long spawns, long frames,
                         long stolenFrames, long stolenWaitNanos, DagRecording recording,
                         long eventCostNanos, boolean eventCostMeasured, boolean cpuTime) {
        this.cpuTime = cpuTime;
        this.pool = Objects.requireNonNull(pool, "pool must not be null");
        this.workers = workers;
        this.burdenNanos = burdenNanos;
        this.burdenMeasured = burdenMeasured;
        this.grainNanos = grainNanos;
        this.rows = List.copyOf(rows);
        if (this.rows.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least the whole pool's row");
        }
        this.spawns = spawns;
        this.frames = frames;
        this.stolenFrames = stolenFrames;
        this.stolenWaitNanos = stolenWaitNanos;
        this.recording = recording;
        this.eventCostNanos = eventCostNanos;
        this.eventCostMeasured = eventCostMeasured;
    }

    /** @return the pool's name */
    public String pool() {
        return pool;
    }

    /** @return the pool's parallelism P */
    public int workers() {
        return workers;
    }

    /** @return the burden per spawn in the burdened span, in nanoseconds */
    public long burdenNanos() {
        return burdenNanos;
    }

    /** @return whether the burden was measured on this machine (else it was set by {@code strand.profile.burden}) */
    public boolean burdenMeasured() {
        return burdenMeasured;
    }

    /**
     * The profiler's own time inside one measured segment (the part of a clock read and of the
     * bookkeeping of the events at its two ends that falls between the two clock reads), subtracted
     * from every segment's work and span, never below zero. Measured once per JVM by running empty
     * forks and joins through a private profiler; the {@code strand.profile.eventCost} system
     * property (nanoseconds) sets it instead, and 0 turns the correction off.
     *
     * @return the cost per segment, in nanoseconds
     */
    public long eventCostNanos() {
        return eventCostNanos;
    }

    /** @return whether {@link #eventCostNanos()} was measured on this machine (else it was set by a property) */
    public boolean eventCostMeasured() {
        return eventCostMeasured;
    }

    /**
     * @return whether work and span are the workers' CPU time ({@code -Dstrand.profile.clock=cpu}):
     *     time a worker was descheduled, or blocked, inside a strand is then not work; else they
     *     are wall time
     */
    public boolean cpuTime() {
        return cpuTime;
    }

    /** @return the profiler's own cost taken off the whole pool's work, in nanoseconds */
    public long subtractedNanos() {
        return total().subtractedNanos();
    }

    /** @return the recording grain: lighter subtrees are kept as work and span only */
    public long grainNanos() {
        return grainNanos;
    }

    /** @return the whole pool's figures (name {@code "(all)"}) */
    public WorkSpan total() {
        return rows.get(0);
    }

    /** @return the named regions' figures, in order of first use */
    public List<WorkSpan> regions() {
        return rows.subList(1, rows.size());
    }

    /** @return the whole pool and then every region */
    public List<WorkSpan> rows() {
        return rows;
    }

    /** @return the region named {@code name}, or null */
    public WorkSpan region(String name) {
        for (WorkSpan r : regions()) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        return null;
    }

    /** @return forks counted (task forks, scope spawns, join branches, submissions from tasks) */
    public long spawns() {
        return spawns;
    }

    /** @return frames run (tasks, join branches and top-level runs) */
    public long frames() {
        return frames;
    }

    /** @return frames that ran on another worker than the one that forked them: steals */
    public long steals() {
        return stolenFrames;
    }

    /** @return the mean time from a fork to the start of a stolen frame, in nanoseconds, or 0 */
    public long meanStealWaitNanos() {
        return stolenFrames == 0 ? 0L : stolenWaitNanos / stolenFrames;
    }

    /** @return the recorded DAG, for replay */
    public DagRecording recording() {
        return recording;
    }

    /** @return a table for people: one row per region, then the notes */
    public String toText() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Work/span profile of pool '%s' (P = %d)%n", pool, workers));
        b.append(String.format(Locale.ROOT, "%-24s %6s %12s %12s %11s %12s %11s %12s %12s%n",
                "region", "runs", "work ms", "span ms", "parallelism", "burd. span", "burd. par.",
                "T_P ms", "bound ms"));
        for (WorkSpan r : rows) {
            b.append(String.format(Locale.ROOT, "%-24s %6d %12.3f %12.3f %11.2f %12.3f %11.2f %12.3f %12.3f%n",
                    clip(r.name()), r.count(), ms(r.workNanos()), ms(r.spanNanos()), r.parallelism(),
                    ms(r.burdenedSpanNanos()), r.burdenedParallelism(), ms(r.wallNanos()),
                    ms(r.boundNanos(workers))));
        }
        b.append(String.format(Locale.ROOT, "spawns %d, frames %d, steals %d (mean wait %.1f us)%n",
                spawns, frames, stolenFrames, meanStealWaitNanos() / 1e3));
        b.append(String.format(Locale.ROOT, "burden %d ns per spawn (%s); T_P is the measured wall time, "
                + "bound = work/P + span%n", burdenNanos,
                burdenMeasured ? "measured: a task's round trip between two threads" : "set by strand.profile.burden"));
        b.append(String.format(Locale.ROOT, "profiler's own cost %d ns per event (%s), %.3f ms subtracted "
                        + "from the work%n", eventCostNanos,
                eventCostMeasured ? "measured" : "set by strand.profile.eventCost", ms(subtractedNanos())));
        b.append(cpuTime ? String.format("work and span in the workers' CPU time (strand.profile.clock=cpu)%n")
                : String.format("work and span in wall time%n"));
        return b.toString();
    }

    private static String clip(String s) {
        return s.length() <= 24 ? s : s.substring(0, 21) + "...";
    }

    private static double ms(long nanos) {
        return ms((double) nanos);
    }

    private static double ms(double nanos) {
        return nanos / 1e6;
    }

    /**
     * @return CSV, Cilkscale's columns in seconds plus the measured time, the bound, the run count,
     *     the profiler's cost taken off the work and its cost per event
     */
    public String toCsv() {
        StringBuilder b = new StringBuilder(
                "tag,work (seconds),span (seconds),parallelism,burdened_span (seconds),"
                        + "burdened_parallelism,wall (seconds),bound (seconds),runs,"
                        + "profiler_subtracted (seconds),profiler_event_cost (seconds)\n");
        for (WorkSpan r : rows) {
            b.append(csv(r.name())).append(',')
                    .append(String.format(Locale.ROOT, "%.9f,%.9f,%.4f,%.9f,%.4f,%.9f,%.9f,%d,%.9f,%.9f%n",
                            r.workNanos() / 1e9, r.spanNanos() / 1e9, r.parallelism(),
                            r.burdenedSpanNanos() / 1e9, r.burdenedParallelism(), r.wallNanos() / 1e9,
                            r.boundNanos(workers) / 1e9, r.count(), r.subtractedNanos() / 1e9,
                            eventCostNanos / 1e9));
        }
        return b.toString();
    }

    private static String csv(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** @return the figures as one JSON object (times in nanoseconds) */
    public String toJson() {
        StringBuilder b = new StringBuilder("{");
        b.append("\"pool\":").append(json(pool))
                .append(",\"workers\":").append(workers)
                .append(",\"burdenNanos\":").append(burdenNanos)
                .append(",\"burdenMeasured\":").append(burdenMeasured)
                .append(",\"grainNanos\":").append(grainNanos)
                .append(",\"spawns\":").append(spawns)
                .append(",\"frames\":").append(frames)
                .append(",\"steals\":").append(stolenFrames)
                .append(",\"meanStealWaitNanos\":").append(meanStealWaitNanos())
                .append(",\"eventCostNanos\":").append(eventCostNanos)
                .append(",\"eventCostMeasured\":").append(eventCostMeasured)
                .append(",\"clock\":\"").append(cpuTime ? "cpu" : "wall").append('"')
                .append(",\"subtractedNanos\":").append(subtractedNanos())
                .append(",\"rows\":[");
        for (int i = 0; i < rows.size(); i++) {
            WorkSpan r = rows.get(i);
            if (i > 0) {
                b.append(',');
            }
            b.append("{\"name\":").append(json(r.name()))
                    .append(",\"runs\":").append(r.count())
                    .append(",\"workNanos\":").append(r.workNanos())
                    .append(",\"spanNanos\":").append(r.spanNanos())
                    .append(",\"parallelism\":").append(num(r.parallelism()))
                    .append(",\"burdenedSpanNanos\":").append(r.burdenedSpanNanos())
                    .append(",\"burdenedParallelism\":").append(num(r.burdenedParallelism()))
                    .append(",\"wallNanos\":").append(r.wallNanos())
                    .append(",\"boundNanos\":").append(num(r.boundNanos(workers)))
                    .append(",\"subtractedNanos\":").append(r.subtractedNanos())
                    .append('}');
        }
        return b.append("]}").toString();
    }

    private static String num(double d) {
        return Double.isFinite(d) ? String.format(Locale.ROOT, "%.6g", d) : "null";
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /**
     * Writes {@code <name>.txt}, {@code <name>.csv} and {@code <name>.json} into {@code dir},
     * creating it if needed.
     *
     * @param dir  the directory
     * @param name the files' base name
     * @throws IOException if the directory cannot be created or a file cannot be written
     */
    public void writeTo(Path dir, String name) throws IOException {
        Objects.requireNonNull(dir, "dir must not be null");
        Objects.requireNonNull(name, "name must not be null");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".txt"), toText(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".csv"), toCsv(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name + ".json"), toJson(), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return toText();
    }
}
