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
    void disabledEventsAreNotRecorded(@TempDir Path dir) throws Exception {
        List<RecordedEvent> events = record(dir, () -> Profiler.region("quiet", () -> { }));
        assertThat(events).noneMatch(e -> e.getEventType().getName().startsWith("dev.strand."));
    }
}
