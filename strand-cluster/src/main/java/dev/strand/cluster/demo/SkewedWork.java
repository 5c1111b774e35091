package dev.strand.cluster.demo;

import dev.strand.Strand;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.JobContext;
import dev.strand.cluster.JobFunction;
import java.io.Serial;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A skewed batch for the demo and the tests: job {@code i} of {@code n} hashes
 * {@code base * (1 + skew * (i/n)^2)} counters (split across the node's cores with
 * {@code Strand.join}) and folds its input payload in. Its declared work is 1 for every job (the
 * placement cannot see the skew), so contiguous placement gives the last node several times the
 * work of the first, and stealing has to even it out. Every {@code largeEvery}-th job carries a
 * large payload: the jobs the cost rule may pin.
 *
 * <p>Input: rounds (8 bytes), seed (8 bytes), payload. Output: an 8-byte checksum; the batch's
 * checksum is the sum over the jobs, the same on any number of nodes.
 *
 * <p>{@link #waiting()}: the same jobs with their compute emulated, a job waiting one nanosecond
 * per round instead of hashing (a round of the hash takes about that). Nodes on one machine
 * share its cores, so a hashing job's time there depends on what the other nodes run at that
 * moment; a waiting job takes its cost whatever they do, as on hosts of their own, which is what
 * the cost rule and the simulator assume. Its output is a function of the input alone, checked
 * against {@link #waitingOutputs()}, which computes it without waiting.
 */
public final class SkewedWork implements JobFunction {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The jobs' kind (their compute estimates are kept under it). */
    public static final String KIND = "skewed";

    private static final long GRAIN = 1 << 15;

    /** How a job spends its cost. */
    private enum Compute {
        /** Hash its rounds on the node's pool. */
        HASH,
        /** Wait a nanosecond per round. */
        WAIT,
        /** The output of {@link #WAIT}, without the wait. */
        WAIT_OUTPUT_ONLY
    }

    /** A waiting job polls for cancellation at least this often, ns. */
    private static final long WAIT_STEP_NANOS = 10_000_000L;

    private final Compute compute;

    /** Jobs that hash their rounds. */
    public SkewedWork() {
        this(Compute.HASH);
    }

    private SkewedWork(Compute compute) {
        this.compute = compute;
    }

    /** @return jobs that wait a nanosecond per round instead of hashing (emulated compute) */
    public static SkewedWork waiting() {
        return new SkewedWork(Compute.WAIT);
    }

    /** @return the outputs of {@link #waiting()}, computed at once */
    public static SkewedWork waitingOutputs() {
        return new SkewedWork(Compute.WAIT_OUTPUT_ONLY);
    }

    @Override
    public byte[] apply(byte[] input) throws InterruptedException {
        ByteBuffer in = ByteBuffer.wrap(input);
        long rounds = in.getLong();
        long seed = in.getLong();
        long fold = 0;
        while (in.remaining() >= 8) {
            fold = fold * 31 + in.getLong();
        }
        long sum;
        if (compute == Compute.HASH) {
            sum = hash(seed, 0, rounds);
        } else {
            if (compute == Compute.WAIT) {
                waitFor(rounds);
            }
            sum = mix(seed + rounds);
        }
        return ByteBuffer.allocate(8).putLong(sum ^ fold).array();
    }

    /** Waits {@code nanos}, polling for cancellation. */
    private static void waitFor(long nanos) throws InterruptedException {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            JobContext.checkCancelled();
            long step = Math.min(left, WAIT_STEP_NANOS);
            Thread.sleep(step / 1_000_000, (int) (step % 1_000_000));
        }
    }

    private static long hash(long seed, long lo, long hi) {
        if (hi - lo <= GRAIN) {
            long s = 0;
            for (long k = lo; k < hi; k++) {
                s += mix(seed + k);
            }
            return s;
        }
        long mid = (lo + hi) >>> 1;
        var r = Strand.join(() -> hash(seed, lo, mid), () -> hash(seed, mid, hi));
        return r.first() + r.second();
    }

    /** SplitMix64's finalizer. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * @param n jobs
     * @param baseRounds the first job's rounds
     * @param skew the last job's rounds are {@code (1 + skew)} times the first's
     * @param largeEvery every how many jobs one carries {@code largeBytes} (0: none)
     * @param largeBytes a large job's payload
     * @param smallBytes the other jobs' payload
     * @param seed the inputs' seed
     * @return the batch, ids 0..n-1
     */
    public static List<BatchJob> jobs(int n, long baseRounds, double skew, int largeEvery, int largeBytes,
            int smallBytes, long seed) {
        return jobs(n, baseRounds, skew, largeEvery, largeBytes, smallBytes, seed, 0);
    }

    /**
     * As {@link #jobs(int, long, double, int, int, int, long)}, but a large-input job costs
     * {@code largeCost} units ({@code largeCost * baseRounds} rounds) when {@code largeCost > 0},
     * whatever its place: a batch whose large inputs are data, not work, the jobs that moving
     * over a slow link does not pay for.
     */
    public static List<BatchJob> jobs(int n, long baseRounds, double skew, int largeEvery, int largeBytes,
            int smallBytes, long seed, double largeCost) {
        if (!(largeCost >= 0) || Double.isInfinite(largeCost)) {
            throw new IllegalArgumentException("largeCost must be a finite number >= 0, got " + largeCost);
        }
        if (n < 1 || baseRounds < 1 || skew < 0 || largeEvery < 0 || largeBytes < 0 || smallBytes < 0) {
            throw new IllegalArgumentException("bad skewed batch: n=" + n + " baseRounds=" + baseRounds
                    + " skew=" + skew + " largeEvery=" + largeEvery + " largeBytes=" + largeBytes
                    + " smallBytes=" + smallBytes);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        List<BatchJob> jobs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double x = (double) i / n;
            boolean large = largeEvery > 0 && i % largeEvery == largeEvery - 1;
            long rounds = large && largeCost > 0 ? Math.max(1, Math.round(baseRounds * largeCost))
                    : Math.round(baseRounds * (1 + skew * x * x));
            int payload = (large ? largeBytes : smallBytes) / 8 * 8;
            ByteBuffer b = ByteBuffer.allocate(16 + payload);
            b.putLong(rounds).putLong(rnd.nextLong());
            while (b.remaining() >= 8) {
                b.putLong(rnd.nextLong());
            }
            jobs.add(new BatchJob(i, KIND, b.array()));
        }
        return jobs;
    }

    /** @return the batch checksum of outputs: the sum of the jobs' 8-byte results */
    public static long checksum(List<byte[]> outputs) {
        long s = 0;
        for (byte[] o : outputs) {
            s += ByteBuffer.wrap(o).getLong();
        }
        return s;
    }
}
