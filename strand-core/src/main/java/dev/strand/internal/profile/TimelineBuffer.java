package dev.strand.internal.profile;

import java.util.Arrays;

/**
 * One worker's timeline: the frames it ran (start, end, kind), the steals it made (from whom,
 * when the task was forked, when it started here) and the times it was parked. Owner-written;
 * read when the timeline is taken, after the run. Bounded: past {@link #capacity} events the
 * buffer stops recording and says so ({@link #truncated}).
 */
public final class TimelineBuffer {
    /** Frame kinds, for the slice names. */
    public static final byte TASK = 0;
    public static final byte BRANCH = 1;
    public static final byte ROOT = 2;

    private final int capacity;
    private final long minSliceNanos;

    long[] sliceStart = new long[64];
    long[] sliceEnd = new long[64];
    byte[] sliceKind = new byte[64];
    int slices;

    long[] stealForkedAt = new long[16];
    long[] stealStartedAt = new long[16];
    int[] stealFrom = new int[16];
    int steals;

    long[] parkStart = new long[16];
    long[] parkEnd = new long[16];
    int parks;
    private long parkedSince = -1;

    boolean truncated;

    TimelineBuffer(int capacity, long minSliceNanos) {
        this.capacity = capacity;
        this.minSliceNanos = minSliceNanos;
    }

    /** A frame ran from {@code start} to {@code end}; kept if it lasted at least the minimum. */
    void slice(long start, long end, byte kind) {
        if (end - start < minSliceNanos) {
            return;
        }
        if (!room()) {
            return;
        }
        if (slices == sliceStart.length) {
            sliceStart = Arrays.copyOf(sliceStart, slices * 2);
            sliceEnd = Arrays.copyOf(sliceEnd, slices * 2);
            sliceKind = Arrays.copyOf(sliceKind, slices * 2);
        }
        sliceStart[slices] = start;
        sliceEnd[slices] = end;
        sliceKind[slices] = kind;
        slices++;
    }

    /** This worker started, at {@code startedAt}, a frame that worker {@code from} forked at {@code forkedAt}. */
    void steal(int from, long forkedAt, long startedAt) {
        if (!room()) {
            return;
        }
        if (steals == stealFrom.length) {
            stealForkedAt = Arrays.copyOf(stealForkedAt, steals * 2);
            stealStartedAt = Arrays.copyOf(stealStartedAt, steals * 2);
            stealFrom = Arrays.copyOf(stealFrom, steals * 2);
        }
        stealForkedAt[steals] = forkedAt;
        stealStartedAt[steals] = startedAt;
        stealFrom[steals] = from;
        steals++;
    }

    /** The worker parks (true) or resumes (false). */
    void park(boolean parked, long now) {
        if (parked) {
            parkedSince = now;
            return;
        }
        if (parkedSince < 0 || !room()) {
            parkedSince = -1;
            return;
        }
        if (parks == parkStart.length) {
            parkStart = Arrays.copyOf(parkStart, parks * 2);
            parkEnd = Arrays.copyOf(parkEnd, parks * 2);
        }
        parkStart[parks] = parkedSince;
        parkEnd[parks] = now;
        parks++;
        parkedSince = -1;
    }

    private boolean room() {
        if (slices + steals + parks >= capacity) {
            truncated = true;
            return false;
        }
        return true;
    }
}
