package dev.strand.internal.profile;

import java.util.Arrays;

/**
 * One worker's side of the profiler: which frame it is running, since when, and the frames it
 * suspended to run another (a child run inline, a task run while a join waits). Every method runs
 * on the worker's own thread; {@link PoolProfiler#report} reads the totals racily, as the pool's
 * statistics are read.
 *
 * <p>Time is read with {@code System.nanoTime()} (or, in CPU-time mode, the worker thread's CPU
 * clock) at every fork, join, frame start and frame end;
 * the time between two such events on one worker is a segment, charged to the frame running it as
 * work and as span. Time a frame spends waiting in a join is charged to nobody (the worker's
 * {@code segStart} is -1 meanwhile); what the worker runs while it waits is charged to the frames
 * it runs.
 *
 * <p>Invariant: {@code current == null} exactly when the worker runs no profiled frame, and then
 * the suspended stack is empty.
 */
public final class WorkerProfiler {
    private final PoolProfiler pool;
    private final int index;

    private Frame current;
    /** When the current frame's running segment started, or -1 while it waits in a join. */
    private long segStart = -1;
    private Frame[] suspended = new Frame[16];
    private long[] suspendedSeg = new long[16];
    private int[] suspendedNest = new int[16];
    private int depth;

    /**
     * Inline joins (both branches run here, as lazy splitting chose) enclosing the current point
     * within the current frame, counting only the timed ones (see {@link #timesInline}).
     */
    private int nest;
    /**
     * Inline joins nested less deeply than this are timed as a fork and a join; deeper ones are
     * left to the enclosing segment, as serial code. Adapted so that the deepest timed joins last
     * about {@link #inlineGrainLow} to {@link #inlineGrainHigh}: a clock read costs more than a
     * fine-grained join's whole body, so timing every one would make the profiled run another run.
     */
    private int timedNest = 8;
    /** Timed inline joins shorter than this make the timed depth shallower. */
    private final long inlineGrainLow;
    /** Timed inline joins at the deepest timed level longer than this make it deeper. */
    private final long inlineGrainHigh;
    /**
     * The shortest inline join worth timing, in events' costs: a timed inline join has six events
     * and two frames, so at this length its timing costs a few percent of it.
     */
    static final long INLINE_GRAIN_EVENTS = 400;
    /** Bounds of the inline grain, whatever the event cost (which a property may set to 0). */
    static final long MIN_INLINE_GRAIN = 20_000L;
    static final long MAX_INLINE_GRAIN = 1_000_000L;
    /** The deepest timed level: a bound on the recording, not a tuning. */
    static final int MAX_TIMED_NEST = 62;

    /** The profiler's own time inside one segment, subtracted from it (see {@link EventCost}). */
    private final long eventCost;
    /** Whether segments are charged in this thread's CPU time rather than in wall time. */
    private final boolean cpuTime;

    // Totals, written by the owner only.
    long work;
    /** Time subtracted from the segments as the profiler's own cost. */
    long subtracted;
    /** Segments charged. */
    long segments;
    long maxEndSpan;
    long maxEndBSpan;
    long spawns;
    long frames;
    long stolenFrames;
    long stolenWaitNanos;

    /** The timeline, or null when the pool records none. */
    final TimelineBuffer timeline;

    WorkerProfiler(PoolProfiler pool, int index, TimelineBuffer timeline) {
        this.pool = pool;
        this.index = index;
        this.timeline = timeline;
        this.eventCost = pool.eventCostNanos;
        this.cpuTime = pool.cpuTime;
        this.inlineGrainLow = Math.clamp(INLINE_GRAIN_EVENTS * eventCost, MIN_INLINE_GRAIN, MAX_INLINE_GRAIN);
        this.inlineGrainHigh = 8 * inlineGrainLow;
    }

    /**
     * @param wall {@code System.nanoTime()} now
     * @return the time segments are charged in: {@code wall}, or this thread's CPU time (then a
     *     worker descheduled by the OS in the middle of a strand is not charged for the wait)
     */
    private long clock(long wall) {
        return cpuTime ? CpuClock.threadNanos() : wall;
    }

