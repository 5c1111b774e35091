package dev.strand.internal.worker;

import java.util.Arrays;

/**
 * One worker's join frames (the second halves of {@code Strand.join}), by join depth: frame
 * {@code d} serves every join at nesting depth {@code d}, created on first use and reused (see
 * {@code JoinFrame}). Owner only.
 *
 * <p>Invariant: a frame in use has a depth below {@link #depth}. The fields are public so that a
 * join's ending {@code finally} restores them with plain stores, which cannot overflow the stack
 * (see {@code internal.stack}); it may also fail to run, so {@link #at} checks what it takes.
 */
public final class JoinFrameStack {
    private static final TaskAccess TASKS = TaskAccess.get();

    /** Frames by depth; a null slot gets a new frame at its next use. */
    public Runnable[] frames = new Runnable[8];
    /** Frames in use: {@code frames[d]} for {@code d < depth}. */
    public int depth;

    private final Thread owner;
    private final Object pool;

    JoinFrameStack(Thread owner, Object pool) {
        this.owner = owner;
        this.pool = pool;
    }

    /**
     * @param d a join depth, {@code == depth}
     * @return the free frame for depth {@code d}: a new one if the slot is empty or its frame was
     *     abandoned unsettled (a thief may still hold it). Nothing changes if this throws.
     */
    public Runnable at(int d) {
        assert d == depth : "frames are taken in stack order";
        Runnable[] fs = frames;
        if (d == fs.length) {
            fs = frames = Arrays.copyOf(fs, d * 2);
        }
        Runnable f = fs[d];
        if (f == null || !TASKS.isSettled(f)) {
            f = fs[d] = TASKS.newFrame(owner, pool);
        }
        return f;
    }

    /** Empties the slots of frames left in use (a thief may still hold them) and resets the depth. */
    void abandon() {
        for (int d = 0; d < depth && d < frames.length; d++) {
            frames[d] = null;
        }
        depth = 0;
    }
}
