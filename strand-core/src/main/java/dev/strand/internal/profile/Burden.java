package dev.strand.internal.profile;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The burden a spawn puts on a path when its child is stolen: the round trip of a task handed
 * between two spinning threads (one publishes it, the other sees it, runs nothing, publishes its
 * completion, the first sees that). It is what a steal adds to the critical path at the least: two
 * cache-line transfers each way. Measured once per JVM, median of {@value #TRIALS} trials; the
 * {@code strand.profile.burden} system property (nanoseconds) overrides it.
 *
 * <p>Burdened span follows Cilkview (He, Leiserson and Leiserson, SPAA 2010), which charges each
 * spawn on a path a fixed burden for the migration a steal may cost; Cilkview assumes a constant,
 * Strand measures one on the machine it runs on.
 */
final class Burden {
    private static final int TRIALS = 2001;
    private static volatile long measured = -1;

    private Burden() { }

    /** @return the burden in nanoseconds: the property if set, else the measured round trip */
    static long nanos() {
        long v = NanosProperty.read("strand.profile.burden");
        if (v >= 0) {
            return v;
        }
        long m = measured;
        if (m < 0) {
            m = measured = measure();
        }
        return m;
    }

    /** @return true if the burden comes from {@code strand.profile.burden} */
    static boolean overridden() {
        return System.getProperty("strand.profile.burden") != null;
    }

    private static long measure() {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return 0L;                            // one processor: nothing is ever stolen
        }
        AtomicLong slot = new AtomicLong();       // odd: a task handed over; even: its completion
        long[] rounds = new long[TRIALS];
        Thread other = new Thread(() -> {
            long seen = 0;
            for (int i = 0; i < TRIALS; i++) {
                long want = 2L * i + 1;
                long deadline = System.nanoTime() + 1_000_000_000L;
                while ((seen = slot.get()) != want) {
                    if (System.nanoTime() - deadline > 0) {
                        return;                   // the measuring thread gave up
                    }
                    Thread.onSpinWait();
                }
                slot.set(seen + 1);
            }
        }, "strand-profile-burden");
        other.setDaemon(true);
        other.start();
        int done = 0;
        for (int i = 0; i < TRIALS; i++) {
            long start = System.nanoTime();
            slot.set(2L * i + 1);
            long deadline = start + 1_000_000_000L;
            while (slot.get() != 2L * i + 2) {
                if (System.nanoTime() - deadline > 0) {
                    break;                        // descheduled for a second: stop measuring
                }
                Thread.onSpinWait();
            }
            if (slot.get() != 2L * i + 2) {
                break;
            }
            rounds[done++] = System.nanoTime() - start;
        }
        other.interrupt();
        if (done == 0) {
            return 0L;
        }
        long[] r = Arrays.copyOf(rounds, done);
        Arrays.sort(r);
        return r[done / 2];
    }
}
