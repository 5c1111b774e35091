package dev.strand.internal.feedback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The sampler's reader of the workers' schedstat files: what it counts, what it costs, and threads that exit. */
class SchedstatsTest {
    private static final boolean LINUX = new File("/proc/thread-self/schedstat").canRead();

    /** The three fields of {@code /proc/.../schedstat}: run ns, delay ns, slices. */
    @Test
    void parsesSchedstat() {
        long[] out = new long[2];
        byte[] b = "1234 5678 9\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(Schedstats.parse(b, b.length, out)).isTrue();
        assertThat(out).containsExactly(1234L, 5678L);
        b = "0 2737754 1".getBytes(StandardCharsets.US_ASCII);
        assertThat(Schedstats.parse(b, b.length, out)).isTrue();
        assertThat(out).containsExactly(0L, 2737754L);
        b = "12 34 5".getBytes(StandardCharsets.US_ASCII);
        assertThat(Schedstats.parse(b, 2, out)).as("only the bytes read count").isFalse();
        for (String bad : new String[] {"12", "", "x y z"}) {
            b = bad.getBytes(StandardCharsets.US_ASCII);
            assertThat(Schedstats.parse(b, b.length, out)).as(bad).isFalse();
        }
    }

    /** After forget(), the next pass only takes baselines again; the one after counts. */
    @Test
    void forgetMakesTheNextPassABaseline() {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        Schedstats s = new Schedstats();
        s.track(new int[] {ownTid()}, 1);
        s.pass();
        s.pass();
        assertThat(s.measured).as("a second pass counts").isEqualTo(1);
        s.forget();
        s.pass();
        assertThat(s.measured).as("the pass after forget() is a baseline").isZero();
        assertThat(s.run).isZero();
        s.pass();
        assertThat(s.measured).isEqualTo(1);
        s.clear();
    }

    /** A thread that spins between two passes is counted for about the time it spun. */
    @Test
    void countsWhatATrackedThreadRan() throws Exception {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        Schedstats s = new Schedstats();
        s.track(new int[] {ownTid()}, 1);
        assertThat(s.size()).isEqualTo(1);
        assertThat(s.open()).isEqualTo(1);
        s.pass();
        assertThat(s.run).as("the first pass only takes a baseline").isZero();
        assertThat(s.delay).isZero();
        assertThat(s.measured).isZero();
        long cpu0 = cpuNanos();
        long end = System.nanoTime() + 30_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        long cpu = cpuNanos() - cpu0;
        s.pass();
        assertThat(x).isPositive();
        assertThat(s.run).as("ran %d ns of CPU by the JVM's count", cpu).isBetween(cpu / 2, cpu * 2 + 5_000_000L);
        assertThat(s.delay).isNotNegative();
        assertThat(s.measured).isEqualTo(1);
        s.clear();
        assertThat(s.size()).isZero();
    }

    /**
     * Once the files are open, a quantum's pass allocates nothing: no path, no buffer, no map (the
     * sampler runs every quantum for as long as the pool is busy, beside its workers).
     */
    @Test
    void aPassAllocatesNothing() throws Exception {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        // com.sun.management's counter, through reflection: this module does not read jdk.management.
        Object mx = ManagementFactory.getThreadMXBean();
        Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
        assumeTrue(type.isInstance(mx) && (boolean) type.getMethod("isThreadAllocatedMemoryEnabled").invoke(mx),
                "per-thread allocation counting");
        Method allocated = type.getMethod("getCurrentThreadAllocatedBytes");
        CountDownLatch stop = new CountDownLatch(1);
        AtomicInteger other = new AtomicInteger(-1);
        Thread t = new Thread(() -> {
            other.set(ownTid());
            awaitQuietly(stop);
        });
        t.start();
        while (other.get() < 0) {
            Thread.onSpinWait();
        }
        Schedstats s = new Schedstats();
        s.track(new int[] {ownTid(), other.get()}, 2);
        for (int i = 0; i < 200; i++) {
            s.pass();                             // the first ones load and link what the pass calls
        }
        long before = (long) allocated.invoke(mx);
        for (int i = 0; i < 1_000; i++) {
            s.pass();
        }
        long bytes = (long) allocated.invoke(mx) - before;
        stop.countDown();
        t.join();
        s.clear();
        // The counter's own call may allocate a little; a path or a buffer per file would be
        // thousands of bytes per pass.
        assertThat(bytes).as("bytes allocated by 1,000 passes over two threads").isLessThan(1_000);
    }

    /** A thread that exits is dropped from the sums without an error, and closed when untracked. */
    @Test
    void aThreadThatExitsStopsCounting() throws Exception {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        AtomicInteger tid = new AtomicInteger(-1);
        Thread t = new Thread(() -> {
            tid.set(ownTid());
            long end = System.nanoTime() + 5_000_000L;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        });
        t.start();
        while (tid.get() < 0) {
            Thread.onSpinWait();
        }
        Schedstats s = new Schedstats();
        s.track(new int[] {tid.get()}, 1);
        s.pass();
        t.join();
        long deadline = System.nanoTime() + 2_000_000_000L;
        do {                                      // the kernel reaps the task after join returns;
            LockSupport.parkNanos(1_000_000L);    // until then its file still reads
            s.pass();
        } while (s.open() != 0 && System.nanoTime() < deadline);
        for (int i = 0; i < 3; i++) {
            s.pass();
            assertThat(s.run).isZero();
            assertThat(s.delay).isZero();
        }
        assertThat(s.size()).as("still registered: tracked until unregistered").isEqualTo(1);
        assertThat(s.open()).as("its descriptor closed").isZero();
        s.track(new int[0], 0);
        assertThat(s.size()).isZero();
    }

    /** Tracking follows the registrations: new ids are added, gone ones removed, others kept. */
    @Test
    void trackFollowsTheRegistrations() throws Exception {
        assumeTrue(LINUX, "per-thread scheduler statistics (Linux)");
        int me = ownTid();
        Schedstats s = new Schedstats();
        s.track(new int[] {me}, 1);
        s.pass();
        s.track(new int[] {me, Integer.MAX_VALUE}, 2);    // an id no thread has: no file to open
        assertThat(s.size()).isEqualTo(2);
        assertThat(s.open()).isEqualTo(1);
        long end = System.nanoTime() + 5_000_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        s.pass();
        assertThat(s.run).as("the kept thread's baseline survives the change").isPositive();
        s.track(new int[] {Integer.MAX_VALUE, 7, 8}, 2);
        assertThat(s.size()).isEqualTo(2);
        assertThat(s.open()).isZero();
        s.clear();
    }

    private static int ownTid() {
        try {
            String link = new File("/proc/thread-self").getCanonicalPath();
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static void awaitQuietly(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
