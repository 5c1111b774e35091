package dev.strand.internal.feedback;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * The registered workers' {@code /proc/self/task/TID/schedstat} files, each kept open from the
 * quantum after its thread registers until it unregisters, and the last reading of each: the
 * sampler's per-quantum work is one {@code lseek} and one {@code read} per worker into a reused
 * buffer, parsed in place, with no allocation (see the package essay, "Cost when the machine is
 * not shared"). Opening a file (path, descriptor, its cleaner) happens only when the set of
 * registered threads changes. Used by the sampler thread only; loaded by it, off a pool's start.
 *
 * <p>A descriptor stays bound to the thread it was opened for: once that thread has exited, a
 * read fails ({@code ESRCH}) even if Linux has given its id to a new thread. A failed read drops
 * the reading and closes the file; if the id is still registered (a new thread with a reused id),
 * the next quantum opens it again and takes a new baseline.
 */
final class Schedstats {
    /** Slots in use: {@code tids[0..n)} with their files and readings. */
    private int n;
    private int[] tids = new int[8];
    /** Null after a failed read or open: the next {@link #pass} tries to open it again. */
    private RandomAccessFile[] files = new RandomAccessFile[8];
    private long[] lastRun = new long[8];
    private long[] lastDelay = new long[8];
    /** Whether {@code lastRun/lastDelay} hold a reading to take deltas from. */
    private boolean[] based = new boolean[8];
    /** One file's content, "run-ns delay-ns slices\n": three decimal longs fit in 64 bytes. */
    private final byte[] buf = new byte[128];
    /** {@link #parse}'s output, reused. */
    private final long[] fields = new long[2];

    /** The last {@link #pass}'s sums over the threads read twice in a row: ns on a core. */
    long run;
    /** How many threads the last {@link #pass} summed: 0 when it only took baselines. */
    int measured;
    /** The last {@link #pass}'s sums: ns runnable but waiting for a core. */
    long delay;

    /**
     * Makes the tracked threads {@code want[0..count)}: closes the files of threads no longer
     * registered and opens those of new ones (their first reading is a baseline). Called when
     * the registrations changed.
     */
    void track(int[] want, int count) {
        for (int i = n - 1; i >= 0; i--) {
            if (!contains(want, count, tids[i])) {
                drop(i);
            }
        }
        for (int k = 0; k < count; k++) {
            int tid = want[k];
            if (indexOf(tid) < 0) {
                add(tid);
            }
        }
        assert n == count : "tracks exactly the registered threads";
    }

    /**
     * Reads every tracked thread once and sums, over those read in the previous pass too, what
     * they ran and waited since: {@link #run}, {@link #delay}. Allocates nothing while the threads
     * and their files stay as they are.
     */
    void pass() {
        long r = 0;
        long d = 0;
        int m = 0;
        for (int i = 0; i < n; i++) {
            RandomAccessFile f = files[i];
            if (f == null) {
                f = open(tids[i]);                // a reused id: the thread registered since
                files[i] = f;
                if (f == null) {
                    continue;
                }
            }
            if (!read(f)) {
                close(f);                         // the thread exited: it stops counting
                files[i] = null;
                based[i] = false;
                continue;
            }
            if (based[i]) {
                r += fields[0] - lastRun[i];
                d += fields[1] - lastDelay[i];
                m++;
            }
            lastRun[i] = fields[0];
            lastDelay[i] = fields[1];
            based[i] = true;
        }
        run = r;
        delay = d;
        measured = m;
        assert m <= n && (m > 0 || (r == 0 && d == 0)) : "sums only over threads read twice";
    }

    /**
     * Forgets every baseline without reading a file: the next {@link #pass} only takes baselines
     * again. No system call, for the sampler's way out of an idle spell.
     */
    void forget() {
        java.util.Arrays.fill(based, 0, n, false);
    }

    /** Closes every file (no thread left to sample). */
    void clear() {
        for (int i = n - 1; i >= 0; i--) {
            drop(i);
        }
        assert n == 0 : "every slot dropped";
    }

    /** @return whether thread {@code tid} is tracked */
    boolean tracks(int tid) {
        return indexOf(tid) >= 0;
    }

    /** @return the threads tracked */
    int size() {
        return n;
    }

    /** @return the open files (those that failed are reopened by the next pass) */
    int open() {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (files[i] != null) {
                k++;
            }
        }
        return k;
    }

    private void add(int tid) {
        if (n == tids.length) {
            int c = n * 2;
            tids = java.util.Arrays.copyOf(tids, c);
            files = java.util.Arrays.copyOf(files, c);
            lastRun = java.util.Arrays.copyOf(lastRun, c);
            lastDelay = java.util.Arrays.copyOf(lastDelay, c);
            based = java.util.Arrays.copyOf(based, c);
        }
        tids[n] = tid;
        files[n] = open(tid);
        based[n] = false;
        n++;
    }

    /** Removes slot {@code i}, moving the last slot into it. */
    private void drop(int i) {
        RandomAccessFile f = files[i];
        if (f != null) {
            close(f);
        }
        n--;
        tids[i] = tids[n];
        files[i] = files[n];
        lastRun[i] = lastRun[n];
        lastDelay[i] = lastDelay[n];
        based[i] = based[n];
        files[n] = null;
    }

    private int indexOf(int tid) {
        for (int i = 0; i < n; i++) {
            if (tids[i] == tid) {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(int[] a, int count, int v) {
        for (int k = 0; k < count; k++) {
            if (a[k] == v) {
                return true;
            }
        }
        return false;
    }

    /** @return the thread's schedstat file, open, or null if the thread is gone */
    private static RandomAccessFile open(int tid) {
        try {
            return new RandomAccessFile("/proc/self/task/" + tid + "/schedstat", "r");
        } catch (FileNotFoundException e) {
            return null;                          // exited before the sampler saw it: nothing to count
        }
    }

    /** @return whether {@code f} was read and parsed into {@link #fields} */
    private boolean read(RandomAccessFile f) {
        int len;
        try {
            f.seek(0);                            // procfs regenerates the content at offset 0
            len = f.read(buf, 0, buf.length);
        } catch (IOException e) {
            return false;                         // ESRCH: the thread behind the descriptor exited
        }
        return len > 0 && parse(buf, len, fields);
    }

    private static void close(RandomAccessFile f) {
        try {
            f.close();
        } catch (IOException e) {
            // close(2) releases the descriptor even when it reports an error; a read-only procfs
            // file has nothing to flush, so there is nothing left to do or to report.
            assert false : "closing a procfs file failed: " + e;
        }
    }

    /**
     * @param b   the content of a {@code schedstat} file: "run-ns delay-ns slices"
     * @param len the bytes of {@code b} read
     * @param out receives {run, delay}
     * @return whether both fields were there
     */
    static boolean parse(byte[] b, int len, long[] out) {
        assert len <= b.length && out.length >= 2 : "a buffer and room for two fields";
        int i = 0;
        for (int f = 0; f < 2; f++) {
            while (i < len && b[i] == ' ') {
                i++;
            }
            int start = i;
            long x = 0;
            while (i < len && b[i] >= '0' && b[i] <= '9') {
                x = x * 10 + (b[i++] - '0');
            }
            if (i == start) {
                return false;
            }
            out[f] = x;
        }
        return true;
    }
}
