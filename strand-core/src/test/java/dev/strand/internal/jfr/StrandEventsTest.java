package dev.strand.internal.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import dev.strand.profile.Profiler;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Flight Recorder events, read back from a real recording. */
class StrandEventsTest {

    private static List<RecordedEvent> record(Path dir, Runnable work, String... events) throws Exception {
        Path file = dir.resolve("strand.jfr");
        try (Recording r = new Recording()) {
            for (String e : events) {
                r.enable(e).withoutThreshold();
            }
            r.start();
            work.run();
            r.stop();
            r.dump(file);
        }
        return RecordingFile.readAllEvents(file);
    }

    @Test
    void aRegionOfAProfilingPoolIsAnEventWithItsWorkAndSpan(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events = record(dir, () -> {
            try (StrandPool pool = StrandPool.builder().parallelism(2).profile(true).build()) {
                pool.invoke(() -> Profiler.region("sleepy", () -> {
                    LockSupport.parkNanos(2_000_000L);
                    return null;
                }));
            }
        }, "dev.strand.Region");
        List<RecordedEvent> regions = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.strand.Region")).toList();
        assertThat(regions).hasSize(1);
        RecordedEvent e = regions.get(0);
        assertThat(e.getString("name")).isEqualTo("sleepy");
        assertThat(e.getDuration().toNanos()).isGreaterThanOrEqualTo(2_000_000L);
        assertThat(e.getLong("work")).isGreaterThanOrEqualTo(2_000_000L);
        assertThat(e.getLong("span")).isGreaterThanOrEqualTo(2_000_000L).isLessThanOrEqualTo(e.getLong("work"));
    }

    @Test
    void stealsParksAndSubmissionsAreEvents(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events = record(dir, () -> {
            try (StrandPool pool = StrandPool.builder().name("jfr").parallelism(2).build()) {
                for (int round = 0; round < 5; round++) {
                    pool.invoke(() -> tree(8));           // 256 leaves: the idle worker steals
                    LockSupport.parkNanos(20_000_000L);   // both workers park in between
                }
            }
        }, "dev.strand.Steal", "dev.strand.Park", "dev.strand.Submit");
        List<RecordedEvent> steals = named(events, "dev.strand.Steal");
        assertThat(steals).isNotEmpty();
        assertThat(steals).allSatisfy(e -> {
            assertThat(e.getString("pool")).isEqualTo("jfr");
            assertThat(e.getInt("thief")).isNotEqualTo(e.getInt("victim"));
            assertThat(e.getInt("tasks")).isPositive();
        });
        assertThat(named(events, "dev.strand.Park")).isNotEmpty()
                .allSatisfy(e -> assertThat(e.getInt("worker")).isBetween(0, 1));
        assertThat(named(events, "dev.strand.Submit")).hasSizeGreaterThanOrEqualTo(5);
    }

    private static int tree(int depth) {
        if (depth == 0) {
            LockSupport.parkNanos(20_000L);
            return 1;
        }
        var r = dev.strand.Strand.join(() -> tree(depth - 1), () -> tree(depth - 1));
        return r.first() + r.second();
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }

    @Test
    void aSubmissionCountsItselfAmongTheQueued(@TempDir Path dir) throws Exception {
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        List<RecordedEvent> events = record(dir, () -> {
            try (StrandPool pool = StrandPool.builder().name("queued").parallelism(1).build()) {
                // Submissions to an idle pool, each taken at once by a worker that is still spinning:
                // the count must still include the submission itself.
                for (int i = 0; i < 200; i++) {
                    pool.invoke(() -> 1);
                }
                // Then three behind a task that holds the only worker: queued 1, 2 and 3.
                var holder = pool.submit(() -> {
                    started.countDown();
                    release.await();
                    return 0;
                });
                started.await();
                List<java.util.concurrent.Future<Integer>> waiting = new java.util.ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    waiting.add(pool.submit(() -> 2));
                }
                release.countDown();
                for (var f : waiting) {
                    f.get();
                }
                holder.get();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, "dev.strand.Submit");
        List<RecordedEvent> submits = named(events, "dev.strand.Submit");
        assertThat(submits).hasSize(204).allSatisfy(e -> assertThat(e.getInt("queued")).isPositive());
        assertThat(submits.subList(201, 204)).extracting(e -> e.getInt("queued")).containsExactly(1, 2, 3);
    }

    @Test
    void disabledEventsAreNotRecorded(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events = record(dir, () -> Profiler.region("quiet", () -> { }));
        assertThat(events).noneMatch(e -> e.getEventType().getName().startsWith("dev.strand."));
    }
}