    /**
     * Charges the running segment to the current frame, up to {@code now}, less the profiler's own
     * cost inside it (the end of the event that started the segment and the start of the one that
     * ends it: one clock read and some bookkeeping), never below zero.
     */
    private void charge(long now) {
        Frame f = current;
        if (f != null && segStart >= 0) {
            long d = now - segStart;
            if (d > 0) {
                long c = Math.min(d, eventCost);
                segments++;
                subtracted += c;
                f.subtracted += c;
                d -= c;
            }
            if (d > 0) {
                f.work += d;
                f.span += d;
                f.bspan += d;
                work += d;
                Recording r = f.recording;
                if (r != null) {
                    r.addWork(d);
                }
            }
            segStart = now;
        }
    }

    /**
     * A fork (a task's fork, a submission from a task, a scope's spawn, a join's second branch).
     *
     * @return the child's frame, to be handed to {@link #begin} by whichever worker runs it
     */
    public Frame fork() {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        Frame f = current;
        spawns++;
        if (f == null) {                          // forked outside a profiled frame
            return new Frame(null, false, 0L, pool.burdenNanos, now, index, 0L, true);
        }
        Frame k = new Frame(f, false, f.span, f.bspan + pool.burdenNanos, now, index, f.work, true);
        Recording r = f.recordingForFork();
        if (r != null) {
            k.spawnPos = r.addSpawn(k);
        }
        return k;
    }

    /**
     * The fork's own work (the push, waking a thief) is done: the frame's segment restarts here,
     * so that the scheduler's costs are not charged to the program as work.
     */
    public void forked() {
        if (segStart >= 0) {
            segStart = clock(System.nanoTime());
        }
    }

    /**
     * Whether a join that lazy splitting runs inline here should be timed as a fork and a join
     * ({@link #forkInline}); if not, it is serial code of the current segment and costs nothing.
     *
     * @return whether to time it
     */
    public boolean timesInline() {
        return nest < timedNest;
    }

    /**
     * A join that lazy splitting runs inline, timed: its second branch's frame, forked at this
     * nesting; the branches run inside {@link #beginCall} and {@link #beginInline}, and
     * {@link #joined} ends it.
     *
     * @return the second branch's frame
     */
    public Frame forkInline() {
        Frame k = fork();
        k.inlineNest = nest;
        nest++;
        return k;
    }

    /** Starts running a timed inline join's second branch {@code k} here, in the same nesting. */
    public void beginInline(Frame k) {
        int n = nest;
        begin(k);
        nest = n;
    }

    /** Starts running {@code k} here, suspending the current frame. */
    public void begin(Frame k) {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        push();
        nest = 0;
        current = k;
        segStart = t;
        k.startedAt = now;
        frames++;
        if (k.forkedBy >= 0 && k.forkedBy != index) {
            stolenFrames++;
            stolenWaitNanos += now - k.forkedAt;
            if (timeline != null) {
                timeline.steal(k.forkedBy, k.forkedAt, now);
            }
        }
    }

    /**
     * Starts a join's first branch: a frame that runs in series inside the current one, at its
     * span, so that it can be kept apart from the second branch in the recording.
     */
    public void beginCall() {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        Frame f = current;
        Frame k = new Frame(f, true, f == null ? 0L : f.span, f == null ? 0L : f.bspan, now, index,
                f == null ? 0L : f.work, true);
        Recording r = f == null ? null : f.recordingForFork();
        if (r != null) {
            k.spawnPos = r.size();
            r.addCall(k);
        }
        push();
        current = k;
        segStart = t;
        k.startedAt = now;
        frames++;
    }

    /** Ends the current frame and resumes the one it suspended. */
    public void end() {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        Frame k = current;
        assert k != null && !k.ended : "end() without a running frame";
        k.ended = true;
        if (timeline != null) {
            timeline.slice(k.startedAt, now, k.called ? TimelineBuffer.BRANCH
                    : k.parent == null ? TimelineBuffer.ROOT : TimelineBuffer.TASK);
        }
        if (k.span > maxEndSpan) {
            maxEndSpan = k.span;
        }
        if (k.bspan > maxEndBSpan) {
            maxEndBSpan = k.bspan;
        }
        boolean light = k.work < pool.grainNanos;
        if (light) {
            k.recording = null;                   // replayed as a blob of its work and span
        }
        pop();
        if (segStart >= 0) {
            segStart = t;                       // it was running, not waiting: it resumes now
        }
        if (k.called) {
            Frame f = current;
            assert f == k.parent : "a called frame returns to its caller";
            if (f != null) {
                f.work += k.work;                 // series: the caller continues from its end
                f.subtracted += k.subtracted;
                f.span = k.span;
                f.bspan = k.bspan;
                if (light && f.recording != null && k.spawnPos == f.recording.size() - 1) {
                    f.recording.rollBack(k.spawnPos, k.work, k.span - k.startSpan);
                }
            }
        } else if (k.parent == null) {
            pool.rootEnded(k);
        }
    }

