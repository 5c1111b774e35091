package dev.strand.internal.feedback;

import java.io.File;

/**
 * The process's threads other than the registered workers (the JIT's compilers, the collector's
 * threads, the program's own), read only while the workers wait for their cores: a wait that
 * these threads could have caused is not competition from another process ({@link Detector}).
 * On a machine the process has to itself the workers barely wait, and none of this is read.
 * Used by the sampler thread only.
 *
 * <p>The threads are listed from {@code /proc/self/task} when tracking starts and every
 * {@link #RELIST_QUANTA} quanta after (a listing allocates; thread sets change slowly), and their
 * {@code schedstat} files stay open in a {@link Schedstats} of their own meanwhile. A thread
 * that starts between two listings is not counted until the next one, which can only make a wait
 * look like competition, the safe direction.
 */
final class OwnThreads {
    /** Quanta between two listings of the process's threads while tracking. */
    static final int RELIST_QUANTA = 16;

    private final Schedstats stats = new Schedstats();
    private int[] ids = new int[64];
    /** Quanta since the last listing; at least {@link #RELIST_QUANTA} when not tracking. */
    private int sinceListing = RELIST_QUANTA;
    private boolean tracking;

    /** @return whether the threads are being read every quantum */
    boolean tracking() {
        return tracking;
    }

    /**
     * Reads the other threads once (listing them first when due).
     *
     * @param workers the sampler's reader of the registered workers, whose threads are left out
     * @return what the other threads ran since the previous call, in nanoseconds, or -1 if this
     *     call only took baselines (the first of a tracking spell)
     */
    long pass(Schedstats workers) {
        boolean first = !tracking;
        tracking = true;
        if (++sinceListing >= RELIST_QUANTA) {
            list(workers);
            sinceListing = 0;
        }
        stats.pass();
        return first || stats.measured == 0 ? -1L : stats.run;
    }

    /** Ends a tracking spell: closes the files. */
    void stop() {
        if (tracking) {
            stats.clear();
            tracking = false;
            sinceListing = RELIST_QUANTA;
        }
    }

    private void list(Schedstats workers) {
        String[] names = new File("/proc/self/task").list();
        int n = 0;
        if (names != null) {
            if (ids.length < names.length) {
                ids = new int[names.length * 2];
            }
            for (String name : names) {
                int tid = parseTid(name);
                if (tid >= 0 && !workers.tracks(tid)) {
                    ids[n++] = tid;
                }
            }
        }
        stats.track(ids, n);
    }

    /** @return the thread id that a {@code /proc/self/task} entry names, or -1 */
    static int parseTid(String name) {
        if (name.isEmpty() || name.length() > 9) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** @return whether thread {@code tid} is read */
    boolean tracks(int tid) {
        return stats.tracks(tid);
    }

    /** @return the threads tracked (the workers left out) */
    int size() {
        return stats.size();
    }
}
