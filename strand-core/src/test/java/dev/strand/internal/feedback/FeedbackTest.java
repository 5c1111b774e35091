package dev.strand.internal.feedback;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The sampler's quantum: a waking worker's unpark must not cut it short. */
class FeedbackTest {

    /**
     * Only core workers of pools in the AUTO mode are sampled, and only they wake the sampler as
     * they wake: a pool in NEVER (the profiler's own, for one) leaves the sampler alone.
     */
    @Test
    void onlyAutoCoreWorkersAreSampled() {
        assertThat(Feedback.samples(dev.strand.Multiprogramming.AUTO, false)).isTrue();
        assertThat(Feedback.samples(null, false)).as("null is AUTO").isTrue();
        assertThat(Feedback.samples(dev.strand.Multiprogramming.NEVER, false)).isFalse();
        assertThat(Feedback.samples(dev.strand.Multiprogramming.ALWAYS, false)).isFalse();
        assertThat(Feedback.samples(dev.strand.Multiprogramming.AUTO, true)).as("a spare").isFalse();
    }

    /** Unparked again and again, parkUntil still returns only once its deadline has passed. */
    @Test
    void aQuantumOutlastsUnparks() throws Exception {
        long quantum = 60_000_000L;
        AtomicLong returned = new AtomicLong();
        CountDownLatch started = new CountDownLatch(1);
        long[] deadline = new long[1];
        Thread t = new Thread(() -> {
            deadline[0] = System.nanoTime() + quantum;
            started.countDown();
            Feedback.parkUntil(deadline[0]);
            returned.set(System.nanoTime());
        }, "parks-a-quantum");
        t.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        int unparks = 0;
        while (t.isAlive() && unparks < 1_000) {
            LockSupport.unpark(t);                // as waking workers do
            unparks++;
            Thread.sleep(1);
        }
        t.join(10_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(unparks).as("unparked while it parked").isGreaterThan(5);
        assertThat(returned.get()).as("returned at or after its deadline").isGreaterThanOrEqualTo(deadline[0]);
    }
}
