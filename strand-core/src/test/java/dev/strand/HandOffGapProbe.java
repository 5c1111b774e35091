package dev.strand;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A measuring program, not a test: the hand-off latency from a busy worker to one that is going
 * to sleep. In a pool of two, the root task (worker A) repeats: wait a random time after the last
 * child ended on worker B (so that B is anywhere in spinning, registering as a sleeper, re-scanning
 * or parked), fork a child onto its empty deque, then spin without helping until another worker
 * starts the child. The delay from the fork to the child's start is recorded; the sleep
 * coordinator's counters tell how B found the child: woken by A's publish, or by its own watch
 * (a timed re-scan), or while it was still searching.
 *
 * <p>Run: {@code java -cp strand-core/target/classes:strand-core/target/test-classes
 * dev.strand.HandOffGapProbe [trials]}.
 */
public final class HandOffGapProbe {
    private HandOffGapProbe() { }

    /** @return the calling thread's time spent waiting on a run queue, in ns (Linux schedstat) */
    static long runDelay() {
        try {
            String f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/schedstat"));
            int from = f.indexOf(' ') + 1;
            return Long.parseLong(f.substring(from, f.indexOf(' ', from)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** @param args optional trial count (default 4000) */
    public static void main(String[] args) {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        try (StrandPool pool = new StrandPool(2)) {
            for (int round = 0; round < 3; round++) {
                run(pool, round == 0 ? 500 : trials, round == 0);
            }
        }
        java.util.concurrent.ForkJoinPool fjp = new java.util.concurrent.ForkJoinPool(2);
        try {
            for (int round = 0; round < 3; round++) {
                runFjp(fjp, round == 0 ? 500 : trials, round == 0);
            }
        } finally {
            fjp.shutdown();
        }
    }

    /** The same hand-off on ForkJoinPool, for reference: what the machine's wake-up latency is. */
    private static void runFjp(java.util.concurrent.ForkJoinPool fjp, int trials, boolean warmup) {
        long[] delays = new long[trials];
        fjp.invoke(java.util.concurrent.ForkJoinTask.adapt(() -> {
            SplittableRandom rnd = new SplittableRandom(42);
            AtomicLong started = new AtomicLong();
            long lastEnd = System.nanoTime();
            for (int i = 0; i < trials; i++) {
                long offset = (long) Math.exp(Math.log(1_000) + rnd.nextDouble() * Math.log(4_000));
                while (System.nanoTime() - lastEnd < offset) {
                    Thread.onSpinWait();
                }
                started.set(0L);
                long t0 = System.nanoTime();
                java.util.concurrent.ForkJoinTask<Long> child = java.util.concurrent.ForkJoinTask.adapt(() -> {
                    long s = System.nanoTime();
                    started.set(s);
                    return s;
                }).fork();
                long s;
                while ((s = started.get()) == 0L) {
                    Thread.onSpinWait();
                }
                delays[i] = s - t0;
                child.join();
                lastEnd = System.nanoTime();
            }
            return null;
        }));
        if (!warmup) {
            Arrays.sort(delays);
            System.out.printf("ForkJoinPool trials=%d median=%.1fus p90=%.1fus p99=%.1fus max=%.1fus >0.5ms=%d%n",
                    trials, delays[trials / 2] / 1e3, delays[trials * 9 / 10] / 1e3, delays[trials * 99 / 100] / 1e3,
                    delays[trials - 1] / 1e3, Arrays.stream(delays).filter(d -> d > 500_000L).count());
        }
    }

    private static void run(StrandPool pool, int trials, boolean warmup) {
        long[] delays = new long[trials];
        long[] watchEnded = new long[1];
        long[] slowWatch = new long[1];
        long[] slowWoken = new long[1];
        long[] slowRunQueue = new long[1];
        long[] slowOwnQueue = new long[1];
        long[] bQueue = new long[3];   // B's run-queue wait: at the last child's end, this one's start, end
        long[] stats = pool.invoke(() -> {
            int a = Strand.workerIndex();
            int b = 1 - a;
            SplittableRandom rnd = new SplittableRandom(42);
            long parks0 = pool.sleep.parks(b);
            long unparks0 = pool.sleep.unparks(a);
            long watch0 = pool.sleep.watchFinds(b);
            AtomicLong started = new AtomicLong();
            long lastEnd = System.nanoTime();
            for (int i = 0; i < trials; i++) {
                // log-uniform offset in [1 us, 4 ms] after the last child ended on B
                long offset = (long) Math.exp(Math.log(1_000) + rnd.nextDouble() * Math.log(4_000));
                while (System.nanoTime() - lastEnd < offset) {
                    Thread.onSpinWait();
                }
                started.set(0L);
                long w0 = pool.sleep.watchFinds(b);
                long u0 = pool.sleep.unparks(a);
                long aq0 = runDelay();
                long t0 = System.nanoTime();
                Task<Long> child = Strand.fork(() -> {
                    long s = System.nanoTime();
                    bQueue[1] = runDelay();
                    started.set(s);
                    bQueue[2] = runDelay();
                    return s;
                });
                long s;
                while ((s = started.get()) == 0L) {
                    Thread.onSpinWait();
                }
                delays[i] = s - t0;
                if (delays[i] > 500_000L) {
                    if (pool.sleep.unparks(a) != u0) {
                        slowWoken[0]++;
                    }
                    if (i > 0 && bQueue[1] - bQueue[0] > delays[i] / 2) {
                        slowRunQueue[0]++;       // B waited for a CPU for most of the delay
                    }
                    if (runDelay() - aq0 > delays[i] / 2) {
                        slowOwnQueue[0]++;       // A itself was off the CPU for most of it
                    }
                }
                if (pool.sleep.watchFinds(b) != w0) {
                    watchEnded[0]++;
                    if (delays[i] > 500_000L) {
                        slowWatch[0]++;
                    }
                }
                child.join();
                bQueue[0] = bQueue[2];
                lastEnd = System.nanoTime();
            }
            return new long[] {pool.sleep.parks(b) - parks0, pool.sleep.unparks(a) - unparks0,
                pool.sleep.watchFinds(b) - watch0};
        });
        if (warmup) {
            return;
        }
        Arrays.sort(delays);
        long over = Arrays.stream(delays).filter(d -> d > 500_000L).count();
        System.out.printf("slow (>0.5ms): %d with a wake issued by A in the trial, %d with B waiting for a CPU"
                + " for over half the delay, %d with A off the CPU for over half of it%n",
                slowWoken[0], slowRunQueue[0], slowOwnQueue[0]);
        System.out.printf("trials=%d median=%.1fus p90=%.1fus p99=%.1fus p999=%.1fus max=%.1fus >0.5ms=%d"
                        + " | B parks=%d A unparks=%d watchFinds=%d (in trials %d, of them >0.5ms %d)%n",
                trials, delays[trials / 2] / 1e3, delays[trials * 9 / 10] / 1e3, delays[trials * 99 / 100] / 1e3,
                delays[Math.min(trials - 1, trials * 999 / 1000)] / 1e3, delays[trials - 1] / 1e3, over,
                stats[0], stats[1], stats[2], watchEnded[0], slowWatch[0]);
    }
}
