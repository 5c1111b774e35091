package dev.strand.internal.feedback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The reader of the process's threads other than the workers. */
class OwnThreadsTest {
    private static final boolean LINUX = new File("/proc/thread-self/schedstat").canRead();

    @Test
    void parsesTaskEntries() {
        assertThat(OwnThreads.parseTid("12345")).isEqualTo(12345);
        assertThat(OwnThreads.parseTid("0")).isZero();
        for (String bad : new String[] {"", "12a", "-1", "1234567890", "self"}) {
            assertThat(OwnThreads.parseTid(bad)).as(bad).isEqualTo(-1);
        }
    }

    /**
     * The first pass of a spell only takes baselines; the next counts what the other threads ran
     * (a thread spinning between the two), and leaves out the workers' threads.
     */
    @Test
    void countsTheOtherThreadsAndLeavesTheWorkersOut() throws Exception {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        AtomicInteger spinnerTid = new AtomicInteger(-1);
        AtomicInteger workerTid = new AtomicInteger(-1);
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch ready = new CountDownLatch(2);
        CountDownLatch done = new CountDownLatch(1);
        Thread spinner = new Thread(() -> {
            spinnerTid.set(ownTid());
            ready.countDown();
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        });
        Thread worker = new Thread(() -> {            // stands for a registered worker: it waits
            workerTid.set(ownTid());
            ready.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        spinner.start();
        worker.start();
        try {
            ready.await();
            Schedstats workers = new Schedstats();
            workers.track(new int[] {workerTid.get()}, 1);
            OwnThreads own = new OwnThreads();
            assertThat(own.tracking()).isFalse();
            assertThat(own.pass(workers)).as("baselines only").isEqualTo(-1L);
            assertThat(own.tracking()).isTrue();
            assertThat(own.tracks(spinnerTid.get())).isTrue();
            assertThat(own.tracks(ownTid())).isTrue();
            assertThat(own.tracks(workerTid.get())).as("a worker is left out").isFalse();
            long t0 = System.nanoTime();
            Thread.sleep(100);
            long wall = System.nanoTime() - t0;
            long ran = own.pass(workers);
            assertThat(ran).as("the spinner ran a good part of %d ns", wall).isGreaterThan(wall / 5);
            own.stop();
            assertThat(own.tracking()).isFalse();
            assertThat(own.size()).isZero();
        } finally {
            stop.set(true);
            done.countDown();
            spinner.join();
            worker.join();
        }
    }

    private static int ownTid() {
        try {
            String link = new File("/proc/thread-self").getCanonicalPath();
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
