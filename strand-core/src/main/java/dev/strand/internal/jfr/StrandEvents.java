package dev.strand.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** The event types and the one-line emitters the scheduler calls (see the package essay). */
public final class StrandEvents {
    private StrandEvents() { }

    @Name("dev.strand.Steal")
    @Label("Steal")
    @Category({"Strand", "Scheduler"})
    @Description("A worker took tasks from another worker's deque")
    @StackTrace(false)
    @Enabled(false)
    static final class Steal extends Event {
        @Label("Pool")
        String pool;
        @Label("Thief")
        int thief;
        @Label("Victim")
        int victim;
        @Label("Tasks")
        @Description("Tasks taken (more than one with steal-half)")
        int tasks;
    }

    @Name("dev.strand.Park")
    @Label("Worker Parked")
    @Category({"Strand", "Scheduler"})
    @Description("A worker found no work and parked until woken")
    @StackTrace(false)
    @Enabled(false)
    static final class Park extends Event {
        @Label("Pool")
        String pool;
        @Label("Worker")
        int worker;
    }

    @Name("dev.strand.Submit")
    @Label("External Submission")
    @Category({"Strand", "Scheduler"})
    @Description("A task was queued from a thread outside the pool")
    @StackTrace(false)
    @Enabled(false)
    static final class Submit extends Event {
        @Label("Pool")
        String pool;
        @Label("Queued")
        @Description("Submissions waiting in the pool's queue, this one included")
        int queued;
    }

    @Name("dev.strand.Region")
    @Label("Profiled Region")
    @Category({"Strand", "Profiler"})
    @Description("A region named with Profiler.region; work and span when the pool profiles")
    @StackTrace(false)
    @Enabled(false)
    static final class Region extends Event {
        @Label("Name")
        String name;
        @Label("Work")
        @Timespan(Timespan.NANOSECONDS)
        long work;
        @Label("Span")
        @Timespan(Timespan.NANOSECONDS)
        long span;

        /** Sets the region's figures (before {@code commit}). */
        void set(String regionName, long workNanos, long spanNanos) {
            this.name = regionName;
            this.work = workNanos;
            this.span = spanNanos;
        }
    }

    /** Records a steal if the event is enabled. */
    public static void steal(String pool, int thief, int victim, int tasks) {
        Steal e = new Steal();
        if (e.isEnabled()) {
            e.pool = pool;
            e.thief = thief;
            e.victim = victim;
            e.tasks = tasks;
            e.commit();
        }
    }

    /** @return a started park event, or null if the event is disabled */
    public static Object parkBegin() {
        Park e = new Park();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    /** Ends a park event from {@link #parkBegin} (null: nothing to do). */
    public static void parkEnd(Object event, String pool, int worker) {
        if (event instanceof Park e) {
            e.end();
            if (e.shouldCommit()) {
                e.pool = pool;
                e.worker = worker;
                e.commit();
            }
        }
    }

    /** @return a started region event, or null if the event is disabled */
    public static Object regionBegin() {
        Region e = new Region();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    /** Ends a region event from {@link #regionBegin} with its figures (null: nothing to do). */
    public static void regionEnd(Object event, String name, long workNanos, long spanNanos) {
        if (event instanceof Region e) {
            e.end();
            if (e.shouldCommit()) {
                e.set(name, workNanos, spanNanos);
                e.commit();
            }
        }
    }

    /** Records an external submission if the event is enabled. */
    public static void submit(String pool, int queued) {
        Submit e = new Submit();
        if (e.isEnabled()) {
            e.pool = pool;
            e.queued = queued;
            e.commit();
        }
    }
}
