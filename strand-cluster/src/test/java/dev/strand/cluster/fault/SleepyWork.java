package dev.strand.cluster.fault;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.JobContext;
import dev.strand.cluster.JobFunction;
import java.io.Serial;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * A job that waits its input's milliseconds (at most {@code capMillis}) in 2 ms steps, polling
 * {@link JobContext#cancelled()} at each, and returns a value of its id alone: a second attempt
 * with a lower cap computes the same outputs. A job whose input says "fail" throws.
 */
public final class SleepyWork implements JobFunction {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The wait that marks a job that throws. */
    public static final long FAIL = -1;

    private final long capMillis;

    public SleepyWork(long capMillis) {
        this.capMillis = capMillis;
    }

    @Override
    public byte[] apply(byte[] input) throws InterruptedException {
        ByteBuffer in = ByteBuffer.wrap(input);
        long id = in.getLong();
        long millis = in.getLong();
        if (millis == FAIL) {
            throw new IllegalStateException("job " + id + " fails as asked");
        }
        long end = System.nanoTime() + Math.min(millis, capMillis) * 1_000_000L;
        while (System.nanoTime() < end) {
            if (JobContext.cancelled()) {
                throw new CancellationException("job " + id + " cancelled");
            }
            Thread.sleep(2);
        }
        return output(id);
    }

    /** @return the output of job {@code id} */
    public static byte[] output(long id) {
        return ByteBuffer.allocate(8).putLong(id * 0x9E3779B97F4A7C15L).array();
    }

    /** @return one job per entry of {@code millis}, ids 0.. */
    public static List<BatchJob> jobs(long... millis) {
        List<BatchJob> jobs = new ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            jobs.add(new BatchJob(i, "sleepy", ByteBuffer.allocate(16).putLong(i).putLong(millis[i]).array()));
        }
        return jobs;
    }
}