    /** The worker parks (true) because it found no work, or resumes (false): for the timeline. */
    public void parked(boolean parked) {
        if (timeline != null) {
            timeline.park(parked, System.nanoTime());
        }
    }

    /** The current frame is about to wait for a join: the wait is charged to nobody. */
    public void beforeJoin() {
        charge(clock(System.nanoTime()));
        segStart = -1;
    }

    /**
     * The current frame joined {@code k}, which has ended: the frame's work adds {@code k}'s,
     * its span is the larger of the two paths.
     */
    public void joined(Frame k) {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        Frame f = current;
        segStart = t;
        if (k != null && k.inlineNest >= 0) {
            inlineJoined(k.inlineNest, now - k.forkedAt);
        }
        if (f == null || k == null) {
            return;
        }
        f.work += k.work;
        f.subtracted += k.subtracted;
        if (k.span > f.span) {
            f.span = k.span;
        }
        if (k.bspan > f.bspan) {
            f.bspan = k.bspan;
        }
        Recording r = f.recording;
        if (r != null) {
            if (k.parent == f && k.work < pool.grainNanos && r.tailIsSerialAfter(k.spawnPos)) {
                r.rollBack(k.spawnPos, f.work - k.parentWorkAtFork, f.span - k.startSpan);
            } else {
                r.addSync();
            }
        }
    }

    /**
     * A timed inline join at nesting {@code n} took {@code d} ns: the nesting goes back, and the
     * timed depth moves toward joins of the inline grain (a level shallower for every timed join
     * that is too short, a level deeper for every one at the deepest timed level that is long).
     */
    private void inlineJoined(int n, long d) {
        nest = n;
        if (d < inlineGrainLow) {
            if (timedNest > 1) {
                timedNest--;
            }
        } else if (d > inlineGrainHigh && n == timedNest - 1 && timedNest < MAX_TIMED_NEST) {
            timedNest++;
        }
        assert timedNest >= 1 && nest >= 0 : "timed depth " + timedNest + ", nesting " + nest;
    }

    /**
     * The current frame joined a group of ended frames (a scope's members) with these totals:
     * their work summed, their spans' and burdened spans' maxima.
     */
    void joinedAll(long groupWork, long groupSpan, long groupBSpan, long groupSubtracted) {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        segStart = t;
        Frame f = current;
        if (f == null) {
            return;
        }
        f.work += groupWork;
        f.subtracted += groupSubtracted;
        f.span = Math.max(f.span, groupSpan);
        f.bspan = Math.max(f.bspan, groupBSpan);
        if (f.recording != null) {
            f.recording.addSync();
        }
    }

    /**
     * @return {work, span, burdened span, now, subtracted} of the current point, for a region's
     *     start or end
     */
    public long[] mark() {
        long now = System.nanoTime();
        long t = clock(now);
        charge(t);
        Frame f = current;
        return f == null ? new long[] {0L, 0L, 0L, now, 0L}
                : new long[] {f.work, f.span, f.bspan, now, f.subtracted};
    }

    /** @return the pool's profiler */
    PoolProfiler pool() {
        return pool;
    }

    /** @return whether this worker is running a profiled frame */
    public boolean inFrame() {
        return current != null;
    }

    private void push() {
        if (depth == suspended.length) {
            suspended = Arrays.copyOf(suspended, depth * 2);
            suspendedSeg = Arrays.copyOf(suspendedSeg, depth * 2);
            suspendedNest = Arrays.copyOf(suspendedNest, depth * 2);
        }
        suspended[depth] = current;
        suspendedSeg[depth] = segStart;
        suspendedNest[depth] = nest;
        depth++;
    }

    private void pop() {
        depth--;
        current = suspended[depth];
        segStart = suspendedSeg[depth];
        nest = suspendedNest[depth];
        suspended[depth] = null;
        assert current != null || depth == 0 : "a frame-less level below a frame";
    }
}
