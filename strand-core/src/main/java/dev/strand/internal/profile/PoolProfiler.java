package dev.strand.internal.profile;

import dev.strand.profile.DagRecording;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pool's profiler: one {@link WorkerProfiler} per worker slot, the frames of the threads outside
 * the pool that submit to it, the named regions, and the report.
 *
 * <p>Outside threads: each thread that submits to the pool gets an outside frame (a frame that is
 * never charged time: the profiler measures the pool's work, not the caller's). A submission forks
 * from it, a wait for a submission ({@code invoke}, {@code join}, {@code get}) joins into it. So
 * one thread's {@code invoke} after {@code invoke} adds their spans (series), and submissions that
 * nobody waits for between them run in parallel, as they do.
 */
public final class PoolProfiler {
    /** Default recording grain: frames with less work are kept as blobs (work and span only). */
    static final long DEFAULT_GRAIN_NANOS = 20_000L;

    private final String poolName;
    private final int parallelism;
    final long burdenNanos;
    final long grainNanos;
    /** The profiler's own time per segment, subtracted from each (see {@link EventCost}). */
    final long eventCostNanos;
    private final boolean eventCostMeasured;
    /** Whether segments are charged in the workers' CPU time ({@code strand.profile.clock=cpu}). */
    final boolean cpuTime;
    private final WorkerProfiler[] workers;
    private final ConcurrentLinkedQueue<Outside> outside = new ConcurrentLinkedQueue<>();
    @SuppressWarnings("ThreadLocalUsage") // per profiler: a thread's outside frame belongs to one pool's profile
    private final ThreadLocal<Outside> outsideOfThread = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<Frame> looseRoots = new ConcurrentLinkedQueue<>();
    private final AtomicInteger looseRootCount = new AtomicInteger();
    /** Computations run: submissions from outside the pool and plain runnables run with no frame. */
    private final java.util.concurrent.atomic.AtomicLong runs = new java.util.concurrent.atomic.AtomicLong();
    private final Map<String, Region> regions = new ConcurrentHashMap<>();
    private final List<String> regionOrder = new ArrayList<>();   // guarded by regionOrder
    // Submissions from outside in flight and the wall time with at least one: guarded by inFlight
    // (a decrement to 0 racing an increment from 0 lost or misdated busy time when they were
    // updated with no lock).
    private final AtomicInteger inFlight = new AtomicInteger();
    private long busySince;
    private long busyNanos;

    /** Roots kept for replay beyond the outside frames' own (plain runnables); more are counted only. */
    private static final int MAX_LOOSE_ROOTS = 1 << 16;

    /**
     * @param poolName    for the report
     * @param parallelism the pool's worker count
     * @param timeline    whether to record a timeline of every worker's frames, steals and parks
     */
    public PoolProfiler(String poolName, int parallelism, boolean timeline) {
        this(poolName, parallelism, timeline, Burden.nanos(), grainFromProperty(),
                EventCost.nanos(cpuTimeFromProperty()), !EventCost.overridden(), cpuTimeFromProperty());
    }

    /** System property: {@code cpu} charges work and span in the workers' CPU time, {@code wall} (default) in wall time. */
    static final String CLOCK_PROPERTY = "strand.profile.clock";

    static boolean cpuTimeFromProperty() {
        String p = System.getProperty(CLOCK_PROPERTY);
        if (p == null || p.isBlank() || p.trim().equals("wall")) {
            return false;
        }
        if (p.trim().equals("cpu")) {
            CpuClock.check();
            return true;
        }
        throw new IllegalArgumentException(CLOCK_PROPERTY + " must be 'wall' or 'cpu', got '" + p + "'");
    }

    /**
     * A profiler with the given constants: for {@link EventCost}'s calibration, which must not
     * measure itself.
     */
    PoolProfiler(String poolName, int parallelism, boolean timeline, long burdenNanos, long grainNanos,
                 long eventCostNanos, boolean eventCostMeasured, boolean cpuTime) {
        this.cpuTime = cpuTime;
        this.poolName = poolName;
        this.parallelism = parallelism;
        this.burdenNanos = burdenNanos;
        this.grainNanos = grainNanos;
        this.eventCostNanos = eventCostNanos;
        this.eventCostMeasured = eventCostMeasured;
        this.createdAt = System.nanoTime();
        this.workers = new WorkerProfiler[parallelism];
        for (int i = 0; i < parallelism; i++) {
            workers[i] = new WorkerProfiler(this, i, timeline
                    ? new TimelineBuffer(TIMELINE_EVENTS_PER_WORKER, TIMELINE_MIN_SLICE_NANOS) : null);
        }
    }

