package dev.strand.internal.profile;

import java.util.Arrays;

/**
 * A frame's actions, in the order it performed them, in the form the simulator replays: serial
 * work, a spawn of a child frame, a call of a child frame (a {@code Strand.join}'s first branch),
 * a sync, and a blob, a sub-computation kept only as its work and span.
 *
 * <p>Compression: a light child (less work than the recording grain) joined while its spawn is
 * still the last structural action of the frame is rolled back: its spawn and everything after it
 * become one blob with the exact work and span the frame gained meanwhile. Fork-join code joins in
 * reverse fork order, so a subtree of light tasks leaves a single blob behind, and a run of 10^8
 * tasks keeps only the frames heavier than the grain. Consecutive blobs and work merge in series
 * ({@code (w1, s1) ; (w2, s2) = (w1 + w2, s1 + s2)}), which keeps work and span exact and gives up
 * only the shape inside the blob.
 *
 * <p>Owner only: written by the worker running the frame; read after the computation ended.
 */
public final class Recording {
    /** Action codes. */
    static final byte WORK = 1;
    static final byte BLOB = 2;
    static final byte SPAWN = 3;
    static final byte CALL = 4;
    static final byte SYNC = 5;

    private byte[] ops = new byte[4];
    private long[] x = new long[4];
    private long[] y = new long[4];
    private Frame[] kids = new Frame[4];
    private int size;

    /** @return the number of actions */
    public int size() {
        return size;
    }

    /** @return the code of action {@code i} */
    byte opAt(int i) {
        return ops[i];
    }

    /** @return the work (WORK, BLOB) of action {@code i}, in nanoseconds */
    long workAt(int i) {
        return x[i];
    }

    /** @return the span of BLOB action {@code i}, in nanoseconds */
    long spanAt(int i) {
        return y[i];
    }

    /** @return the frame that SPAWN or CALL action {@code i} starts */
    Frame kidAt(int i) {
        return kids[i];
    }

    /** Appends {@code ns} of serial work, merged into a preceding WORK. */
    void addWork(long ns) {
        if (ns <= 0) {
            return;
        }
        int last = size - 1;
        if (last >= 0 && ops[last] == WORK) {
            x[last] += ns;
        } else {
            add(WORK, ns, 0, null);
        }
    }

    /** @return the position of the SPAWN of {@code kid} */
    int addSpawn(Frame kid) {
        add(SPAWN, 0, 0, kid);
        return size - 1;
    }

    void addCall(Frame kid) {
        add(CALL, 0, 0, kid);
    }

    void addSync() {
        if (size > 0 && ops[size - 1] == SYNC) {
            return;                               // a second sync in a row waits for nothing
        }
        add(SYNC, 0, 0, null);
    }

    /**
     * @param pos the position of a SPAWN
     * @return whether every action after {@code pos} is WORK or BLOB, so that the spawn and what
     *     followed it can become one blob
     */
    boolean tailIsSerialAfter(int pos) {
        if (pos < 0 || pos >= size || ops[pos] != SPAWN) {
            return false;
        }
        for (int i = pos + 1; i < size; i++) {
            if (ops[i] != WORK && ops[i] != BLOB) {
                return false;
            }
        }
        return true;
    }

    /**
     * Replaces the actions from {@code pos} on with a blob of {@code work} and {@code span},
     * merged in series into a WORK or BLOB just before it.
     */
    void rollBack(int pos, long work, long span) {
        assert pos >= 0 && pos <= size && span <= work + 1 : "a blob's span exceeds its work";
        Arrays.fill(kids, pos, size, null);
        size = pos;
        addBlob(work, span);
    }

    /** Appends a blob of {@code work} and {@code span}, merged in series with a preceding WORK or BLOB. */
    void addBlob(long work, long span) {
        if (work <= 0) {
            return;
        }
        int last = size - 1;
        if (last >= 0 && ops[last] == WORK) {
            long w = x[last];
            ops[last] = BLOB;
            x[last] = w + work;
            y[last] = w + span;
        } else if (last >= 0 && ops[last] == BLOB) {
            x[last] += work;
            y[last] += span;
        } else {
            add(BLOB, work, span, null);
        }
    }

    /**
     * Appends a copy of actions {@code from} (inclusive) to {@code to} (exclusive) to {@code dst},
     * merging work and blobs in series as they arrive; bounds past the end are clamped.
     */
    void copyInto(Recording dst, int from, int to) {
        int end = Math.min(to, size);
        for (int i = Math.max(0, from); i < end; i++) {
            switch (ops[i]) {
                case WORK -> dst.addWork(x[i]);
                case BLOB -> dst.addBlob(x[i], y[i]);
                case SPAWN -> dst.addSpawn(kids[i]);
                case CALL -> dst.addCall(kids[i]);
                default -> dst.addSync();
            }
        }
    }

    private void add(byte op, long a, long b, Frame kid) {
        if (size == ops.length) {
            int n = size * 2;
            ops = Arrays.copyOf(ops, n);
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            kids = Arrays.copyOf(kids, n);
        }
        ops[size] = op;
        x[size] = a;
        y[size] = b;
        kids[size] = kid;
        size++;
    }
}
