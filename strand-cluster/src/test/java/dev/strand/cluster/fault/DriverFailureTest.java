package dev.strand.cluster.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.strand.cluster.BatchFailedException;
import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchOptions;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.Chunking;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.ignite.NodeActivity;
import dev.strand.cluster.launch.JvmFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A batch that times out, a batch whose job fails, and a driver that dies mid-batch, on three
 * single-worker nodes: the jobs left on the nodes stop (nothing runs afterwards on any node), the
 * finished outputs reach the caller with the failure, and the batch run again under its key runs
 * only the jobs that had not finished.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DriverFailureTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static StrandCluster cluster;

    @BeforeAll
    static void start() {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        cluster = StrandCluster.startLocal(3, ClusterConfig.loopback().withNodeParallelism(1).withCostAware(false)
                .withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(2)), null);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** 24 jobs of 20 ms, then 6 of a minute. */
    private static long[] twentyFourShortSixLong() {
        long[] ms = new long[30];
        Arrays.fill(ms, 0, 24, 20);
        Arrays.fill(ms, 24, 30, 60_000);
        return ms;
    }

    @Test
    void aTimedOutBatchStopsItsJobsKeepsWhatFinishedAndTheRerunComputesOnlyTheRest() throws Exception {
        List<BatchJob> jobs = SleepyWork.jobs(twentyFourShortSixLong());
        BatchOptions o = BatchOptions.defaults().withKey("sleepy").withTimeout(Duration.ofSeconds(3));
        BatchFailedException e = catchThrowableOfType(BatchFailedException.class,
                () -> cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs, o));
        assertThat(e).as("the batch times out").isNotNull();
        assertThat(e.timedOut()).isTrue();
        assertThat(e.key()).isEqualTo("sleepy");
        assertThat(e.missing()).as("the long jobs have no output").contains(24L, 25L, 26L, 27L, 28L, 29L);
        assertThat(e.completed()).as("short jobs finished before the timeout").isNotEmpty();
        assertThat(e.completed().size() + e.missing().size()).isEqualTo(jobs.size());
        e.completed().forEach((id, out) -> {
            assertThat(id).isLessThan(24L);
            assertThat(out).isEqualTo(SleepyWork.output(id));
        });
        // Cancellation reaches the running minute-long jobs (they poll every 2 ms): well under a second.
        long ms = Nodes.awaitIdle(cluster, 5_000);
        System.out.printf("timed out: %d of %d done; nodes idle %d ms after the failure%n", e.completed().size(),
                jobs.size(), ms);

        long before = Nodes.started(cluster);
        BatchResult r = cluster.runBatch(new SleepyWork(20), jobs, o.withTimeout(Duration.ofSeconds(60)));
        Nodes.exactlyOnce(r, jobs);
        assertThat(r.reused()).as("outputs kept from the first attempt").isEqualTo(e.completed().size());
        assertThat(Nodes.started(cluster) - before).as("jobs run by the second attempt: only the missing")
                .isEqualTo(e.missing().size());
        assertThat(cluster.forget("sleepy")).as("a batch that completed keeps nothing").isZero();
        Nodes.awaitIdle(cluster, 5_000);
    }

    @Test
    void aFailedJobStopsTheOthersAndItsErrorComesWithTheFinishedOutputs() throws Exception {
        long[] ms = twentyFourShortSixLong();
        ms[20] = SleepyWork.FAIL;
        List<BatchJob> jobs = SleepyWork.jobs(ms);
        BatchFailedException e = catchThrowableOfType(BatchFailedException.class,
                () -> cluster.runBatch(new SleepyWork(Long.MAX_VALUE), jobs, BatchOptions.defaults()));
        assertThat(e).isNotNull();
        assertThat(e.timedOut()).isFalse();
        assertThat(e.getMessage()).contains("job 20").contains("fails as asked");
        assertThat(e.missing()).contains(20L);
        assertThat(e.completed().size() + e.missing().size()).isEqualTo(jobs.size());
        Nodes.awaitIdle(cluster, 5_000);
    }

    /**
     * A driver in its own JVM sends a batch of minute-long jobs and is killed (SIGKILL): the nodes
     * find it gone and cancel its jobs, within the failure-detection time (2 s here) and a poll.
     */
    @Test
    void jobsOfAKilledDriverAreCancelled() throws Exception {
        long orphanedBefore = cluster.nodeActivity().values().stream()
                .mapToLong(NodeActivity.Snapshot::chunksOrphaned).sum();
        ClusterConfig c = cluster.config();
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JvmFlags.forNodeJvm());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(KilledDriver.class.getName());
        cmd.add(Integer.toString(c.discoveryPort()));
        cmd.add(Integer.toString(c.communicationPort()));
        Path log = Files.createTempFile("strand-driver-", ".log");
        Process driver = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (runningJobs() < 3) {
                assertThat(driver.isAlive()).as("driver alive; its log: %s", log).isTrue();
                assertThat(System.nanoTime()).as("the driver's jobs start; its log: %s", log).isLessThan(deadline);
                Thread.sleep(50);
            }
        } finally {
            driver.destroyForcibly();
            driver.waitFor(10, TimeUnit.SECONDS);
        }
        long ms = Nodes.awaitIdle(cluster, 15_000);
        long orphaned = cluster.nodeActivity().values().stream().mapToLong(NodeActivity.Snapshot::chunksOrphaned)
                .sum() - orphanedBefore;
        System.out.printf("driver killed: nodes idle %d ms later, %d chunks orphaned%n", ms, orphaned);
        assertThat(orphaned).as("running chunks told their driver left").isGreaterThanOrEqualTo(3);
        // Nothing of the dead driver's batch starts later either (the waiting chunks were dropped
        // or start cancelled).
        long started = Nodes.started(cluster);
        Thread.sleep(500);
        assertThat(Nodes.started(cluster)).isEqualTo(started);
        Nodes.awaitIdle(cluster, 1_000);
    }

    private static int runningJobs() {
        return cluster.nodeActivity().values().stream().mapToInt(NodeActivity.Snapshot::jobsRunning).sum();
    }

    /** The driver that {@link #jobsOfAKilledDriverAreCancelled} kills: 12 minute-long jobs. */
    public static final class KilledDriver {
        public static void main(String[] args) {
            ClusterConfig c = ClusterConfig.loopback().withPorts(Integer.parseInt(args[0]), Integer.parseInt(args[1]))
                    .withCostAware(false).withChunking(Chunking.off()).withFailureDetection(Duration.ofSeconds(2))
                    .withLink(new dev.strand.cluster.cost.Link(1e9, 100_000));
            try (StrandCluster s = StrandCluster.connect(c, 3)) {
                long[] ms = new long[12];
                Arrays.fill(ms, 60_000);
                System.out.println("submitting");
                s.runBatch(new SleepyWork(Long.MAX_VALUE), SleepyWork.jobs(ms));
            }
            System.exit(1);
        }
    }

}