    /** Timeline events kept per worker (slices, steals and parks together). */
    static final int TIMELINE_EVENTS_PER_WORKER = 1 << 20;
    /** Frames shorter than this get no slice of their own (their time shows in their parent's). */
    static final long TIMELINE_MIN_SLICE_NANOS = 10_000L;
    private final long createdAt;

    /**
     * @return the timeline recorded so far, or null if the pool records none
     */
    public dev.strand.profile.Timeline timeline() {
        if (workers.length == 0 || workers[0].timeline == null) {
            return null;
        }
        return TimelineView.of(poolName, createdAt, workers);
    }

    private static long grainFromProperty() {
        String p = System.getProperty("strand.profile.grain");
        if (p == null) {
            return DEFAULT_GRAIN_NANOS;
        }
        try {
            long v = Long.parseLong(p.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("strand.profile.grain must be a number of nanoseconds "
                + ">= 0, got '" + p + "'");
    }

    /** @return the pool's name */
    String poolName() {
        return poolName;
    }

    /** @return worker {@code i}'s profiler */
    public WorkerProfiler worker(int i) {
        return workers[i];
    }

    // ------------------------------------------------------------ outside threads

    /** A thread outside the pool, as a frame that forks submissions and joins the waited ones. */
    private static final class Outside {
        final Frame frame = new Frame(null, false, 0L, 0L, 0L, -1, 0L, true);
    }

    private Outside outside() {
        Outside o = outsideOfThread.get();
        if (o == null) {
            o = new Outside();
            outsideOfThread.set(o);
            outside.add(o);
        }
        return o;
    }

    /** @return the frame of a submission from the calling thread, which is outside the pool */
    public Frame submitFromOutside() {
        Outside o = outside();
        Frame f = o.frame;
        long now = System.nanoTime();
        runs.incrementAndGet();
        Frame k;
        synchronized (o) {
            k = new Frame(null, false, f.span, f.bspan, now, -1, f.work, true);
            k.spawnPos = f.recordingForFork().addSpawn(k);
        }
        synchronized (inFlight) {
            if (inFlight.getAndIncrement() == 0) {
                busySince = now;
            }
        }
        return k;
    }

    /** The calling thread, outside the pool, waited for {@code k}, which has ended. */
    public void joinedFromOutside(Frame k) {
        Outside o = outsideOfThread.get();
        if (o == null || k == null) {
            return;                               // not submitted by this thread: no edge to add
        }
        Frame f = o.frame;
        synchronized (o) {
            f.work += k.work;
            f.subtracted += k.subtracted;
            f.span = Math.max(f.span, k.span);
            f.bspan = Math.max(f.bspan, k.bspan);
            Recording r = f.recordingForFork();
            if (k.work < grainNanos && r.tailIsSerialAfter(k.spawnPos) && r.kidAt(k.spawnPos) == k) {
                r.rollBack(k.spawnPos, f.work - k.parentWorkAtFork, f.span - k.startSpan);
            } else {
                r.addSync();
            }
        }
    }

    /**
     * @return {work, span, burdened span, now, subtracted, recording position} at the calling
     *     outside thread's current point
     */
    public long[] markOutside() {
        Outside o = outside();
        synchronized (o) {
            Recording r = o.frame.recording;
            return new long[] {o.frame.work, o.frame.span, o.frame.bspan, System.nanoTime(),
                    o.frame.subtracted, r == null ? 0 : r.size()};
        }
    }

    /** A frame with no parent ended: a submission from outside, or a plain runnable's run. */
    void rootEnded(Frame k) {
        if (k.forkedBy == -1) {
            synchronized (inFlight) {
                if (inFlight.decrementAndGet() == 0) {
                    busyNanos += System.nanoTime() - busySince;
                }
            }
        } else if (looseRootCount.getAndIncrement() < MAX_LOOSE_ROOTS) {
            looseRoots.add(k);
        }
    }

    /** @return a frame for a plain runnable that runs with no frame around it */
    public Frame looseRoot(int worker) {
        runs.incrementAndGet();
        return new Frame(null, false, 0L, 0L, System.nanoTime(), worker, 0L, true);
    }

    // ------------------------------------------------------------ regions

    private static final class Region {
        long count;
        long work;
        long span;
        long bspan;
        long wall;
        long subtracted;
        /**
         * What the region submitted, per outside thread: the slices of that thread's outside
         * recording between the region's marks, one after another (a thread runs its region
         * executions in series). Empty for a region entered only inside tasks.
         */
        final java.util.IdentityHashMap<Outside, Recording> submitted = new java.util.IdentityHashMap<>();
    }

    /**
     * Adds one execution of region {@code name} entered on a thread outside the pool, from marks
     * of {@link #markOutside} taken on the calling thread at its start and end, and keeps what it
     * submitted between them for the region's own replay.
     *
     * <p>A computation submitted before the region and waited for inside it is not the region's;
     * if it was light and rolled back into a blob behind the start mark, the slice starts at the
     * blob (clamped), so the region's recording may lack that part of it.
     */
    public void addOutsideRegion(String name, long[] start, long[] end) {
        assert start.length == 6 && end.length == 6 : "marks not taken by markOutside";
        addRegion(name, start, end);
        Outside o = outsideOfThread.get();
        Region r = regions.get(name);
        if (o == null || r == null) {
            return;
        }
        synchronized (o) {
            Recording src = o.frame.recording;
            if (src == null) {
                return;                           // the region submitted nothing
            }
            synchronized (r) {
                Recording dst = r.submitted.computeIfAbsent(o, k -> new Recording());
                src.copyInto(dst, (int) Math.min(start[5], src.size()), (int) end[5]);
            }
        }
    }

    /**
     * Adds one execution of region {@code name}, from marks taken at its start and end.
     *
     * @param start {@link WorkerProfiler#mark} or {@link #markOutside} at the start
     * @param end   the same at the end
     */
    public void addRegion(String name, long[] start, long[] end) {
        Region r = regions.computeIfAbsent(name, n -> {
            synchronized (regionOrder) {
                regionOrder.add(n);
            }
            return new Region();
        });
        synchronized (r) {
            r.count++;
            r.work += Math.max(0L, end[0] - start[0]);
            r.span += Math.max(0L, end[1] - start[1]);
            r.bspan += Math.max(0L, end[2] - start[2]);
            r.wall += end[3] - start[3];
            r.subtracted += Math.max(0L, end[4] - start[4]);
        }
    }

    // ------------------------------------------------------------ report

    /**
     * @return the report so far: exact once the pool is quiescent; while tasks run, a snapshot
     *     read racily from the workers' counters
     */
    public ProfileReport report() {
        long work = 0;
        long span = 0;
        long bspan = 0;
        long spawns = 0;
        long frames = 0;
        long stolen = 0;
        long stolenWait = 0;
        long subtracted = 0;
        for (WorkerProfiler w : workers) {
            work += w.work;
            subtracted += w.subtracted;
            span = Math.max(span, w.maxEndSpan);
            bspan = Math.max(bspan, w.maxEndBSpan);
            spawns += w.spawns;
            frames += w.frames;
            stolen += w.stolenFrames;
            stolenWait += w.stolenWaitNanos;
        }
        List<Frame> roots = new ArrayList<>();
        for (Outside o : outside) {
            synchronized (o) {
                span = Math.max(span, o.frame.span);
                bspan = Math.max(bspan, o.frame.bspan);
            }
            roots.add(o.frame);
        }
        roots.addAll(looseRoots);
        long busy;
        synchronized (inFlight) {
            busy = busyNanos;
            if (inFlight.get() > 0) {
                busy += System.nanoTime() - busySince;
            }
        }
        List<WorkSpan> rows = new ArrayList<>();
        rows.add(ProfileAccess.get().workSpan("(all)", runs.get(), work, span, bspan, busy, subtracted));
        List<String> names;
        synchronized (regionOrder) {
            names = new ArrayList<>(regionOrder);
        }
        for (String n : names) {
            Region r = regions.get(n);
            synchronized (r) {
                rows.add(ProfileAccess.get().workSpan(n, r.count, r.work, r.span, r.bspan, r.wall, r.subtracted));
            }
        }
        Map<String, List<Recording>> regionDags = new java.util.HashMap<>();
        for (String n : names) {
            Region r = regions.get(n);
            synchronized (r) {
                if (!r.submitted.isEmpty()) {
                    regionDags.put(n, new ArrayList<>(r.submitted.values()));
                }
            }
        }
        DagRecording dag = new FrameDag(roots, regionDags, grainNanos,
                looseRootCount.get() > MAX_LOOSE_ROOTS);
        return new ProfileReport(poolName, parallelism, burdenNanos, !Burden.overridden(), grainNanos,
                rows, spawns, frames, stolen, stolenWait, dag, eventCostNanos, eventCostMeasured, cpuTime);
    }
}
