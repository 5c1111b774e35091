package dev.strand.internal.profile;

/**
 * Frames joined together at one point: a scope's members, whose frames end on whichever workers
 * ran them and are joined when the scope ends. Members add themselves as they end (before they
 * count out of the scope, so the scope's end sees them all).
 */
public final class FrameGroup {
    private long work;
    private long span;
    private long bspan;
    private long subtracted;

    /** Adds an ended frame. */
    public synchronized void add(Frame f) {
        if (f == null) {
            return;
        }
        work += f.work;
        subtracted += f.subtracted;
        span = Math.max(span, f.span);
        bspan = Math.max(bspan, f.bspan);
    }

    /** Joins every added frame into {@code w}'s current frame. */
    public void joinInto(WorkerProfiler w) {
        long wk;
        long sp;
        long bs;
        long sub;
        synchronized (this) {
            wk = work;
            sp = span;
            bs = bspan;
            sub = subtracted;
        }
        w.joinedAll(wk, sp, bs, sub);
    }
}
