package dev.strand.internal.profile;

/**
 * The work/span state of one frame: a task's body, one branch of a {@code Strand.join}, a scope, or
 * an outside thread's view of the pool. Created at the fork with the forker's span; then the worker
 * running it owns the running values, and the values are final once the frame ended (published to
 * the joiner by the task's completion, which happens-before the join).
 *
 * <p>Invariant: {@code span >= startSpan}, {@code bspan >= startBSpan}, {@code work >= 0}; a frame
 * is ended at most once.
 */
public final class Frame {
    /** The forker's span at the fork (0 for a computation submitted from outside). */
    final long startSpan;
    /** The forker's burdened span at the fork, plus the burden of this spawn. */
    final long startBSpan;
    /** {@code System.nanoTime()} at the fork, to measure how long a stolen frame waited. */
    final long forkedAt;
    /** The worker that forked it, or -1 from outside the pool. */
    final int forkedBy;
    /** The forker's work when it forked this frame: a light frame joined last rolls back to it. */
    final long parentWorkAtFork;
    /** The frame that forked or called it, or null for a computation submitted from outside. */
    final Frame parent;
    /** Where the parent's recording holds this frame's SPAWN or CALL, or -1. */
    int spawnPos = -1;
    /** For a timed inline join's second branch: the nesting it was forked at; -1 otherwise. */
    int inlineNest = -1;
    /** Run in series by its parent (a join's first branch), not forked. */
    final boolean called;

    /** Work of this frame and every frame it joined, in nanoseconds. */
    long work;
    /** The profiler's own cost subtracted from this frame's work and every frame's it joined. */
    long subtracted;
    /** The span from the computation's start to this frame's current point (or end). */
    long span;
    /** {@link #span} with the burden of every spawn on the path added. */
    long bspan;
    /**
     * This frame's actions, for replay: created at its first fork or call (a frame that never
     * forks is replayed as a blob of its work and span, which needs no object); null again once a
     * light frame ended.
     */
    Recording recording;
    /** Whether this frame records its actions at all. */
    private final boolean recordable;
    /** {@code System.nanoTime()} when a worker began running it (for the timeline). */
    long startedAt;
    /** Set by the worker that ran it; checked by assertions only. */
    boolean ended;

    Frame(Frame parent, boolean called, long startSpan, long startBSpan, long forkedAt,
          int forkedBy, long parentWorkAtFork, boolean record) {
        this.parent = parent;
        this.called = called;
        this.startSpan = startSpan;
        this.startBSpan = startBSpan;
        this.forkedAt = forkedAt;
        this.forkedBy = forkedBy;
        this.parentWorkAtFork = parentWorkAtFork;
        this.span = startSpan;
        this.bspan = startBSpan;
        this.recordable = record;
    }

    /**
     * @return this frame's recording, created now if this is its first structural action: what
     *     the frame did before is one blob of its work and span so far (series composition keeps
     *     both exact); null if the frame does not record
     */
    Recording recordingForFork() {
        Recording r = recording;
        if (r == null && recordable && !ended) {
            r = recording = new Recording();
            r.addBlob(work, span - startSpan);
        }
        return r;
    }

    /** @return the span this frame's own path adds after its fork point */
    long ownSpan() {
        return span - startSpan;
    }
}
